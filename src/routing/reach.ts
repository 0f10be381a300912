/**
 * One-to-all earliest arrival over a TransitView: every stop reachable from a set of origins within a time limit,
 * for each departure minute of a window, the reachability analysts ask ("how far do I get in 30 minutes"). It is
 * the RAPTOR of raptor.ts without a target (Delling, Pajor, Werneck 2012, section 3, "range RAPTOR" for the window):
 *
 * - Labels per round k and stop hold the earliest arrival with at most k rides, after an optional walk (`label`),
 *   and by a ride itself (`rideLabel`); an improvement in round k is written to every later round at once, so that
 *   "at most k rides" holds without copying a round's labels into the next. Footpaths are relaxed from ride
 *   arrivals only (one walk between two rides), a change at one stop takes view.sameStopSeconds, NO_CHANGE_SECONDS
 *   boards nothing there from a ride: as raptor.ts.
 * - No target: a ride is followed, and a label kept, while it arrives within the limit (start + limitSeconds);
 *   a round ends the search once nothing improves, at most MAX_TRANSFERS + 1 rides.
 * - The window: one iteration per departure minute, latest first, each keeping the labels of the later ones (a
 *   journey leaving later is one a passenger leaving earlier can still make, by waiting), so an iteration only
 *   follows what its earlier start improves. Conveyal's analysis runs the same way (docs.conveyal.com, "Travel
 *   time percentiles"). Each iteration records, per stop reached, its arrival and the rides of that arrival.
 * - Skipped stops (real-time): where the scan's trip skips a stop, the next trips from the position it was boarded
 *   at are looked at for one that stops there (rideAround; raptor.ts also looks from other boardings).
 * - Staying on board (view.stayOnBoard): a scan that rides a trip to its pattern's last stop rides on, in the same
 *   round, into the trips it continues as (rideOn); from the trip the scan kept only (raptor.ts also tries later
 *   trips of the pattern that go on into another).
 * - Left out, where E1's raptor.ts has them: transfers.txt rows naming routes or trips (view.ruled);
 *   docs/COMPATIBILITY.md P27 says what that changes.
 *
 * Memory: the labels are typed arrays kept per network size and reused (one search at a time, as raptor-state.ts).
 */
import { NO_CHANGE_SECONDS } from "../network/constants.js";
import type { StopIdx } from "../network/model.js";
import * as constants from "./constants.js";
import type { StopAccess } from "./raptor-types.js";
import { StopSet } from "./stop-set.js";
import type { QuerySeconds, TransitView, TripInstance } from "./transit-view.js";

// Module constants in the hot loops (see raptor.ts).
const { MAX_TRANSFERS, NO_TRIP, UNREACHED } = constants;
const NO_CHANGE = NO_CHANGE_SECONDS;

/** Later trips rideAround looks at for one that stops where the scan's trip skips a stop (raptor.ts's bound). */
const SKIP_TRIES = 8;

/** Trips a passenger stays seated through after the one boarded, at most (raptor.ts's bound). */
const MAX_SEATED_TRIPS = 16;

/** What a reach search is asked: its origins, the first departure, how many departure minutes, the limit. */
export interface ReachQuery {
  /** The walks from the start to the stops near it (walk-access.ts stopAccesses). */
  origins: readonly StopAccess[];
  /** The first departure from the start, on the view's clock. */
  start: QuerySeconds;
  /** Departure minutes: start, start + 60, ... start + 60 x (minutes - 1). 1 for a single departure. */
  minutes: number;
  /** Seconds from the departure within which a stop counts as reached. */
  limitSeconds: number;
  /** Vehicles boarded minus one, at most; default MAX_TRANSFERS. */
  maxTransfers?: number;
}

/**
 * Per departure minute, the stops reached within the limit: `stops` lists every stop reached at some minute, and
 * for stop i of that list and minute m (0 = the first departure), `arrival[i * minutes + m]` is its earliest arrival
 * on the view's clock (UNREACHED when not within the limit) and `rides[...]` the fewest rides that make it (0: on
 * foot from the start).
 */
