import { addDays } from "../lib/service-date.js";
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network, StopIdx } from "../network/model.js";
import { addedPassage } from "./make-passage.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import { stopDayCache } from "./stop-day-cache.js";
import type { Passage, RealtimePassage } from "./types.js";
import { withRealtime } from "./with-realtime.js";

/** How far ahead a stop's real-time list looks by default: a day, so that late in the evening it continues with the next morning. */
export const UPCOMING_HORIZON_MS = 24 * 3_600_000;

/**
 * How long after its scheduled time a passage may still be listed, when the real-time state
 * predicts it later than `from` (a late bus). Only looked at with an overlay: without one a
 * passage whose scheduled time is past is gone.
 */
export const LATE_LOOKBACK_MS = 60 * 60_000;

/**
 * How much earlier than its schedule a prediction is looked for, the look-back's counterpart: with an overlay the
 * scan of a stop's day stops at the first passage scheduled more than this after the list's last entry (the
 * `max`-th passage expected so far), since a passage predicted at most this much early is then expected after every
 * listed one. A passage predicted more than an hour early (in real feeds a wrong start date or trip, not a bus) is
 * listed only while its schedule lies within an hour of the list's end. Symmetric with LATE_LOOKBACK_MS. At the MTA
 * snapshot's busiest stop at 08:00 (10 passages asked) it leaves 152 passages to look at instead of the 689 left in
 * the day (docs/BENCHMARKS.md).
 */
export const EARLY_LOOKAHEAD_MS = LATE_LOOKBACK_MS;

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
 * not reported beyond the stop); a passage scheduled later is looked for up to EARLY_LOOKAHEAD_MS
 * after the list's end, and a later local day only when the earlier ones did not fill the list.
 * The overlay's added trips (GTFS-RT ADDED) are listed among them at the feed's times, except at
 * their last stop.
 *
 * Cost: per local day the answer reaches into (one, or two late in the evening) the stop's day
 * from the stop-day cache (departuresAtStop once per stop and day, then a lookup) and a binary
 * search for the start; then withRealtime per passage up to the list's end, or with an overlay
 * up to the look-ahead past it (152 passages at the MTA's busiest stop at 08:00, 17 µs).
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
  // The `max` earliest expected instants listed so far, ascending; once full, its last is the list's end.
  const ends = new Float64Array(max);
  let ended = 0;
  let cutMs = Infinity;
  for (let date = zone.localDateOf(start); zone.localDayStartMs(date) < until; date = addDays(date, 1)) {
    const day = stopDayCache.passages(network, { stop, date });
    // hot: no allocation but the RealtimePassages
    for (let i = firstFrom(day, start); i < day.length; i++) {
      const p = day[i];
      if (p.epochMs >= until) break; // sorted by instant
      // Expected at or after p.epochMs - EARLY_LOOKAHEAD_MS > the list's end, as every later one: none can enter it.
      if (p.epochMs > cutMs) break;
      const rp = withRealtime(realtime, p, zone, from);
      if (rp.expectedEpochMs >= from || rp.elapsed) {
        out.push(rp);
        // Without predictions the order is the schedule's: the list is full.
        if (!realtime) {
          if (out.length >= max) break;
          continue;
        }
        const e = rp.expectedEpochMs;
        if (ended === max && e >= ends[max - 1]) continue;
        let k = ended < max ? ended++ : max - 1;
        for (; k > 0 && ends[k - 1] > e; k--) ends[k] = ends[k - 1];
        ends[k] = e;
        if (ended === max) cutMs = ends[max - 1] + EARLY_LOOKAHEAD_MS;
      }
    }
    // A passage of a later day would have to be expected before every one listed so far to belong
    // in the list: only an early prediction could do that, which is not worth another day's scan
    // (even within the look-ahead: the answers stay what they were before it).
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

/** The index of the first passage of a day (sorted by instant) at or after `ms`; day.length when none is. */
function firstFrom(day: readonly Passage[], ms: EpochMs): number {
  let lo = 0;
  let hi = day.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (day[mid].epochMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
