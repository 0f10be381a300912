/**
 * `npm run bench:routeplan`: the route-planning benchmarks (E1) on the MTA (all nine feeds), in process; figures in
 * docs/BENCHMARKS.md "Route planning".
 *
 * 1. E1, full, in process: 300 seeded random coordinate pairs at 08:00 on a weekday, each planJourneys (the first
 *    page, schedule only: RAPTOR, plan-pages.ts) + routeplanBody + JSON.stringify, as the handler does minus HTTP.
 *    Targets (ROUTEPLAN_TARGETS): p50 at most 10 ms, p95 at most 30 ms. A coordinate is a served stop's position
 *    moved by up to 500 m in a random direction (seeded, pairs.ts): uniform points in the bounding box would mostly
 *    fall in the Atlantic or in the Catskills, far from any stop, and answer empty at once.
 * 2. Stop-to-stop earliest arrival over one view of the day (prepared once and timed apart), 300 seeded pairs of
 *    served stops at 08:00, on the 250 m footpaths direct (imported with walkBudgetSeconds 0) and chained (the
 *    default walking budget, chain-footpaths.ts): the connection scan (connection-scan.ts, the algorithm the
 *    benchmark's query uses) and, beside it, RAPTOR (raptor.ts earliestArrival), the two alternating pair by pair so
 *    that both see the same load. Targets: direct p50 at most 4 ms and p95 at most 10 ms; chained p50 at most 6 ms.
 * 3. The peer, raptor-journey-planner (raptor-journey-planner-peer.ts), in a child process: the same GTFS, the same
 *    footpaths (the chained 250 m ones: both planners walk exactly them), the same stop-to-stop queries depart-after
 *    08:00. Its load time and query median, ours, the ratios (target: ours at least 20 times faster than its best
 *    variant, on queries and on load), and agreement: our earliest arrival (the connection scan's) is never later
 *    than the peer's unless a documented rule explains it (counted per case).
 *
 * Input: bench/.data/mta/*.zip (`npm run bench:import` fetches them). The three snapshots it plans on (walk radius
 * 400 m, the default, for E1; 250 m chained and direct for stop to stop and the peer) are imported in process into
 * bench/.data/routeplan/ when missing, of another format version, or with --rebuild; "our load" is the import of the
 * 250 m one (read + compile + write) and, beside it, loading that snapshot as `serve` does.
 * Wall-clock and CPU time (process.cpuUsage, user + system) are both reported, with the load average (os.loadavg)
 * before and after each part: on a machine doing other work the CPU time is the steadier figure. E1 also counts the RAPTOR searches each page ran.
 * Flags: --pairs <n> (300), --seed <n> (9), --skip-peer, --peer-all-trips <n> (queries for the peer's all-trips
 * variant, about a second each; default 30), --rebuild, --reuse-peer (the peer's last answers, when it was asked the
 * very same: to rework the comparison without its minutes).
 * Results: printed, and written to bench/.data/routeplan-results.json.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { routeplanBody } from "../../src/api/core/routeplan/routeplan.js";
import { importFeeds } from "../../src/cli/import-command.js";
import { formatServiceDate } from "../../src/lib/service-date.js";
import { zonedTime, type EpochMs } from "../../src/lib/zoned-time.js";
import type { Network, ServiceDate, StopIdx } from "../../src/network/model.js";
import { isLoadableSnapshot, loadSnapshot } from "../../src/network/snapshot.js";
import { connectionScan } from "../../src/routing/connection-scan.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import type { SearchFactory } from "../../src/routing/plan-types.js";
import { defaultSearchFactory } from "../../src/routing/raptor-search.js";
import { earliestArrival } from "../../src/routing/raptor.js";
import { serviceDayEndMs } from "../../src/routing/service-day-end.js";
import { activeServices } from "../../src/timetable/active-services.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { arg, flag, mtaZips } from "./mta-input.js";
import { placePairs, seeded, stopPairs } from "./pairs.js";
import { ensureRaptorPeer, type PeerAnswer, type PeerOutput, runRaptorPeer } from "./raptor-journey-planner-peer.js";
import { formatMs as ms, median, percentile } from "./timing.js";

export const ROUTEPLAN_TARGETS = {
  e1P50Ms: 10,
  e1P95Ms: 30,
  /** Stop to stop on the direct 250 m footpaths (the anchor's: docs/BENCHMARKS.md "Route planning"). */
  stopToStopDirectP50Ms: 4,
  stopToStopDirectP95Ms: 10,
  /** ... and on the same footpaths chained up to the default walking budget. */
  stopToStopChainedP50Ms: 6,
  peerSpeedup: 20,
} as const;

