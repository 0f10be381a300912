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
  /** The same by arrival. */
  arrOrder: Uint32Array;
  arrCount: Uint32Array;
}

/** One date's tables: PatternIdx -> its PatternDay, undefined when the feed predicts none of its trips that date. */
export interface RealtimeDay {
  byPattern: ReadonlyArray<PatternDay | undefined>;
  /** Patterns with a table. */
  patterns: number;
}

const EMPTY: RealtimeDay = { byPattern: [], patterns: 0 };

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
  if (patterns.size === 0) return EMPTY;
  const byPattern: Array<PatternDay | undefined> = new Array(network.patterns.count);
  const dayStartMs = zonedTime(network.meta.timezone).serviceDayStartMs(date);
  let count = 0;
  for (const p of patterns) {
    const first = running.start[p];
    const n = running.start[p + 1] - first;
    if (n === 0) continue; // the feed names a trip that does not run that date
    byPattern[p] = patternDay(network, overlay, date, dayStartMs, running.trips, p, first, n);
    count++;
  }
  return { byPattern, patterns: count };
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
  const depOrder = new Uint32Array(length * n);
  const depCount = new Uint32Array(length);
  const arrOrder = new Uint32Array(length * n);
  const arrCount = new Uint32Array(length);
  for (let pos = 0; pos < length; pos++) {
    depCount[pos] = orderAt(dep, depOrder, pos * n, n);
    arrCount[pos] = orderAt(arr, arrOrder, pos * n, n);
  }
  return { first, n, dep, arr, depOrder, depCount, arrOrder, arrCount };
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
