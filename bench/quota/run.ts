/**
 * bench:quota: what counting calls costs, E3 (a line by key) with autocannon on loopback, on the MTA snapshot
 * (bench/.data/mta.snapshot, from `npm run bench:import`; BENCH_SNAPSHOT for another):
 * - none: API_KEYS, no quota (the figure of bench:http);
 * - memory: a keys file, QUOTA_STORE=memory;
 * - redis: the same, QUOTA_STORE=redis, on a redis-server this script starts on a free port (no persistence),
 *   over TCP, and through its Unix socket;
 * each with one key for every call, and with 100 keys taken in turn.
 * Target (docs/BENCHMARKS.md "Quotas"): redis at least 85 % of memory's requests per second, measured in the same run.
 * Rounds interleave the targets (their order turns each round) so that a busy neighbour weighs on all alike; the
 * figures are the medians of the rounds, beside the CPU time the server process and redis-server spent per call
 * (from /proc, robust to the machine's load). Results: bench/.data/quota-results.json.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { emptyKeysFile, fingerprintOf, hashKey, writeKeysFile } from "../../src/lib/keys-file.js";
import { freePort } from "../lib/free-port.js";
import { benchDataDir, repoRoot } from "../lib/bench-paths.js";

const snapshotPath = process.env.BENCH_SNAPSHOT ?? join(benchDataDir, "mta.snapshot");
const resultsPath = join(benchDataDir, "quota-results.json");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEY_COUNT = 100;

/** User + system CPU seconds a process has spent (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second)
}

async function startRedis(): Promise<{ child: ChildProcess; url: string; socketUrl: string }> {
  const binary = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (!binary) throw new Error("bench:quota needs redis-server (Debian: apt-get install redis-server)");
  const port = await freePort();
  const socket = join(mkdtempSync(join(tmpdir(), "lw-bench-redis-")), "redis.sock");
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--unixsocket", socket, "--unixsocketperm", "700", "--save", "", "--appendonly", "no"];
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (c: string) => {
      out += c;
      if (out.includes("Ready to accept connections")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return { child, url: `redis://127.0.0.1:${port}`, socketUrl: `unix://${socket}` };
}

function startServer(keysFile: string, redisUrl: string, redisSocketUrl: string): Promise<{ child: ChildProcess; info: { ports: Record<string, number>; path: string; pid: number } }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "bench/quota/server.ts"), snapshotPath, keysFile, redisUrl, redisSocketUrl], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, info: JSON.parse(line) }));
  });
}

interface Target {
  port: number;
  keys: string[];
  redis?: boolean;
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds per call: the server process, and redis-server. */
  serverCpuUs: number;
  redisCpuUs: number;
  /** Calls per script call Redis ran (the batches' mean size); 0 without Redis. */
  callsPerScript: number;
}