/** The footpath radius both planners walk in the comparison (docs/BENCHMARKS.md "Route planning"). */
const PEER_WALK_METERS = 250;
const DEPARTURE_SECONDS = 8 * 3600;

/**
 * Imports the zips into a snapshot of the given walk radius (and, `direct`, walkBudgetSeconds 0: the footpaths not
 * chained) when missing (or --rebuild); returns the import's seconds.
 */
async function ensureSnapshot(zips: string[], walkRadiusMeters: number, direct = false): Promise<{ path: string; importSeconds: number | undefined }> {
  const dir = join(benchDataDir, "routeplan");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `mta-walk${walkRadiusMeters}${direct ? "-direct" : ""}.snapshot`);
  if (existsSync(path) && !flag("--rebuild") && isLoadableSnapshot(path)) return { path, importSeconds: undefined };
  console.log(`bench: importing ${zips.length} feeds with --walk-radius ${walkRadiusMeters}${direct ? " --walk-budget 0" : ""} into ${path}`);
  const quiet = { stage() {}, bar() {}, done() {} };
  const walkBudgetSeconds = direct ? 0 : undefined;
  const r = await importFeeds({ feeds: zips, out: path, profile: "generic", walkRadiusMeters, walkBudgetSeconds, progress: quiet, log: () => {} });
  return { path, importSeconds: r.seconds };
}

function stopLabel(network: Network, s: StopIdx): string {
  const feed = network.meta.entities[network.stops.entity[s]].feed;
  return `f${feed}_${network.strings.get(network.stops.gtfsId[s])}`;
}

interface E1Result {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The same in CPU time of this process (user + system): less disturbed by other work on the machine. */
  cpuP50Ms: number;
  cpuP95Ms: number;
  /** RAPTOR searches a page ran: median and 95th percentile. */
  searchesP50: number;
  searchesP95: number;
  withItineraries: number;
  itinerariesMedian: number;
  incomplete: number;
}

function benchE1(network: Network, date: ServiceDate, pairs: number, seed: number): E1Result {
  const zone = zonedTime(network.meta.timezone);
  const timeMs = zone.toEpochMs(date, DEPARTURE_SECONDS);
  let searches = 0;
  const counting: SearchFactory = (net, scope) => {
    const search = defaultSearchFactory(net, scope);
    return (query) => {
      searches++;
      return search(query);
    };
  };
  const run = (count: number, random: () => number) => {
    const samples: number[] = [];
    const cpu: number[] = [];
    const perPage: number[] = [];
    const counts: number[] = [];
    let incomplete = 0;
    for (const { from, to } of placePairs(network, random, count)) {
      searches = 0;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const plan = planJourneys(network, undefined, { from: { kind: "place", ...from }, to: { kind: "place", ...to }, timeMs, searchFactory: counting });
      JSON.stringify(routeplanBody(network, plan, "http://localhost:8080"));
      samples.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      perPage.push(searches);
      counts.push(plan.itineraries.length);
      if (!plan.complete) incomplete++;
    }
    return { samples, cpu, perPage, counts, incomplete };
  };
  run(20, seeded(seed + 1000)); // warm-up: other pairs, so that the measured ones are not cached by the first
  const { samples, cpu, perPage, counts, incomplete } = run(pairs, seeded(seed));
  return {
    p50Ms: median(samples),
    p95Ms: percentile(samples, 0.95),
    p99Ms: percentile(samples, 0.99),
    maxMs: Math.max(...samples),
    cpuP50Ms: median(cpu),
    cpuP95Ms: percentile(cpu, 0.95),
    searchesP50: median(perPage),
    searchesP95: percentile(perPage, 0.95),
    withItineraries: counts.filter((c) => c > 0).length,
    itinerariesMedian: median(counts),
    incomplete,
  };
}

