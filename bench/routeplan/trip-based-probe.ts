/**
 * `tsx bench/routeplan/trip-based-probe.ts [--snapshot <name>] [--sample <n>]`: what Trip-Based routing (Witt,
 * "Trip-Based Public Transit Routing", 2015) would cost and win on the MTA, measured before building it into the
 * planner (docs/BENCHMARKS.md "Route planning": "Trip-Based routing, measured").
 *
 * On one snapshot bench:routeplan imported (default mta-walk250-direct; mta-walk400 is E1's) and its busiest weekday:
 * - the preprocessing: for each trip's arrival at each stop, the first trip of every pattern catchable there or a
 *   footpath away (the stop's change time, the footpath's seconds), then the transfer reduction (a transfer is kept
 *   only when it improves the arrival at some stop, raw or ready to board, over what the trip's later stops and the
 *   transfers kept already reach); with --sample n only every nth trip, the time extrapolated;
 * - without --sample, the pages: bench:routeplan's 300 E1 pages at 08:00, planned as the planner plans them (RAPTOR,
 *   the lower bounds once a page), each search asked again of the Trip-Based search (the same lower bounds, known
 *   journeys and transfer penalty), both timed and their arrivals per number of transfers compared; a page's time
 *   with Trip-Based searches is its time less its RAPTOR searches plus their Trip-Based twins.
 *
 * A probe, not a planner: schedule only, one service date, no transfers.txt route or trip rules, no staying on board,
 * no journeys' legs (only arrivals), trips of a pattern assumed never to overtake (compile-trips.ts).
 */
import { join } from "node:path";
import { routeplanBody } from "../../src/api/core/routeplan/routeplan.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { NO_CHANGE_SECONDS } from "../../src/network/constants.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { MAX_TRANSFERS } from "../../src/routing/constants.js";
import { dayTrips } from "../../src/routing/day-trips.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import type { SearchFactory } from "../../src/routing/plan-types.js";
import type { RaptorQuery } from "../../src/routing/raptor-types.js";
import { searchBounds } from "../../src/routing/raptor-search.js";
import { raptor } from "../../src/routing/raptor.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { arg } from "./mta-input.js";
import { placePairs, seeded } from "./pairs.js";
import { formatMs, median, percentile } from "./timing.js";

const UNSET = 0x7fffffff;

const snapshot = arg("--snapshot") ?? "mta-walk250-direct";
const sample = Number(arg("--sample") ?? 1);
const network = loadSnapshot(join(benchDataDir, "routeplan", `${snapshot}.snapshot`));
const date = busiestWeekday(network);
const zone = zonedTime(network.meta.timezone);
const dayStartMs = zone.serviceDayStartMs(date);
const view = createNetworkView(network, { fromMs: dayStartMs, toMs: dayStartMs + 30 * 3_600_000 });
const { patternStopStart: pss, patternStops, stopPatternStart, stopPatterns, stopPatternPositions, boardable, alightable } = view;
const { footpathStart, footpathTo, footpathSeconds, sameStopSeconds } = view;

// The date's timetable: rows are its running trips, by pattern, each pattern's by departure (dayTrips); events are
// a row's stops, times in seconds of the service date.
const running = dayTrips(network, date);
const rowCount = running.trips.length;
const rowPattern = new Int32Array(rowCount);
for (let p = 0; p < network.patterns.count; p++) rowPattern.fill(p, running.start[p], running.start[p + 1]);
const eventStart = new Uint32Array(rowCount + 1);
for (let r = 0; r < rowCount; r++) eventStart[r + 1] = eventStart[r] + pss[rowPattern[r] + 1] - pss[rowPattern[r]];
const eventCount = eventStart[rowCount];
const arrival = new Int32Array(eventCount);
const departure = new Int32Array(eventCount);
for (let r = 0; r < rowCount; r++) {
  const length = eventStart[r + 1] - eventStart[r];
  arrival.set(network.stopTimes.arrival.subarray(running.stopTimeStart[r], running.stopTimeStart[r] + length), eventStart[r]);
  departure.set(network.stopTimes.departure.subarray(running.stopTimeStart[r], running.stopTimeStart[r] + length), eventStart[r]);
}
const patternLength = (p: number) => pss[p + 1] - pss[p];