/** Script calls Redis has run (EVALSHA and EVAL). */
async function scriptCalls(redis: Redis): Promise<number> {
  const info = await redis.info("commandstats");
  return [...info.matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce((a, m) => a + Number(m[1]), 0);
}

async function measure(t: Target, path: string, seconds: number, pids: { server: number; redis: number }, redis: Redis): Promise<Figures> {
  const requests = t.keys.map((key) => ({ method: "GET" as const, path, headers: { "ocp-apim-subscription-key": key } }));
  const scripts0 = await scriptCalls(redis);
  const cpu0 = { server: cpuSeconds(pids.server), redis: cpuSeconds(pids.redis) };
  const r = await autocannon({ url: `http://127.0.0.1:${t.port}`, connections: CONNECTIONS, duration: seconds, pipelining: 1, requests });
  const calls = Math.max(1, r.requests.total);
  return {
    requestsPerSecond: r.requests.average,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    serverCpuUs: ((cpuSeconds(pids.server) - cpu0.server) * 1e6) / calls,
    redisCpuUs: ((cpuSeconds(pids.redis) - cpu0.redis) * 1e6) / calls,
    callsPerScript: calls / Math.max(1, (await scriptCalls(redis)) - scripts0 - 1) * (t.redis ? 1 : 0),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  if (!existsSync(snapshotPath)) {
    console.error(`bench:quota: ${snapshotPath} is missing: run \`npm run bench:import\` first`);
    process.exit(2);
  }
  // A product no run can exhaust: every call is counted, none refused.
  const keys = Array.from({ length: KEY_COUNT }, (_, i) => `bench-key-${String(i).padStart(3, "0")}`);
  const file = emptyKeysFile();
  file.products = { bench: { perMinute: 1e12, perDay: 1e12 } };
  file.keys = keys.map((key) => {
    const hash = hashKey(file.salt, key);
    return { fingerprint: fingerprintOf(hash), hash, product: "bench", created: new Date().toISOString() };
  });
  const keysFile = join(mkdtempSync(join(tmpdir(), "lw-bench-quota-")), "keys.json");
  writeKeysFile(keysFile, file);

  const redis = await startRedis();
  const { child, info } = await startServer(keysFile, redis.url, redis.socketUrl);
  const pids = { server: info.pid, redis: redis.child.pid! };
  const stats = new Redis(redis.url);
  try {
    const targets: Record<string, Target> = {
      none: { port: info.ports.none, keys: ["bench"] },
      "memory, 1 key": { port: info.ports.memory, keys: keys.slice(0, 1) },
      "redis, 1 key": { port: info.ports.redis, keys: keys.slice(0, 1), redis: true },
      "memory, 100 keys": { port: info.ports.memory, keys },
      "redis, 100 keys": { port: info.ports.redis, keys, redis: true },
      "redis socket, 1 key": { port: info.ports.redisSocket, keys: keys.slice(0, 1), redis: true },
      "redis socket, 100 keys": { port: info.ports.redisSocket, keys, redis: true },
    };
    for (const [name, t] of Object.entries(targets)) {
      const res = await fetch(`http://127.0.0.1:${t.port}${info.path}`, { headers: { "ocp-apim-subscription-key": t.keys[0] } });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      console.log(`${name}: 200, remaining this minute ${res.headers.get("x-ratelimit-remaining-minute") ?? "(no quota)"}`);
    }
    const names = Object.keys(targets);
    const rounds: Record<string, Figures[]> = Object.fromEntries(names.map((n) => [n, []]));
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) {
        await measure(targets[name], info.path, WARMUP_S, pids, stats);
        loads.push(loadavg()[0]);
        const f = await measure(targets[name], info.path, DURATION_S, pids, stats);
        rounds[name].push(f);
        console.log(
          `round ${round + 1} ${name}: ${Math.round(f.requestsPerSecond)} req/s, p99 ${f.p99Ms} ms, server ${f.serverCpuUs.toFixed(1)} µs CPU/call, redis ${f.redisCpuUs.toFixed(1)} µs/call, ${f.callsPerScript.toFixed(1)} calls/script, non-2xx ${f.non2xx}, errors ${f.errors}, load ${loadavg()[0].toFixed(2)}`,
        );
      }
    }
    const summary = Object.fromEntries(
      names.map((n) => {
        const fs = rounds[n];
        return [
          n,
          {
            requestsPerSecond: Math.round(median(fs.map((f) => f.requestsPerSecond))),
            best: Math.round(Math.max(...fs.map((f) => f.requestsPerSecond))),
            rounds: fs.map((f) => Math.round(f.requestsPerSecond)),
            p99Ms: median(fs.map((f) => f.p99Ms)),
            serverCpuUs: Math.round(median(fs.map((f) => f.serverCpuUs)) * 10) / 10,
            redisCpuUs: Math.round(median(fs.map((f) => f.redisCpuUs)) * 10) / 10,
            callsPerScript: Math.round(median(fs.map((f) => f.callsPerScript)) * 10) / 10,
            non2xx: fs.reduce((a, f) => a + f.non2xx, 0),
            errors: fs.reduce((a, f) => a + f.errors, 0),
          },
        ];
      }),
    );
    // Per round (the two ran minutes apart at most), then the median of those ratios.
    const ratio = (a: string, b: string) => median(rounds[a].map((f, i) => f.requestsPerSecond / rounds[b][i].requestsPerSecond));
    const ratios = {
      redisToMemory1Key: Math.round(ratio("redis, 1 key", "memory, 1 key") * 1000) / 1000,
      redisToMemory100Keys: Math.round(ratio("redis, 100 keys", "memory, 100 keys") * 1000) / 1000,
      redisSocketToMemory1Key: Math.round(ratio("redis socket, 1 key", "memory, 1 key") * 1000) / 1000,
      redisSocketToMemory100Keys: Math.round(ratio("redis socket, 100 keys", "memory, 100 keys") * 1000) / 1000,
      memoryToNone: Math.round(ratio("memory, 1 key", "none") * 1000) / 1000,
    };
    const checks = {
      redis1Key: ratios.redisToMemory1Key >= 0.85,
      redis100Keys: ratios.redisToMemory100Keys >= 0.85,
      noErrors: Object.values(summary).every((s) => s.non2xx === 0 && s.errors === 0),
    };
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      loadAverage: { min: Math.min(...loads), max: Math.max(...loads) },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S, rounds: ROUNDS, path: info.path },
      summary,
      ratios,
      checks,
    };
    writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
    console.log("\n| target | req/s (median) | rounds | p99 ms | server CPU µs/call | redis-server CPU µs/call | calls per script call |");
    console.log("|---|---:|---|---:|---:|---:|---:|");
    for (const [n, s] of Object.entries(summary)) {
      console.log(`| ${n} | ${s.requestsPerSecond} | ${s.rounds.join(" / ")} | ${s.p99Ms} | ${s.serverCpuUs} | ${s.redisCpuUs} | ${s.callsPerScript || "-"} |`);
    }
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    console.log(
      `\nredis / memory: 1 key ${pct(ratios.redisToMemory1Key)}, 100 keys ${pct(ratios.redisToMemory100Keys)} (target >= 85 %); through the socket ${pct(ratios.redisSocketToMemory1Key)}, ${pct(ratios.redisSocketToMemory100Keys)}; memory / none ${pct(ratios.memoryToNone)}; load average ${results.loadAverage.min.toFixed(2)}-${results.loadAverage.max.toFixed(2)}`,
    );
    console.log(`checks: ${JSON.stringify(checks)}; results in ${resultsPath}`);
    if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
  } finally {
    stats.disconnect();
    child.kill("SIGTERM");
    redis.child.kill("SIGTERM");
  }
}

await main();