export interface ReachTable {
  minutes: number;
  stops: StopIdx[];
  arrival: Int32Array;
  rides: Uint8Array;
}

/** The earliest arrival at every stop within the limit, for each departure minute of the query. */
export function reachTable(view: TransitView, query: ReachQuery): ReachTable {
  return new ReachSearch(view, query).run();
}

/** The labels of a reach search, sized for one network and reused. */
class ReachState {
  readonly label: Int32Array;
  readonly rideLabel: Int32Array;
  readonly marked: [StopSet, StopSet];
  readonly rideMarked: StopSet;
  /** StopIdx -> its row in the table being built, -1 when not yet reached. */
  readonly slot: Int32Array;
  readonly patternFrom: Int32Array;
  readonly patternQueue: Int32Array;
  constructor(
    readonly n: number,
    readonly rounds: number,
    readonly patternCount: number,
  ) {
    this.label = new Int32Array(n * rounds);
    this.rideLabel = new Int32Array(n * rounds);
    this.marked = [new StopSet(n), new StopSet(n)];
    this.rideMarked = new StopSet(n);
    this.slot = new Int32Array(n).fill(-1);
    this.patternFrom = new Int32Array(patternCount).fill(-1);
    this.patternQueue = new Int32Array(patternCount);
  }
}

const states: ReachState[] = [];
function reachStateFor(n: number, rounds: number, patternCount: number): ReachState {
  const i = states.findIndex((s) => s.n === n && s.patternCount === patternCount && s.rounds >= rounds);
  const found = i >= 0 ? states.splice(i, 1)[0] : new ReachState(n, rounds, patternCount);
  states.push(found);
  if (states.length > 4) states.shift();
  return found;
}

class ReachSearch {
  private readonly v: TransitView;
  private readonly q: ReachQuery;
  private readonly s: ReachState;
  private readonly n: number;
  /** Rides at most; rounds 0 (the walks from the start) .. rides. */
  private readonly rides: number;
  /** The latest arrival that counts in the iteration under way (start + limit). */
  private bound = 0;
  private readonly stops: StopIdx[] = [];
  /** view.seated, and view.patternSeated read once (a view may compute it on demand). */
  private readonly seated: boolean;
  private readonly patternSeated: Uint8Array;

  constructor(view: TransitView, query: ReachQuery) {
    this.v = view;
    this.seated = view.seated;
    this.patternSeated = this.seated ? view.patternSeated : new Uint8Array(0);
    this.q = query;
    this.n = view.stopCount;
    this.rides = Math.max(0, Math.min(query.maxTransfers ?? MAX_TRANSFERS, 254)) + 1;
    this.s = reachStateFor(this.n, this.rides + 1, view.patternCount);
  }

  run(): ReachTable {
    const { s, q, n } = this;
    const minutes = Math.max(1, Math.floor(q.minutes));
    s.label.fill(UNREACHED, 0, n * (this.rides + 1));
    s.rideLabel.fill(UNREACHED, 0, n * (this.rides + 1));
    // Per minute, the arrival at each stop reached so far (rows appended as stops are first reached).
    let arrival = new Int32Array(Math.max(64, q.origins.length) * minutes).fill(UNREACHED);
    let rides = new Uint8Array(arrival.length);
    try {
      for (let m = minutes - 1; m >= 0; m--) {
        const start = q.start + 60 * m;
        this.iteration(start);
        const need = this.stops.length * minutes;
        if (need > arrival.length) {
          const size = Math.max(need, arrival.length * 2);
          const a = new Int32Array(size).fill(UNREACHED);
          a.set(arrival);
          const r = new Uint8Array(size);
          r.set(rides);
          arrival = a;
          rides = r;
        }
        this.record(m, minutes, start, arrival, rides);
      }
      return { minutes, stops: this.stops, arrival: arrival.subarray(0, this.stops.length * minutes), rides: rides.subarray(0, this.stops.length * minutes) };
    } finally {
      for (const stop of this.stops) s.slot[stop] = -1;
      s.marked[0].clear();
      s.marked[1].clear();
      s.rideMarked.clear();
    }
  }

