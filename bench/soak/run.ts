/**
 * bench:soak (docs/BENCHMARKS.md "Soak"): the real server under a steady realistic load for 10 minutes, watching its
 * memory and its latency. It starts `lijnwijzer start` (the demo network, its real-time simulator polled every
 * 30 s, one process, LOG_LEVEL=info as in production: a log line per request) on a free loopback port, then:
 *
 * 1. capacity: the mix (request-mix.ts) in a closed loop over 16 keep-alive connections for 20 s after a 5 s
 *    warm-up: the answers per second it sustains;
 * 2. soak: the same mix in an open loop at 70 % of that rate for 10 minutes. Requests leave on a fixed schedule
 *    whatever the server does, and each latency counts from the moment its request was due (no coordinated
 *    omission); at most 256 are in flight, beyond which a due request is counted as shed instead of sent;
 * 3. per minute: requests, statuses, p50/p99/max latency, the server's CPU share and CPU time per answer
 *    (/proc/<pid>/stat), its resident memory (RSS of the process tree, sampled every 5 s, median of the minute),
 *    its V8 heap and event-loop lag (its own /metrics);
 * 4. memory at rest: RSS and heap after 15 s without load, before the soak and after it; the live heap after a
 *    full collection, through the server's inspector. After it, three minutes at the soak's rate, not counted, let
 *    the heap grow back and the server's caches (stop days, rendered and compressed answers) fill to their bounds
 *    before the first minute counted: with one, RSS still grew 6 % over the first three minutes counted, then stayed
 *    flat.
 *
 * Reported: RSS growth from the first minute to the last (target under 5 %) and the p99 drift between them. CPU
 * time per answer tells a server that degrades (it rises) from a machine whose other jobs take the cores (the
 * server's CPU share falls, the cost per answer stays).
 * Flags: --minutes <m> (10), --seconds <s> (instead of minutes, to shorten), --fraction <f> (0.7), --rate <n> (requests
 * a second, instead of the fraction of the capacity measured: to compare two trees at one rate),
 * --capacity-seconds <s> (20), --connections <n> (16), --seed <n> (1), --log-level <level> (info), --settle-seconds
 * <s> (180: at the soak's rate after the measurement at rest, not counted: the caches fill to their bounds meanwhile).
 * Results: bench/.data/soak-results.json; exit code 1 when RSS grew 5 % or more or a request failed.
 */
import { createReadStream, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { readApiPools } from "../lib/api-pools.js";
import { liveHeapAfterGc } from "../lib/inspector-heap.js";
import { freeLoopbackPort, type LijnwijzerProcess, loadAverage, repoRoot, startLijnwijzer, treeRssBytes } from "../lib/lijnwijzer-process.js";
import { type Family, MIX, requestMix, type RequestMix } from "./request-mix.js";

const KEY = "soak-key";
const WARMUP_S = 5;
const MAX_IN_FLIGHT = 256;
const REQUEST_TIMEOUT_MS = 30_000;
const RSS_SAMPLE_MS = 5000;
const RSS_GROWTH_TARGET = 0.05;
/** Seconds without load before and after the soak, for the idle memory figures. */
const IDLE_S = 15;
const resultsPath = join(repoRoot, "bench/.data/soak-results.json");

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    seconds: { type: "string" },
    fraction: { type: "string", default: "0.7" },
    rate: { type: "string" },
    "capacity-seconds": { type: "string", default: "20" },
    connections: { type: "string", default: "16" },
    seed: { type: "string", default: "1" },
    "settle-seconds": { type: "string", default: "180" },
    "log-level": { type: "string", default: "info" },
  },
});
const durationS = flags.seconds !== undefined ? Number(flags.seconds) : Number(flags.minutes) * 60;
/** Windows of about a minute; a shortened run gets at least four windows. */
const windowCount = Math.max(4, Math.round(durationS / 60));
const windowS = durationS / windowCount;
const settleS = Number(flags["settle-seconds"]);
const fraction = Number(flags.fraction);
const fixedRate = flags.rate === undefined ? undefined : Number(flags.rate);
const capacityS = Number(flags["capacity-seconds"]);
const connections = Number(flags.connections);
const seed = Number(flags.seed);

interface Outcome {
  status: number | "error";
  ms: number;
  family: Family;
}

/** Requests sent again because the server had closed the idle keep-alive connection they went out on. */
let keepAliveRetries = 0;
/** Client-side failures by error code. */
const errorCodes = new Map<string, number>();

