/**
 * The trip searches and times of a route-planning view with a real-time overlay (network-view.ts hands its hot
 * members here when it has one): a pattern with predictions on a date is read from that date's real-time tables
 * (realtime-timetables.ts), one without from the schedule, and an added trip's pattern (added-patterns.ts) from the
 * feed's instants. Every search is a binary search per service date, as without an overlay: earliestTrip finds the
 * first trip leaving at or after a time in the position's order by predicted departure, so a trip running hours
 * late or overtaken by the next one is found where it is.
 *
 * Trip instances are the view's (row among the date's running trips << slot bits | date slot); the instance of added
 * trip k is row addedBase + k of slot 0 (addedBase: the network's trip count, more than any date runs).
 */
import type { EpochMs } from "../lib/zoned-time.js";
import type { Network, PatternIdx, ServiceDate, TripIdx } from "../network/model.js";
import type { AddedTrip } from "../timetable/realtime-overlay.js";
import { type AddedPatterns, addedArrivalMs } from "./added-patterns.js";
import { NO_TRIP as NONE, VIEW_DATE_SLOTS } from "./constants.js";
import { type RealtimeDay, SKIP as SKIPPED } from "./realtime-timetables.js";
import type { QuerySeconds, TripInstance } from "./transit-view.js";

// Module constants, not imports, in the hot members: a bundler's live binding may be a getter.
const NO_TRIP = NONE;
const SKIP = SKIPPED;
const SLOT_BITS = Math.log2(VIEW_DATE_SLOTS);
const SLOT_MASK = VIEW_DATE_SLOTS - 1;

/** What the view hands over: its dates and running trips, its filters, and what the overlay adds. */
export interface RealtimeTripsInput {
  network: Network;
  originMs: EpochMs;
  dates: readonly ServiceDate[];
  dateOffset: Int32Array;
  dayStart: readonly Uint32Array[];
  dayTrips: readonly Uint32Array[];
  /** Date slot -> DayTrips.earliest / latest (day-trips.ts): no scheduled trip of the pattern runs outside them. */
  dayFirst: readonly Int32Array[];
  dayLast: readonly Int32Array[];
  /** Date slot -> its real-time tables. */
  days: readonly RealtimeDay[];
  added: AddedPatterns | undefined;
  /** Only trips passing tripAccessMask (network-view.ts) may be ridden. */
  wheelchair: boolean;
  /** Bit v set: a trip with wheelchair_accessible v may be ridden (with `wheelchair`). */
  tripAccessMask: number;
}

export class RealtimeTrips {
  private readonly dates: readonly ServiceDate[];
  private readonly dateOffset: Int32Array;
  private readonly dayStart: readonly Uint32Array[];
  private readonly dayTrips: readonly Uint32Array[];
  private readonly dayFirst: readonly Int32Array[];
  private readonly dayLast: readonly Int32Array[];
  // Date slot -> the RealtimeDay columns (realtime-timetables.ts), unpacked for the hot members.
  private readonly cellStart: readonly Int32Array[];
  private readonly rowCell: readonly Int32Array[];
  private readonly rtDep: readonly Int32Array[];
  private readonly rtArr: readonly Int32Array[];
  private readonly depOrder: readonly Uint16Array[];
  private readonly depSorted: readonly Int32Array[];
  private readonly depRank: readonly Uint16Array[];
  private readonly arrOrder: readonly Uint16Array[];
  private readonly arrSorted: readonly Int32Array[];
  private readonly arrRank: readonly Uint16Array[];
  private readonly stopsAt: readonly Uint32Array[];
  private readonly rtEarliest: readonly Int32Array[];
  private readonly rtLatest: readonly Int32Array[];
  private readonly wheelchair: boolean;
  private readonly tripAccessMask: number;
  private readonly tripWheelchair: Uint8Array;
  private readonly patternStopStart: Uint32Array;
  private readonly stopTimeStart: Uint32Array;
  private readonly arr: Int32Array;
  private readonly dep: Int32Array;
  /** The network's pattern count: patterns from it on are added trips. */
  private readonly firstAdded: number;
  /** Instances from addedBase << SLOT_BITS on are added trips. */
  private readonly addedBase: number;
  private readonly addedTrips: readonly AddedTrip[];
  /** Added pattern stop row (from the network's last row) -> departure / arrival on the query clock, NaN where it does not stop. */
  private readonly addedDep: Float64Array;
  private readonly addedArr: Float64Array;
  private readonly addedRow0: Uint32Array;

