/**
 * bench:sse (docs/BENCHMARKS.md "5,000 event-stream subscribers (bench:sse)"): the real server with thousands of
 * Server-Sent Events subscribers (docs/COMPATIBILITY.md R24-R27), on this machine, over loopback.
 *
 * Two servers, `lijnwijzer start` (the demo network; WORKERS=1 unless --workers, LOG_LEVEL=warn, its log in a
 * file, STREAMS_PER_WORKER and STREAMS_PER_KEY raised to let the subscribers in) on a free loopback port, one after
 * the other:
 *
 * 1. memory: without real-time (`--no-realtime`: no update arrives). Its idle RSS (the median over 2 s, 3 s after
 *    start-up and a warm-up: /haltes, /lijnen and one stream of each kind opened and closed), then with the N
 *    streams open and idle (the same median, IDLE_SETTLE_S after the last opened): memory per idle stream =
 *    (RSS with the streams - idle RSS) / N. RSS of the process and its children, from /proc, each read after a
 *    full garbage collection through the server's inspector, whose live heap is reported beside it.
 * 2. delivery: with the demo simulator polled every --interval s (REALTIME_INTERVAL_SECONDS). The N streams are
 *    opened, then for --seconds the subscribers record every answer message and a normal client (the one of
 *    bench:abuse, normal-client.ts, a process of its own) asks /lijnen/3/302 and a stop's real-time --rate times a
 *    second.
 *
 * The subscribers are spread over --clients processes (subscribers.ts: raw http.request, one socket each), a mix of
 * stops' real-time departures (70 %, over --stops different stops of the lines of the network), line directions'
 * vehicles (20 %, over every line direction) and the network's vehicles (10 %): --mix 70,20,10.
 *
 * Delay: every answer message carries `: state <epoch ms>`, when the server began serving the real-time state it
 * reflects (event-streams.ts); the delay of a message is its arrival (its last byte) minus that time, on the same
 * machine's clock. An update is a state served during the window (and at least 1 s before its end). A stream only
 * gets a message when its answer changed, so the subscribers expected to get an update are those of the paths for
 * which any subscriber got it (all subscribers of one path get the same answer): "within 1 s" is the share of
 * those that got it within 1 s. Targets: every one within 1 s of every update, and the normal client's p99 under
 * 100 ms.
 *
 * Flags: --subscribers <n> (5000), --clients <n> (2 processes), --seconds <s> (30), --interval <s> (2),
 * --rate <n> (5 normal requests a second), --workers <n> (1), --stops <n> (1000), --seed <n> (1), --skip-memory,
 * --memory-only, --mix <stops,line directions,network> (70,20,10), --cpu-prof (a CPU profile of the server over the window, through its inspector: the functions with the most self
 * time are printed).
 * Everything goes to 127.0.0.1 and is bounded in count and time; every socket, client process and server is closed
 * at the end and on Ctrl-C. Results: bench/.data/sse-results.json; exit code 1 when a target is not met.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { createPrng } from "../../src/demo/prng.js";
import type { NormalClientResult, NormalClientSettings } from "../abuse/normal-client.js";
import { liveHeapAfterGc } from "../lib/inspector-heap.js";
import { freeLoopbackPort, type LijnwijzerProcess, loadAverage, repoRoot, startLijnwijzer, treeRssBytes } from "../lib/lijnwijzer-process.js";
import { type CpuProfile, profileTop, startCpuProfile } from "./inspector-profile.js";
import type { SubscriberCommand, SubscriberRecords, SubscriberReply } from "./subscribers.js";
import { treeCpuSeconds } from "../lib/process-cpu.js";

const KEY = "sse-key";
const CORE = "/DLKernOpenData/api/v1";
const BETA = "/DLKernOpenData/v1/beta";
const DELAY_TARGET_MS = 1000;
const P99_TARGET_MS = 100;
const RSS_SAMPLE_MS = 200;
const IDLE_SETTLE_S = 3;
const IDLE_SAMPLE_S = 2;
/** Streams each subscriber process opens at once. */
const OPEN_CONCURRENCY = 50;
const resultsPath = join(repoRoot, "bench/.data/sse-results.json");