/** One algorithm's stop-to-stop figures. */
interface StopToStopTimes {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** CPU time of this process, as E1Result's. */
  cpuP50Ms: number;
  cpuP95Ms: number;
  /** Seconds after midnight of the date (GTFS time), null when not reached. */
  arrivals: Array<number | null>;
}

interface StopToStop {
  viewMs: number;
  /** The connection scan (connection-scan.ts): the algorithm of the stop-to-stop query. */
  csa: StopToStopTimes;
  /** RAPTOR (raptor.ts earliestArrival, lower bounds included), for comparison. */
  raptor: StopToStopTimes;
  /** Pairs where the two differ: the scan earlier (more rides than MAX_TRANSFERS allows, or a change time: connection-scan.ts). */
  csaEarlier: number;
  csaLater: number;
  loadBefore: number;
  loadAfter: number;
}

function benchStopToStop(network: Network, date: ServiceDate, pairs: Array<[StopIdx, StopIdx]>): StopToStop {
  const loadBefore = loadavg()[0];
  const zone = zonedTime(network.meta.timezone);
  const timeMs = zone.toEpochMs(date, DEPARTURE_SECONDS);
  const dayStartMs = zone.serviceDayStartMs(date);
  const t0 = performance.now();
  // One service day, as the peer's one search day: from 08:00 to the moment the day's last trip arrives.
  const view = createNetworkView(network, { fromMs: timeMs, toMs: serviceDayEndMs(network, date) ?? timeMs + 86_400_000 });
  const viewMs = performance.now() - t0;
  const algorithms = { csa: connectionScan, raptor: earliestArrival };
  for (const [a, b] of pairs.slice(0, 20)) for (const search of Object.values(algorithms)) search(view, a, b, timeMs); // warm-up (and the day's connections)
  const samples = { csa: [] as number[], raptor: [] as number[] };
  const cpu = { csa: [] as number[], raptor: [] as number[] };
  const arrivals = { csa: [] as Array<number | null>, raptor: [] as Array<number | null> };
  for (const [a, b] of pairs) {
    // Alternating, so that both see the same load.
    for (const name of ["csa", "raptor"] as const) {
      const c0 = process.cpuUsage();
      const s0 = performance.now();
      const at: EpochMs | undefined = algorithms[name](view, a, b, timeMs);
      samples[name].push(performance.now() - s0);
      const c = process.cpuUsage(c0);
      cpu[name].push((c.user + c.system) / 1000);
      arrivals[name].push(at === undefined ? null : (at - dayStartMs) / 1000);
    }
  }
  const times = (name: "csa" | "raptor"): StopToStopTimes => ({
    p50Ms: median(samples[name]),
    p95Ms: percentile(samples[name], 0.95),
    maxMs: Math.max(...samples[name]),
    cpuP50Ms: median(cpu[name]),
    cpuP95Ms: percentile(cpu[name], 0.95),
    arrivals: arrivals[name],
  });
  let csaEarlier = 0;
  let csaLater = 0;
  arrivals.csa.forEach((x, i) => {
    const y = arrivals.raptor[i];
    if (x !== null && (y === null || x < y)) csaEarlier++;
    else if (y !== null && (x === null || x > y)) csaLater++;
  });
  return { viewMs, csa: times("csa"), raptor: times("raptor"), csaEarlier, csaLater, loadBefore, loadAfter: loadavg()[0] };
}