  constructor(input: RealtimeTripsInput) {
    const { network, days } = input;
    this.dates = input.dates;
    this.dateOffset = input.dateOffset;
    this.dayStart = input.dayStart;
    this.dayTrips = input.dayTrips;
    this.dayFirst = input.dayFirst;
    this.dayLast = input.dayLast;
    this.cellStart = days.map((d) => d.cellStart);
    this.rowCell = days.map((d) => d.rowCell);
    this.rtDep = days.map((d) => d.dep);
    this.rtArr = days.map((d) => d.arr);
    this.depOrder = days.map((d) => d.depOrder);
    this.depSorted = days.map((d) => d.depSorted);
    this.depRank = days.map((d) => d.depRank);
    this.arrOrder = days.map((d) => d.arrOrder);
    this.arrSorted = days.map((d) => d.arrSorted);
    this.arrRank = days.map((d) => d.arrRank);
    this.stopsAt = days.map((d) => d.count);
    this.rtEarliest = days.map((d) => d.earliest);
    this.rtLatest = days.map((d) => d.latest);
    this.wheelchair = input.wheelchair;
    this.tripAccessMask = input.tripAccessMask;
    this.tripWheelchair = network.trips.wheelchair;
    this.patternStopStart = network.patterns.stopStart;
    this.stopTimeStart = network.trips.stopTimeStart;
    this.arr = network.stopTimes.arrival;
    this.dep = network.stopTimes.departure;
    this.firstAdded = network.patterns.count;
    this.addedBase = network.trips.count;
    const added = input.added;
    this.addedTrips = added?.trips ?? [];
    const rows0 = network.patterns.stops.length;
    const rows = added ? added.patternStops.length - rows0 : 0;
    this.addedDep = new Float64Array(rows);
    this.addedArr = new Float64Array(rows);
    this.addedRow0 = new Uint32Array(this.addedTrips.length);
    this.addedTrips.forEach((a, k) => {
      const row0 = added!.patternStopStart[this.firstAdded + k] - rows0;
      this.addedRow0[k] = row0;
      for (let i = 0; i < a.stops.length; i++) {
        const stops = !a.skipped[i];
        this.addedDep[row0 + i] = stops ? Math.floor((a.passageMs[i] - input.originMs) / 1000) : NaN; // NaN stays NaN
        this.addedArr[row0 + i] = stops ? Math.ceil((addedArrivalMs(a, i) - input.originMs) / 1000) : NaN;
      }
    });
  }

  /** Whether a running trip passes the wheelchair filter; callers ask only with `wheelchair` (no read of the trip without). Hot. */
  private usable(t: TripIdx): boolean {
    return ((this.tripAccessMask >> this.tripWheelchair[t]) & 1) === 1;
  }

  /** The added trip of an instance, undefined for a scheduled one. */
  addedTripOf(instance: TripInstance): AddedTrip | undefined {
    const r = instance >> SLOT_BITS;
    return r >= this.addedBase ? this.addedTrips[r - this.addedBase] : undefined;
  }

  serviceDateOf(instance: TripInstance): ServiceDate {
    const added = this.addedTripOf(instance);
    return added !== undefined ? added.serviceDate : this.dates[instance & SLOT_MASK];
  }

