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
import { type PatternDay, type RealtimeDay, SKIP as SKIPPED } from "./realtime-timetables.js";
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
  /** With a wheelchair: bit v set when a trip of wheelchair_accessible v may be ridden; 0xff without. */
  tripAccessMask: number;
}

export class RealtimeTrips {
  private readonly dates: readonly ServiceDate[];
  private readonly dateOffset: Int32Array;
  private readonly dayStart: readonly Uint32Array[];
  private readonly dayTrips: readonly Uint32Array[];
  private readonly dayFirst: readonly Int32Array[];
  private readonly dayLast: readonly Int32Array[];
  private readonly tableOf: readonly Int32Array[];
  private readonly tables: ReadonlyArray<readonly PatternDay[]>;
  private readonly tripAccessMask: number;
  private readonly tripWheelchair: Uint8Array;
  private readonly stopTimeStart: Uint32Array;
  private readonly tripPattern: Uint32Array | Uint16Array;
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
    const { network } = input;
    this.dates = input.dates;
    this.dateOffset = input.dateOffset;
    this.dayStart = input.dayStart;
    this.dayTrips = input.dayTrips;
    this.dayFirst = input.dayFirst;
    this.dayLast = input.dayLast;
    this.tableOf = input.days.map((d) => d.tableOf);
    this.tables = input.days.map((d) => d.tables);
    this.tripAccessMask = input.tripAccessMask;
    this.tripWheelchair = network.trips.wheelchair;
    this.stopTimeStart = network.trips.stopTimeStart;
    this.tripPattern = network.trips.pattern;
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

  /** Whether a running trip passes the wheelchair filter. Hot. */
  private usable(t: TripIdx): boolean {
    return ((this.tripAccessMask >> this.tripWheelchair[t]) & 1) === 1;
  }

  /** The added trip of an instance, undefined for a scheduled one. */
  addedTripOf(instance: TripInstance): AddedTrip | undefined {
    const r = instance >> SLOT_BITS;
    return r >= this.addedBase ? this.addedTrips[r - this.addedBase] : undefined;
  }