/** How our earliest arrival compares with the peer's, per pair. */
interface Agreement {
  same: number;
  oursEarlier: number;
  oursLater: number;
  /**
   * ... of which the peer's journey walks two footpaths in a row (start, middle or end): we walk at most one between
   * two rides, at the start and at the end (raptor.ts, connection-scan.ts), as the papers' closed footpaths assume;
   * ours are chained up to the walking budget (chain-footpaths.ts), so only a walk longer than that is the peer's alone.
   */
  oursLaterChainedWalks: number;
  /** ... of which (walking no chain) the peer boards or alights where pickup_type or drop_off_type forbid it. */
  oursLaterForbiddenStops: number;
  /** ... of which (neither) the peer's journey rides more vehicles than RAPTOR's MAX_TRANSFERS allows (the connection scan has no limit). */
  oursLaterMoreRides: number;
  /**
   * ... of which (none of these) the peer changes vehicles at one stop faster than transfers.txt's min_transfer_time
   * for that stop (New York: 3 minutes at each subway platform), which we honour.
   */
  oursLaterTransferTime: number;
  /**
   * ... of which (none of these) the peer's answer walks the whole way, with no ride (it gives such a journey no
   * times: arrival 00:00): our stop-to-stop search answers journeys of at least one ride (raptor.ts), E1's planner
   * adds walking apart.
   */
  oursLaterWalkOnly: number;
  bothNone: number;
  onlyOurs: number;
  onlyPeer: number;
  examples: string[];
}

function agreement(network: Network, pairs: Array<[StopIdx, StopIdx]>, ours: Array<number | null>, peer: PeerAnswer[], maxRides: number): Agreement {
  const a: Agreement = {
    same: 0,
    oursEarlier: 0,
    oursLater: 0,
    oursLaterChainedWalks: 0,
    oursLaterForbiddenStops: 0,
    oursLaterMoreRides: 0,
    oursLaterTransferTime: 0,
    oursLaterWalkOnly: 0,
    bothNone: 0,
    onlyOurs: 0,
    onlyPeer: 0,
    examples: [],
  };
  // The minimum time to change at a stop: its footpath to itself (build-footpaths.ts), by the peer's stop label.
  const changeSeconds = new Map<string, number>();
  const { footpathStart, footpathTo, footpathSeconds } = network.stops;
  for (let s = 0; s < network.stops.count; s++) {
    for (let f = footpathStart[s]; f < footpathStart[s + 1]; f++) if (footpathTo[f] === s) changeSeconds.set(stopLabel(network, s), footpathSeconds[f]);
  }
  const tooQuick = (changes: PeerAnswer["changes"]) =>
    changes.some(([stop, arrive, depart]) => arrive >= 0 && depart >= 0 && depart - arrive < (changeSeconds.get(stop) ?? 0));
  const hhmm = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  peer.forEach((p, i) => {
    const o = ours[i];
    const [from, to] = pairs[i];
    const label = `${stopLabel(network, from)} -> ${stopLabel(network, to)}`;
    if (o === null && p.arrival === null) a.bothNone++;
    else if (o === null) {
      a.onlyPeer++;
      if (a.examples.length < 12) a.examples.push(`only the peer: ${label}, ${hhmm(p.arrival!)}`);
    } else if (p.arrival === null) a.onlyOurs++;
    else if (o === p.arrival) a.same++;
    else if (o < p.arrival) {
      a.oursEarlier++;
      if (a.examples.filter((e) => e.startsWith("ours earlier")).length < 3) a.examples.push(`ours earlier: ${label}, ours ${hhmm(o)}, peer ${hhmm(p.arrival)}`);
    }
    else {
      a.oursLater++;
      // A change with neither an arrival nor a departure lies between two walks.
      const chained = p.changes.some(([, arrive, depart]) => arrive < 0 && depart < 0);
      const rides = p.changes.filter(([, , depart]) => depart >= 0).length + (p.changes.length === 0 || p.changes[0][1] >= 0 ? 1 : 0);
      if (chained) a.oursLaterChainedWalks++;
      else if (p.forbiddenStops > 0) a.oursLaterForbiddenStops++;
      else if (rides > maxRides) a.oursLaterMoreRides++;
      else if (tooQuick(p.changes)) a.oursLaterTransferTime++;
      else if (p.changes.length === 0 && p.arrival < DEPARTURE_SECONDS) a.oursLaterWalkOnly++;
      else if (a.examples.length < 12) a.examples.push(`ours later: ${label}, ours ${hhmm(o)}, peer ${hhmm(p.arrival)} (${JSON.stringify(p.changes)})`);
    }
  });
  return a;
}

