import type { ZonedTime } from "../lib/zoned-time.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { PredictionStatus, Passage, RealtimePassage } from "./types.js";

const NO_REALTIME: readonly PredictionStatus[] = ["GEENREALTIME"];

/**
 * A scheduled passage with the overlay's facts about it. Without any (no overlay, or the feed
 * says nothing of this passage) it is what the operator answers for a trip without a
 * measurement: predictionStatussen ["GEENREALTIME"], no real-time time, no vehicle.
 */
export function withRealtime(realtime: RealtimeOverlay | undefined, p: Passage, zone: ZonedTime): RealtimePassage {
  const u = realtime?.passage(p.trip, p.serviceDate, p.position);
  if (!u || (u.epochMs === undefined && u.vehicle === undefined && !u.cancelled)) {
    return {
      passage: p,
      realtimeEpochMs: undefined,
      realtimeTime: undefined,
      vehicle: undefined,
      cancelled: false,
      statuses: [...NO_REALTIME],
      expectedEpochMs: p.epochMs,
    };
  }
  const statuses: PredictionStatus[] = [];
  if (u.epochMs !== undefined) statuses.push("REALTIME");
  if (u.cancelled) statuses.push("GESCHRAPT");
  if (statuses.length === 0) statuses.push("GEENREALTIME"); // a vehicle named, but no time for this stop
  return {
    passage: p,
    realtimeEpochMs: u.epochMs,
    realtimeTime: u.epochMs === undefined ? undefined : zone.formatLocal(u.epochMs),
    vehicle: u.vehicle,
    cancelled: u.cancelled === true,
    statuses,
    expectedEpochMs: u.epochMs ?? p.epochMs,
  };
}
