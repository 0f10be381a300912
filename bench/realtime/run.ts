/**
 * `npm run bench:realtime`: the real-time benchmark on the MTA snapshot (docs/BENCHMARKS.md "Real-time").
 *
 * Input: a simulated TripUpdates feed (simulateFeed) covering every trip under way at 08:00 on the busiest weekday
 * of the validity, 20 stop updates each (fewer only for trips with fewer stops), no cancellations, no vehicle
 * positions, no alerts, encoded with gtfs-realtime-bindings.
 *
 * 1. In process, --runs times after two warm-up runs, the median, fastest and slowest:
 *    - gtfs-realtime-bindings' decode alone (FeedMessage.decode), and with toObject into plain objects
 *      (decodeFeedMessageWithBindings);
 *    - lijnwijzer's decoder (decodeFeedMessage: read-feed-message.ts over pbf), the same plain objects;
 *    - apply: buildRealtimeState on the decoded message;
 *    - decode and apply together, as the feed manager does (target: at most 300 ms).
 * 2. Over HTTP: `/haltes/{e}/{h}/real-time` of the busiest stop at 08:00 (and one of median traffic) on a real
 *    server (loopback), autocannon in its own process for --duration s (default 30), while the server re-applies a
 *    newer feed (simulated 10 s later each time) every 10 s: decode + buildRealtimeState + swap, on its own event
 *    loop, as the feed manager does (target: at least 5,000 requests per second). The app's clock runs from 08:00
 *    of that day, so the answers carry the predictions.
 *
 * Input: bench/.data/mta.snapshot (made by `npm run bench:import`, or here from bench/.data/mta/*.zip when missing),
 * or `--snapshot <file>`. Flags: --duration <s>, --connections <n> (default 10), --runs <n> (default 15), --skip-http,
 * --stop-sequence (the stop updates also give the schedule's stop_sequence, as De Lijn's feed does: each is then
 * located by binary search and checked against its stop_id; without it by stop_id alone, as the MTA's feeds do).
 * Results: printed, and written to bench/.data/realtime-results.json.
 */
import { existsSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import bindings from "gtfs-realtime-bindings";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { importFeeds } from "../../src/cli/import-command.js";
import { loadConfig } from "../../src/config/load-config.js";
import { formatServiceDate } from "../../src/lib/service-date.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { buildRealtimeState } from "../../src/realtime/build-realtime-state.js";
import { decodeFeedMessage, decodeFeedMessageWithBindings, encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import type { RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { busiestWeekday, summarise } from "../../src/timetable/departures-at-stop.bench.js";
import { upcomingPassages } from "../../src/timetable/upcoming-passages.js";
import { prepareMta } from "../import/prepare-mta.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { autocannonRun } from "../lib/autocannon-run.js";

export const REALTIME_TARGETS = { decodeAndApplyMs: 300, stopRealTimeRequestsPerSecond: 5000 } as const;

const REAPPLY_MS = 10_000;
/** The peak: every trip under way at some moment from 08:00 to 09:00 (those under way at 08:00 and those leaving before 09:00). */
const PEAK_MS = 60 * 60_000;
const STOP_UPDATES = 20;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function loadNetwork(): Promise<{ network: Network; source: string }> {
  const given = arg("--snapshot");
  const path = given ?? join(benchDataDir, "mta.snapshot");
  if (!existsSync(path)) {
    if (given) throw new Error(`no snapshot at ${path}`);
    // As bench:import makes it: the nine MTA feeds, profile generic, into one snapshot.
    const prepared = await prepareMta();
    console.log(`no ${path}: importing the MTA feeds (as npm run bench:import does)`);
    await importFeeds({ feeds: prepared.feeds.map((f) => f.zipPath), out: path, profile: "generic", log: () => {} });
  }
  return { network: loadSnapshot(path), source: path };
}

/** Runs fn `runs` times after two warm-up runs; the timings (ms) and the last result. */
function measure<T>(runs: number, fn: () => T): { samples: number[]; last: T } {
  let last = fn();
  last = fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = fn();
    samples.push(performance.now() - t0);
  }
  return { samples, last };
}

const shown = (samples: number[]) => {
  const s = summarise(samples);
  return { medianMs: round1(s.p50Ms), minMs: round1(Math.min(...samples)), maxMs: round1(Math.max(...samples)) };
};
const round1 = (x: number) => Math.round(x * 10) / 10;


function feedFigures(m: RtFeedMessage) {
  const trips = m.entity.filter((e) => e.tripUpdate).length;
  const updates = m.entity.reduce((n, e) => n + (e.tripUpdate?.stopTimeUpdate.length ?? 0), 0);
  return { trips, stopTimeUpdates: updates };
}

const { network, source } = await loadNetwork();
const zone = zonedTime(network.meta.timezone);
const date = busiestWeekday(network);
const peakMs = zone.localToEpochMs(date, 8 * 3600);
const runs = Number(arg("--runs") ?? 15);
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} (other work on this machine inflates wall-clock figures)`);
console.log(`network: ${source}: ${network.stops.count} stops, ${network.trips.count} trips, zone ${network.meta.timezone}`);
console.log(`moment: ${formatServiceDate(date)} 08:00 (the weekday of the validity with most trips)`);

const simulate = (nowMs: number) =>
  simulateFeed(network, nowMs, {
    maxStopUpdates: STOP_UPDATES,
    reportShare: 1,
    cancelShare: 0,
    horizonMs: PEAK_MS,
    vehiclePositions: false,
    alerts: false,
    stopSequence: process.argv.includes("--stop-sequence"),
  });
let t0 = performance.now();
const message = simulate(peakMs);
const simulateMs = performance.now() - t0;
t0 = performance.now();
const bytes = encodeFeedMessage(message);
const encodeMs = performance.now() - t0;
const figures = feedFigures(message);
console.log(
  `feed: ${figures.trips} trip updates (every trip under way), ${figures.stopTimeUpdates} stop time updates ` +
    `(${(figures.stopTimeUpdates / figures.trips).toFixed(1)} per trip), ${(bytes.length / 1024 / 1024).toFixed(2)} MiB; ` +
    `simulated in ${simulateMs.toFixed(0)} ms, encoded in ${encodeMs.toFixed(0)} ms`,
);

const { FeedMessage } = bindings.transit_realtime;
const decodeRaw = measure(runs, () => FeedMessage.decode(bytes));
const decodeBindings = measure(runs, () => decodeFeedMessageWithBindings(bytes));
const decode = measure(runs, () => decodeFeedMessage(bytes));
const apply = measure(runs, () => buildRealtimeState(network, [{ name: "bench", message: decode.last }], peakMs));
const both = measure(runs, () => buildRealtimeState(network, [{ name: "bench", message: decodeFeedMessage(bytes) }], peakMs));
const stats = both.last.stats[0];
const inProcess = {
  runs,
  bindingsDecode: shown(decodeRaw.samples),
  bindingsDecodeToObject: shown(decodeBindings.samples),
  decode: shown(decode.samples),
  apply: shown(apply.samples),
  decodeAndApply: shown(both.samples),
  matched: stats.matched,
  unmatched: stats.unmatched,
  stopSequence: process.argv.includes("--stop-sequence"),
};
console.log(`gtfs-realtime-bindings decode alone: median ${inProcess.bindingsDecode.medianMs} ms (max ${inProcess.bindingsDecode.maxMs}); with toObject: median ${inProcess.bindingsDecodeToObject.medianMs} ms (max ${inProcess.bindingsDecodeToObject.maxMs})`);
console.log(`lijnwijzer decode (pbf, the same plain objects): median ${inProcess.decode.medianMs} ms (max ${inProcess.decode.maxMs})`);
console.log(`apply (buildRealtimeState): median ${inProcess.apply.medianMs} ms (max ${inProcess.apply.maxMs}); matched ${stats.matched}, unmatched ${stats.unmatched}`);
console.log(
  `decode + apply: median ${inProcess.decodeAndApply.medianMs} ms, min ${inProcess.decodeAndApply.minMs}, max ${inProcess.decodeAndApply.maxMs} ` +
    `(target <= ${REALTIME_TARGETS.decodeAndApplyMs} ms; ${runs} runs)`,
);

const http: Record<string, unknown> = {};
if (!process.argv.includes("--skip-http")) {
  const duration = Number(arg("--duration") ?? 30);
  const connections = Number(arg("--connections") ?? 10);
  // Newer feeds for the re-applications, made beforehand so that simulating does not load the server.
  const later = Array.from({ length: Math.ceil((duration * 1000) / REAPPLY_MS) * 2 + 2 }, (_, i) => encodeFeedMessage(simulate(peakMs + (i + 1) * REAPPLY_MS)));
  // Stops ranked by passages in the hour from 08:00.
  const ranked: Array<{ stop: StopIdx; passages: number }> = [];
  for (let s = 0; s < network.stops.count; s++) {
    if (network.stops.patternStart[s + 1] === network.stops.patternStart[s]) continue;
    const n = upcomingPassages(network, undefined, { stop: s, from: peakMs, max: 200 }).filter((p) => p.passage.epochMs < peakMs + 3_600_000).length;
    if (n > 0) ranked.push({ stop: s, passages: n });
  }
  ranked.sort((a, b) => b.passages - a.passages || a.stop - b.stop);
  // The busiest stop and one of median traffic with the state; the busiest again without one, for what the overlay costs.
  const sets = [
    { name: "busiest", withState: true, ...ranked[0] },
    { name: "median", withState: true, ...ranked[Math.floor(ranked.length / 2)] },
    { name: "busiest, no real-time state", withState: false, ...ranked[0] },
  ];

  let state: RealtimeState | undefined = both.last;
  const startedMs = Date.now();
  const clock = () => peakMs + (Date.now() - startedMs);
  const app = await buildApp({
    network: staticNetworkSource(network),
    config: loadConfig({ API_KEYS: "bench", LOG_LEVEL: "silent" }),
    clock,
    realtime: { current: (n) => (n === network ? state : undefined) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  let applied = 0;
  const applyMs: number[] = [];
  const timer = setInterval(() => {
    const t = performance.now();
    const next = later[applied % later.length];
    state = buildRealtimeState(network, [{ name: "bench", message: decodeFeedMessage(next) }], clock());
    applyMs.push(performance.now() - t);
    applied++;
  }, REAPPLY_MS);

  for (const { name, withState, stop, passages } of sets) {
    if (!withState) {
      clearInterval(timer);
      state = undefined;
    }
    const e = network.meta.entities[network.stops.entity[stop]].number;
    const h = network.strings.get(network.stops.number[stop]);
    const url = `http://127.0.0.1:${address.port}/DLKernOpenData/api/v1/haltes/${e}/${h}/real-time`;
    const probe = (await (await fetch(url, { headers: { "Ocp-Apim-Subscription-Key": "bench" } })).json()) as {
      halteDoorkomsten: Array<{ doorkomsten: Array<{ predictionStatussen: string[] }> }>;
    };
    const shownPassages = probe.halteDoorkomsten[0].doorkomsten;
    const realtime = shownPassages.filter((d) => d.predictionStatussen.includes("REALTIME")).length;
    if (withState && realtime === 0) throw new Error(`${name} stop shows no REALTIME passage: the bench would measure the schedule`);
    const before = applied;
    const result = await autocannonRun(url, duration, connections);
    http[name] = { stop: `${e}_${h}`, name: network.strings.get(network.stops.longName[stop]), passagesPerHour: passages, realtimeShown: `${realtime}/${shownPassages.length}`, reapplied: applied - before, ...result };
    console.log(
      `HTTP /haltes/${e}/${h}/real-time, ${name} stop "${network.strings.get(network.stops.longName[stop])}" (${passages} passages 08:00-09:00; ${realtime} of ${shownPassages.length} shown REALTIME): ` +
        `${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, max ${result.latencyMaxMs} ms, non-2xx ${result.non2xx}, ` +
        `${applied - before} re-applications during the run (target >= ${REALTIME_TARGETS.stopRealTimeRequestsPerSecond} req/s; ${connections} connections, ${duration} s)`,
    );
  }
  clearInterval(timer);
  await app.close();
  http.reapplyMs = shown(applyMs);
  console.log(`re-applications in the server: ${applyMs.length}, median ${shown(applyMs).medianMs} ms, max ${shown(applyMs).maxMs} ms`);
}

const results = {
  date: new Date().toISOString(),
  loadAverage: loadavg(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "", node: process.version },
  network: source,
  moment: `${formatServiceDate(date)}T08:00`,
  feed: { ...figures, bytes: bytes.length, simulateMs: round1(simulateMs), encodeMs: round1(encodeMs) },
  inProcess,
  http,
};
writeFileSync(join(benchDataDir, "realtime-results.json"), `${JSON.stringify(results, null, 2)}\n`);
