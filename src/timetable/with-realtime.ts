import type { EpochMs, ZonedTime } from "../lib/zoned-time.js";
import { isNotPassed, type RealtimeOverlay, type RealtimePassageUpdate } from "./realtime-overlay.js";
import type { PredictionStatus, Passage, RealtimePassage } from "./types.js";

const NO_REALTIME: readonly PredictionStatus[] = ["GEENREALTIME"];

/**
 * How long after its predicted instant a passage stays listed as VERSTREKEN while the feed has not reported its
 * vehicle beyond the stop: long enough to cover a feed polled every few minutes or a bus waiting at the stop, short
 * enough that a vehicle that vanished from the feed does not linger.
 */
export const ELAPSED_LISTED_MS = 10 * 60_000;

/**
 * A scheduled passage with the overlay's facts about it. Without any (no overlay, or the feed
 * says nothing of this passage) it is what the operator answers for a trip without a
 * measurement: predictionStatussen ["GEENREALTIME"], no real-time time, no vehicle.
 *
 * Statuses, in this order (spec part 3):
 * - GESCHRAPT: the trip is cancelled or the stop skipped (such a passage carries no prediction);
 * - VERSTREKEN: only with `nowMs`: the prediction lies before `nowMs` by at most ELAPSED_LISTED_MS and the feed has
 *   not reported the vehicle beyond the stop (RealtimePassageUpdate.notPassed); such a passage stays listed;
 * - REALTIME when a prediction exists, else GEENREALTIME (also when the feed names only the vehicle).
 * E.g. ["GESCHRAPT", "GEENREALTIME"], ["VERSTREKEN", "REALTIME"].
 *
 * A passage of an added trip (Passage.added) takes its facts from the trip itself: its time is the feed's.
 */
export function withRealtime(realtime: RealtimeOverlay | undefined, p: Passage, zone: ZonedTime, nowMs?: EpochMs): RealtimePassage {
  const u = p.added ? addedUpdate(p) : realtime?.passage(p.trip, p.serviceDate, p.position);
  if (!u || (u.epochMs === undefined && u.vehicle === undefined && !u.cancelled)) {
    return {
      passage: p,
      realtimeEpochMs: undefined,
      realtimeTime: undefined,
      vehicle: undefined,
      cancelled: false,
      statuses: [...NO_REALTIME],
      elapsed: false,
      expectedEpochMs: p.epochMs,
    };
  }
  const statuses: PredictionStatus[] = [];
  if (u.cancelled) statuses.push("GESCHRAPT");
  const elapsed =
    nowMs !== undefined && u.epochMs !== undefined && u.notPassed === true && u.epochMs < nowMs && nowMs - u.epochMs <= ELAPSED_LISTED_MS;
  if (elapsed) statuses.push("VERSTREKEN");
  statuses.push(u.epochMs !== undefined ? "REALTIME" : "GEENREALTIME");
  return {
    passage: p,
    realtimeEpochMs: u.epochMs,
    realtimeTime: u.epochMs === undefined ? undefined : zone.formatLocal(u.epochMs),
    vehicle: u.vehicle,
    cancelled: u.cancelled === true,
    statuses,
    elapsed,
    expectedEpochMs: u.epochMs ?? p.epochMs,
  };
}

function addedUpdate(p: Passage): RealtimePassageUpdate {
  const a = p.added!;
  if (a.cancelled || a.skipped[p.position]) return { cancelled: true, vehicle: a.vehicle };
  return { epochMs: p.epochMs, vehicle: a.vehicle, notPassed: isNotPassed(a.progress, a.reportMs, p.position, p.epochMs) };
}