/** The first row of pattern p leaving position j at `time` or later; -1 when none. */
function earliestRow(p: number, j: number, time: number): number {
  let lo = running.start[p];
  let hi = running.start[p + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (departure[eventStart[mid] + j] < time) lo = mid + 1;
    else hi = mid;
  }
  return lo < running.start[p + 1] ? lo : -1;
}

// ---- Preprocessing: transfers per event (CSR: transferStart by event, then the row and position boarded).
const transferStart = new Uint32Array(eventCount + 1);
const transferRow: number[] = [];
const transferPos: number[] = [];
let generated = 0;
const reachedAt = new Int32Array(view.stopCount).fill(UNSET); // raw arrival
const readyAt = new Int32Array(view.stopCount).fill(UNSET); // ready to board: after the change time or a footpath
const rideAt = new Int32Array(view.stopCount).fill(UNSET); // by a ride itself: its footpaths were walked from there
const touched: number[] = [];
const touchedRide: number[] = [];

function improve(times: Int32Array, stop: number, time: number): boolean {
  if (time >= times[stop]) return false;
  if (reachedAt[stop] === UNSET && readyAt[stop] === UNSET) touched.push(stop);
  times[stop] = time;
  return true;
}

/** A ride arriving at `stop` at `time`: whether it improves an arrival there or a footpath away. */
function arriveAt(stop: number, time: number): boolean {
  // Not earlier than a ride before it: whatever it reaches, that ride reached first.
  if (time >= rideAt[stop]) return false;
  if (rideAt[stop] === UNSET) touchedRide.push(stop);
  rideAt[stop] = time;
  let better = improve(reachedAt, stop, time);
  const change = sameStopSeconds[stop];
  if (change !== NO_CHANGE_SECONDS && improve(readyAt, stop, time + change)) better = true;
  for (let f = footpathStart[stop]; f < footpathStart[stop + 1]; f++) {
    const walked = time + footpathSeconds[f];
    if (improve(reachedAt, footpathTo[f], walked)) better = true;
    if (improve(readyAt, footpathTo[f], walked)) better = true;
  }
  return better;
}

/** Row t's transfers, reduced: its positions from the last back, each candidate kept when it improves an arrival. */
function rowTransfers(t: number): Array<[number, number, number]> {
  const pattern = rowPattern[t];
  const base = pss[pattern];
  for (const s of touched) reachedAt[s] = readyAt[s] = UNSET;
  for (const s of touchedRide) rideAt[s] = UNSET;
  touched.length = touchedRide.length = 0;
  const kept: Array<[number, number, number]> = [];
  for (let i = patternLength(pattern) - 1; i >= 1; i--) {
    if (alightable[base + i] === 0) continue;
    const stop = patternStops[base + i];
    const at = arrival[eventStart[t] + i];
    const candidates: Array<[number, number]> = [];
    const board = (q: number, ready: number) => {
      for (let r = stopPatternStart[q]; r < stopPatternStart[q + 1]; r++) {
        const p = stopPatterns[r];
        const j = stopPatternPositions[r];
        if (j >= patternLength(p) - 1 || boardable[pss[p] + j] === 0) continue;
        const u = earliestRow(p, j, ready);
        // A later trip of the same pattern boarded no earlier along it: staying on board is as good.
        if (u < 0 || (p === pattern && u >= t && j >= i)) continue;
        candidates.push([u, j]);
      }
    };
    if (sameStopSeconds[stop] !== NO_CHANGE_SECONDS) board(stop, at + sameStopSeconds[stop]);
    for (let f = footpathStart[stop]; f < footpathStart[stop + 1]; f++) board(footpathTo[f], at + footpathSeconds[f]);
    generated += candidates.length;
    arriveAt(stop, at);
    candidates.sort((a, b) => departure[eventStart[a[0]] + a[1]] - departure[eventStart[b[0]] + b[1]]);
    for (const [u, j] of candidates) {
      const p = rowPattern[u];
      let better = false;
      for (let k = j + 1; k < patternLength(p); k++) {
        if (alightable[pss[p] + k] === 1 && arriveAt(patternStops[pss[p] + k], arrival[eventStart[u] + k])) better = true;
      }
      if (better) kept.push([i, u, j]);
    }
  }
  return kept.sort((a, b) => a[0] - b[0]);
}