/**
 * One GET over the shared keep-alive agent; the body is read and dropped (gzip: clients accept it). A request
 * reset on a reused connection is sent once more on a new one, as Node's documentation tells clients to do: the
 * server closed that idle connection as the request left (the keep-alive race), it did not fail the request.
 */
function get(agent: Agent, port: number, path: string, retried = false): Promise<number | "error"> {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent, headers: { "Ocp-Apim-Subscription-Key": KEY, "Accept-Encoding": "gzip" }, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", (err: NodeJS.ErrnoException) => fail(err));
      },
    );
    const fail = (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === "ECONNRESET") {
        keepAliveRetries++;
        resolve(get(agent, port, path, true));
        return;
      }
      const code = err.code ?? err.message;
      errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
      resolve("error");
    };
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", fail);
    req.end();
  });
}

/** The closed loop: `connections` clients each sending its next request when the last one is answered. */
async function closedLoop(agent: Agent, port: number, mix: RequestMix, seconds: number): Promise<{ answers: number; errors: number; byFamily: Record<string, number> }> {
  const until = performance.now() + seconds * 1000;
  let answers = 0;
  let errors = 0;
  const byFamily: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { family, path } = mix.next();
        const status = await get(agent, port, path);
        answers++;
        byFamily[family] = (byFamily[family] ?? 0) + 1;
        if (status !== 200) errors++;
      }
    }),
  );
  return { answers, errors, byFamily };
}

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat; 0 without /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Process series of the server's /metrics (prom-client's default metrics), summed over workers; NaN when absent. */
async function processMetrics(origin: string): Promise<{ heapUsedBytes: number; externalBytes: number; eventLoopLagP99S: number }> {
  const wanted = { nodejs_heap_size_used_bytes: 0, nodejs_external_memory_bytes: 0, nodejs_eventloop_lag_p99_seconds: 0 };
  const seen = new Set<string>();
  try {
    const res = await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(10_000) });
    for (const line of (await res.text()).split("\n")) {
      const m = /^(\w+)(?:\{[^}]*\})? (\S+)$/.exec(line);
      if (m && m[1] in wanted) {
        const name = m[1] as keyof typeof wanted;
        // the event loop lag of the slowest worker, the memory of all
        wanted[name] = name === "nodejs_eventloop_lag_p99_seconds" ? Math.max(wanted[name], Number(m[2])) : wanted[name] + Number(m[2]);
        seen.add(name);
      }
    }
  } catch {
    // no /metrics: the columns stay empty
  }
  const value = (name: keyof typeof wanted) => (seen.has(name) ? wanted[name] : NaN);
  return { heapUsedBytes: value("nodejs_heap_size_used_bytes"), externalBytes: value("nodejs_external_memory_bytes"), eventLoopLagP99S: value("nodejs_eventloop_lag_p99_seconds") };
}

interface Window {
  index: number;
  startS: number;
  requests: number;
  requestsPerSecond: number;
  non200: number;
  /** The answers not 200, by status and family ("503 route plan"): which requests failed, and how. */
  non200ByStatus: Record<string, number>;
  errors: number;
  shed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  cpuPercent: number;
  /** The server's CPU time per answer: flat while the server itself does not degrade, whatever else runs. */
  cpuMsPerRequest: number;
  rssMiB: number;
  /** V8 heap in use and external memory (Buffers) at the window's end, from the server's /metrics. */
  heapUsedMiB: number;
  externalMiB: number;
  eventLoopLagP99Ms: number;
  byFamilyP99Ms: Partial<Record<Family, number>>;
}

type ProcessFigures = Awaited<ReturnType<typeof processMetrics>>;

/** The server's log file: its size, its lines, and those of level error or fatal (pino 50, 60). */
async function logSummary(path: string): Promise<{ mib: number; lines: number; errorLines: number; firstErrors: string[] }> {
  let lines = 0;
  let errorLines = 0;
  const firstErrors: string[] = [];
  for await (const line of createInterface({ input: createReadStream(path) })) {
    lines++;
    if (/"level":(50|60)\b/.test(line)) {
      errorLines++;
      if (firstErrors.length < 3) firstErrors.push(line.slice(0, 1000));
    }
  }
  return { mib: round1(statSync(path).size / 1024 ** 2), lines, errorLines, firstErrors };
}

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const k of keys) counts[k] = (counts[k] ?? 0) + 1;
  return counts;
}

