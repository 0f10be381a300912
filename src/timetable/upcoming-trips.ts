import { addDays } from "../lib/service-date.js";
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { LineDirIdx, Network, ServiceSeconds, TripIdx } from "../network/model.js";
import { serviceDayActive, serviceDayIndex } from "./is-service-active.js";
import { longestTripOfPattern } from "./longest-trip-of-pattern.js";
import { addedPassage } from "./make-passage.js";
import { maxStopTime } from "./max-stop-time.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import { tripDayCache } from "./trip-day-cache.js";
import type { RealtimePassage, RealtimeTrip } from "./types.js";
import { LATE_LOOKBACK_MS } from "./upcoming-passages.js";
import { withRealtime } from "./with-realtime.js";

/** The default window of a line direction's real-time answer: trips with a passage in the next 90 minutes. */
export const UPCOMING_TRIPS_WINDOW_MS = 90 * 60_000;

export interface UpcomingTripsParams {
  lineDirection: LineDirIdx;
  /** The moment ("now"): passages expected before it are behind the trip. */
  from: EpochMs;
  /** Only trips whose next passage is expected before this instant; default from + UPCOMING_TRIPS_WINDOW_MS. */
  until?: EpochMs;
}

/**
 * The trips of a line direction that have not finished at `from` and make a passage before
 * `until`: those under way and those about to leave, each with the passages it still has to
 * make (every stop of its pattern, the arrival at the last one included, as in a line-direction
 * timetable). Trips of earlier service dates still running after midnight are included.
 * Sorted by the scheduled time of the trip's first stop, then by ritnummer.
 *
 * A passage counts as made when it is expected (the prediction, else the schedule) before
 * `from`, unless it is VERSTREKEN (with-realtime.ts); with an overlay a trip scheduled to have
 * finished up to LATE_LOOKBACK_MS ago is still looked at, in case it runs late. The overlay's
 * added trips (GTFS-RT ADDED) of the line direction are listed the same way, with the stops the
 * feed gives a time for; their start is the feed's time at their first such stop.
 *
 * A trip scheduled to leave at or after `until` is not looked at, even when the overlay predicts it earlier: unlike
 * a stop's list (EARLY_LOOKAHEAD_MS, upcoming-passages.ts) the window has no look-ahead.
 *
 * Cost: per pattern of the line direction and service date that can reach `from`, a binary search
 * and integer comparisons over the trips that leave in the window or up to the pattern's longest
 * trip before it (longestTripOfPattern); the trips kept come from the trip-day cache (tripTimetable once per trip and
 * service date), then withRealtime per passage from the look-back on.
 */
export function upcomingTrips(network: Network, realtime: RealtimeOverlay | undefined, params: UpcomingTripsParams): RealtimeTrip[] {
  const { lineDirections, patterns, trips, stopTimes } = network;
  const { from, lineDirection: ld } = params;
  const until = params.until ?? from + UPCOMING_TRIPS_WINDOW_MS;
  const start = realtime ? from - LATE_LOOKBACK_MS : from;
  const zone = zonedTime(network.meta.timezone);
  // A service date reaches `start` only when it began less than the network's latest time before it.
  const first = addDays(zone.localDateOf(start), -Math.ceil(maxStopTime(network) / 86_400) - 1);
  const last = zone.localDateOf(until);
  const longest = longestTripOfPattern(network);
  const found: Array<{ startMs: EpochMs; trip: RealtimeTrip }> = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const day = serviceDayIndex(network, date);
    if (day < 0) continue;
    const baseMs = zone.serviceDayStartMs(date);
    // The trip's times as ServiceSeconds of this date: [loSec, hiSec) is [start, until).
    const loSec = Math.ceil((start - baseMs) / 1000);
    const hiSec = Math.ceil((until - baseMs) / 1000);
    for (let r = lineDirections.patternStart[ld]; r < lineDirections.patternStart[ld + 1]; r++) {
      const p = lineDirections.patterns[r];
      const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
      // A pattern's trips are sorted by departure at the first stop: one that arrives at loSec or later left at
      // loSec - longest[p] or later, and once one leaves at hiSec so do the rest.
      for (let t = firstLeavingFrom(network, p, loSec - longest[p]); t < patterns.tripStart[p + 1]; t++) {
        const row0 = trips.stopTimeStart[t];
        // hot: two comparisons decide most trips
        if (stopTimes.departure[row0] >= hiSec) break;
        if (stopTimes.arrival[row0 + length - 1] < loSec) continue;
        if (!serviceDayActive(network, trips.service[t], day)) continue;
        const tt = tripDayCache.timetable(network, t, date);
        const passages: RealtimePassage[] = [];
        for (const passage of tt.passages) {
          if (passage.epochMs < start) continue;
          const rp = withRealtime(realtime, passage, zone, from);
          if (rp.expectedEpochMs >= from || rp.elapsed) passages.push(rp);
        }
        if (passages.length === 0 || passages[0].expectedEpochMs >= until) continue;
        found.push({
          startMs: tt.passages[0].epochMs,
          trip: {
            trip: t,
            serviceDate: date,
            lineDirection: tt.lineDirection,
            tripNumber: tt.tripNumber,
            destination: tt.destination,
            placeDestination: tt.placeDestination,
            passages,
          },
        });
      }
    }
  }
  for (const added of realtime?.addedTripsOf?.(ld) ?? []) {
    const passages: RealtimePassage[] = [];
    let startMs = NaN;
    for (let pos = 0; pos < added.stops.length; pos++) {
      const e = added.passageMs[pos];
      if (Number.isNaN(e)) continue;
      if (Number.isNaN(startMs)) startMs = e;
      if (e < start) continue;
      const rp = withRealtime(realtime, addedPassage(network, added, pos, zone), zone, from);
      if (rp.expectedEpochMs >= from || rp.elapsed) passages.push(rp);
    }
    if (passages.length === 0 || passages[0].expectedEpochMs >= until) continue;
    const first = passages[0].passage;
    found.push({
      startMs,
      trip: {
        trip: first.trip,
        serviceDate: added.serviceDate,
        lineDirection: ld,
        tripNumber: first.tripNumber,
        destination: first.destination,
        placeDestination: first.placeDestination,
        passages,
      },
    });
  }
  found.sort(
    (a, b) =>
      a.startMs - b.startMs ||
      a.trip.tripNumber.localeCompare(b.trip.tripNumber, "en", { numeric: true }) ||
      a.trip.trip - b.trip.trip,
  );
  return found.map((f) => f.trip);
}

/** The first trip of pattern `p` leaving its first stop at `sec` or later (trips are sorted so); the pattern's end when none does. */
function firstLeavingFrom(network: Network, p: number, sec: ServiceSeconds): TripIdx {
  const { patterns, trips, stopTimes } = network;
  let lo = patterns.tripStart[p];
  let hi = patterns.tripStart[p + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (stopTimes.departure[trips.stopTimeStart[mid]] < sec) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
