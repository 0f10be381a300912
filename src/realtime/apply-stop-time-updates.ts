/**
 * A scheduled trip's predicted instants from its TripUpdate, with the GTFS-RT semantics:
 * https://gtfs.org/realtime/feed-entities/trip-updates/#stop-time-updates
 *
 * - Each StopTimeUpdate locates its stop by stop_sequence and stop_id (locate-stop.ts) and gives, per event (arrival, departure), an absolute
 *   `time` (which wins) or a `delay` against the schedule. A missing departure takes the arrival's delay and a
 *   missing arrival the departure's; an update with neither is on time (delay 0), as the spec's own example reads.
 * - The delay of an update (its departure's) propagates downstream, to every stop until the next update.
 * - Stops before the first update keep their schedule: no prediction (NaN).
 * - SKIPPED: the stop is not served (no prediction there), the delay keeps propagating past it.
 * - NO_DATA: no prediction at that stop nor after it, until the next update with data.
 * - TripUpdate.delay (the trip's delay, experimental) applies to every stop only when no StopTimeUpdate is given:
 *   the spec lets stop updates take precedence.
 * - Updates out of stop order are applied in stop order; two for one stop: the later one wins.
 */
import type { Network, TripIdx } from "../network/model.js";
import { STOP_NO_DATA, STOP_SKIPPED, type RtStopTimeEvent, type RtTripUpdate } from "./gtfs-rt-types.js";
import { locateStop, POSITION_MASK, STOP_MISMATCH } from "./locate-stop.js";
import type { RealtimeIndex } from "./realtime-index.js";

/** Where one trip's predictions go: rows [offset, offset + stop count) of the state's columns. */
export interface PredictionColumns {
  /** row -> predicted arrival, epoch ms; NaN without a prediction */
  arrivalMs: Float64Array;
  /** row -> predicted departure, epoch ms; NaN without a prediction */
  departureMs: Float64Array;
  /** row -> 1 when the stop is SKIPPED */
  skipped: Uint8Array;
}

export interface AppliedUpdate {
  /** StopTimeUpdates that name no stop of the trip (unknown_stop). */
  unknownStops: number;
  /** StopTimeUpdates applied whose stop_sequence and stop_id disagreed (locate-stop.ts; counted unknown_stop too). */
  mismatchedStops: number;
  /** The delay (seconds) of the last update that gave one; undefined when none did. */
  delaySeconds: number | undefined;
}

/** Located positions of one trip's updates; reused across trips (a trip has tens of updates). */
let positions = new Int32Array(64);

/**
 * Writes the predictions of `trip` on the service date whose time 0 is `baseMs` into `out` from `offset`.
 * Allocation: none for updates in stop order (the usual case).
 */
export function applyStopTimeUpdates(
  network: Network,
  index: RealtimeIndex,
  trip: TripIdx,
  baseMs: number,
  update: RtTripUpdate,
  out: PredictionColumns,
  offset: number,
): AppliedUpdate {
  const { trips, patterns, stopTimes } = network;
  const pattern = trips.pattern[trip];
  const length = patterns.stopStart[pattern + 1] - patterns.stopStart[pattern];
  const row0 = trips.stopTimeStart[trip];
  const stus = update.stopTimeUpdate;
  const m = stus.length;
  if (positions.length < m) positions = new Int32Array(m * 2);
  let unknownStops = 0;
  let mismatchedStops = 0;
  let cursor = 0;
  let ordered = true;
  let last = -1;
  for (let k = 0; k < m; k++) {
    const u = stus[k];
    const located = locateStop(network, index, trip, u.stopSequence, u.stopId, cursor);
    if (located < 0) {
      positions[k] = -1;
      unknownStops++;
      continue;
    }
    if ((located & STOP_MISMATCH) !== 0) mismatchedStops++;
    const pos = located & POSITION_MASK;
    positions[k] = pos;
    if (pos < last) ordered = false;
    last = pos;
    cursor = pos + 1;
  }
  // Updates in stop order (rare otherwise): indices into stus, stable, unknown stops left out.
  let order: number[] | undefined;
  if (!ordered) {
    order = [];
    for (let k = 0; k < m; k++) if (positions[k] >= 0) order.push(k);
    order.sort((a, b) => positions[a] - positions[b] || a - b);
  }
  const count = order ? order.length : m;
  const at = (j: number) => (order ? order[j] : j);

  let delayMs = m === 0 && update.delay !== undefined && update.delay !== null ? update.delay * 1000 : NaN;
  let delaySeconds: number | undefined = m === 0 && !Number.isNaN(delayMs) ? update.delay : undefined;
  let j = 0;
  // hot: no allocation
  for (let i = 0; i < length; i++) {
    const schedArr = baseMs + stopTimes.arrival[row0 + i] * 1000;
    const schedDep = baseMs + stopTimes.departure[row0 + i] * 1000;
    let k = -1;
    while (j < count && positions[at(j)] <= i) {
      if (positions[at(j)] === i) k = at(j);
      j++;
    }
    let arr = NaN;
    let dep = NaN;
    let skip = 0;
    if (k >= 0) {
      const u = stus[k];
      const rel = u.scheduleRelationship ?? 0;
      if (rel === STOP_SKIPPED) skip = 1;
      else if (rel === STOP_NO_DATA) delayMs = NaN;
      else {
        let ad = eventDelayMs(u.arrival, schedArr);
        let dd = eventDelayMs(u.departure, schedDep);
        if (Number.isNaN(ad)) ad = Number.isNaN(dd) ? 0 : dd;
        if (Number.isNaN(dd)) dd = ad;
        arr = schedArr + ad;
        dep = schedDep + dd;
        delayMs = dd;
        delaySeconds = Math.round((i === length - 1 ? ad : dd) / 1000);
      }
    } else if (!Number.isNaN(delayMs)) {
      arr = schedArr + delayMs;
      dep = schedDep + delayMs;
    }
    out.arrivalMs[offset + i] = arr;
    out.departureMs[offset + i] = dep;
    out.skipped[offset + i] = skip;
  }
  return { unknownStops, mismatchedStops, delaySeconds };
}

/** An event's delay in ms: its absolute time against the schedule, else its delay; NaN when it gives neither. */
function eventDelayMs(e: RtStopTimeEvent | undefined, scheduledMs: number): number {
  if (!e) return NaN;
  if (e.time !== undefined && e.time !== null && e.time > 0) return e.time * 1000 - scheduledMs;
  if (e.delay !== undefined && e.delay !== null) return e.delay * 1000;
  return NaN;
}