function summarise(index: number, startS: number, windowS: number, outcomes: Outcome[], shed: number, cpu: number, rss: number[], proc: ProcessFigures): Window {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const byFamily: Partial<Record<Family, number>> = {};
  for (const f of Object.keys(MIX) as Family[]) {
    const xs = outcomes.filter((o) => o.family === f).map((o) => o.ms).sort((a, b) => a - b);
    if (xs.length > 0) byFamily[f] = round1(percentile(xs, 99));
  }
  return {
    index,
    startS,
    requests: outcomes.length,
    requestsPerSecond: Math.round(outcomes.length / windowS),
    non200: outcomes.filter((o) => o.status !== 200 && o.status !== "error").length,
    non200ByStatus: countBy(outcomes.filter((o) => o.status !== 200 && o.status !== "error").map((o) => `${o.status} ${o.family}`)),
    errors: outcomes.filter((o) => o.status === "error").length,
    shed,
    p50Ms: round1(percentile(ms, 50)),
    p99Ms: round1(percentile(ms, 99)),
    maxMs: round1(ms.at(-1) ?? 0),
    cpuPercent: Math.round((100 * cpu) / windowS),
    cpuMsPerRequest: Math.round((1000 * cpu * 100) / Math.max(1, outcomes.length)) / 100,
    rssMiB: round1(median(rss) / 1024 ** 2),
    heapUsedMiB: round1(proc.heapUsedBytes / 1024 ** 2),
    externalMiB: round1(proc.externalBytes / 1024 ** 2),
    eventLoopLagP99Ms: round1(proc.eventLoopLagP99S * 1000),
    byFamilyP99Ms: byFamily,
  };
}

/** The open loop at `rate` requests per second for `seconds`, in `windowCount` windows. */
async function openLoop(
  agent: Agent,
  server: LijnwijzerProcess,
  mix: RequestMix,
  rate: number,
  seconds: number,
  windowCount: number,
): Promise<{ windows: Window[]; rssSamples: Array<[number, number]> }> {
  const windowS = seconds / windowCount;
  const pid = server.child.pid!;
  const start = performance.now();
  const windows: Window[] = [];
  const rssSamples: Array<[number, number]> = [];
  let outcomes: Outcome[] = [];
  let windowRss: number[] = [];
  let shed = 0;
  let sent = 0;
  let inFlight = 0;
  let cpuAtWindowStart = cpuSeconds(pid);
  const total = Math.floor(rate * seconds);

  const sample = () => {
    const rss = treeRssBytes(pid);
    rssSamples.push([Math.round((performance.now() - start) / 1000), rss]);
    windowRss.push(rss);
  };
  sample();
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  let closed = 0;
  const closeWindow = async () => {
    const index = ++closed;
    const cpu = cpuSeconds(pid);
    const cpuUsed = cpu - cpuAtWindowStart;
    cpuAtWindowStart = cpu;
    const [done, doneShed, doneRss] = [outcomes, shed, windowRss];
    outcomes = [];
    windowRss = [];
    shed = 0;
    const proc = await processMetrics(server.origin);
    const w = summarise(index, Math.round((index - 1) * windowS), windowS, done, doneShed, cpuUsed, doneRss, proc);
    windows.push(w);
    console.log(
      `  ${String(w.startS).padStart(4)} s: ${w.requestsPerSecond} req/s, p50 ${w.p50Ms} ms, p99 ${w.p99Ms} ms, max ${w.maxMs} ms, ` +
        `non-200 ${w.non200}${w.non200 > 0 ? ` ${JSON.stringify(w.non200ByStatus)}` : ""}, errors ${w.errors}, shed ${w.shed}, CPU ${w.cpuPercent} % (${w.cpuMsPerRequest} ms/request), ` +
        `RSS ${w.rssMiB} MiB, heap ${w.heapUsedMiB} MiB, loop lag p99 ${w.eventLoopLagP99Ms} ms`,
    );
  };


  await new Promise<void>((resolve) => {
    let nextWindowAt = windowS * 1000;
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(total, Math.floor((elapsed / 1000) * rate));
      while (sent < due) {
        const dueAt = start + (sent / rate) * 1000;
        sent++;
        if (inFlight >= MAX_IN_FLIGHT) {
          shed++;
          continue;
        }
        const { family, path } = mix.next();
        inFlight++;
        void get(agent, server.port, path).then((status) => {
          inFlight--;
          outcomes.push({ status, ms: performance.now() - dueAt, family });
        });
      }
      // The last window closes once its answers are all in (below).
      if (elapsed >= nextWindowAt && closed < windowCount - 1) {
        void closeWindow();
        nextWindowAt += windowS * 1000;
      }
      if (elapsed >= seconds * 1000 || !server.alive()) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 5);
  });
  // The last answers arrive after the schedule ends: they belong to the last window, slow ones included.
  const until = performance.now() + REQUEST_TIMEOUT_MS;
  while (inFlight > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  clearInterval(sampler);
  if (windowRss.length === 0) sample();
  await closeWindow();
  windows.sort((a, b) => a.index - b.index);
  return { windows, rssSamples };
}