const { values: flags } = parseArgs({
  options: {
    subscribers: { type: "string", default: "5000" },
    clients: { type: "string", default: "2" },
    seconds: { type: "string", default: "30" },
    interval: { type: "string", default: "2" },
    rate: { type: "string", default: "5" },
    workers: { type: "string", default: "1" },
    stops: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    "skip-memory": { type: "boolean", default: false },
    "cpu-prof": { type: "boolean", default: false },
    "memory-only": { type: "boolean", default: false },
    mix: { type: "string", default: "70,20,10" },
  },
});
const N = Number(flags.subscribers);
const clientCount = Number(flags.clients);
const seconds = Number(flags.seconds);
const intervalS = Number(flags.interval);
const rate = Number(flags.rate);
const stopCount = Number(flags.stops);
/** Percentages of stop departures, line directions' vehicles and the network's vehicles. */
const mix = flags.mix!.split(",").map(Number);
if (mix.length !== 3 || mix.some((x) => !Number.isInteger(x) || x < 0) || mix[0] + mix[1] + mix[2] !== 100) {
  throw new Error("--mix: three whole percentages that make 100: stop departures, line directions' vehicles, the network's vehicles");
}
for (const [name, v] of Object.entries({ subscribers: N, clients: clientCount, seconds, interval: intervalS, rate, stops: stopCount })) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} must be a whole number from 1`);
}
if (N > 15_000) throw new Error("--subscribers: at most 15000 (ulimit -n of this machine is 20000, the server holds one per stream)");

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const mib = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** What an interruption must close. */
const children = new Set<ChildProcess>();
let server: LijnwijzerProcess | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: closing the subscribers and stopping the server`);
    for (const c of children) c.kill("SIGKILL");
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function getJson(origin: string, path: string): Promise<any> {
  const res = await fetch(`${origin}${path}`, { headers: { "Ocp-Apim-Subscription-Key": KEY } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

async function startServer(args: string[], logFile: string, nodeOptions = ""): Promise<LijnwijzerProcess> {
  const limit = String(N + 100);
  const env: Record<string, string> = { API_KEYS: KEY, LOG_LEVEL: "warn", WORKERS: flags.workers!, REALTIME_INTERVAL_SECONDS: String(intervalS), STREAMS_PER_WORKER: limit, STREAMS_PER_KEY: limit };
  if (nodeOptions !== "") env.NODE_OPTIONS = nodeOptions;
  server = await startLijnwijzer(["start", ...args], env, { keepLines: 200, stdoutFile: logFile });
  return server;
}

async function medianRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < (IDLE_SAMPLE_S * 1000) / RSS_SAMPLE_MS; i++) {
    samples.push(treeRssBytes(pid));
    await sleep(RSS_SAMPLE_MS);
  }
  return percentile(samples.sort((a, b) => a - b), 50);
}

/** The N stream paths: stops' departures, line directions' vehicles and the network's, shuffled over the clients. */
async function streamPaths(origin: string): Promise<{ paths: string[]; normalPaths: string[]; kinds: Record<string, number> }> {
  const prng = createPrng(Number(flags.seed));
  const lines = (await getJson(origin, `${CORE}/lijnen`)) as { lijnen: Array<{ entiteitnummer: string; lijnnummer: string }> };
  const directions = lines.lijnen.flatMap((l) => ["HEEN", "TERUG"].map((r) => `${l.entiteitnummer}/${l.lijnnummer}/lijnrichtingen/${r}`));
  // Stops on lines, so that their departures move: those of as many line directions as it takes.
  const stops = new Set<string>();
  const order = directions.map((d) => ({ d, r: prng.next() })).sort((a, b) => a.r - b.r).map((x) => x.d);
  for (const d of order) {
    if (stops.size >= stopCount) break;
    try {
      const h = (await getJson(origin, `${CORE}/lijnen/${d}/haltes`)) as { haltes: Array<{ entiteitnummer: string; haltenummer: string }> };
      for (const s of h.haltes) if (stops.size < stopCount) stops.add(`${s.entiteitnummer}/${s.haltenummer}`);
    } catch {
      // a direction the line does not run
    }
  }
  const stopList = [...stops];
  const paths: string[] = [];
  const kinds = { "stop departures": 0, "line direction vehicles": 0, "network vehicles": 0 };
  for (let i = 0; i < N; i++) {
    const r = i % 100;
    if (r < mix[0]) {
      paths.push(`${CORE}/haltes/${prng.pick(stopList)}/real-time`);
      kinds["stop departures"]++;
    } else if (r < mix[0] + mix[1]) {
      paths.push(`${BETA}/lijnen/${prng.pick(directions)}/voertuigen`);
      kinds["line direction vehicles"]++;
    } else {
      paths.push(`${BETA}/voertuigen`);
      kinds["network vehicles"]++;
    }
  }
  const lineStops = (await getJson(origin, `${CORE}/lijnen/3/302/lijnrichtingen/HEEN/haltes`)) as { haltes: Array<{ entiteitnummer: string; haltenummer: string }> };
  const stop = lineStops.haltes[Math.floor(lineStops.haltes.length / 2)];
  const normalPaths = [`${CORE}/lijnen/3/302`, `${CORE}/haltes/${stop.entiteitnummer}/${stop.haltenummer}/real-time`];
  return { paths, normalPaths, kinds };
}

interface SubscriberProcess {
  send(cmd: SubscriberCommand): void;
  next<T extends SubscriberReply["type"]>(type: T): Promise<Extract<SubscriberReply, { type: T }>>;
  child: ChildProcess;
}

function startSubscriberProcess(): SubscriberProcess {
  const child = fork(join(repoRoot, "bench/sse/subscribers.ts"), [], { cwd: repoRoot, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return {
    child,
    send: (cmd) => child.send(cmd),
    next: (type) =>
      new Promise((resolve, reject) => {
        const onMessage = (m: SubscriberReply) => {
          if (m.type !== type) return;
          child.off("message", onMessage);
          child.off("exit", onExit);
          resolve(m as never);
        };
        const onExit = (code: number | null) => reject(new Error(`a subscriber process exited (code ${code})`));
        child.on("message", onMessage);
        child.once("exit", onExit);
      }),
  };
}

/** Opens `paths` over `clients` processes (round robin); resolves when every stream has its first answer or failed. */
async function openStreams(port: number, paths: string[]): Promise<{ clients: SubscriberProcess[]; shares: string[][]; open: number; failed: Record<string, number>; openMs: number }> {
  const clients = Array.from({ length: clientCount }, startSubscriberProcess);
  const shares: string[][] = clients.map(() => []);
  paths.forEach((p, i) => shares[i % clientCount].push(p));
  const started = performance.now();
  const replies = await Promise.all(
    clients.map((c, i) => {
      const reply = c.next("opened");
      c.send({ type: "open", port, key: KEY, paths: shares[i], concurrency: OPEN_CONCURRENCY });
      return reply;
    }),
  );
  const failed: Record<string, number> = {};
  for (const r of replies) for (const [k, n] of Object.entries(r.failed)) failed[k] = (failed[k] ?? 0) + n;
  return { clients, shares, open: replies.reduce((a, r) => a + r.open, 0), failed, openMs: Math.round(performance.now() - started) };
}

function closeClients(clients: SubscriberProcess[]): Promise<void> {
  return Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.child.exitCode !== null) return resolve();
          c.child.once("exit", () => resolve());
          c.send({ type: "close" });
          setTimeout(() => c.child.kill("SIGKILL"), 5000).unref();
        }),
    ),
  ).then(() => undefined);
}