  /** The scheduled trip of an instance (not an added one). */
  tripOf(instance: TripInstance): TripIdx {
    return this.dayTrips[instance & SLOT_MASK][instance >> SLOT_BITS];
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
      return this.addedDep[this.addedRow0[k] + position] >= time ? ((this.addedBase + k) << SLOT_BITS) : NO_TRIP;
    }
    let best = NO_TRIP;
    let bestTime = Infinity;
    let hinted = -1;
    if (current !== NO_TRIP) {
      const d = current & SLOT_MASK;
      const offset = this.dateOffset[d];
      const running = this.dayTrips[d];
      const ti = this.tableOf[d][p];
      let r = current >> SLOT_BITS;
      if (ti < 0) {
        const first = this.dayStart[d][p];
        while (r > first && this.dep[this.stopTimeStart[running[r - 1]] + position] + offset >= time) r--;
        while (!this.usable(running[r])) r++; // stops at `current` at the latest: it is usable
        bestTime = this.dep[this.stopTimeStart[running[r]] + position] + offset;
      } else {
        const table = this.tables[d][ti];
        const { dep, depOrder, first } = table;
        const base = position * table.n;
        let k = table.depRank[base + r - first];
        while (k > 0 && dep[base + depOrder[base + k - 1]] + offset >= time) k--;
        while (!this.usable(running[first + depOrder[base + k]])) k++;
        r = first + depOrder[base + k];
        bestTime = dep[base + depOrder[base + k]] + offset;
      }
      best = (r << SLOT_BITS) | d;
      hinted = d;
    }
    for (let d = 0; d < this.dates.length; d++) {
      if (d === hinted) continue;
      const offset = this.dateOffset[d];
      const from = time - offset;
      const ti = this.tableOf[d][p];
      const running = this.dayTrips[d];
      if (ti < 0) {
        // Told by two integers: the pattern's trips of the date have all gone, or leave too late.
        if (this.dayLast[d][p] < from || this.dayFirst[d][p] + offset >= bestTime) continue;
        const start = this.dayStart[d][p];
        const end = this.dayStart[d][p + 1];
        // The schedule: trips of a pattern never overtake.
        let lo = start;
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
          if (!this.usable(t)) continue;
          best = (r << SLOT_BITS) | d;
          bestTime = at;
          break;
        }
        continue;
      }
      const table = this.tables[d][ti];
      if (table.latest < from || table.earliest + offset >= bestTime) continue;
      const { n, dep, depOrder, first } = table;
      const base = position * n;
      const count = table.depCount[position];
      let lo = 0;
      let hi = count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (dep[base + depOrder[base + mid]] < from) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < count; k++) {
        const i = depOrder[base + k];
        const at = dep[base + i] + offset;
        if (at >= bestTime) break;
        if (!this.usable(running[first + i])) continue;
        best = ((first + i) << SLOT_BITS) | d;
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
      return this.addedArr[this.addedRow0[k] + position] <= time ? ((this.addedBase + k) << SLOT_BITS) : NO_TRIP;
    }
    let best = NO_TRIP;
    let bestTime = -Infinity;
    let hinted = -1;
    if (current !== NO_TRIP) {
      const d = current & SLOT_MASK;
      const offset = this.dateOffset[d];
      const running = this.dayTrips[d];
      const ti = this.tableOf[d][p];
      let r = current >> SLOT_BITS;
      if (ti < 0) {
        const last = this.dayStart[d][p + 1] - 1;
        while (r < last && this.arr[this.stopTimeStart[running[r + 1]] + position] + offset <= time) r++;
        while (!this.usable(running[r])) r--;
        bestTime = this.arr[this.stopTimeStart[running[r]] + position] + offset;
      } else {
        const table = this.tables[d][ti];
        const { arr, arrOrder, first } = table;
        const base = position * table.n;
        const last = table.arrCount[position] - 1;
        let k = table.arrRank[base + r - first];
        while (k < last && arr[base + arrOrder[base + k + 1]] + offset <= time) k++;
        while (!this.usable(running[first + arrOrder[base + k]])) k--;
        r = first + arrOrder[base + k];
        bestTime = arr[base + arrOrder[base + k]] + offset;
      }
      best = (r << SLOT_BITS) | d;
      hinted = d;
    }
    for (let d = 0; d < this.dates.length; d++) {
      if (d === hinted) continue;
      const offset = this.dateOffset[d];
      const until = time - offset;
      const ti = this.tableOf[d][p];
      const running = this.dayTrips[d];
      if (ti < 0) {
        if (this.dayFirst[d][p] > until || this.dayLast[d][p] + offset <= bestTime) continue;
        const start = this.dayStart[d][p];
        const end = this.dayStart[d][p + 1];
        let lo = start;
        let hi = end;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.arr[this.stopTimeStart[running[mid]] + position] <= until) lo = mid + 1;
          else hi = mid;
        }
        for (let r = lo - 1; r >= start; r--) {
          const t = running[r];
          const at = this.arr[this.stopTimeStart[t] + position] + offset;
          if (at <= bestTime) break;
          if (!this.usable(t)) continue;
          best = (r << SLOT_BITS) | d;
          bestTime = at;
          break;
        }
        continue;
      }
      const table = this.tables[d][ti];
      if (table.earliest > until || table.latest + offset <= bestTime) continue;
      const { n, arr, arrOrder, first } = table;
      const base = position * n;
      let lo = 0;
      let hi = table.arrCount[position];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (arr[base + arrOrder[base + mid]] <= until) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo - 1; k >= 0; k--) {
        const i = arrOrder[base + k];
        const at = arr[base + i] + offset;
        if (at <= bestTime) break;
        if (!this.usable(running[first + i])) continue;
        best = ((first + i) << SLOT_BITS) | d;
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
    const t = this.dayTrips[d][r];
    const ti = this.tableOf[d][this.tripPattern[t]];
    if (ti < 0) return this.dep[this.stopTimeStart[t] + position] + this.dateOffset[d];
    const table = this.tables[d][ti];
    const v = table.dep[position * table.n + r - table.first];
    return v === SKIP ? NaN : v + this.dateOffset[d];
  }

  arrival(instance: TripInstance, position: number): QuerySeconds {
    const d = instance & SLOT_MASK;
    const r = instance >> SLOT_BITS;
    if (r >= this.addedBase) return this.addedArr[this.addedRow0[r - this.addedBase] + position];
    const t = this.dayTrips[d][r];
    const ti = this.tableOf[d][this.tripPattern[t]];
    if (ti < 0) return this.arr[this.stopTimeStart[t] + position] + this.dateOffset[d];
    const table = this.tables[d][ti];
    const v = table.arr[position * table.n + r - table.first];
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
        if (!this.usable(this.dayTrips[d][r])) continue;
        const instance = (r << SLOT_BITS) | d;
        const time = departures ? this.departure(instance, position) : this.arrival(instance, position);
        if (time >= from && time <= to) visit(time);
      }
    }
  }
}
