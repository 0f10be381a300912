/**
 * `npm run bench:realtime:lag`: how long a large GTFS-Realtime feed keeps requests waiting (docs/BENCHMARKS.md
 * "Real-time off the event loop").
 *
 * Input: a TripUpdates feed with a prediction for every trip of the MTA snapshot's busiest weekday and the day
 * after (--days, default 2; simulateFeed over 24 hours from each day's 00:00, every trip reporting, at most
 * --stop-updates per trip, default 6: about 30 MB and 130,000 entities, New York scale), served from a local HTTP server with a new header timestamp at every request.
 *
 * Two ways to ingest it, alternating for --rounds rounds, each polling the feed --polls times (default 3) every
 * --interval s (default 4):
 * - "at once" (the code before the feed manager worked in slices): fetch, decodeFeedMessage, buildRealtimeState,
 *   swap, then encodeFeedMessage(stateToFeed(state)), which the first GTFS-RT output request after the swap did;
 * - "in slices": the FeedManager itself (buildRealtimeStateSteps, run-in-slices.ts), which also encodes the output
 *   after the swap (prepared-feed.ts).
 * Meanwhile a client in its own process asks a plain HTTP handler of this process ("ok") every 10 ms, one request
 * at a time, and perf_hooks.monitorEventLoopDelay samples the event loop's delay (resolution 1 ms). Printed per
 * way: event-loop delay p50 / p99 / max, the client's latency p50 / p99 / max, the RSS at its highest, the longest
 * garbage-collector pause (PerformanceObserver "gc"). Results also in .cache/realtime-lag-results.json.
 *
 * Also, once: what design (b) of docs/BENCHMARKS.md would pay on the main thread for decoding in a worker thread,
 * the structured clone of the decoded message (v8.serialize in the worker, v8.deserialize on the main thread).
 *
 * Input: --snapshot <file> (default .cache/mta.snapshot, made by `node bin/lijnwijzer.js import
 * bench/.data/mta/*.zip --profile generic --reference none --out .cache/mta.snapshot`).
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { deserialize, serialize } from "node:v8";
import bindings from "gtfs-realtime-bindings";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { buildRealtimeState, buildRealtimeStateSteps } from "../../src/realtime/build-realtime-state.js";
import { decodeFeedMessage, encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { FeedManager, type FeedLog } from "../../src/realtime/feed-manager.js";
import { FeedFetchError, urlFeedSource } from "../../src/realtime/feed-source.js";
import { preparedFeed } from "../../src/realtime/prepared-feed.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { stateToFeed } from "../../src/realtime/state-to-feed.js";
import { busiestWeekday, summarise } from "../../src/timetable/departures-at-stop.bench.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const snapshotPath = arg("--snapshot", ".cache/mta.snapshot");
const polls = Number(arg("--polls", "3"));
const intervalMs = Number(arg("--interval", "4")) * 1000;
const rounds = Number(arg("--rounds", "1"));
const stopUpdates = Number(arg("--stop-updates", "6"));
const days = Number(arg("--days", "2"));
const MiB = 1024 * 1024;
const round1 = (x: number) => Math.round(x * 10) / 10;

const network = loadSnapshot(snapshotPath);
const zone = zonedTime(network.meta.timezone);
const date = busiestWeekday(network);
let t0 = performance.now();
const simulateDay = (startMs: number) =>
  simulateFeed(network, startMs, { maxStopUpdates: stopUpdates, reportShare: 1, cancelShare: 0, horizonMs: 24 * 3600_000, vehiclePositions: false, alerts: false });
// Two days, one after the other (a trip under way at midnight is in both: kept once, entity ids are unique).
const message = simulateDay(zone.localToEpochMs(date, 0));
const seen = new Set(message.entity.map((e) => e.id));
if (days > 1) for (const e of simulateDay(zone.localToEpochMs(date, 0) + 24 * 3600_000).entity) if (!seen.has(e.id)) message.entity.push(e);
const simulatedMs = performance.now() - t0;
// The entities once; each answer gets a header of its own in front (FeedMessage field 1, then field 2 entities).
const { FeedHeader } = bindings.transit_realtime;
mkdirSync(".cache", { recursive: true });
const whole = encodeFeedMessage(message);
const headerLength = 1 + 1 + FeedHeader.encode(FeedHeader.fromObject(message.header as never)).finish().length;
const entityBytes = Buffer.from(whole.buffer, whole.byteOffset + headerLength, whole.length - headerLength);
console.log(
  `feed: ${message.entity.length} trip updates (every trip under way on ${days} day(s) from ${date} 00:00, at most ${stopUpdates} stop updates each), ` +
    `${(whole.length / MiB).toFixed(1)} MiB; simulated in ${(simulatedMs / 1000).toFixed(1)} s`,
);
const entities = message.entity.length;
message.entity.length = 0; // memory: only the bytes are served

function headerFrame(): Buffer {
  const h = FeedHeader.encode(FeedHeader.fromObject({ gtfsRealtimeVersion: "2.0", incrementality: 0, timestamp: Math.floor(Date.now() / 1000) })).finish();
  return Buffer.concat([Buffer.from([0x0a, h.length]), h]);
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
const feedServer = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/x-protobuf", "content-length": String(headerFrame().length + entityBytes.length) });
  res.write(headerFrame());
  res.end(entityBytes);
});
const feedUrl = `http://127.0.0.1:${await listen(feedServer)}/feed.pb`;
const cheap = createServer((_req, res) => res.end("ok"));
const cheapUrl = `http://127.0.0.1:${await listen(cheap)}/`;

/** Latencies of one request at a time every 10 ms from another process, until it is told to stop (stdin closes). */
function startClient(): { stop(): Promise<number[]> } {
  const code = `
    const http = require("node:http"); const out = []; let running = true; let errors = 0;
    process.stdin.on("end", () => { running = false; }); process.stdin.resume();
    const agent = new http.Agent({ keepAlive: false, maxSockets: 1 });
    (async function loop() {
      while (running) {
        const t = performance.now();
        const ok = await new Promise((done) => http.get(${JSON.stringify(cheapUrl)}, { agent }, (r) => { r.resume(); r.on("end", () => done(true)); }).on("error", () => done(false)));
        if (ok) out.push(performance.now() - t); else errors++;
        await new Promise((ok) => setTimeout(ok, 10));
      }
      if (errors) process.stderr.write(errors + " failed requests\\n");
      process.stdout.write(JSON.stringify(out)); agent.destroy();
    })();`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["pipe", "pipe", "inherit"] });
  let text = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (text += c));
  const done = new Promise<number[]>((resolve) => child.on("exit", () => resolve(JSON.parse(text) as number[])));
  return {
    stop() {
      child.stdin.end();
      return done;
    },
  };
}