/** The normal client in a process of its own: resolves `ready` once its first request is answered, `result` at its end. */
function startNormalClient(settings: NormalClientSettings): { ready: Promise<void>; result: Promise<NormalClientResult> } {
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "bench/abuse/normal-client.ts"), JSON.stringify(settings)], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
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

/** Opens a stream of each kind and closes it: the code paths of a stream run once before the idle RSS is read. */
async function warmUp(origin: string, paths: string[]): Promise<void> {
  await getJson(origin, `${CORE}/haltes`);
  // The first path of each kind (paths[i] is of the kind that --mix gives i % 100).
  for (const p of new Set([0, mix[0], mix[0] + mix[1]].filter((i) => i < Math.min(100, paths.length)).map((i) => paths[i]))) {
    const controller = new AbortController();
    const res = await fetch(`${origin}${p}`, { headers: { accept: "text/event-stream", "Ocp-Apim-Subscription-Key": KEY }, signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
  }
}

async function memoryPhase(logDir: string) {
  // An inspector on loopback: a full garbage collection before each reading (inspector-heap.ts), so that the
  // garbage of the renders at connect is not counted as the streams' memory.
  const inspectPort = await freeLoopbackPort();
  const s = await startServer(["--no-realtime"], join(logDir, "memory.log"), `--inspect=127.0.0.1:${inspectPort}`);
  try {
    const { paths } = await streamPaths(s.origin);
    await warmUp(s.origin, paths);
    await sleep(IDLE_SETTLE_S * 1000);
    const idleHeap = await liveHeapAfterGc(inspectPort);
    const idle = await medianRss(s.child.pid!);
    const opened = await openStreams(s.port, paths);
    await sleep(IDLE_SETTLE_S * 1000);
    const streamsHeap = await liveHeapAfterGc(inspectPort);
    const withStreams = await medianRss(s.child.pid!);
    await closeClients(opened.clients);
    const open = Math.max(1, opened.open);
    return {
      idleMiB: mib(idle),
      withStreamsMiB: mib(withStreams),
      perStreamKiB: round1((withStreams - idle) / 1024 / open),
      /** The live JS heap after a full collection: the part of the streams' memory that is JavaScript objects. */
      heapPerStreamKiB: idleHeap && streamsHeap ? round1((streamsHeap.usedBytes - idleHeap.usedBytes) / 1024 / open) : undefined,
      open: opened.open,
      failed: opened.failed,
      openMs: opened.openMs,
    };
  } finally {
    await s.stop();
    server = undefined;
  }
}

interface UpdateFigures {
  stateMs: number;
  /** Subscribers that got it (one message each), and those expected to (every subscriber of a path any one got it on). */
  received: number;
  expected: number;
  withinTarget: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function analyse(shares: string[][], reports: SubscriberRecords[], windowStartMs: number, windowEndMs: number) {
  // Per update (state time): the delays, and the paths that got it.
  const byState = new Map<number, { delays: number[]; paths: Set<string> }>();
  const subscribersOfPath = new Map<string, number>();
  for (let c = 0; c < shares.length; c++) {
    shares[c].forEach((path, i) => {
      subscribersOfPath.set(path, (subscribersOfPath.get(path) ?? 0) + 1);
      const seen = new Set<number>();
      for (const [stateMs, receivedMs] of reports[c].messages[i] ?? []) {
        if (stateMs < windowStartMs || stateMs > windowEndMs - DELAY_TARGET_MS) continue;
        // A later message of the same state is the clock's or the heartbeat's render, not the update.
        if (seen.has(stateMs)) continue;
        seen.add(stateMs);
        let u = byState.get(stateMs);
        if (u === undefined) byState.set(stateMs, (u = { delays: [], paths: new Set() }));
        u.delays.push(receivedMs - stateMs);
        u.paths.add(path);
      }
    });
  }
  const updates: UpdateFigures[] = [...byState.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([stateMs, u]) => {
      const d = u.delays.sort((a, b) => a - b);
      let expected = 0;
      for (const p of u.paths) expected += subscribersOfPath.get(p)!;
      return {
        stateMs,
        received: d.length,
        expected,
        withinTarget: d.filter((x) => x <= DELAY_TARGET_MS).length,
        p50Ms: round1(percentile(d, 50)),
        p99Ms: round1(percentile(d, 99)),
        maxMs: round1(d[d.length - 1]),
      };
    });
  const all = [...byState.values()].flatMap((u) => u.delays).sort((a, b) => a - b);
  const expected = updates.reduce((a, u) => a + u.expected, 0);
  const within = updates.reduce((a, u) => a + u.withinTarget, 0);
  return {
    updates,
    delayMs: { p50: round1(percentile(all, 50)), p99: round1(percentile(all, 99)), max: round1(all[all.length - 1]) },
    withinTargetShare: expected === 0 ? 0 : within / expected,
    worstUpdateShare: updates.length === 0 ? 0 : Math.min(...updates.map((u) => u.withinTarget / u.expected)),
    messagesPerUpdate: updates.length === 0 ? 0 : round1(updates.reduce((a, u) => a + u.received, 0) / updates.length),
    pathsPerUpdate: updates.length === 0 ? 0 : round1([...byState.values()].reduce((a, u) => a + u.paths.size, 0) / updates.length),
  };
}

async function deliveryPhase(logDir: string) {
  const inspectPort = await freeLoopbackPort();
  const s = await startServer([], join(logDir, "delivery.log"), flags["cpu-prof"] ? `--inspect=127.0.0.1:${inspectPort}` : "");
  let profile: CpuProfile | undefined;
  try {
    const { paths, normalPaths, kinds } = await streamPaths(s.origin);
    const opened = await openStreams(s.port, paths);
    const normal = startNormalClient({ port: s.port, key: KEY, paths: normalPaths, rate, seconds });
    await normal.ready;
    for (const c of opened.clients) c.send({ type: "mark" });
    const windowStartMs = Date.now();
    const cpuAtStart = treeCpuSeconds(s.child.pid!);
    let peakRss = treeRssBytes(s.child.pid!);
    const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, treeRssBytes(s.child.pid!))), RSS_SAMPLE_MS);
    const stopProfile = flags["cpu-prof"] ? await startCpuProfile(inspectPort) : undefined;
    const n = await normal.result;
    const windowEndMs = Date.now();
    profile = await stopProfile?.();
    clearInterval(rssTimer);
    const serverCpuPercent = Math.round(((treeCpuSeconds(s.child.pid!) - cpuAtStart) / ((windowEndMs - windowStartMs) / 1000)) * 100);
    const reports = await Promise.all(
      opened.clients.map((c) => {
        const r = c.next("report");
        c.send({ type: "report" });
        return r.then((x) => x.records);
      }),
    );
    await closeClients(opened.clients);
    const lat = [...n.latenciesMs].sort((a, b) => a - b);
    const errorCount = Object.values(n.errors).reduce((x, y) => x + y, 0);
    const ended: Record<string, number> = {};
    for (const r of reports) for (const [k, v] of Object.entries(r.ended)) ended[k] = (ended[k] ?? 0) + v;
    return {
      kinds,
      distinctPaths: new Set(paths).size,
      open: opened.open,
      failed: opened.failed,
      openMs: opened.openMs,
      ended,
      ...analyse(opened.shares, reports, windowStartMs, windowEndMs),
      withoutState: reports.reduce((a, r) => a + r.withoutState, 0),
      heartbeats: reports.reduce((a, r) => a + r.heartbeats, 0),
      mibReceived: mib(reports.reduce((a, r) => a + r.bytes, 0)),
      normal: {
        requests: lat.length,
        p50Ms: round1(percentile(lat, 50)),
        p99Ms: round1(percentile(lat, 99)),
        maxMs: round1(lat[lat.length - 1]),
        p99MsByPath: Object.fromEntries(normalPaths.map((p, i) => [p, round1(percentile([...n.latenciesMsByPath[i]].sort((a, b) => a - b), 99))])),
        errors: n.errors,
        errorCount,
      },
      serverCpuPercent,
      peakRssMiB: mib(peakRss),
      profile: profile === undefined ? [] : profileTop(profile),
    };
  } finally {
    await s.stop();
    server = undefined;
  }
}

