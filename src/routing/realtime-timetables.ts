/**
 * Route planning's real-time timetables: for one overlay, network and service date, the predicted departures and
 * arrivals of each pattern the feed speaks of, in arrays read like the schedule's, so that with an overlay a search
 * reads a time in one array read and finds a trip by a binary search (realtime-trips.ts), as without one. Patterns
 * the feed says nothing about that date get no table: they are read from the schedule.
 *
 * Built lazily, once per overlay and date, and kept as long as the overlay is (a WeakMap: a poll's new state gets new
 * tables, the old ones go with the old state), as the big planners do (OpenTripPlanner's TimetableSnapshot, nigiri's
 * real-time timetable). Cost on the MTA (a feed predicting 30 % of a weekday's trips): docs/BENCHMARKS.md "Route
 * planning with real-time".
 *
 * The times (ServiceSeconds of the date, as the schedule's), the rules network-view.ts states: the departure as the
 * feed gives it, rounded down to the second; the arrival the scheduled arrival moved by the departure's delay, never
 * after the predicted departure (rounded up); at a trip's last stop the prediction is the arrival. A cancelled trip or
 * a skipped stop is SKIP.
 *
 * Order: predictions may reorder a pattern's trips (a late bus overtaken by the next), so each position holds its own
 * order of the trips that stop there, by predicted departure (and one by predicted arrival); a binary search over it
 * finds the first trip leaving at or after a time whatever the order at other positions. Where no trip overtakes
 * (most positions) that order is the schedule's and sorting is skipped.
 */
