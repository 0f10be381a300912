/**
 * The position in a trip that a StopTimeUpdate (or a VehiclePosition) names by stop_sequence and/or stop_id.
 * Spec: https://gtfs.org/realtime/reference/#message-stoptimeupdate
 *
 * - stop_sequence is the feed's own value, as in stop_times.txt (network.trips.sequences): looked up by binary
 *   search among the trip's rows, where it increases. Numberings from 0, from 1 or in steps of 10 match exactly,
 *   and on a loop trip it tells the two visits of one stop apart, as the reference requires it to. A frequency
 *   copy carries its template's values (it shares its template's run of trips.sequences).
 * - stop_id alone: the first visit from `cursor` (just after the stop the previous update located) to the end,
 *   then from the start: the second update of a loop trip at a stop it passes twice finds the second visit.
 * - Both, naming one stop time: that one.
 * - Both, disagreeing (the stop at that stop_sequence is another one, or the trip has no such stop_sequence):
 *   the stop_id wins when the trip visits it, else the stop_sequence. The disagreement seen in real feeds is a
 *   producer that writes its own count as stop_sequence (1, 2, ... over a schedule numbered 0, 1, ... or 10, 20,
 *   ...): every update is then one or more stops off while its stop_id is right, and a time shown at the wrong stop
 *   misleads more than a time missing. The stop_sequence still picks the visit when the trip passes the stop_id
 *   twice: the visit nearest the stop_sequence's stop, on a tie the first from `cursor`. A stop_id the trip does
 *   not have (e.g. another platform of the station) leaves the stop_sequence's stop. Either way the result carries
 *   STOP_MISMATCH, which the caller counts as unknown_stop in the feed's FeedMatchStats: the update is applied,
 *   and the feed's numbering shows up in /health and `lijnwijzer realtime` instead of passing unnoticed.
 *
 * Returns the position (0-based, in the trip's pattern), with STOP_MISMATCH set on a disagreement, or -1 when the
 * trip has no such stop (counted unknown_stop).
 */
import type { Network, TripIdx } from "../network/model.js";
import { namesStop, type RealtimeIndex } from "./realtime-index.js";

/**
 * Flag of a located position whose stop_sequence and stop_id disagreed. Bit 30: above any position (a pattern has
 * at most 65,535 stops, stops.patternPositions being Uint16) and below the sign bit, so -1 stays the only negative.
 */
export const STOP_MISMATCH = 0x4000_0000;
/** The position of a located result: `result & POSITION_MASK` (for a result >= 0). */
export const POSITION_MASK = STOP_MISMATCH - 1;

export function locateStop(
  network: Network,
  index: RealtimeIndex,
  trip: TripIdx,
  stopSequence: number | undefined,
  stopId: string | undefined,
  cursor: number,
): number {
  const { patterns, trips } = network;
  const pattern = trips.pattern[trip];
  const stop0 = patterns.stopStart[pattern];
  const length = patterns.stopStart[pattern + 1] - stop0;
  const bySequence = stopSequence !== undefined && stopSequence !== null ? sequencePosition(network, trip, length, stopSequence) : -1;
  if (!stopId) return bySequence;
  const entry = index.stopsById.get(stopId);
  if (bySequence >= 0 && entry !== undefined && namesStop(entry, patterns.stops[stop0 + bySequence])) return bySequence;
  const hasSequence = stopSequence !== undefined && stopSequence !== null;
  if (entry === undefined) return bySequence >= 0 ? bySequence | STOP_MISMATCH : -1;
  // hot: integer comparisons, no allocation
  if (bySequence < 0) {
    const from = cursor > 0 && cursor < length ? cursor : 0;
    let found = -1;
    for (let i = from; i < length && found < 0; i++) if (namesStop(entry, patterns.stops[stop0 + i])) found = i;
    for (let i = 0; i < from && found < 0; i++) if (namesStop(entry, patterns.stops[stop0 + i])) found = i;
    if (found < 0) return -1;
    return hasSequence ? found | STOP_MISMATCH : found;
  }
  // Both given, the stop_sequence's stop is not the stop_id: the stop_id's visit nearest to it.
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < length; i++) {
    if (!namesStop(entry, patterns.stops[stop0 + i])) continue;
    const distance = Math.abs(i - bySequence);
    // An equal distance: a visit before the cursor loses to one from it (updates come in stop order).
    if (distance < bestDistance || (distance === bestDistance && best < cursor && i >= cursor)) {
      best = i;
      bestDistance = distance;
    }
  }
  return (best >= 0 ? best : bySequence) | STOP_MISMATCH;
}

/** The position of the trip's stop time with this stop_sequence, -1 when it has none: binary search, they increase. */
export function sequencePosition(network: Network, trip: TripIdx, length: number, stopSequence: number): number {
  const { sequences: sequence, sequenceStart } = network.trips;
  const row0 = sequenceStart[trip];
  let lo = 0;
  let hi = length - 1;
  // hot: no allocation
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sequence[row0 + mid];
    if (v === stopSequence) return mid;
    if (v < stopSequence) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