async function main(): Promise<number> {
  const logDir = join(tmpdir(), `lijnwijzer-sse-${process.pid}`);
  mkdirSync(logDir, { recursive: true });
  const loadBefore = loadAverage();
  console.log(`bench:sse: ${N} subscribers over ${clientCount} client processes, ${seconds} s, real-time every ${intervalS} s, WORKERS=${flags.workers}; load average ${loadBefore}; server logs in ${logDir}`);
  const memory = flags["skip-memory"] ? undefined : await memoryPhase(logDir);
  if (memory !== undefined) {
    console.log(
      `memory (no real-time): idle ${memory.idleMiB} MiB, with ${memory.open} idle streams ${memory.withStreamsMiB} MiB: ${memory.perStreamKiB} KiB RSS per stream, of which ${memory.heapPerStreamKiB} KiB live JS heap` +
        ` (opened in ${memory.openMs} ms${Object.keys(memory.failed).length ? `, failed ${JSON.stringify(memory.failed)}` : ""})`,
    );
  }
  if (flags["memory-only"]) return 0;
  const d = await deliveryPhase(logDir);
  const loadAfter = loadAverage();
  const everyOne = d.updates.length > 0 && d.worstUpdateShare === 1 && d.open === N;
  const p99Met = d.normal.p99Ms < P99_TARGET_MS && d.normal.errorCount === 0;
  console.log(`subscribers connected: ${d.open} of ${N} (${JSON.stringify(d.kinds)}, ${d.distinctPaths} distinct paths; opened in ${d.openMs} ms)${Object.keys(d.failed).length ? `; failed ${JSON.stringify(d.failed)}` : ""}`);
  console.log(`updates in the window: ${d.updates.length}; messages per update ${d.messagesPerUpdate} (paths changed per update ${d.pathsPerUpdate}); ${d.mibReceived} MiB received; ${d.heartbeats} heartbeats; answers without a state ${d.withoutState}; streams ended ${JSON.stringify(d.ended)}`);
  for (const u of d.updates) {
    console.log(`  state ${new Date(u.stateMs).toISOString()}: ${u.received}/${u.expected} got it, ${u.withinTarget} within 1 s; delay p50 ${u.p50Ms} p99 ${u.p99Ms} max ${u.maxMs} ms`);
  }
  console.log(`delivery delay: p50 ${d.delayMs.p50} ms, p99 ${d.delayMs.p99} ms, max ${d.delayMs.max} ms; within 1 s: ${round1(d.withinTargetShare * 100)} % of expected deliveries, worst update ${round1(d.worstUpdateShare * 100)} %`);
  console.log(`normal client: ${d.normal.requests} requests, p50 ${d.normal.p50Ms} ms, p99 ${d.normal.p99Ms} ms, max ${d.normal.maxMs} ms, errors ${d.normal.errorCount} ${JSON.stringify(d.normal.errors)}; by path p99 ${JSON.stringify(d.normal.p99MsByPath)}`);
  console.log(`server: ${d.serverCpuPercent} % CPU over the window, peak RSS ${d.peakRssMiB} MiB; load average before ${loadBefore}, after ${loadAfter}`);
  if (d.profile.length > 0) console.log(`server CPU profile over the window (the inspector's sampler), self time:\n  ${d.profile.join("\n  ")}`);
  console.log(`every subscriber within 1 s of every update: ${everyOne ? "met" : "NOT MET"}; normal p99 < ${P99_TARGET_MS} ms: ${p99Met ? "met" : "NOT MET"}`);
  mkdirSync(join(repoRoot, "bench/.data"), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify({ subscribers: N, clients: clientCount, seconds, intervalS, workers: flags.workers, loadBefore, loadAfter, memory, delivery: d, targets: { everyOne, p99Met } }, null, 2)}\n`);
  console.log(`results: ${resultsPath}`);
  return everyOne && p99Met ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err);
    for (const c of children) c.kill("SIGKILL");
    await server?.stop();
    process.exit(1);
  },
);
