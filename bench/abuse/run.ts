/**
 * bench:abuse (docs/BENCHMARKS.md "Hostile clients (bench:abuse)"): the real server against hostile clients, one
 * scenario after the other, while a normal client measures what it still gets. Each scenario gets a server just
 * started, `lijnwijzer start` (the demo network with its real-time simulator; WORKERS=1 unless --workers,
 * LOG_LEVEL=warn, its log in a file) on a free loopback port: memory a process has taken is seldom given back, so
 * on one server a scenario's peak would carry the growth of those before it. The scenarios, for --seconds each:
 *
 * 0. baseline: no attack, the normal client alone;
 * 1. pipelining: 30 connections writing thousands of pipelined GETs of /haltes (3.7 MB) and never reading;
 * 2. slowloris: 300 connections trickling header bytes;
 * 3. costly: 8 clients asking lists of 100 stops' real-time passages (maxAantalDoorkomsten=20) and E5 lists of
 *    100 stops in a loop;
 * 4. flood: 50 clients opening short connections one after the other (reset at once, or one request each);
 * 5. malformed: absolute-form targets, a duplicate Host and malformed requests in a loop.
 * (hostile-clients.ts.) The normal client (normal-client.ts, a process of its own) asks /lijnen/3/302 and a stop's
 * real-time in turn, --rate requests a second in an open loop.
 *
 * Reported per scenario: the normal client's p50/p99/max latency (also by path) and errors; the server's peak
 * resident memory (VmRSS of the process and its children, from /proc every 200 ms) against its idle RSS (the
 * median over 2 s, 3 s after start-up and a first /haltes); the server's CPU share and that of the attacking
 * process; what became of the hostile client's connections and requests.
 * Targets: the normal client's p99 under 250 ms and the peak RSS under twice the idle RSS, on the same cores as
 * the attack. Everything goes to 127.0.0.1, bounded in time and count; every socket, the normal client and the
 * server are closed at the end and on Ctrl-C.
 *
 * Flags: --seconds <s> (20 per scenario), --rate <n> (10 normal requests a second), --workers <n> (1),
 * --pause-seconds <s> (3, between scenarios), --seed <n> (1, the stop lists), --only <names> (comma-separated
 * scenario names), --costly-kind <both|real-time|E5> (both: what the costly clients ask). Results:
 * bench/.data/abuse-results.json; exit code 1 when a target is not met or the server died.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { createPrng, type Prng } from "../../src/demo/prng.js";
import type { RawConnection } from "../fuzz/raw-http-client.js";
import { type LijnwijzerProcess, loadAverage, repoRoot, startLijnwijzer, treeRssBytes } from "../lib/lijnwijzer-process.js";
import { type Attack, costly, type CostlyKind, connectionFlood, type HostileOutcome, malformed, pipelining, slowloris } from "./hostile-clients.js";
import type { NormalClientResult, NormalClientSettings } from "./normal-client.js";
import { treeCpuSeconds } from "../lib/process-cpu.js";

const KEY = "abuse-key";
const CORE = "/DLKernOpenData/api/v1";
const RSS_SAMPLE_MS = 200;
const P99_TARGET_MS = 250;
const RSS_TARGET_RATIO = 2;
/** Quiet seconds before the idle RSS is read, and how long it is sampled (its median). */
const IDLE_SETTLE_S = 3;
const IDLE_SAMPLE_S = 2;
const resultsPath = join(repoRoot, "bench/.data/abuse-results.json");

const { values: flags } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    rate: { type: "string", default: "10" },
    workers: { type: "string", default: "1" },
    "pause-seconds": { type: "string", default: "3" },
    seed: { type: "string", default: "1" },
    only: { type: "string" },
    "costly-kind": { type: "string", default: "both" },
  },
});
const seconds = Number(flags.seconds);
const rate = Number(flags.rate);
const pauseS = Number(flags["pause-seconds"]);
const seed = Number(flags.seed);
const costlyKinds: CostlyKind[] = flags["costly-kind"] === "both" ? ["real-time", "E5"] : [flags["costly-kind"] as CostlyKind];
if (!costlyKinds.every((k) => k === "real-time" || k === "E5")) throw new Error("--costly-kind: both, real-time or E5");