const silent: FeedLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: (f, m) => console.error(m, f) };
const source = urlFeedSource({ name: "bench", url: feedUrl, intervalMs, timeoutMs: 60_000, maxBytes: 64 * MiB });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The way before: everything after the fetch in one go, and the first output request's encoding. */
async function atOnce(): Promise<void> {
  let state: RealtimeState | undefined;
  for (let i = 0; i < polls; i++) {
    const got = await source.fetch({ network, nowMs: Date.now() });
    if (got.kind !== "bytes") throw new FeedFetchError("read_error", "expected bytes");
    state = buildRealtimeState(network, [{ name: "bench", message: decodeFeedMessage(got.bytes) }], Date.now());
    encodeFeedMessage(stateToFeed(state, Date.now()));
    await sleep(intervalMs);
  }
}

/** The feed manager, which works in slices and prepares the output itself. */
async function inSlices(): Promise<void> {
  const manager = new FeedManager({ network: { current: () => network }, sources: [source], maxAgeMs: 3600_000, build: buildRealtimeStateSteps, log: silent });
  for (let i = 0; i < polls; i++) {
    await manager.pollAll();
    const state = manager.current(network) as RealtimeState;
    await preparedFeed(state, "protobuf");
    await sleep(intervalMs);
  }
  await manager.stop();
}

interface Figures {
  way: string;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  rssPeakMiB: number;
  /** The longest garbage-collector pause: a pause no slicing shortens. */
  gcMaxMs: number;
}

async function measure(way: string, run: () => Promise<void>): Promise<Figures> {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(500);
  const rss0 = process.memoryUsage().rss;
  let rssPeak = rss0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const client = startClient();
  await sleep(300);
  let gcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, e.duration);
  });
  gc.observe({ entryTypes: ["gc"] });
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  await run();
  lag.disable();
  gc.disconnect();
  const latencies = await client.stop();
  clearInterval(rssTimer);
  const l = summarise(latencies);
  const f: Figures = {
    way,
    lagP50Ms: round1(lag.percentile(50) / 1e6),
    lagP99Ms: round1(lag.percentile(99) / 1e6),
    lagMaxMs: round1(lag.max / 1e6),
    requests: latencies.length,
    latencyP50Ms: round1(l.p50Ms),
    latencyP99Ms: round1(l.p99Ms),
    latencyMaxMs: round1(Math.max(...latencies)),
    rssPeakMiB: Math.round(rssPeak / MiB),
    gcMaxMs: round1(gcMaxMs),
  };
  console.log(
    `${way.padEnd(9)} event-loop delay p50 ${f.lagP50Ms} / p99 ${f.lagP99Ms} / max ${f.lagMaxMs} ms; ` +
      `"ok" requests ${f.requests}: p50 ${f.latencyP50Ms} / p99 ${f.latencyP99Ms} / max ${f.latencyMaxMs} ms; RSS ${Math.round(rss0 / MiB)} -> ${f.rssPeakMiB} MiB; longest GC pause ${f.gcMaxMs} ms`,
  );
  return f;
}

console.log(`${polls} polls every ${intervalMs / 1000} s per way, ${rounds} round(s); Node ${process.version}`);
const results: Figures[] = [];
for (let r = 0; r < rounds; r++) {
  results.push(await measure("at once", atOnce));
  results.push(await measure("in slices", inSlices));
}

// Design (b): a worker thread decodes; the main thread still deserialises the decoded message.
const decoded = decodeFeedMessage(Buffer.concat([headerFrame(), entityBytes]));
t0 = performance.now();
const cloned = serialize(decoded);
const serializeMs = performance.now() - t0;
t0 = performance.now();
deserialize(cloned);
const deserializeMs = performance.now() - t0;
t0 = performance.now();
decodeFeedMessage(Buffer.concat([headerFrame(), entityBytes]));
const decodeMs = performance.now() - t0;
console.log(
  `worker thread (b): v8.serialize of the decoded message ${Math.round(serializeMs)} ms (worker), v8.deserialize ${Math.round(deserializeMs)} ms ` +
    `on the main thread in one go (${(cloned.length / MiB).toFixed(0)} MiB), against decoding the bytes ${Math.round(decodeMs)} ms`,
);
writeFileSync(".cache/realtime-lag-results.json", JSON.stringify({ feedBytes: whole.length, entities, results, worker: { serializeMs, deserializeMs, decodeMs } }, null, 2));
feedServer.close();
cheap.close();