const zips = mtaZips();
const pairCount = Number(arg("--pairs") ?? 300);
const seed = Number(arg("--seed") ?? 9);
const peerAllTrips = Number(arg("--peer-all-trips") ?? 30);

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} (other work on this machine inflates wall-clock figures)`);
const walk400 = await ensureSnapshot(zips, 400);
const walk250 = await ensureSnapshot(zips, PEER_WALK_METERS);
const walk250Direct = await ensureSnapshot(zips, PEER_WALK_METERS, true);
let ourImportSeconds = walk250.importSeconds;
if (ourImportSeconds === undefined) {
  // The import is part of "our load": measure it once more (in process; the snapshot is written aside).
  const quiet = { stage() {}, bar() {}, done() {} };
  const aside = join(benchDataDir, "routeplan", "import-timing.snapshot");
  ourImportSeconds = (await importFeeds({ feeds: zips, out: aside, profile: "generic", walkRadiusMeters: PEER_WALK_METERS, progress: quiet, log: () => {} })).seconds;
  rmSync(aside, { force: true });
}
let t0 = performance.now();
const network250 = loadSnapshot(walk250.path);
const snapshotLoadMs = performance.now() - t0;
const network400 = loadSnapshot(walk400.path);
const network250Direct = loadSnapshot(walk250Direct.path);
const date = busiestWeekday(network400);
const active = activeServices(network400, date);
let tripsOnDate = 0;
for (let t = 0; t < network400.trips.count; t++) if (active[network400.trips.service[t]]) tripsOnDate++;
console.log(
  `network: ${zips.length} feeds, ${network400.stops.count} stops, ${network400.trips.count} trips (${tripsOnDate} on ${formatServiceDate(date)}, the busiest weekday), ` +
    `footpaths ${network400.stops.footpathTo.length} (400 m) / ${network250.stops.footpathTo.length} (${PEER_WALK_METERS} m) / ` +
    `${network250Direct.stops.footpathTo.length} (${PEER_WALK_METERS} m direct)`,
);

const load = () => loadavg()[0].toFixed(1);
const e1LoadBefore = load();
const e1 = benchE1(network400, date, pairCount, seed);
const e1Load = `load average ${e1LoadBefore} before, ${load()} after`;
console.log(
  `E1 (RAPTOR pages) in process, ${pairCount} coordinate pairs at 08:00, ${e1Load}: p50 ${ms(e1.p50Ms)} ms (target ≤ ${ROUTEPLAN_TARGETS.e1P50Ms}), ` +
    `p95 ${ms(e1.p95Ms)} ms (≤ ${ROUTEPLAN_TARGETS.e1P95Ms}), p99 ${ms(e1.p99Ms)}, max ${ms(e1.maxMs)}; ` +
    `${e1.withItineraries} with itineraries (median ${e1.itinerariesMedian}), ${e1.incomplete} cut by the budget; ` +
    `CPU time p50 ${ms(e1.cpuP50Ms)} ms, p95 ${ms(e1.cpuP95Ms)} ms; searches a page p50 ${e1.searchesP50}, p95 ${e1.searchesP95}`,
);

const pairs = stopPairs(network250, seed, pairCount);
const s2s = benchStopToStop(network250, date, pairs);
const s2sDirect = benchStopToStop(network250Direct, date, pairs);
for (const [name, r, p50, p95] of [
  ["direct", s2sDirect, ROUTEPLAN_TARGETS.stopToStopDirectP50Ms, ROUTEPLAN_TARGETS.stopToStopDirectP95Ms],
  ["chained", s2s, ROUTEPLAN_TARGETS.stopToStopChainedP50Ms, undefined],
] as const) {
  console.log(
    `stop to stop, ${pairCount} pairs at 08:00, ${PEER_WALK_METERS} m footpaths ${name}, load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after: ` +
      `connection scan p50 ${ms(r.csa.p50Ms)} ms (target ≤ ${p50}), p95 ${ms(r.csa.p95Ms)}${p95 === undefined ? "" : ` (≤ ${p95})`}, max ${ms(r.csa.maxMs)}, ` +
      `CPU time p50 ${ms(r.csa.cpuP50Ms)} ms, p95 ${ms(r.csa.cpuP95Ms)}; RAPTOR p50 ${ms(r.raptor.p50Ms)} ms, p95 ${ms(r.raptor.p95Ms)}, CPU time p50 ${ms(r.raptor.cpuP50Ms)}; ` +
      `view of the day ${ms(r.viewMs)} ms; reached ${r.csa.arrivals.filter((x) => x !== null).length}; ` +
      `the scan earlier than RAPTOR ${r.csaEarlier} (more rides than MAX_TRANSFERS allows, or a change time), later ${r.csaLater}`,
  );
}

let peer: { output: PeerOutput; wallMs: number; peakRssBytes: number | null } | undefined;
let agreeDate: Agreement | undefined;
let agreeAll: Agreement | undefined;
if (!flag("--skip-peer")) {
  await ensureRaptorPeer();
  const footpaths: Array<[string, string, number]> = [];
  const { footpathStart, footpathTo, footpathSeconds } = network250.stops;
  for (let s = 0; s < network250.stops.count; s++) {
    for (let i = footpathStart[s]; i < footpathStart[s + 1]; i++) footpaths.push([stopLabel(network250, s), stopLabel(network250, footpathTo[i]), footpathSeconds[i]]);
  }
  console.log(`peer: raptor-journey-planner on the same ${zips.length} zips and ${footpaths.length} footpaths (a few minutes)...`);
  t0 = performance.now();
  const { run, output } = await runRaptorPeer(flag("--reuse-peer"), {
    zips,
    date,
    footpaths,
    queries: pairs.map(([a, b]) => [stopLabel(network250, a), stopLabel(network250, b), DEPARTURE_SECONDS]),
    allTripsQueries: Math.min(peerAllTrips, pairs.length),
  });
  peer = { output, wallMs: run.wallMs, peakRssBytes: run.peakRssBytes };
  const maxRides = 6; // MAX_TRANSFERS (src/routing/constants.ts) + 1
  agreeDate = agreement(network250, pairs, s2s.csa.arrivals, output.date, maxRides);
  agreeAll = output.all.length ? agreement(network250, pairs.slice(0, output.all.length), s2s.csa.arrivals, output.all, maxRides) : undefined;
  const dateMedian = median(output.date.map((a) => a.ms));
  const allMedian = output.all.length ? median(output.all.map((a) => a.ms)) : undefined;
  const loadDate = output.readMs + output.createDateMs;
  console.log(
    `peer load: read ${ms(output.readMs / 1000)} s, all trips ${output.createAllMs === null ? "-" : ms(output.createAllMs / 1000)} s, ` +
      `trips of the date ${ms(output.createDateMs / 1000)} s (${output.tripsOnDate} of ${output.trips}); calendar_dates fix ${ms(output.serviceFixMs)} ms ` +
      `for ${output.tripsWithoutService.reduce((x, y) => x + y, 0)} trips without a service (${output.tripsWithoutService.join(", ")} per feed); ` +
      `without it: ${output.errorWithoutFix ?? "no error"}; peak ${peer.peakRssBytes ? (peer.peakRssBytes / 2 ** 30).toFixed(1) : "?"} GiB`,
  );
  console.log(
    `peer queries: trips of the date median ${ms(dateMedian)} ms, all trips median ${allMedian === undefined ? "-" : ms(allMedian)} ms (${output.all.length} queries); ` +
      `ours ${ms(s2s.csa.p50Ms)} ms: ${(dateMedian / s2s.csa.p50Ms).toFixed(0)}x faster than its best variant (target ≥ ${ROUTEPLAN_TARGETS.peerSpeedup}x)`,
  );
  console.log(
    `load: ours ${ourImportSeconds.toFixed(1)} s (import) + ${ms(snapshotLoadMs)} ms (snapshot load), peer ${ms(loadDate / 1000)} s with trips of the date: ` +
      `${(loadDate / 1000 / ourImportSeconds).toFixed(1)}x the import, ${(loadDate / snapshotLoadMs).toFixed(0)}x the snapshot load`,
  );
  for (const [name, a] of [["trips of the date", agreeDate], ["all trips", agreeAll]] as const) {
    if (!a) continue;
    console.log(
      `agreement (${name}): same ${a.same}, ours earlier ${a.oursEarlier}, ours later ${a.oursLater} (the peer walks two footpaths in a row ${a.oursLaterChainedWalks}, ` +
        `boards or alights where the feed forbids it ${a.oursLaterForbiddenStops}, rides more than ${maxRides} vehicles ${a.oursLaterMoreRides}, ` +
        `changes faster than the stop's min_transfer_time ${a.oursLaterTransferTime}, walks the whole way ${a.oursLaterWalkOnly}, ` +
        `unexplained ${a.oursLater - a.oursLaterChainedWalks - a.oursLaterForbiddenStops - a.oursLaterMoreRides - a.oursLaterTransferTime - a.oursLaterWalkOnly}), ` +
        `both none ${a.bothNone}, only ours ${a.onlyOurs}, only the peer ${a.onlyPeer}`,
    );
    for (const e of a.examples) console.log(`  ${e}`);
  }
}