interface Scenario {
  name: string;
  what: string;
  attack: (a: Attack, data: { stopKeys: string[]; prng: Prng }) => Promise<HostileOutcome | undefined>;
}

interface ScenarioResult {
  name: string;
  what: string;
  normal: { requests: number; p50Ms: number; p99Ms: number; maxMs: number; p99MsByPath: Record<string, number>; errors: Record<string, number>; errorCount: number; keepAliveRetries: number };
  rss: { idleMiB: number; peakMiB: number; peakOverIdle: number };
  /** CPU time over the scenario's wall time: the server (process and children) and the process of the attack. */
  cpu: { serverPercent: number; attackerPercent: number };
  hostile: HostileOutcome | null;
  serverAlive: boolean;
  serverErrorLines: number;
  serverErrorExamples: string[];
  targets: { p99: boolean; rss: boolean };
  loadAverageAfter: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const mib = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** What an interruption must close. */
const open = { sockets: new Set<Socket>(), connections: new Set<RawConnection>(), children: new Set<ChildProcess>() };
let aborted = false;
let server: LijnwijzerProcess | undefined;

function closeEverything(): void {
  for (const s of open.sockets) s.destroy();
  for (const c of open.connections) c.close();
  for (const c of open.children) c.kill("SIGKILL");
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    aborted = true;
    console.log(`\n${signal}: closing every connection and stopping the server`);
    closeEverything();
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function getJson(origin: string, path: string): Promise<any> {
  const res = await fetch(`${origin}${path}`, { headers: { "Ocp-Apim-Subscription-Key": KEY } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** The normal client in a process of its own: resolves `ready` once its first request is answered, `result` at its end. */
function startNormalClient(settings: NormalClientSettings): { ready: Promise<void>; result: Promise<NormalClientResult> } {
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "bench/abuse/normal-client.ts"), JSON.stringify(settings)], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  open.children.add(child);
  child.once("exit", () => open.children.delete(child));
  const lines = createInterface({ input: child.stdout! });
  let onReady!: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const result = new Promise<NormalClientResult>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line === "ready") onReady();
      else if (line.startsWith("{")) resolve(JSON.parse(line) as NormalClientResult);
    });
    child.once("exit", (code) => reject(new Error(`the normal client exited (code ${code}) without a result`)));
  });
  return { ready, result };
}

/** The server's RSS sampled every RSS_SAMPLE_MS from now until `stop()`, which returns the highest. */
function rssPeak(pid: number): { stop: () => number } {
  let peak = treeRssBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssBytes(pid))), RSS_SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRssBytes(pid));
    },
  };
}

async function idleRss(pid: number): Promise<number> {
  await sleep(IDLE_SETTLE_S * 1000);
  const samples: number[] = [];
  for (let i = 0; i < (IDLE_SAMPLE_S * 1000) / RSS_SAMPLE_MS; i++) {
    samples.push(treeRssBytes(pid));
    await sleep(RSS_SAMPLE_MS);
  }
  return percentile(samples.sort((a, b) => a - b), 50);
}

/** Server log lines of level error or fatal (pino 50, 60). */
function errorLines(logFile: string): string[] {
  try {
    return readFileSync(logFile, "utf8")
      .split("\n")
      .filter((l) => /"level":(50|60)\b/.test(l));
  } catch {
    return [];
  }
}

