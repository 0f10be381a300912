/**
 * The position in a trip's pattern that a StopTimeUpdate (or a VehiclePosition) names by stop_sequence or stop_id.
 *
 * The network keeps pattern positions, not GTFS stop_sequence values, so a stop_sequence is read as the 1-based
 * position: stop_sequence n is the n-th stop of the trip, as feeds number them (De Lijn, the MTA, the demo). Where
 * the update also names a stop_id, that stop must be there, else the stop_id decides: feeds whose sequences have
 * gaps (10, 20, ...) or start at 0 are still located whenever they give stop_id, as most do. A stop_id is looked
 * for from `cursor` (just after the stop the previous update located) to the end, then from the start: the
 * second update of a loop trip at a stop it passes twice finds the second visit.
 *
 * Returns -1 when the trip has no such stop (counted unknown_stop).
 */
import type { Network, PatternIdx } from "../network/model.js";
import { namesStop, type RealtimeIndex } from "./realtime-index.js";

export function locateStop(
  network: Network,
  index: RealtimeIndex,
  pattern: PatternIdx,
  stopSequence: number | undefined,
  stopId: string | undefined,
  cursor: number,
): number {
  const { patterns } = network;
  const row0 = patterns.stopStart[pattern];
  const length = patterns.stopStart[pattern + 1] - row0;
  const entry = stopId ? index.stopsById.get(stopId) : undefined;
  if (stopSequence !== undefined && stopSequence !== null) {
    const pos = stopSequence - 1;
    const inRange = pos >= 0 && pos < length;
    if (!stopId) return inRange ? pos : -1;
    if (inRange && entry !== undefined && namesStop(entry, patterns.stops[row0 + pos])) return pos;
  }
  if (entry === undefined) return -1;
  const from = cursor > 0 && cursor < length ? cursor : 0;
  // hot: integer comparisons
  for (let i = from; i < length; i++) if (namesStop(entry, patterns.stops[row0 + i])) return i;
  for (let i = 0; i < from; i++) if (namesStop(entry, patterns.stops[row0 + i])) return i;
  return -1;
}
