/**
 * The Connection Scan Algorithm (Dibbelt, Pajor, Strasser, Wagner, "Connection Scan Algorithm", 2018) for the
 * stop-to-stop earliest arrival: every ride between two consecutive stops of a trip instance (a connection), sorted by
 * departure, scanned once from the moment asked until the best arrival at the target, with no queue, no rounds and
 * no trip search. On New York's nine MTA feeds it answers a stop-to-stop query several times faster than RAPTOR
 * (docs/BENCHMARKS.md "Route planning"), as the paper reports; RAPTOR stays the planner of E1, whose pages need
 * the Pareto set on arrival x transfers and the journeys themselves.
 *
 * It answers what RAPTOR's earliestArrival (raptor.ts) answers, with the same rules:
 * - a trip is boarded only where pickup_type and left only where drop_off_type allow it (as the view's boardable
 *   and alightable without the wheelchair filter), only when its pattern is usable (the view's mode filter);
 * - walking: one footpath after a ride (the footpaths are chained up to the walking budget at import:
 *   chain-footpaths.ts), and one from the stop the query starts at before the first ride; a journey has at least one
 *   ride; a footpath arrival at the target counts only when it beats the target's walk from the start (RAPTOR's
 *   label there);
 * - changing at one stop after a ride takes view.sameStopSeconds there (transfers.txt from a stop to itself);
 *   NO_CHANGE_SECONDS (65535) means no change is possible there: a ride arriving there is left only to walk on;
 * - service dates: the view's (network-view.ts), each at its own offset on the query clock, so yesterday's
 *   after-midnight trips and the daylight-saving Sundays are exact.
 * Differences: no limit on the number of rides (RAPTOR stops at MAX_TRANSFERS + 1: a journey of more rides may
 * arrive earlier here); at a stop reached both by a ride and on foot, boarding is possible at the earlier of the walk's
 * arrival and the ride's plus sameStopSeconds (RAPTOR's round label keeps the earlier of the two arrivals only, and
 * adds the change time when that is the ride's). Connections of the same second are scanned in the order of their
 * arrival, then of their trip's stops, so a chain of zero-second rides is followed within one trip.
 * Views that decide trip by trip (a real-time overlay, the wheelchair filter) are searched by RAPTOR.
 *
 * Connections: per network and service date, built once (dayConnections, the last DATES_KEPT dates asked kept, as
 * day-trips.ts); 20 bytes each (on the MTA a weekday's 1.9 million connections: 39 MB, built in 0.3 to 1.5 s).
 */
import type { EpochMs } from "../lib/zoned-time.js";
import { recentIndexByKey } from "../network/derived-index.js";
import type { Network, ServiceDate, StopIdx } from "../network/model.js";
import { UNREACHED as NEVER } from "./constants.js";
import { dayTrips } from "./day-trips.js";
import { scheduledViewDays } from "./network-view.js";
import { earliestArrival } from "./raptor.js";
import type { TransitView } from "./transit-view.js";

// Module constants, not imports, in the hot loop: a bundler's live binding may be a getter.
const UNREACHED = NEVER;

/** sameStopSeconds that forbids changing at a stop (transfers.txt transfer_type 3 from a stop to itself). */
export const NO_CHANGE_SECONDS = 0xffff;

/** The connections of one service date, sorted by departure (then arrival, then the trip's order of stops). */
export interface DayConnections {
  /** connection -> departure from its first stop, arrival at its second (ServiceSeconds of the date) */
  readonly departure: Int32Array;
  readonly arrival: Int32Array;
  /** connection -> the stop it leaves, the stop it reaches (StopIdx) */
  readonly from: Uint32Array;
  readonly to: Uint32Array;
  /**
   * connection -> its trip's row in the date's dayTrips (a trip instance of the date), with NO_BOARDING and
   * NO_ALIGHTING set where pickup_type / drop_off_type 1 forbid it (the view's flags without a wheelchair filter,
   * network-view.ts): one word read per connection.
   */
  readonly trip: Uint32Array;
  /** dayTrips row -> PatternIdx; its length is the number of trips running that date */
  readonly tripPattern: Uint32Array;
}

const NO_BOARDING = 0x4000_0000;
const NO_ALIGHTING = 0x8000_0000;
const TRIP_MASK = 0x3fff_ffff;

/** Service dates kept per network: a query reaches two or three. */
const DATES_KEPT = 4;

/** The connections of the trips running on `date`, once per network and date (the last DATES_KEPT dates are kept). */
export const dayConnections = recentIndexByKey(
  "routing: service date -> connections of the trips running that date, by departure (last 4 dates asked)",
  DATES_KEPT,
  buildConnections,
);

