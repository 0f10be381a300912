/**
 * bench:production (docs/BENCHMARKS.md "Production"): the real `lijnwijzer serve` on the MTA snapshot
 * (bench/.data/mta.snapshot, from `npm run bench:import`), started as a user starts it, measured in one run:
 *
 * 1. Workers: E3 (a line by key) against `--workers 1` and `--workers 2`, in alternating rounds (best of the
 *    rounds each: the machine is shared), and the resident memory of each worker and of the primary (from
 *    /metrics and /proc). Target: two workers at least 1.7 times one worker's requests per second.
 * 2. E5 with gzip: the ten stops of median traffic on the busiest weekday (the set bench:timetable uses),
 *    `Accept-Encoding: gzip`, against `--workers 1` and `--workers 2`, and without gzip for comparison.
 *    Target: at least 3,000 requests per second.
 *
 * The load generators run in their own process. E3's figure is taken with pipelined-load.ts (16 connections, 4
 * requests in flight on each), a lean generator: autocannon spends about as much CPU per small answer as the
 * server, so on two shared cores it would leave the second worker no core (its figure is printed beside, for
 * comparison with bench:http). E5 uses autocannon, 16 connections, no pipelining (an answer costs the server far
 * more than the client there), as bench:timetable does.
 * Flags: --duration <s> (10), --rounds <n> (3), --connections <n> (16), --depth <n> (4), --skip-e3, --skip-e5.
 * Results: printed, and written to bench/.data/production-results.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { formatServiceDate } from "../../src/lib/service-date.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { lineDirectionsOfLine } from "../../src/network/queries/line-directions-of-line.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { departuresAtStop } from "../../src/timetable/departures-at-stop.js";
import { freePort } from "../lib/free-port.js";
import { benchDataDir, repoRoot } from "../lib/bench-paths.js";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const DURATION_S = Number(arg("--duration") ?? 10);
const ROUNDS = Number(arg("--rounds") ?? 3);
const CONNECTIONS = Number(arg("--connections") ?? 16);
const DEPTH = Number(arg("--depth") ?? 4);
const snapshotPath = arg("--snapshot") ?? join(benchDataDir, "mta.snapshot");
const TARGETS = { workersRatio: 1.7, e5GzipRequestsPerSecond: 3000 } as const;

interface Run {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
}

async function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const cli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
  const args = [cli, "--json", "-d", String(seconds), "-c", String(CONNECTIONS)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (text += c));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const r = JSON.parse(out.trim().split("\n").pop()!) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    bytesPerResponse: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** pipelined-load.ts in its own process: requests per second, and its own CPU time. */
async function lean(url: string, headers: Record<string, string>, seconds: number): Promise<Run & { clientCpuMs: number }> {
  const args = ["--import", "tsx", join(repoRoot, "bench/http/pipelined-load.ts"), url, "--connections", String(CONNECTIONS), "--depth", String(DEPTH), "--duration", String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (text += c));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`pipelined-load exited with ${code}`))));
  });
  const r = JSON.parse(out.trim().split("\n").pop()!) as { requests: number; requestsPerSecond: number; non2xx: number; bytes: number; cpuMs: number };
  return {
    requestsPerSecond: r.requestsPerSecond,
    latencyP50Ms: Number.NaN,
    latencyP99Ms: Number.NaN,
    bytesPerResponse: Math.round(r.bytes / Math.max(1, r.requests)),
    non2xx: r.non2xx,
    errors: 0,
    clientCpuMs: r.cpuMs,
  };
}

/** CPU time (user + system) of a process and its children that have exited, and of its live children, ms. */
function serverCpuMs(pid: number): number {
  const ticks = (p: number) => {
    try {
      const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  let total = ticks(pid);
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) total += ticks(Number(child));
  } catch {
    // no children file: one process
  }
  return total * 10; // USER_HZ 100
}

interface Served {
  child: ChildProcess;
  origin: string;
  stop(): Promise<void>;
}