import type { Network, PatternIdx, ServiceDate, TripIdx } from "../network/model.js";
import { NO_PREDICTION, type RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { zonedTime } from "../lib/zoned-time.js";
import { dayTrips } from "./day-trips.js";

/** A time where the trip does not stop (cancelled, skipped): below any real time, never in an order. */
export const SKIP = -0x8000_0000;

/** One pattern's trips running on one date, with the feed's predictions. */
export interface PatternDay {
  pattern: PatternIdx;
  /** The row (among the date's running trips, day-trips.ts) of the pattern's first trip; trip i is row first + i. */
  first: number;
  /** Running trips of the pattern that date. */
  n: number;
  /** position * n + i -> departure (ServiceSeconds of the date), SKIP where trip i does not stop. */
  dep: Int32Array;
  /** position * n + i -> arrival, as dep. */
  arr: Int32Array;
  /** position * n + k -> the trip i that is k-th to leave the position (SKIPs left out): depCount[position] of them. */
  depOrder: Uint32Array;
  depCount: Uint32Array;
  /** position * n + i -> k where depOrder[position * n + k] is i (trips that stop there): a hint's place in the order. */
  depRank: Uint32Array;
  /** The same by arrival. */
  arrOrder: Uint32Array;
  arrCount: Uint32Array;
  arrRank: Uint32Array;
  /** The earliest and latest time of any trip at any position (SKIPs aside): a search skips the date outside them. */
  earliest: number;
  latest: number;
}

/** One date's tables. */
export interface RealtimeDay {
  /** PatternIdx -> its index in `tables`, -1 when the feed predicts none of its trips that date (read the schedule). */
  tableOf: Int32Array;
  tables: readonly PatternDay[];
}

const cache = new WeakMap<RealtimeOverlay, WeakMap<Network, Map<ServiceDate, RealtimeDay>>>();

/** The real-time tables of `date` (built on the first call for this overlay, network and date). */
export function realtimeDay(network: Network, overlay: RealtimeOverlay, date: ServiceDate): RealtimeDay {
  let byNetwork = cache.get(overlay);
  if (!byNetwork) cache.set(overlay, (byNetwork = new WeakMap()));
  let byDate = byNetwork.get(network);
  if (!byDate) byNetwork.set(network, (byDate = new Map()));
  let day = byDate.get(date);
  if (!day) byDate.set(date, (day = buildDay(network, overlay, date)));
  return day;
}

function buildDay(network: Network, overlay: RealtimeOverlay, date: ServiceDate): RealtimeDay {
  const { trips } = network;
  const running = dayTrips(network, date);
  // The patterns the feed speaks of that date.
  const patterns = new Set<PatternIdx>();
  if (overlay.predictedTrips !== undefined) {
    for (const t of overlay.predictedTrips(date)) patterns.add(trips.pattern[t]);
  } else {
    for (let r = 0; r < running.trips.length; r++) {
      const t = running.trips[r];
      if (!patterns.has(trips.pattern[t]) && hasPrediction(network, overlay, t, date)) patterns.add(trips.pattern[t]);
    }
  }
  const tableOf = new Int32Array(network.patterns.count).fill(-1);
  const tables: PatternDay[] = [];
  const dayStartMs = zonedTime(network.meta.timezone).serviceDayStartMs(date);
  for (const p of patterns) {
    const first = running.start[p];
    const n = running.start[p + 1] - first;
    if (n === 0) continue; // the feed names a trip that does not run that date
    tableOf[p] = tables.length;
    tables.push(patternDay(network, overlay, date, dayStartMs, running.trips, p, first, n));
  }
  return { tableOf, tables };
}

function hasPrediction(network: Network, overlay: RealtimeOverlay, t: TripIdx, date: ServiceDate): boolean {
  const p = network.trips.pattern[t];
  const length = network.patterns.stopStart[p + 1] - network.patterns.stopStart[p];
  for (let pos = 0; pos < length; pos++) if (predictedMs(overlay, t, date, pos) !== NO_PREDICTION) return true;
  return false;
}

/** The overlay's instant of a passage: NO_PREDICTION, NaN (it does not stop), or epoch ms. */
function predictedMs(overlay: RealtimeOverlay, t: TripIdx, date: ServiceDate, position: number): number {
  if (overlay.predictedMs !== undefined) return overlay.predictedMs(t, date, position);
  const u = overlay.passage(t, date, position);
  if (u === undefined) return NO_PREDICTION;
  if (u.cancelled) return NaN;
  return u.epochMs ?? NO_PREDICTION;
}

function patternDay(
  network: Network,
  overlay: RealtimeOverlay,
  date: ServiceDate,
  dayStartMs: number,
  running: Uint32Array,
  p: PatternIdx,
  first: number,
  n: number,
): PatternDay {
  const { stopTimes, trips, patterns } = network;
  const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
  const dep = new Int32Array(length * n);
  const arr = new Int32Array(length * n);
  for (let i = 0; i < n; i++) {
    const t = running[first + i];
    const row0 = trips.stopTimeStart[t];
    for (let pos = 0; pos < length; pos++) {
      const scheduledDep = stopTimes.departure[row0 + pos];
      const scheduledArr = stopTimes.arrival[row0 + pos];
      const ms = predictedMs(overlay, t, date, pos);
      const cell = pos * n + i;
      if (ms === NO_PREDICTION) {
        dep[cell] = scheduledDep;
        arr[cell] = scheduledArr;
      } else if (Number.isNaN(ms)) {
        dep[cell] = SKIP;
        arr[cell] = SKIP;
      } else {
        const down = Math.floor((ms - dayStartMs) / 1000);
        const up = Math.ceil((ms - dayStartMs) / 1000);
        dep[cell] = down;
        // The feed predicts the departure: the arrival moves by the same delay, and cannot come after it.
        arr[cell] = pos === length - 1 ? up : Math.min(scheduledArr + up - scheduledDep, up);
      }
    }
  }
  let earliest = Infinity;
  let latest = -Infinity;
  for (let c = 0; c < dep.length; c++) {
    if (dep[c] === SKIP) continue;
    earliest = Math.min(earliest, arr[c], dep[c]);
    latest = Math.max(latest, arr[c], dep[c]);
  }
  const depOrder = new Uint32Array(length * n);
  const depCount = new Uint32Array(length);
  const depRank = new Uint32Array(length * n);
  const arrOrder = new Uint32Array(length * n);
  const arrCount = new Uint32Array(length);
  const arrRank = new Uint32Array(length * n);
  for (let pos = 0, base = 0; pos < length; pos++, base += n) {
    depCount[pos] = orderAt(dep, depOrder, base, n);
    arrCount[pos] = orderAt(arr, arrOrder, base, n);
    for (let k = 0; k < depCount[pos]; k++) depRank[base + depOrder[base + k]] = k;
    for (let k = 0; k < arrCount[pos]; k++) arrRank[base + arrOrder[base + k]] = k;
  }
  return { pattern: p, first, n, dep, arr, depOrder, depCount, depRank, arrOrder, arrCount, arrRank, earliest, latest };
}

const hopCache = new WeakMap<RealtimeOverlay, WeakMap<Int32Array, Map<string, Int32Array>>>();

/**
 * The hops of the lower bounds of travel time (TransitView.hopSeconds, lower-bounds.ts) with the predictions of
 * `dates`: per pattern stop row the fewer of `scheduled` (the schedule's fastest) and every predicted trip's seconds
 * to the next stop. A trip skipping stops may ride past them faster than the hops add up: where it does, the hops it
 * rides past are cut in proportion to the schedule's, so that they add up to its time (not to 0: on the MTA zero hops
 * at 2 % of trips' skipped stops made the bounds so weak that planning took a third longer). So the bounds stay
 * lower bounds of what a search reads, without discounting every hop (halving them, as before, made planning with
 * an overlay half again as slow: docs/BENCHMARKS.md "Route planning with real-time"). Once per
 * overlay, schedule's hops and set of dates (a new array: lower-bounds.ts builds its graph once per hop array).
 */
export function realtimeHops(network: Network, overlay: RealtimeOverlay, dates: readonly ServiceDate[], scheduled: Int32Array): Int32Array {
  let byBase = hopCache.get(overlay);
  if (!byBase) hopCache.set(overlay, (byBase = new WeakMap()));
  let byDates = byBase.get(scheduled);
  if (!byDates) byBase.set(scheduled, (byDates = new Map()));
  const key = dates.join(",");
  let hops = byDates.get(key);
  if (hops) return hops;
  hops = scheduled.slice();
  for (const date of dates) {
    for (const t of realtimeDay(network, overlay, date).tables) {
      const row0 = network.patterns.stopStart[t.pattern];
      const length = t.dep.length / t.n;
      for (let i = 0; i < t.n; i++) {
        for (let pos = 0; pos < length - 1; pos++) {
          const d = t.dep[pos * t.n + i];
          if (d === SKIP) continue;
          let q = pos + 1;
          while (q < length && t.arr[q * t.n + i] === SKIP) q++;
          if (q === length) break;
          const seconds = Math.max(0, t.arr[q * t.n + i] - d);
          if (q === pos + 1) {
            hops[row0 + pos] = Math.min(hops[row0 + pos], seconds);
            continue;
          }
          let sum = 0;
          for (let r = pos; r < q; r++) sum += scheduled[row0 + r];
          if (sum <= seconds) continue;
          for (let r = pos; r < q; r++) hops[row0 + r] = Math.min(hops[row0 + r], Math.floor((scheduled[row0 + r] * seconds) / sum));
        }
      }
    }
  }
  byDates.set(key, hops);
  return hops;
}

/**
 * Writes into order[base..] the trips i of times[base + i] that are not SKIP, ascending by time (then by i: the
 * schedule's order), and returns how many. Sorts only when the schedule's order is not already ascending.
 */
function orderAt(times: Int32Array, order: Uint32Array, base: number, n: number): number {
  let k = 0;
  let sorted = true;
  let last = SKIP;
  for (let i = 0; i < n; i++) {
    const v = times[base + i];
    if (v === SKIP) continue;
    if (v < last) sorted = false;
    last = v;
    order[base + k++] = i;
  }
  if (!sorted) order.subarray(base, base + k).sort((a, b) => times[base + a] - times[base + b] || a - b);
  return k;
}