async function main(): Promise<void> {
  const load = loadAverage();
  // The log goes to a file, as to the journal in production (a pipe to this busy process would fill the server).
  const logFile = join(tmpdir(), `lw-soak-${process.pid}.log`);
  // An inspector on loopback, for a full garbage collection before the memory at rest is read (inspector-heap.ts).
  const inspectPort = await freeLoopbackPort();
  const server = await startLijnwijzer(
    ["start"],
    { API_KEYS: KEY, LOG_LEVEL: flags["log-level"]!, WORKERS: "1", NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` },
    { keepLines: 200, stdoutFile: logFile },
  );
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  try {
    const pools = await readApiPools(server.origin, KEY);
    const mix = requestMix(pools, seed);
    console.log(
      `bench:soak: ${server.origin} (pid ${server.child.pid}), seed ${seed}, mix ${JSON.stringify(MIX)}, load average ${load}\n` +
        `capacity: ${connections} connections, closed loop, ${WARMUP_S} s warm-up then ${capacityS} s`,
    );
    await closedLoop(agent, server.port, mix, WARMUP_S);
    const cap = await closedLoop(agent, server.port, mix, capacityS);
    const capacity = cap.answers / capacityS;
    const rate = fixedRate ?? Math.max(1, Math.round(capacity * fraction));
    const share = fixedRate === undefined ? `${Math.round(fraction * 100)} %` : `--rate, ${Math.round((100 * rate) / capacity)} % of it`;
    console.log(`capacity ${capacity.toFixed(0)} req/s (errors ${cap.errors}); soak at ${share}: ${rate} req/s for ${durationS} s, windows of ${windowS} s`);
    const idle = async () => {
      await new Promise((r) => setTimeout(r, IDLE_S * 1000));
      const proc = await processMetrics(server.origin);
      const rssMiB = round1(treeRssBytes(server.child.pid!) / 1024 ** 2);
      const live = await liveHeapAfterGc(inspectPort);
      return {
        rssMiB,
        heapUsedMiB: round1(proc.heapUsedBytes / 1024 ** 2),
        liveHeapAfterGcMiB: live === undefined ? null : round1(live.usedBytes / 1024 ** 2),
        rssAfterGcMiB: round1(treeRssBytes(server.child.pid!) / 1024 ** 2),
      };
    };
    const showIdle = (i: Awaited<ReturnType<typeof idle>>) =>
      `RSS ${i.rssMiB} MiB, heap ${i.heapUsedMiB} MiB; after a full GC: live heap ${i.liveHeapAfterGcMiB ?? "(no inspector)"} MiB, RSS ${i.rssAfterGcMiB} MiB`;
    const idleBefore = await idle();
    console.log(`idle ${IDLE_S} s: ${showIdle(idleBefore)}`);
    // The full collection above leaves a small heap; the heap grows back to its size under load within a minute
    // or so, and the caches fill to their bounds within two or three. Those minutes at the soak's rate are not
    // counted, so that the first minute counted starts warm.
    console.log(`settling: ${settleS} s at ${rate} req/s, not counted`);
    const settle = settleS > 0 ? (await openLoop(agent, server, mix, rate, settleS, 1)).windows[0] : undefined;
    console.log("soak:");
    const { windows, rssSamples } = await openLoop(agent, server, mix, rate, durationS, windowCount);
    const idleAfter = await idle();
    console.log(`idle ${IDLE_S} s after the soak: ${showIdle(idleAfter)}`);
    const first = windows[0];
    const last = windows.at(-1)!;
    const rssGrowth = (last.rssMiB - first.rssMiB) / first.rssMiB;
    const p99Drift = last.p99Ms - first.p99Ms;
    const failed = windows.reduce((n, w) => n + w.non200 + w.errors, 0);
    const shed = windows.reduce((n, w) => n + w.shed, 0);
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      loadAverageAtStart: load,
      loadAverageAtEnd: loadAverage(),
      seed,
      mix: MIX,
      settings: { durationSeconds: durationS, windowSeconds: windowS, settleSeconds: settleS, fraction, capacitySeconds: capacityS, connections, logLevel: flags["log-level"], maxInFlight: MAX_IN_FLIGHT },
      capacityRequestsPerSecond: Math.round(capacity),
      capacityByFamily: cap.byFamily,
      rateRequestsPerSecond: rate,
      idleBefore,
      settle: settle ?? null,
      idleAfter,
      idleRssGrowthPercent: round1((100 * (idleAfter.rssMiB - idleBefore.rssMiB)) / idleBefore.rssMiB),
      liveHeapGrowthPercent:
        idleBefore.liveHeapAfterGcMiB === null || idleAfter.liveHeapAfterGcMiB === null
          ? null
          : round1((100 * (idleAfter.liveHeapAfterGcMiB - idleBefore.liveHeapAfterGcMiB)) / idleBefore.liveHeapAfterGcMiB),
      rssFirstWindowMiB: first.rssMiB,
      rssLastWindowMiB: last.rssMiB,
      rssGrowthPercent: round1(rssGrowth * 100),
      p99FirstWindowMs: first.p99Ms,
      p99LastWindowMs: last.p99Ms,
      p99DriftMs: round1(p99Drift),
      failedRequests: failed,
      non200ByStatus: countBy(windows.flatMap((w) => Object.entries(w.non200ByStatus).flatMap(([k, n]) => Array<string>(n).fill(k)))),
      clientErrorCodes: Object.fromEntries(errorCodes),
      keepAliveRetries,
      shedRequests: shed,
      serverLog: await logSummary(logFile),
      windows,
      rssSamples,
      checks: { rssGrowthUnder5Percent: rssGrowth < RSS_GROWTH_TARGET, noFailedRequest: failed === 0, serverAlive: server.alive() },
      serverStderr: server.lines.slice(-20),
    };
    mkdirSync(join(repoRoot, "bench/.data"), { recursive: true });
    writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      "\n| window | req/s | p50 ms | p99 ms | max ms | failed | shed | server CPU | CPU ms/request | loop lag p99 ms | RSS MiB | heap MiB |\n" +
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const w of windows) {
      console.log(
        `| ${w.index} | ${w.requestsPerSecond} | ${w.p50Ms} | ${w.p99Ms} | ${w.maxMs} | ${w.non200 + w.errors} | ${w.shed} | ${w.cpuPercent} % | ${w.cpuMsPerRequest} | ${w.eventLoopLagP99Ms} | ${w.rssMiB} | ${w.heapUsedMiB} |`,
      );
    }
    console.log(
      `\ncapacity ${results.capacityRequestsPerSecond} req/s, soak at ${rate} req/s for ${durationS} s; RSS ${first.rssMiB} -> ${last.rssMiB} MiB ` +
        `(${results.rssGrowthPercent} %, target < 5 %); p99 ${first.p99Ms} -> ${last.p99Ms} ms (drift ${results.p99DriftMs} ms); ` +
        `failed ${failed} ${JSON.stringify(Object.fromEntries(errorCodes))}, sent again after the keep-alive race ${keepAliveRetries}, shed ${shed}; ` +
        `at rest: RSS ${idleBefore.rssMiB} -> ${idleAfter.rssMiB} MiB (${results.idleRssGrowthPercent} %), live heap after a full GC ` +
        `${idleBefore.liveHeapAfterGcMiB} -> ${idleAfter.liveHeapAfterGcMiB} MiB (${results.liveHeapGrowthPercent} %); ` +
        `load average ${results.loadAverageAtStart} -> ${results.loadAverageAtEnd}`,
    );
    console.log(`server log: ${results.serverLog.mib} MiB, ${results.serverLog.lines} lines, ${results.serverLog.errorLines} of level error or fatal`);
    console.log(`checks: ${JSON.stringify(results.checks)}; results in ${resultsPath}`);
    if (!Object.values(results.checks).every(Boolean)) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(logFile, { force: true });
  }
}

await main();