function showOutcome(h: HostileOutcome | null): string {
  if (h === null) return "(no attack)";
  const outcomes = Object.entries(h.outcomes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
  const details = Object.entries(h.details)
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
  return [`${h.connectionsOpened} connections opened, ${h.closedByServer} closed by the server, ${h.requestsSent} requests sent`, outcomes, details].filter((x) => x !== "").join("; ");
}

/** A server just started, with /haltes asked once (its answer is kept, as after any first client), and its idle RSS. */
async function freshServer(logFile: string): Promise<{ server: LijnwijzerProcess; stopKeys: string[]; normalPaths: string[]; idleBytes: number }> {
  const s = await startLijnwijzer(["start"], { API_KEYS: KEY, LOG_LEVEL: "warn", WORKERS: flags.workers! }, { keepLines: 200, stdoutFile: logFile });
  server = s;
  const stops = (await getJson(s.origin, `${CORE}/haltes`)) as { haltes: Array<{ entiteitnummer: string; haltenummer: string }> };
  const stopKeys = stops.haltes.map((h) => `${h.entiteitnummer}_${h.haltenummer}`);
  const lineStops = (await getJson(s.origin, `${CORE}/lijnen/3/302/lijnrichtingen/HEEN/haltes`)) as { haltes: Array<{ entiteitnummer: string; haltenummer: string }> };
  const stop = lineStops.haltes[Math.floor(lineStops.haltes.length / 2)];
  const normalPaths = [`${CORE}/lijnen/3/302`, `${CORE}/haltes/${stop.entiteitnummer}/${stop.haltenummer}/real-time`];
  return { server: s, stopKeys, normalPaths, idleBytes: await idleRss(s.child.pid!) };
}

async function runScenario(sc: Scenario, logFile: string): Promise<ScenarioResult> {
  const { server: s, stopKeys, normalPaths, idleBytes } = await freshServer(logFile);
  const pid = s.child.pid!;
  try {
    const peak = rssPeak(pid);
    const normal = startNormalClient({ port: s.port, key: KEY, paths: normalPaths, rate, seconds });
    await normal.ready;
    const cpuAtStart = treeCpuSeconds(pid);
    const ownCpuAtStart = process.cpuUsage();
    const startedAt = performance.now();
    const attack: Attack = {
      port: s.port,
      key: KEY,
      until: startedAt + seconds * 1000,
      aborted: () => aborted || !s.alive(),
      sockets: open.sockets,
      connections: open.connections,
    };
    const [hostile, n] = await Promise.all([sc.attack(attack, { stopKeys, prng: createPrng(seed) }), normal.result]);
    const elapsedS = (performance.now() - startedAt) / 1000;
    const serverCpu = treeCpuSeconds(pid) - cpuAtStart;
    const ownCpu = process.cpuUsage(ownCpuAtStart);
    const peakRss = peak.stop();
    closeEverything();
    const lat = [...n.latenciesMs].sort((a, b) => a - b);
    const errorCount = Object.values(n.errors).reduce((x, y) => x + y, 0);
    const errors = errorLines(logFile);
    return {
      name: sc.name,
      what: sc.what,
      normal: {
        requests: lat.length + errorCount,
        p50Ms: round1(percentile(lat, 50)),
        p99Ms: round1(percentile(lat, 99)),
        maxMs: round1(lat.at(-1) ?? NaN),
        p99MsByPath: Object.fromEntries(normalPaths.map((p, i) => [p, round1(percentile([...n.latenciesMsByPath[i]].sort((a, b) => a - b), 99))])),
        errors: n.errors,
        errorCount,
        keepAliveRetries: n.keepAliveRetries,
      },
      rss: { idleMiB: mib(idleBytes), peakMiB: mib(peakRss), peakOverIdle: Math.round((100 * peakRss) / idleBytes) / 100 },
      cpu: { serverPercent: Math.round((100 * serverCpu) / elapsedS), attackerPercent: Math.round((ownCpu.user + ownCpu.system) / 1e4 / elapsedS) },
      hostile: hostile ?? null,
      serverAlive: s.alive(),
      serverErrorLines: errors.length,
      serverErrorExamples: errors.slice(0, 3).map((l) => l.slice(0, 1000)),
      targets: { p99: percentile(lat, 99) < P99_TARGET_MS && errorCount === 0, rss: peakRss < RSS_TARGET_RATIO * idleBytes },
      loadAverageAfter: loadAverage(),
    };
  } finally {
    closeEverything();
    await s.stop();
    server = undefined;
  }
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const logFile = join(tmpdir(), `lw-abuse-${process.pid}.log`);
  const scenarios: Scenario[] = [
    { name: "baseline", what: "no attack", attack: async () => undefined },
    { name: "pipelining", what: "30 connections, pipelined GETs of /haltes in batches of 1,000, never read", attack: (a) => pipelining(a, 30) },
    { name: "slowloris", what: "300 connections, a header byte a second each", attack: (a) => slowloris(a, 300) },
    {
      name: "costly",
      what: `8 clients: ${costlyKinds.map((k) => (k === "real-time" ? "100 stops' real-time (20 each)" : "E5 of 100 stops")).join(" and ")}${costlyKinds.length > 1 ? ", in turn" : ""}`,
      attack: (a, d) => costly(a, d.stopKeys, d.prng, 8, costlyKinds),
    },
    { name: "flood", what: "50 clients opening connections one after the other (reset at once, or one request with Connection: close)", attack: (a) => connectionFlood(a, 50) },
    { name: "malformed", what: "8 clients: absolute-form, duplicate Host, malformed requests, a connection each", attack: (a) => malformed(a, 8) },
  ];
  const only = flags.only?.split(",").map((n) => n.trim());
  const chosen = only === undefined ? scenarios : scenarios.filter((sc) => only.includes(sc.name));
  console.log(
    `bench:abuse: ${chosen.length} scenarios of ${seconds} s, each against a server just started (WORKERS=${flags.workers}); ` +
      `normal client ${rate} req/s; load average ${loadAtStart}`,
  );
  const results: ScenarioResult[] = [];
  try {
    for (const sc of chosen) {
      if (aborted) break;
      const r = await runScenario(sc, logFile);
      results.push(r);
      console.log(
        `\n${sc.name} (${sc.what}):\n  normal client: ${r.normal.requests} requests, p50 ${r.normal.p50Ms} ms, p99 ${r.normal.p99Ms} ms, max ${r.normal.maxMs} ms, ` +
          `errors ${r.normal.errorCount} ${JSON.stringify(r.normal.errors)}; p99 by path ${JSON.stringify(r.normal.p99MsByPath)}\n  server: RSS idle ${r.rss.idleMiB} MiB, peak ${r.rss.peakMiB} MiB = ${r.rss.peakOverIdle} x idle; ` +
          `CPU ${r.cpu.serverPercent} % (the attacking process ${r.cpu.attackerPercent} %); ${r.serverErrorLines} error lines` +
          `${r.serverAlive ? "" : "; THE SERVER DIED"}\n  hostile client: ${showOutcome(r.hostile)}\n  load average ${r.loadAverageAfter}`,
      );
      if (pauseS > 0) await sleep(pauseS * 1000);
    }
  } finally {
    rmSync(logFile, { force: true });
  }
  const summary = {
    date: new Date().toISOString(),
    node: process.version,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadAverage(),
    settings: { seconds, rate, workers: Number(flags.workers), seed, p99TargetMs: P99_TARGET_MS, rssTargetRatio: RSS_TARGET_RATIO },
    scenarios: results,
  };
  mkdirSync(join(repoRoot, "bench/.data"), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(summary, null, 2)}\n`);

  const met = (ok: boolean) => (ok ? "met" : "NOT MET");
  console.log(
    `\ntargets: the normal client's p99 < ${P99_TARGET_MS} ms without errors, the server's peak RSS < ${RSS_TARGET_RATIO} x idle\n\n` +
      "| scenario | normal requests | p50 ms | p99 ms | max ms | errors | idle RSS MiB | peak RSS MiB | x idle | server CPU | p99 target | RSS target |\n" +
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
  );
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.normal.requests} | ${r.normal.p50Ms} | ${r.normal.p99Ms} | ${r.normal.maxMs} | ${r.normal.errorCount} | ${r.rss.idleMiB} | ${r.rss.peakMiB} | ` +
        `${r.rss.peakOverIdle} | ${r.cpu.serverPercent} % | ${met(r.targets.p99)} | ${met(r.targets.rss)} |`,
    );
  }
  const dead = results.filter((r) => !r.serverAlive).map((r) => r.name);
  console.log(
    `\nload average ${summary.loadAverageAtStart} -> ${summary.loadAverageAtEnd}; ${dead.length === 0 ? "the server survived every scenario" : `THE SERVER DIED in ${dead.join(", ")}`}; ` +
      `results in ${resultsPath}`,
  );
  if (dead.length > 0 || results.some((r) => !r.targets.p99 || !r.targets.rss)) process.exitCode = 1;
}

await main();