  /** Minute m's arrivals and rides, read from the labels, for every stop reached so far. */
  private record(m: number, minutes: number, start: number, arrival: Int32Array, rides: Uint8Array): void {
    const { s, n } = this;
    const last = this.rides * n;
    const bound = start + this.q.limitSeconds;
    for (let i = 0; i < this.stops.length; i++) {
      const stop = this.stops[i];
      const t = s.label[last + stop];
      if (t > bound) continue;
      let k = 0;
      while (s.label[k * n + stop] !== t) k++;
      arrival[i * minutes + m] = t;
      rides[i * minutes + m] = k;
    }
  }

  /** Round 0 from `start`, then rounds of rides until no label improves. */
  private iteration(start: number): void {
    const { s, q } = this;
    this.bound = start + q.limitSeconds;
    let cur = 0;
    for (const a of q.origins) this.setLabel(0, a.stop, start + a.seconds, s.marked[cur]);
    for (let k = 1; k <= this.rides && s.marked[cur].size > 0; k++) {
      const next = 1 - cur;
      this.scanRound(k, s.marked[cur], s.marked[next]);
      this.relax(k, s.marked[next]);
      s.marked[cur].clear();
      cur = next;
    }
    s.marked[cur].clear();
  }

  /** Sets label (k, stop) to `time` when it improves it, in round k and every later one; marks the stop. */
  private setLabel(k: number, stop: number, time: number, marked: StopSet): boolean {
    const { s, n } = this;
    if (time >= s.label[k * n + stop] || time > this.bound) return false;
    for (let r = k; r <= this.rides && time < s.label[r * n + stop]; r++) s.label[r * n + stop] = time;
    if (s.slot[stop] < 0) {
      s.slot[stop] = this.stops.length;
      this.stops.push(stop);
    }
    marked.add(stop);
    return true;
  }

  /** Round k: every pattern through a stop marked in round k - 1, from its first marked position. */
  private scanRound(k: number, markedBefore: StopSet, marked: StopSet): void {
    const { s, v } = this;
    let queued = 0;
    for (let i = 0; i < markedBefore.size; i++) {
      const stop = markedBefore.list[i];
      for (let r = v.stopPatternStart[stop]; r < v.stopPatternStart[stop + 1]; r++) {
        const p = v.stopPatterns[r];
        const pos = v.stopPatternPositions[r];
        const had = s.patternFrom[p];
        if (had < 0) {
          if (!v.patternUsable(p)) continue;
          s.patternQueue[queued++] = p;
          s.patternFrom[p] = pos;
        } else if (pos < had) s.patternFrom[p] = pos;
      }
    }
    for (let i = 0; i < queued; i++) {
      const p = s.patternQueue[i];
      const from = s.patternFrom[p];
      s.patternFrom[p] = -1;
      this.scan(k, p, from, markedBefore.has, marked);
    }
  }

  // hot: no allocation
  private scan(k: number, p: number, from: number, markedBefore: Uint8Array, marked: StopSet): void {
    const { s, v, n } = this;
    const { label, rideLabel } = s;
    const { patternStops, boardable, alightable } = v;
    const before = (k - 1) * n;
    const now = k * n;
    const base = v.patternStopStart[p];
    const end = v.patternStopStart[p + 1];
    const slack = v.sameStopSeconds;
    const bound = this.bound;
    let trip: TripInstance = NO_TRIP;
    let boardPos = 0;
    for (let row = base + from; row < end; row++) {
      const stop = patternStops[row];
      if (trip !== NO_TRIP && alightable[row] === 1) {
        const a = v.arrival(trip, row - base);
        if (a > bound) trip = NO_TRIP; // arrivals only grow along a trip: nothing further is within the limit
        else if (a < rideLabel[now + stop]) this.rideTo(k, stop, a, marked);
        else if (a !== a) this.rideAround(k, p, trip, boardPos, row - base, stop, marked);
      }
      if (row === end - 1) break;
      if (markedBefore[stop] === 0 || boardable[row] === 0) continue;
      const pos = row - base;
      const prev = label[before + stop];
      const change = k > 1 && slack[stop] > 0 && rideLabel[before + stop] === prev ? slack[stop] : 0;
      if (change === NO_CHANGE) continue;
      const ready = prev + change;
      if (ready > bound) continue;
      const tripDep = trip === NO_TRIP ? Infinity : v.departure(trip, pos);
      if (ready > tripDep) continue; // NaN (the trip skips this stop) looks for another
      const t = v.earliestTrip(p, pos, ready, tripDep === tripDep ? trip : NO_TRIP);
      if (t !== NO_TRIP && (trip === NO_TRIP || !(v.departure(t, pos) >= tripDep))) {
        trip = t;
        boardPos = pos;
      }
    }
    if (trip !== NO_TRIP && this.seated && (this.patternSeated[p] & 1) !== 0) this.rideOn(k, trip, marked);
  }

