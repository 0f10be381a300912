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
 * order of the trips that stop there, by predicted departure (and one by predicted arrival), with the times in that
 * order beside it; a binary search over them finds the first trip leaving at or after a time whatever the order at
 * other positions. Where no trip overtakes (most positions) that order is the schedule's and sorting is skipped.
 *
 * Layout: one day's tables in a few flat columns (no object per pattern: a search reads typed arrays only), a
 * pattern's cells from cellStart[p], n its trips running that date (DayTrips.start), trip i its row
 * DayTrips.start[p] + i. The times trip by trip (`i * length + position`, as the schedule's stop times: a time is
 * rowCell[row] + position, one read more than without an overlay), the orders position by position
 * (`position * n + k`). Memory: 24 bytes a predicted pattern's stop time, 4 a running trip (docs/BENCHMARKS.md).
 */
import type { Network, PatternIdx, ServiceDate, TripIdx } from "../network/model.js";
import { NO_PREDICTION, type RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { zonedTime } from "../lib/zoned-time.js";
import { type DayTrips, dayTrips } from "./day-trips.js";

/** A time where the trip does not stop (cancelled, skipped): below any real time, never in an order. */
export const SKIP = -0x8000_0000;

/** One date's real-time tables. */
export interface RealtimeDay {
  /** PatternIdx -> its first cell, -1 when the feed predicts none of its trips that date (read the schedule). */
  cellStart: Int32Array;
  /** Patterns with a table. */
  patterns: readonly PatternIdx[];
  /** Row among the date's running trips (DayTrips.trips) -> the cell of its times at position 0; -1 without a table. */
  rowCell: Int32Array;
  /** cell (cellStart + i * length + position) -> departure of trip i (ServiceSeconds of the date), SKIP where it does not stop. */
  dep: Int32Array;
  /** cell -> arrival, as dep. */
  arr: Int32Array;
  /** cellStart + position * n + k -> the trip i that is k-th to leave the position, of those that stop there (`count`). */
  depOrder: Uint16Array;
  /** cellStart + position * n + k -> its departure: what a search bisects. */
  depSorted: Int32Array;
  /** cellStart + position * n + i -> k: trip i's place in depOrder at the position (a hint's place). */
  depRank: Uint16Array;
  /** The same by arrival. */
  arrOrder: Uint16Array;
  arrSorted: Int32Array;
  arrRank: Uint16Array;
  /** Pattern stop row (the network's patterns.stopStart[p] + position) -> trips that stop there. */
  count: Uint32Array;
  /** PatternIdx -> the earliest and latest time of any of its trips that date (SKIPs aside): a search skips the date outside them. */
  earliest: Int32Array;
  latest: Int32Array;
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
  const { trips, patterns } = network;
  const running = dayTrips(network, date);
  // The patterns the feed speaks of that date.
  const spoken = new Set<PatternIdx>();
  if (overlay.predictedTrips !== undefined) {
    for (const t of overlay.predictedTrips(date)) spoken.add(trips.pattern[t]);
  } else {
    for (let r = 0; r < running.trips.length; r++) {
      const t = running.trips[r];
      if (!spoken.has(trips.pattern[t]) && hasPrediction(network, overlay, t, date)) spoken.add(trips.pattern[t]);
    }
  }
  const cellStart = new Int32Array(patterns.count).fill(-1);
  const list: PatternIdx[] = [];
  let cells = 0;
  for (const p of [...spoken].sort((a, b) => a - b)) {
    const n = running.start[p + 1] - running.start[p];
    if (n === 0) continue; // the feed names a trip that does not run that date
    // Orders and ranks are 16-bit (memory: docs/BENCHMARKS.md): a trip every 1.3 s all day on one pattern is none.
    if (n > 0xffff) throw new RangeError(`a pattern runs ${n} trips on ${date}: real-time tables hold at most 65,535`);
    cellStart[p] = cells;
    list.push(p);
    cells += n * (patterns.stopStart[p + 1] - patterns.stopStart[p]);
  }
  const day: RealtimeDay = {
    cellStart,
    patterns: list,
    rowCell: new Int32Array(running.trips.length).fill(-1),
    dep: new Int32Array(cells),
    arr: new Int32Array(cells),
    depOrder: new Uint16Array(cells),
    depSorted: new Int32Array(cells),
    depRank: new Uint16Array(cells),
    arrOrder: new Uint16Array(cells),
    arrSorted: new Int32Array(cells),
    arrRank: new Uint16Array(cells),
    count: new Uint32Array(list.length === 0 ? 0 : patterns.stops.length),
    earliest: new Int32Array(list.length === 0 ? 0 : patterns.count),
    latest: new Int32Array(list.length === 0 ? 0 : patterns.count),
  };
  const dayStartMs = zonedTime(network.meta.timezone).serviceDayStartMs(date);
  for (const p of list) fillPattern(network, overlay, date, dayStartMs, running, p, day);
  return day;
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

function fillPattern(network: Network, overlay: RealtimeOverlay, date: ServiceDate, dayStartMs: number, running: DayTrips, p: PatternIdx, day: RealtimeDay): void {
  const { stopTimes, trips, patterns } = network;
  const { dep, arr } = day;
  const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
  const first = running.start[p];
  const n = running.start[p + 1] - first;
  const c0 = day.cellStart[p];
  let earliest = 0x7fff_ffff;
  let latest = SKIP;
  for (let i = 0; i < n; i++) {
    const t = running.trips[first + i];
    const row0 = trips.stopTimeStart[t];
    for (let pos = 0; pos < length; pos++) {
      const scheduledDep = stopTimes.departure[row0 + pos];
      const scheduledArr = stopTimes.arrival[row0 + pos];
      const ms = predictedMs(overlay, t, date, pos);
      const cell = c0 + i * length + pos;
      if (ms === NO_PREDICTION) {
        dep[cell] = scheduledDep;
        arr[cell] = scheduledArr;
      } else if (Number.isNaN(ms)) {
        dep[cell] = SKIP;
        arr[cell] = SKIP;
        continue;
      } else {
        const down = Math.floor((ms - dayStartMs) / 1000);
        const up = Math.ceil((ms - dayStartMs) / 1000);
        dep[cell] = down;
        // The feed predicts the departure: the arrival moves by the same delay, and cannot come after it.
        arr[cell] = pos === length - 1 ? up : Math.min(scheduledArr + up - scheduledDep, up);
      }
      earliest = Math.min(earliest, arr[cell], dep[cell]);
      latest = Math.max(latest, arr[cell], dep[cell]);
    }
  }
  day.earliest[p] = earliest;
  day.latest[p] = latest;
  for (let i = 0; i < n; i++) day.rowCell[first + i] = c0 + i * length;
  const row0 = patterns.stopStart[p];
  for (let pos = 0; pos < length; pos++) {
    const base = c0 + pos * n;
    day.count[row0 + pos] = orderAt(dep, c0 + pos, length, day.depOrder, day.depSorted, day.depRank, base, n);
    orderAt(arr, c0 + pos, length, day.arrOrder, day.arrSorted, day.arrRank, base, n);
  }
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
    const day = realtimeDay(network, overlay, date);
    const running = dayTrips(network, date);
    for (const p of day.patterns) {
      const row0 = network.patterns.stopStart[p];
      const length = network.patterns.stopStart[p + 1] - row0;
      const n = running.start[p + 1] - running.start[p];
      const c0 = day.cellStart[p];
      for (let i = 0; i < n; i++) {
        const cell = c0 + i * length;
        for (let pos = 0; pos < length - 1; pos++) {
          const d = day.dep[cell + pos];
          if (d === SKIP) continue;
          let q = pos + 1;
          while (q < length && day.arr[cell + q] === SKIP) q++;
          if (q === length) break;
          const seconds = Math.max(0, day.arr[cell + q] - d);
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
 * Writes into order[base..] the trips i of times[at + i * stride] that are not SKIP, ascending by time (then by i:
 * the schedule's order), their times into sorted[base..] and each one's place into rank; returns how many. Sorts
 * only when the schedule's order is not already ascending.
 */
function orderAt(times: Int32Array, at: number, stride: number, order: Uint16Array, sorted: Int32Array, rank: Uint16Array, base: number, n: number): number {
  let k = 0;
  let ascending = true;
  let last = SKIP;
  for (let i = 0; i < n; i++) {
    const v = times[at + i * stride];
    if (v === SKIP) continue;
    if (v < last) ascending = false;
    last = v;
    order[base + k++] = i;
  }
  if (!ascending) order.subarray(base, base + k).sort((a, b) => times[at + a * stride] - times[at + b * stride] || a - b);
  for (let j = 0; j < k; j++) {
    sorted[base + j] = times[at + order[base + j] * stride];
    rank[base + order[base + j]] = j;
  }
  for (let j = k; j < n; j++) sorted[base + j] = 0x7fff_ffff;
  return k;
}
