import { addDays } from "../lib/service-date.js";
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network, StopIdx } from "../network/model.js";
import { departuresAtStop } from "./departures-at-stop.js";
import { addedPassage } from "./make-passage.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { RealtimePassage } from "./types.js";
import { withRealtime } from "./with-realtime.js";

/** How far ahead a stop's real-time list looks by default: a day, so that late in the evening it continues with the next morning. */
export const UPCOMING_HORIZON_MS = 24 * 3_600_000;

/**
 * How long after its scheduled time a passage may still be listed, when the real-time state
 * predicts it later than `from` (a late bus). Only looked at with an overlay: without one a
 * passage whose scheduled time is past is gone.
 */
export const LATE_LOOKBACK_MS = 60 * 60_000;

export interface UpcomingPassagesParams {
  stop: StopIdx;
  /** The moment the list starts ("now"): passages expected before it are not listed. */
  from: EpochMs;
  /** Most passages returned. */
  max: number;
  /** Passages scheduled before this instant only; default from + UPCOMING_HORIZON_MS. */
  until?: EpochMs;
}

/**
 * The next passages at a stop from a moment, sorted by when they are expected (the prediction,
 * else the schedule; ties in schedule order), at most `max`, crossing into the next local days
 * while the horizon lasts. Like a stop timetable it lists the passages where one can board: not
 * a trip's arrival at its last stop, not a stop without pickup.
 *
 * Without real-time facts for a passage it carries ["GEENREALTIME"] and its scheduled time is
 * what counts: a passage scheduled before `from` is not listed. With an overlay, a passage
 * scheduled up to LATE_LOOKBACK_MS earlier stays listed while its prediction is not past, or
 * while it is VERSTREKEN (with-realtime.ts: predicted at most ELAPSED_LISTED_MS ago, the vehicle
 * not reported beyond the stop). The overlay's added trips (GTFS-RT ADDED) are listed among them
 * at the feed's times, except at their last stop.
 *
 * Cost: departuresAtStop for each local day the answer reaches into (one, or two late in the
 * evening); it stops at the first day that fills the list.
 */
export function upcomingPassages(
  network: Network,
  realtime: RealtimeOverlay | undefined,
  params: UpcomingPassagesParams,
): RealtimePassage[] {
  const { stop, from, max } = params;
  if (max <= 0) return [];
  const zone = zonedTime(network.meta.timezone);
  const until = params.until ?? from + UPCOMING_HORIZON_MS;
  const start = realtime ? from - LATE_LOOKBACK_MS : from;
  const out: RealtimePassage[] = [];
  for (let date = zone.localDateOf(start); zone.localDayStartMs(date) < until; date = addDays(date, 1)) {
    for (const p of departuresAtStop(network, realtime, { stop, date })) {
      if (p.epochMs < start) continue;
      if (p.epochMs >= until) break; // sorted by instant
      const rp = withRealtime(realtime, p, zone, from);
      if (rp.expectedEpochMs >= from || rp.elapsed) out.push(rp);
      // Without predictions the order is the schedule's: the list is full.
      if (!realtime && out.length >= max) break;
    }
    // A passage of a later day would have to be expected before every one listed so far to belong
    // in the list: only an early prediction could do that, which is not worth another day's scan.
    if (out.length >= max) break;
  }
  for (const { trip, position } of realtime?.addedPassagesAt?.(stop, start, until) ?? []) {
    if (position === trip.stops.length - 1) continue; // an arrival, as a scheduled trip's last stop
    const rp = withRealtime(realtime, addedPassage(network, trip, position, zone), zone, from);
    if (rp.expectedEpochMs >= from || rp.elapsed) out.push(rp);
  }
  // Stable: passages expected at the same instant keep departuresAtStop's order (instant, trip).
  out.sort((a, b) => a.expectedEpochMs - b.expectedEpochMs);
  return out.length > max ? out.slice(0, max) : out;
}