  /**
   * Staying on board (transfers.txt transfer_type 4, trips.block_id: view.stayOnBoard): from the trip the scan rode
   * to its pattern's last stop, the trips it runs on into, in the same round (one ride), while within the limit.
   */
  private rideOn(k: number, trip: TripInstance, marked: StopSet): void {
    const { v, s, n } = this;
    let t = v.stayOnBoard(trip, false);
    for (let i = 0; t !== NO_TRIP && i < MAX_SEATED_TRIPS; i++) {
      const p = v.patternOf(t);
      const base = v.patternStopStart[p];
      for (let row = base; row < v.patternStopStart[p + 1]; row++) {
        if (v.alightable[row] === 0) continue;
        const stop = v.patternStops[row];
        const a = v.arrival(t, row - base);
        if (a > this.bound) return;
        if (a < s.rideLabel[k * n + stop]) this.rideTo(k, stop, a, marked);
      }
      t = v.stayOnBoard(t, false);
    }
  }

  /** A ride reaching `stop` at `a` in round k, better than its ride label: in every later round too, and walked on. */
  private rideTo(k: number, stop: number, a: number, marked: StopSet): void {
    const { s, n } = this;
    for (let r = k; r <= this.rides && a < s.rideLabel[r * n + stop]; r++) s.rideLabel[r * n + stop] = a;
    this.setLabel(k, stop, a, marked);
    // Walks go on from the ride's arrival even where a walk reached the stop sooner: two never follow each other.
    s.rideMarked.add(stop);
  }

  /**
   * The scan's trip skips position `pos` (real-time: its time is NaN): the next trips of the pattern from the position
   * boarded, SKIP_TRIES at most, for the first that stops there. Simpler than raptor.ts's rideAround (only from the
   * boarding the scan kept), but without it a stop that trip skips would never be reached by the pattern.
   */
  private rideAround(k: number, p: number, trip: TripInstance, boardPos: number, pos: number, stop: number, marked: StopSet): void {
    const { v } = this;
    let t = trip;
    for (let tries = 0; tries < SKIP_TRIES; tries++) {
      t = v.earliestTrip(p, boardPos, v.departure(t, boardPos) + 1, NO_TRIP);
      if (t === NO_TRIP) return;
      const a = v.arrival(t, pos);
      if (a !== a) continue;
      if (a <= this.bound && a < this.s.rideLabel[k * this.n + stop]) this.rideTo(k, stop, a, marked);
      return;
    }
  }

  /** Round k's footpaths from the stops a ride improved: one walk, never two in a row. */
  private relax(k: number, marked: StopSet): void {
    const { s, v, n } = this;
    const { footpathStart, footpathTo, footpathSeconds } = v;
    const rides = s.rideMarked;
    const bound = this.bound;
    for (let i = 0; i < rides.size; i++) {
      const stop = rides.list[i];
      const time = s.rideLabel[k * n + stop];
      for (let f = footpathStart[stop]; f < footpathStart[stop + 1]; f++) {
        const t = time + footpathSeconds[f];
        if (t > bound) break; // shortest first: the rest are longer still
        this.setLabel(k, footpathTo[f], t, marked);
      }
    }
    rides.clear();
  }
}