let started = performance.now();
let rowsDone = 0;
for (let t = 0; t < rowCount; t++) {
  const first = eventStart[t];
  const kept = t % sample === 0 ? rowTransfers(t) : [];
  if (t % sample === 0) rowsDone++;
  let x = 0;
  for (let i = 0; i < patternLength(rowPattern[t]); i++) {
    transferStart[first + i] = transferRow.length;
    for (; x < kept.length && kept[x][0] === i; x++) transferRow.push(kept[x][1]), transferPos.push(kept[x][2]);
  }
}
transferStart[eventCount] = transferRow.length;
const seconds = (performance.now() - started) / 1000;
const scale = rowCount / rowsDone;
console.log(
  `${snapshot}, ${date}: ${rowCount} trips, ${eventCount} stop events, footpaths ${view.footpathStart[view.stopCount]}; ` +
    `transfers ${sample > 1 ? `(every ${sample}th trip, times ${scale.toFixed(1)}) ` : ""}generated ${Math.round(generated * scale)}, ` +
    `kept ${Math.round(transferRow.length * scale)}, in ${(seconds * scale).toFixed(1)} s`,
);
if (sample > 1) process.exit(0);
const rows = Int32Array.from(transferRow);
const positions = Uint16Array.from(transferPos);

// ---- The search: rounds of trip segments (row, boarded at, alight up to), `firstReached` per row (Witt's R(t)).
const firstReached = new Int32Array(rowCount).fill(UNSET);
const touchedRows: number[] = [];
const segRow: number[] = [];
const segFrom: number[] = [];
const segTo: number[] = [];

function enqueue(u: number, j: number): void {
  if (j >= firstReached[u]) return;
  const p = rowPattern[u];
  segRow.push(u);
  segFrom.push(j);
  segTo.push(Math.min(firstReached[u], patternLength(p) - 1));
  // Every later trip of the pattern is reached at j too: boarding it there is never better.
  for (let v = u; v < running.start[p + 1] && j < firstReached[v]; v++) {
    if (firstReached[v] === UNSET) touchedRows.push(v);
    firstReached[v] = j;
  }
}

/**
 * Per number of transfers, the earliest arrival (service-date seconds) that beats fewer transfers by the penalty and
 * the known journeys with as many rides (RaptorQuery.known, as RAPTOR bounds its rounds with them).
 */
function tripBased(q: RaptorQuery, bounds: Int32Array): Map<number, number> {
  const toSeconds = (ms: number) => Math.ceil((ms - dayStartMs) / 1000);
  const penalty = Math.floor((q.transferPenaltyMs ?? 0) / 1000);
  const maxRides = (q.maxTransfers ?? MAX_TRANSFERS) + 1;
  const known = new Float64Array(maxRides).fill(UNSET);
  for (const j of q.known ?? []) if (j.transfers < maxRides) known[j.transfers] = Math.min(known[j.transfers], toSeconds(j.arrivalMs));
  const egress = new Map<number, number[]>(); // pattern -> [position, seconds, ...]
  for (const d of q.destinations) {
    for (let r = stopPatternStart[d.stop]; r < stopPatternStart[d.stop + 1]; r++) {
      const p = stopPatterns[r];
      const j = stopPatternPositions[r];
      if (j === 0 || alightable[pss[p] + j] === 0) continue;
      const list = egress.get(p) ?? [];
      list.push(j, d.seconds);
      egress.set(p, list);
    }
  }
  segRow.length = segFrom.length = segTo.length = 0;
  const start = toSeconds(q.timeMs);
  for (const o of q.origins) {
    for (let r = stopPatternStart[o.stop]; r < stopPatternStart[o.stop + 1]; r++) {
      const p = stopPatterns[r];
      const j = stopPatternPositions[r];
      if (j >= patternLength(p) - 1 || boardable[pss[p] + j] === 0) continue;
      const u = earliestRow(p, j, start + o.seconds);
      if (u >= 0) enqueue(u, j);
    }
  }
  const found = new Map<number, number>();
  let target = UNSET;
  let head = 0;
  for (let transfers = 0; transfers < maxRides && head < segRow.length; transfers++) {
    target = Math.min(target, known[transfers]);
    const end = segRow.length;
    let best = target;
    for (let x = head; x < end; x++) {
      const list = egress.get(rowPattern[segRow[x]]);
      for (let e = 0; list !== undefined && e < list.length; e += 2) {
        if (list[e] <= segFrom[x] || list[e] > segTo[x]) continue;
        best = Math.min(best, arrival[eventStart[segRow[x]] + list[e]] + list[e + 1]);
      }
    }
    if (best < target) found.set(transfers, best);
    if (best < UNSET) target = best - penalty;
    for (let x = head; x < end; x++) {
      const u = segRow[x];
      const base = pss[rowPattern[u]];
      for (let i = segFrom[x] + 1; i <= segTo[x]; i++) {
        const at = arrival[eventStart[u] + i];
        if (at >= target) break;
        if (at + bounds[patternStops[base + i]] >= target) continue;
        for (let f = transferStart[eventStart[u] + i]; f < transferStart[eventStart[u] + i + 1]; f++) enqueue(rows[f], positions[f]);
      }
    }
    head = end;
  }
  for (const v of touchedRows) firstReached[v] = UNSET;
  touchedRows.length = 0;
  return found;
}