function buildConnections(network: Network, date: ServiceDate): DayConnections {
  const { patterns, trips, stopTimes } = network;
  const running = dayTrips(network, date);
  const tripPattern = new Uint32Array(running.trips.length);
  let count = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let p = 0; p < patterns.count; p++) {
    const hops = patterns.stopStart[p + 1] - patterns.stopStart[p] - 1;
    for (let r = running.start[p]; r < running.start[p + 1]; r++) {
      tripPattern[r] = p;
      count += hops;
      const first = trips.stopTimeStart[running.trips[r]];
      lo = Math.min(lo, stopTimes.departure[first]);
      hi = Math.max(hi, stopTimes.departure[first + hops]);
    }
  }
  // Counting sort by departure second, then (stable) by arrival within a second: a few passes over the connections.
  const departure = new Int32Array(count);
  const arrival = new Int32Array(count);
  const from = new Uint32Array(count);
  const to = new Uint32Array(count);
  const trip = new Uint32Array(count);
  if (count === 0) return { departure, arrival, from, to, trip, tripPattern };
  const raw = { departure: new Int32Array(count), arrival: new Int32Array(count), row: new Uint32Array(count), trip: new Uint32Array(count) };
  let c = 0;
  for (let p = 0; p < patterns.count; p++) {
    const base = patterns.stopStart[p];
    const hops = patterns.stopStart[p + 1] - base - 1;
    for (let r = running.start[p]; r < running.start[p + 1]; r++) {
      const st = trips.stopTimeStart[running.trips[r]];
      for (let pos = 0; pos < hops; pos++, c++) {
        raw.departure[c] = stopTimes.departure[st + pos];
        raw.arrival[c] = stopTimes.arrival[st + pos + 1];
        raw.row[c] = base + pos;
        // pickup_type and drop_off_type 1 forbid it (2 and 3 are allowed), as stopRowFlags in network-view.ts.
        const board = (patterns.stopFlags[base + pos] & 3) !== 1;
        const alight = ((patterns.stopFlags[base + pos + 1] >> 2) & 3) !== 1;
        raw.trip[c] = (r | (board ? 0 : NO_BOARDING) | (alight ? 0 : NO_ALIGHTING)) >>> 0;
      }
    }
  }
  const span = hi - lo + 2;
  const byArrival = countingOrder(raw.arrival, lo, Math.max(span, maxOf(raw.arrival) - lo + 2), Uint32Array.from({ length: count }, (_, i) => i));
  const order = countingOrder(raw.departure, lo, span, byArrival);
  for (let i = 0; i < count; i++) {
    const o = order[i];
    departure[i] = raw.departure[o];
    arrival[i] = raw.arrival[o];
    from[i] = patterns.stops[raw.row[o]];
    to[i] = patterns.stops[raw.row[o] + 1];
    trip[i] = raw.trip[o];
  }
  return { departure, arrival, from, to, trip, tripPattern };
}

function maxOf(a: Int32Array): number {
  let m = -Infinity;
  for (let i = 0; i < a.length; i++) if (a[i] > m) m = a[i];
  return m;
}

/** `items` (indices into keys) stably sorted by keys[item] - lo, keys in [lo, lo + span). */
function countingOrder(keys: Int32Array, lo: number, span: number, items: Uint32Array): Uint32Array {
  const counts = new Uint32Array(span + 1);
  for (let i = 0; i < items.length; i++) counts[keys[items[i]] - lo + 1]++;
  for (let k = 0; k < span; k++) counts[k + 1] += counts[k];
  const out = new Uint32Array(items.length);
  for (let i = 0; i < items.length; i++) out[counts[keys[items[i]] - lo]++] = items[i];
  return out;
}

/** The labels of a scan, per network size, reused by every search (one runs at a time). */
interface ScanState {
  n: number;
  /** StopIdx -> the earliest arrival on foot (the start, a footpath after a ride), query seconds */
  walk: Int32Array;
  /** StopIdx -> the earliest arrival by a ride */
  ride: Int32Array;
  /** StopIdx -> the earliest moment a trip may be boarded there: the walk's arrival, the ride's plus the change time */
  ready: Int32Array;
  /** per date slot: dayTrips row -> 1 when the trip instance has been boarded */
  boarded: Uint8Array[];
}
let state: ScanState | undefined;