  /** The first instant an added trip's pattern is used, and its last (query seconds): the view's time filter. */
  addedSpan(k: number): [number, number] {
    const a = this.addedTrips[k];
    const row0 = this.addedRow0[k];
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < a.stops.length; i++) {
      const d = this.addedDep[row0 + i];
      const r = this.addedArr[row0 + i];
      if (d === d) lo = Math.min(lo, d);
      if (r === r) hi = Math.max(hi, r);
    }
    return [lo, hi];
  }

  /**
   * TransitView.earliestTrip. `current` (an instance leaving `position` at or after `time`), as without an overlay:
   * on its date the answer is a step back from it in the position's order, and its time bounds the other dates.
   */
  // hot: no allocation
  earliestTrip(p: PatternIdx, position: number, time: QuerySeconds, current: TripInstance): TripInstance {
    if (p >= this.firstAdded) {
      const k = p - this.firstAdded;
      return this.addedDep[this.addedRow0[k] + position] >= time ? (this.addedBase + k) << SLOT_BITS : NO_TRIP;
    }
    let best = NO_TRIP;
    let bestTime = Infinity;
    let hinted = -1;
    if (current !== NO_TRIP) {
      const d = current & SLOT_MASK;
      const offset = this.dateOffset[d];
      const running = this.dayTrips[d];
      const c0 = this.cellStart[d][p];
      let r = current >> SLOT_BITS;
      if (c0 < 0) {
        const first = this.dayStart[d][p];
        while (r > first && this.dep[this.stopTimeStart[running[r - 1]] + position] + offset >= time) r--;
        while (this.wheelchair && !this.usable(running[r])) r++; // stops at `current` at the latest: it is usable
        bestTime = this.dep[this.stopTimeStart[running[r]] + position] + offset;
      } else {
        const first = this.dayStart[d][p];
        const base = c0 + position * (this.dayStart[d][p + 1] - first);
        const order = this.depOrder[d];
        const sorted = this.depSorted[d];
        let k = this.depRank[d][base + r - first];
        while (k > 0 && sorted[base + k - 1] + offset >= time) k--;
        while (this.wheelchair && !this.usable(running[first + order[base + k]])) k++;
        r = first + order[base + k];
        bestTime = sorted[base + k] + offset;
      }
      best = (r << SLOT_BITS) | d;
      hinted = d;
    }
    for (let d = 0; d < this.dates.length; d++) {
      if (d === hinted) continue;
      const offset = this.dateOffset[d];
      const from = time - offset;
      const running = this.dayTrips[d];
      const first = this.dayStart[d][p];
      const end = this.dayStart[d][p + 1];
      const c0 = this.cellStart[d][p];
      if (c0 < 0) {
        // Told by two integers: the pattern's trips of the date have all gone, or leave too late.
        if (offset >= bestTime || this.dayLast[d][p] < from || this.dayFirst[d][p] + offset >= bestTime) continue;
        // The schedule: trips of a pattern never overtake.
        let lo = first;
        let hi = end;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.dep[this.stopTimeStart[running[mid]] + position] < from) lo = mid + 1;
          else hi = mid;
        }
        for (let r = lo; r < end; r++) {
          const t = running[r];
          const at = this.dep[this.stopTimeStart[t] + position] + offset;
          if (at >= bestTime) break;
          if (this.wheelchair && !this.usable(t)) continue;
          best = (r << SLOT_BITS) | d;
          bestTime = at;
          break;
        }
        continue;
      }
      if (this.rtLatest[d][p] < from || this.rtEarliest[d][p] + offset >= bestTime) continue;
      const base = c0 + position * (end - first);
      const count = this.stopsAt[d][this.patternStopStart[p] + position];
      const sorted = this.depSorted[d];
      let lo = base;
      let hi = base + count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < from) lo = mid + 1;
        else hi = mid;
      }
      const order = this.depOrder[d];
      for (let k = lo; k < base + count; k++) {
        const at = sorted[k] + offset;
        if (at >= bestTime) break;
        const r = first + order[k];
        if (this.wheelchair && !this.usable(running[r])) continue;
        best = (r << SLOT_BITS) | d;
        bestTime = at;
        break;
      }
    }
    return best;
  }

  // hot: no allocation. The mirror of earliestTrip.
  latestTrip(p: PatternIdx, position: number, time: QuerySeconds, current: TripInstance): TripInstance {
    if (p >= this.firstAdded) {
      const k = p - this.firstAdded;
      return this.addedArr[this.addedRow0[k] + position] <= time ? (this.addedBase + k) << SLOT_BITS : NO_TRIP;
    }
    let best = NO_TRIP;
    let bestTime = -Infinity;
    let hinted = -1;
    if (current !== NO_TRIP) {
      const d = current & SLOT_MASK;
      const offset = this.dateOffset[d];
      const running = this.dayTrips[d];
      const c0 = this.cellStart[d][p];
      let r = current >> SLOT_BITS;
      if (c0 < 0) {
        const last = this.dayStart[d][p + 1] - 1;
        while (r < last && this.arr[this.stopTimeStart[running[r + 1]] + position] + offset <= time) r++;
        while (this.wheelchair && !this.usable(running[r])) r--;
        bestTime = this.arr[this.stopTimeStart[running[r]] + position] + offset;
      } else {
        const first = this.dayStart[d][p];
        const base = c0 + position * (this.dayStart[d][p + 1] - first);
        const order = this.arrOrder[d];
        const sorted = this.arrSorted[d];
        const last = this.stopsAt[d][this.patternStopStart[p] + position] - 1;
        let k = this.arrRank[d][base + r - first];
        while (k < last && sorted[base + k + 1] + offset <= time) k++;
        while (this.wheelchair && !this.usable(running[first + order[base + k]])) k--;
        r = first + order[base + k];
        bestTime = sorted[base + k] + offset;
      }
      best = (r << SLOT_BITS) | d;
      hinted = d;
    }
    for (let d = 0; d < this.dates.length; d++) {
      if (d === hinted) continue;
      const offset = this.dateOffset[d];
      const until = time - offset;
      const running = this.dayTrips[d];
      const first = this.dayStart[d][p];
      const end = this.dayStart[d][p + 1];
      const c0 = this.cellStart[d][p];
      if (c0 < 0) {
        if (this.dayFirst[d][p] > until || this.dayLast[d][p] + offset <= bestTime) continue;
        let lo = first;
        let hi = end;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.arr[this.stopTimeStart[running[mid]] + position] <= until) lo = mid + 1;
          else hi = mid;
        }
        for (let r = lo - 1; r >= first; r--) {
          const t = running[r];
          const at = this.arr[this.stopTimeStart[t] + position] + offset;
          if (at <= bestTime) break;
          if (this.wheelchair && !this.usable(t)) continue;
          best = (r << SLOT_BITS) | d;
          bestTime = at;
          break;
        }
        continue;
      }
      if (this.rtEarliest[d][p] > until || this.rtLatest[d][p] + offset <= bestTime) continue;
      const base = c0 + position * (end - first);
      const count = this.stopsAt[d][this.patternStopStart[p] + position];
      const sorted = this.arrSorted[d];
      let lo = base;
      let hi = base + count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] <= until) lo = mid + 1;
        else hi = mid;
      }
      const order = this.arrOrder[d];
      for (let k = lo - 1; k >= base; k--) {
        const at = sorted[k] + offset;
        if (at <= bestTime) break;
        const r = first + order[k];
        if (this.wheelchair && !this.usable(running[r])) continue;
        best = (r << SLOT_BITS) | d;
        bestTime = at;
        break;
      }
    }
    return best;
  }

  // hot: a few array reads
  departure(instance: TripInstance, position: number): QuerySeconds {
    const d = instance & SLOT_MASK;
    const r = instance >> SLOT_BITS;
    if (r >= this.addedBase) return this.addedDep[this.addedRow0[r - this.addedBase] + position];
    const cell = this.rowCell[d][r];
    if (cell < 0) return this.dep[this.stopTimeStart[this.dayTrips[d][r]] + position] + this.dateOffset[d];
    const v = this.rtDep[d][cell + position];
    return v === SKIP ? NaN : v + this.dateOffset[d];
  }

  arrival(instance: TripInstance, position: number): QuerySeconds {
    const d = instance & SLOT_MASK;
    const r = instance >> SLOT_BITS;
    if (r >= this.addedBase) return this.addedArr[this.addedRow0[r - this.addedBase] + position];
    const cell = this.rowCell[d][r];
    if (cell < 0) return this.arr[this.stopTimeStart[this.dayTrips[d][r]] + position] + this.dateOffset[d];
    const v = this.rtArr[d][cell + position];
    return v === SKIP ? NaN : v + this.dateOffset[d];
  }

  forEachTime(p: PatternIdx, position: number, from: QuerySeconds, to: QuerySeconds, departures: boolean, visit: (time: QuerySeconds) => void): void {
    if (p >= this.firstAdded) {
      const instance = (this.addedBase + p - this.firstAdded) << SLOT_BITS;
      const time = departures ? this.departure(instance, position) : this.arrival(instance, position);
      if (time >= from && time <= to) visit(time);
      return;
    }
    for (let d = 0; d < this.dates.length; d++) {
      for (let r = this.dayStart[d][p]; r < this.dayStart[d][p + 1]; r++) {
        if (this.wheelchair && !this.usable(this.dayTrips[d][r])) continue;
        const instance = (r << SLOT_BITS) | d;
        const time = departures ? this.departure(instance, position) : this.arrival(instance, position);
        if (time >= from && time <= to) visit(time);
      }
    }
  }
}