// ---- The pages: bench:routeplan's 300 E1 pages planned as the planner does (RAPTOR over its own view, the lower
// bounds once a page), each search timed and asked again of the Trip-Based search, which is timed too.
const timeMs = zone.toEpochMs(date, 8 * 3600);
const searches = { raptor: [] as number[], tripBased: [] as number[], same: 0 };
let pageSearchMs = { raptor: 0, tripBased: 0 };
const timedSearches: SearchFactory = (net, scope) => {
  const own = createNetworkView(net, scope);
  const boundsOf = searchBounds(own);
  return (q) => {
    const bounds = boundsOf(q);
    let t = performance.now();
    const journeys = raptor(own, q, bounds);
    const raptorMs = performance.now() - t;
    t = performance.now();
    const found = tripBased(q, bounds);
    const tripBasedMs = performance.now() - t;
    searches.raptor.push(raptorMs);
    searches.tripBased.push(tripBasedMs);
    pageSearchMs.raptor += raptorMs;
    pageSearchMs.tripBased += tripBasedMs;
    const byRaptor = new Map(journeys.map((j) => [j.transfers, Math.ceil((j.arrivalMs - dayStartMs) / 1000)]));
    if (byRaptor.size === found.size && [...found].every(([k, at]) => byRaptor.get(k) === at)) searches.same++;
    return journeys;
  };
};
const pages = { raptor: [] as number[], tripBased: [] as number[] };
for (const { from, to } of placePairs(network, seeded(9), 300)) {
  pageSearchMs = { raptor: 0, tripBased: 0 };
  const t = performance.now();
  const plan = planJourneys(network, undefined, { from: { kind: "place", ...from }, to: { kind: "place", ...to }, timeMs, searchFactory: timedSearches });
  JSON.stringify(routeplanBody(network, plan, "http://localhost:8080"));
  // The page without the Trip-Based searches it also ran; then with them in place of RAPTOR's.
  const pageMs = performance.now() - t - pageSearchMs.tripBased;
  pages.raptor.push(pageMs);
  pages.tripBased.push(pageMs - pageSearchMs.raptor + pageSearchMs.tripBased);
}
const mean = (xs: number[]) => formatMs(xs.reduce((a, b) => a + b, 0) / xs.length);
const figures = (xs: number[]) => `p50 ${formatMs(median(xs))} ms, p95 ${formatMs(percentile(xs, 0.95))}, mean ${mean(xs)}`;
console.log(`${searches.raptor.length} searches of 300 E1 pages at 08:00: RAPTOR ${figures(searches.raptor)}; Trip-Based ${figures(searches.tripBased)}; the same arrivals per number of transfers in ${searches.same}`);
console.log(`E1 pages: with RAPTOR ${figures(pages.raptor)}; with Trip-Based searches instead ${figures(pages.tripBased)}`);
