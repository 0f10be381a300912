/**
 * The stop-sequence fixture (test/fixtures/realtime/stop-sequence, see its README: stop_sequence from 0 and in
 * steps of 10, a loop trip, a frequency trip, a station with two platforms) compiled with the real reader and
 * compiler, and feeds that travel the real protobuf path.
 */
import { fileURLToPath } from "node:url";
import { readGtfs } from "../../../src/gtfs/index.js";
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { Network, TripIdx } from "../../../src/network/model.js";
import { buildRealtimeState } from "../../../src/realtime/build-realtime-state.js";
import { decodeFeedMessage, encodeFeedMessage } from "../../../src/realtime/feed-codec.js";
import type { RtFeedEntity, RtFeedMessage } from "../../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../../src/realtime/realtime-state.js";

let cached: Promise<Network> | undefined;

export function stopSequenceNetwork(): Promise<Network> {
  const dir = fileURLToPath(new URL("../../fixtures/realtime/stop-sequence/", import.meta.url));
  cached ??= readGtfs(dir).then((feed) => compileNetwork([{ feed, profile: "delijn" }], { now: new Date("2024-01-01T00:00:00Z") }));
  return cached;
}

/** Tuesday 2024-03-12, Brussels wall clock (CET, UTC+1), epoch ms. */
export const tue = (time: string): number => Date.parse(`2024-03-12T${time}+01:00`);
export const TUE = "20240312";

/** A message of these entities, encoded with gtfs-realtime-bindings and decoded again. */
export function viaProtobuf(entity: RtFeedEntity[], headerMs: number): RtFeedMessage {
  return decodeFeedMessage(encodeFeedMessage({ header: { gtfsRealtimeVersion: "2.0", timestamp: Math.floor(headerMs / 1000) }, entity }));
}

/** The state of one feed ("fixture-feed") of these entities. */
export function stateOf(net: Network, entity: RtFeedEntity[], nowMs: number): RealtimeState {
  return buildRealtimeState(net, [{ name: "fixture-feed", message: viaProtobuf(entity, nowMs) }], nowMs);
}

/** The TripIdx of a trip_id (the copies of a frequency trip: the n-th, from 0). */
export function tripOf(net: Network, tripId: string, copy = 0): TripIdx {
  const found: TripIdx[] = [];
  for (let t = 0; t < net.trips.count; t++) if (net.strings.get(net.trips.gtfsId[t]) === tripId) found.push(t);
  found.sort((a, b) => net.trips.frequencyStart[a] - net.trips.frequencyStart[b]);
  if (found[copy] === undefined) throw new Error(`no trip ${tripId} #${copy}`);
  return found[copy];
}