function scanState(n: number, tripCounts: number[]): ScanState {
  if (!state || state.n !== n) state = { n, walk: new Int32Array(n), ride: new Int32Array(n), ready: new Int32Array(n), boarded: [] };
  state.walk.fill(UNREACHED);
  state.ride.fill(UNREACHED);
  state.ready.fill(UNREACHED);
  for (let d = 0; d < tripCounts.length; d++) {
    if (!state.boarded[d] || state.boarded[d].length < tripCounts[d]) state.boarded[d] = new Uint8Array(tripCounts[d]);
    else state.boarded[d].fill(0, 0, tripCounts[d]);
  }
  return state;
}

/**
 * Stop-to-stop earliest arrival by connection scan: the earliest instant `toStop` is reached leaving `fromStop` at
 * `timeMs` or later, undefined when it cannot be within the view's dates. A view that decides trip by trip is
 * searched by RAPTOR (raptor.ts earliestArrival) instead.
 */
export function connectionScan(view: TransitView, fromStop: StopIdx, toStop: StopIdx, timeMs: EpochMs): EpochMs | undefined {
  const days = scheduledViewDays(view);
  if (days === undefined) return earliestArrival(view, fromStop, toStop, timeMs);
  const t0 = Math.ceil((timeMs - view.originMs) / 1000);
  const slots = days.dates.map((date) => dayConnections(days.network, date));
  const s = scanState(view.stopCount, slots.map((c) => c.tripPattern.length));
  const { walk, ride, ready } = s;
  const { footpathStart, footpathTo, footpathSeconds, sameStopSeconds } = view;

  walk[fromStop] = ready[fromStop] = t0;
  for (let f = footpathStart[fromStop]; f < footpathStart[fromStop + 1]; f++) {
    const to = footpathTo[f];
    if (t0 + footpathSeconds[f] < walk[to]) walk[to] = ready[to] = t0 + footpathSeconds[f];
  }
  let best = UNREACHED;

  // Per date: the next connection to scan and its departure on the query clock; the dates merged by departure.
  const m = slots.length;
  const next = new Int32Array(m);
  const nextTime = new Float64Array(m);
  for (let d = 0; d < m; d++) {
    next[d] = firstAtOrAfter(slots[d].departure, t0 - days.offsets[d]);
    nextTime[d] = next[d] < slots[d].departure.length ? slots[d].departure[next[d]] + days.offsets[d] : Infinity;
  }
  for (;;) {
    // The date whose next connection leaves first, and until when its connections come before any other date's.
    let d = 0;
    let until = Infinity;
    for (let e = 1; e < m; e++) {
      if (nextTime[e] < nextTime[d]) {
        until = nextTime[d];
        d = e;
      } else if (nextTime[e] < until) until = nextTime[e];
    }
    if (nextTime[d] >= best) break; // a connection leaving no earlier than the best arrival cannot improve it
    const { departure, arrival, from, to, trip, tripPattern } = slots[d];
    const boarded = s.boarded[d];
    const offset = days.offsets[d];
    const end = departure.length;
    // Connections of the same second as another date's: this date's first (the rare ties of after-midnight trips).
    const stop = Math.min(until, best) - offset;
    let c = next[d];
    // hot: no allocation
    for (; c < end && departure[c] <= stop; c++) {
      const dep = departure[c] + offset;
      if (dep >= best) break;
      const word = trip[c];
      const tr = word & TRIP_MASK;
      if (boarded[tr] === 0) {
        // Most connections leave a stop not reached yet: one read tells.
        if (ready[from[c]] > dep || (word & NO_BOARDING) !== 0 || !view.patternUsable(tripPattern[tr])) continue;
        boarded[tr] = 1;
      }
      if ((word & NO_ALIGHTING) !== 0) continue;
      const a = arrival[c] + offset;
      const v = to[c];
      if (a >= ride[v]) continue;
      ride[v] = a;
      const slack = sameStopSeconds[v];
      if (slack !== NO_CHANGE_SECONDS && a + slack < ready[v]) ready[v] = a + slack;
      if (v === toStop && a < best) best = a;
      for (let f = footpathStart[v]; f < footpathStart[v + 1]; f++) {
        const wa = a + footpathSeconds[f];
        if (wa >= best) break; // shortest first: the rest arrive later still
        const w = footpathTo[f];
        if (wa < walk[w]) {
          walk[w] = wa;
          if (wa < ready[w]) ready[w] = wa;
          if (w === toStop) best = wa;
        }
      }
    }
    next[d] = c;
    nextTime[d] = c < end ? departure[c] + offset : Infinity;
  }
  return best === UNREACHED ? undefined : view.originMs + best * 1000;
}

/** The first index of an ascending array whose value is `value` or more; its length when none is. */
function firstAtOrAfter(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
