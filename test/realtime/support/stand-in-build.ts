/**
 * A stand-in for buildRealtimeState in the feed manager's tests: it keeps the messages it was given and counts
 * a trip update whose trip_id starts with "unknown" as unmatched, so that the manager is tested alone.
 */
import type { BuildRealtimeState } from "../../../src/realtime/feed-manager.js";
import type { RtFeedMessage } from "../../../src/realtime/gtfs-rt-types.js";
import type { FeedMatchStats, RealtimeState } from "../../../src/realtime/realtime-state.js";

export interface StandInState extends RealtimeState {
  readonly messages: Record<string, RtFeedMessage>;
}

export function standInBuild(calls: { count: number } = { count: 0 }, fail?: (m: RtFeedMessage) => boolean): BuildRealtimeState {
  return (network, feeds, nowMs) => {
    calls.count++;
    for (const f of feeds) if (fail?.(f.message)) throw new Error(`cannot build ${f.name}`);
    const stats: FeedMatchStats[] = feeds.map(({ name, message }) => {
      const unknown = message.entity.filter((e) => e.tripUpdate?.trip.tripId?.startsWith("unknown")).length;
      return {
        feed: name,
        headerMs: (message.header.timestamp ?? 0) * 1000,
        tripUpdates: message.entity.filter((e) => e.tripUpdate).length,
        vehiclePositions: 0,
        alerts: 0,
        matched: message.entity.length - unknown,
        unmatched: unknown,
        unmatchedByReason: unknown ? { unknown_trip: unknown } : {},
      };
    });
    const state: StandInState = {
      network,
      builtMs: nowMs,
      stats,
      messages: Object.fromEntries(feeds.map((f) => [f.name, f.message])),
      passage: () => undefined,
      disruptions: [],
      trips: () => [],
      vehicles: () => [],
      alerts: [],
    };
    return state;
  };
}