async function serve(workers: number): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--network", snapshotPath, "--workers", String(workers), "--no-realtime"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", API_KEYS: "bench", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve --workers ${workers} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/ready`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    origin,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resident memory per worker from /metrics, MiB; the primary's (cluster) from /proc. */
async function memory(served: Served): Promise<{ workersMiB: number[]; primaryMiB?: number }> {
  const text = await (await fetch(`${served.origin}/metrics`)).text();
  const workersMiB = [...text.matchAll(/^process_resident_memory_bytes(?:\{worker="(\d+)"\})? (\d+)/gm)].map((m) => Math.round(Number(m[2]) / 2 ** 20));
  let primaryMiB: number | undefined;
  if (/worker="primary"/.test(text)) {
    const status = readFileSync(`/proc/${served.child.pid}/status`, "utf8");
    primaryMiB = Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  }
  return { workersMiB, primaryMiB };
}

/** Stops ranked by passages on the date, busiest first (as bench:timetable ranks them). */
function rankStops(network: Network, date: number): Array<{ stop: StopIdx; passages: number }> {
  const out: Array<{ stop: StopIdx; passages: number }> = [];
  for (let s = 0; s < network.stops.count; s++) {
    if (network.stops.patternStart[s + 1] === network.stops.patternStart[s]) continue;
    const n = departuresAtStop(network, undefined, { stop: s, date }).length;
    if (n > 0) out.push({ stop: s, passages: n });
  }
  return out.sort((a, b) => b.passages - a.passages || a.stop - b.stop);
}

const keyOf = (network: Network, s: StopIdx) =>
  `${network.meta.entities[network.stops.entity[s]].number}_${network.strings.get(network.stops.number[s])}`;

const best = (runs: Run[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));

async function main(): Promise<void> {
  if (!existsSync(snapshotPath)) {
    console.error(`bench:production: ${snapshotPath} is missing: run \`npm run bench:import\` first`);
    process.exit(2);
  }
  if (!existsSync(join(repoRoot, "dist/cli/main.js"))) {
    console.error("bench:production: dist/ is missing: run `npm run build` first");
    process.exit(2);
  }
  const network = loadSnapshot(snapshotPath);
  const date = busiestWeekday(network);
  let line = 0;
  for (let l = 0; l < network.lines.count; l++) {
    if (lineDirectionsOfLine(network, l, date).length === 2) {
      line = l;
      break;
    }
  }
  const e3 = `/DLKernOpenData/v1/beta/lijnen/${network.meta.entities[network.lines.entity[line]].number}/${network.strings.get(network.lines.number[line])}`;
  const ranked = rankStops(network, date);
  const from = Math.max(0, Math.min(ranked.length - 10, Math.floor(ranked.length * 0.5) - 5));
  const median = ranked.slice(from, from + 10);
  const e5 = `/DLKernOpenData/v1/beta/haltes/${median.map((x) => keyOf(network, x.stop)).join("_")}/dienstregelingen?datum=${formatServiceDate(date)}`;
  const passages = median.reduce((a, x) => a + x.passages, 0);
  const key = { "Ocp-Apim-Subscription-Key": "bench" };
  const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
  console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? "?"}, Node ${process.version}; load average ${load()}`);
  console.log(`network: ${snapshotPath}: ${network.stops.count} stops, ${network.trips.count} trips; date ${formatServiceDate(date)}`);
  console.log(`E3: ${e3}\nE5: median ten stops, ${passages} passages\n`);

  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "", node: process.version },
    settings: { durationSeconds: DURATION_S, rounds: ROUNDS, connections: CONNECTIONS },
    loadAverageStart: loadavg(),
  };

  if (!process.argv.includes("--skip-e3")) {
    const runs: Record<1 | 2, Run[]> = { 1: [], 2: [] };
    const autocannonRuns: Record<1 | 2, Run[]> = { 1: [], 2: [] };
    const cpu: Record<1 | 2, Array<{ serverCpuMsPerRequest: number; clientCpuMsPerRequest: number }>> = { 1: [], 2: [] };
    const mem: Record<number, Awaited<ReturnType<typeof memory>>> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      for (const workers of [1, 2] as const) {
        const served = await serve(workers);
        try {
          await lean(`${served.origin}${e3}`, key, 2); // warm-up
          const cpu0 = serverCpuMs(served.child.pid!);
          const r = await lean(`${served.origin}${e3}`, key, DURATION_S);
          const requests = r.requestsPerSecond * DURATION_S;
          cpu[workers].push({
            serverCpuMsPerRequest: (serverCpuMs(served.child.pid!) - cpu0) / requests,
            clientCpuMsPerRequest: r.clientCpuMs / requests,
          });
          runs[workers].push(r);
          const a = await autocannon(`${served.origin}${e3}`, key, DURATION_S);
          autocannonRuns[workers].push(a);
          mem[workers] = await memory(served);
          console.log(
            `round ${round} E3 --workers ${workers}: ${r.requestsPerSecond} req/s (lean, non-2xx ${r.non2xx}; server ${(cpu[workers].at(-1)!.serverCpuMsPerRequest * 1000).toFixed(1)} µs CPU per request, client ${(cpu[workers].at(-1)!.clientCpuMsPerRequest * 1000).toFixed(1)} µs); autocannon ${a.requestsPerSecond} req/s, p50 ${a.latencyP50Ms} ms, p99 ${a.latencyP99Ms} ms (load ${load()})`,
          );
        } finally {
          await served.stop();
        }
      }
    }
    const ratio = best(runs[2]).requestsPerSecond / best(runs[1]).requestsPerSecond;
    const autocannonRatio = best(autocannonRuns[2]).requestsPerSecond / best(autocannonRuns[1]).requestsPerSecond;
    results.e3 = {
      url: e3,
      runs,
      autocannonRuns,
      cpu,
      best: { 1: best(runs[1]), 2: best(runs[2]) },
      ratio: Math.round(ratio * 100) / 100,
      autocannonRatio: Math.round(autocannonRatio * 100) / 100,
      memory: mem,
      target: TARGETS.workersRatio,
    };
    console.log(
      `\nE3 best of ${ROUNDS} (lean generator): 1 worker ${best(runs[1]).requestsPerSecond} req/s, 2 workers ${best(runs[2]).requestsPerSecond} req/s: ${ratio.toFixed(2)} x (target >= ${TARGETS.workersRatio}); autocannon: ${best(autocannonRuns[1]).requestsPerSecond} and ${best(autocannonRuns[2]).requestsPerSecond} req/s, ${autocannonRatio.toFixed(2)} x`,
    );
    console.log(`memory (RSS after the load): 1 worker ${mem[1].workersMiB.join(", ")} MiB; 2 workers ${mem[2].workersMiB.join(" + ")} MiB, primary ${mem[2].primaryMiB} MiB\n`);
  }

  if (!process.argv.includes("--skip-e5")) {
    const e5Results: Record<string, Run[]> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      for (const workers of [1, 2] as const) {
        const served = await serve(workers);
        try {
          for (const [name, headers] of [
            [`gzip, --workers ${workers}`, { ...key, "Accept-Encoding": "gzip" }],
            [`identity, --workers ${workers}`, key],
          ] as const) {
            await autocannon(`${served.origin}${e5}`, headers, 2);
            const r = await autocannon(`${served.origin}${e5}`, headers, DURATION_S);
            (e5Results[name] ??= []).push(r);
            console.log(
              `round ${round} E5 ${name}: ${r.requestsPerSecond} req/s, ${r.bytesPerResponse} bytes, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors} (load ${load()})`,
            );
          }
        } finally {
          await served.stop();
        }
      }
    }
    results.e5 = {
      url: e5,
      passages,
      runs: e5Results,
      best: Object.fromEntries(Object.entries(e5Results).map(([k, v]) => [k, best(v)])),
      target: TARGETS.e5GzipRequestsPerSecond,
    };
    for (const [name, rs] of Object.entries(e5Results)) console.log(`E5 ${name}: best ${best(rs).requestsPerSecond} req/s (${best(rs).bytesPerResponse} bytes)`);
  }
  results.loadAverageEnd = loadavg();
  writeFileSync(join(benchDataDir, "production-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nresults in ${join(benchDataDir, "production-results.json")}; load average ${load()}`);
}

await main();