const results = {
  ranAt: new Date().toISOString(),
  loadAverage: loadavg(),
  date: formatServiceDate(date),
  pairs: pairCount,
  seed,
  e1,
  e1Load,
  stopToStop: {
    algorithm: "connection scan (connection-scan.ts); RAPTOR beside it",
    walk250Chained: { ...s2s, csa: { ...s2s.csa, arrivals: undefined }, raptor: { ...s2s.raptor, arrivals: undefined } },
    walk250Direct: { ...s2sDirect, csa: { ...s2sDirect.csa, arrivals: undefined }, raptor: { ...s2sDirect.raptor, arrivals: undefined } },
  },
  targets: ROUTEPLAN_TARGETS,
  ours: { importSeconds: ourImportSeconds, snapshotLoadMs, snapshotBytes: statSync(walk250.path).size },
  peer: peer && {
    ...peer.output,
    all: undefined,
    date: undefined,
    wallMs: peer.wallMs,
    peakRssBytes: peer.peakRssBytes,
    dateMedianMs: median(peer.output.date.map((a) => a.ms)),
    allMedianMs: peer.output.all.length ? median(peer.output.all.map((a) => a.ms)) : null,
  },
  agreement: { date: agreeDate, all: agreeAll },
};
writeFileSync(join(benchDataDir, "routeplan-results.json"), JSON.stringify(results, null, 2));
console.log(`results: ${join(benchDataDir, "routeplan-results.json")}`);
