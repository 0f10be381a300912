/**
 * Which scheduled trip, on which service date, a GTFS-RT TripDescriptor names.
 * Spec: https://gtfs.org/realtime/reference/#message-tripdescriptor
 *
 * - trip_id + start_date: the trip of that id running on that service date; not running that day: not_running.
 * - start_date absent: the service date on which the trip runs nearest to the feed's time (the TripUpdate's or
 *   VehiclePosition's timestamp, else the header's, else the moment the state is built): the distance from that
 *   time to the trip's span (first departure to last arrival) on each date it runs, from as many days before the
 *   feed's local day as the network's latest time reaches (one for times up to 24:00, two up to 48:00) to one
 *   day after; 0 inside the span; a tie goes to the earlier date.
 * - frequency-based trips (frequencies.txt, expanded by the compiler into copies sharing the trip_id, each with
 *   its `frequencyStart`): the copy whose start is start_time, else the nearest copy (exact_times=0 trips start
 *   near, not on, the expanded headways); a frequency trip without start_time matches nothing (unknown_trip).
 * - no trip_id, or a trip_id the network lacks: route_id + start_time (+ direction_id when given; + start_date as
 *   above): the trip of a line direction of that route whose first departure is start_time; where several do
 *   (two patterns leaving at once), the first in the line direction's pattern order (most trips first).
 *
 * Cost: one Map.get, then integer comparisons over the trip's copies and a few dates.
 */
import { parseGtfsTime } from "../gtfs/parse-gtfs-time.js";
import { addDays, parseServiceDate } from "../lib/service-date.js";
import type { EpochMs, ZonedTime } from "../lib/zoned-time.js";
import { linesByGtfsRouteId } from "../network/gtfs-id-lookup.js";
import type { Network, ServiceDate, TripIdx } from "../network/model.js";
import { serviceDayActive, serviceDayIndex } from "../timetable/is-service-active.js";
import { maxStopTime } from "../timetable/max-stop-time.js";
import type { RtTripDescriptor } from "./gtfs-rt-types.js";
import type { RealtimeIndex } from "./realtime-index.js";
import type { UnmatchedReason } from "./realtime-state.js";

export interface TripMatch {
  trip: TripIdx;
  serviceDate: ServiceDate;
}

/** The trip and service date a descriptor names, or why it names none. `feedMs`: the feed's time (see above). */
export function matchTrip(
  network: Network,
  index: RealtimeIndex,
  zone: ZonedTime,
  d: RtTripDescriptor,
  feedMs: EpochMs,
): TripMatch | UnmatchedReason {
  let date: ServiceDate | undefined;
  if (d.startDate) {
    date = /^\d{8}$/.test(d.startDate) ? parseServiceDate(d.startDate) : undefined;
    if (date === undefined) return "not_running"; // no calendar date: no day the trip runs
  }
  const startSec = d.startTime ? parseGtfsTime(d.startTime) : -1;
  const entry = d.tripId ? index.tripsById.get(d.tripId) : undefined;
  if (entry !== undefined) {
    const { frequencyStart } = network.trips;
    let trip: TripIdx;
    if (typeof entry === "number" && frequencyStart[entry] < 0) trip = entry;
    else {
      const copies = typeof entry === "number" ? [entry] : entry;
      const t = pickCopy(copies, frequencyStart, startSec);
      if (t === undefined) return "unknown_trip";
      // Plain trips sharing an id (two feeds): the first that runs on the date.
      if (frequencyStart[t] < 0 && copies.length > 1) return firstRunning(network, zone, copies, date, feedMs);
      trip = t;
    }
    return onDate(network, zone, trip, date, feedMs);
  }
  if (d.routeId === undefined || d.routeId === "" || startSec < 0) return "unknown_trip";
  const starting = tripsStartingAt(network, d.routeId, d.directionId, startSec);
  if (starting.length === 0) return "unknown_trip";
  return firstRunning(network, zone, starting, date, feedMs);
}

/** The copy a start_time names: its own, else the nearest (ties: the earlier); a plain trip when no start is given. */
function pickCopy(copies: readonly TripIdx[], frequencyStart: Int32Array, startSec: number): TripIdx | undefined {
  if (frequencyStart[copies[0]] < 0) return copies[0];
  if (startSec < 0) return undefined;
  let best: TripIdx | undefined;
  let bestDiff = Infinity;
  for (const t of copies) {
    const diff = Math.abs(frequencyStart[t] - startSec);
    if (diff < bestDiff) {
      best = t;
      bestDiff = diff;
    }
  }
  return best;
}

function firstRunning(
  network: Network,
  zone: ZonedTime,
  trips: readonly TripIdx[],
  date: ServiceDate | undefined,
  feedMs: EpochMs,
): TripMatch | UnmatchedReason {
  let best: TripMatch | undefined;
  let bestDistance = Infinity;
  for (const t of trips) {
    if (date !== undefined) {
      if (serviceDayActive(network, network.trips.service[t], serviceDayIndex(network, date))) return { trip: t, serviceDate: date };
      continue;
    }
    const m = nearestDate(network, zone, t, feedMs);
    if (m && m.distance < bestDistance) {
      best = { trip: t, serviceDate: m.serviceDate };
      bestDistance = m.distance;
    }
  }
  return best ?? "not_running";
}

function onDate(network: Network, zone: ZonedTime, trip: TripIdx, date: ServiceDate | undefined, feedMs: EpochMs): TripMatch | UnmatchedReason {
  if (date !== undefined) {
    return serviceDayActive(network, network.trips.service[trip], serviceDayIndex(network, date)) ? { trip, serviceDate: date } : "not_running";
  }
  const m = nearestDate(network, zone, trip, feedMs);
  return m ? { trip, serviceDate: m.serviceDate } : "not_running";
}

/** The service date (see the header for which ones are tried) on which the trip runs nearest to `feedMs`. */
function nearestDate(network: Network, zone: ZonedTime, trip: TripIdx, feedMs: EpochMs): { serviceDate: ServiceDate; distance: number } | undefined {
  const { trips, patterns, stopTimes } = network;
  const p = trips.pattern[trip];
  const row0 = trips.stopTimeStart[trip];
  const firstSec = stopTimes.departure[row0];
  const lastSec = stopTimes.arrival[row0 + patterns.stopStart[p + 1] - patterns.stopStart[p] - 1];
  const today = zone.localDateOf(feedMs);
  let best: { serviceDate: ServiceDate; distance: number } | undefined;
  for (let k = -Math.ceil(maxStopTime(network) / 86_400); k <= 1; k++) {
    const date = addDays(today, k);
    if (!serviceDayActive(network, trips.service[trip], serviceDayIndex(network, date))) continue;
    const base = zone.serviceDayStartMs(date);
    const from = base + firstSec * 1000;
    const to = base + lastSec * 1000;
    const distance = feedMs < from ? from - feedMs : feedMs > to ? feedMs - to : 0;
    if (!best || distance < best.distance) best = { serviceDate: date, distance };
  }
  return best;
}

/** The trips of a route's line direction(s) whose first departure is `startSec`, in the line directions' pattern order. */
function tripsStartingAt(network: Network, routeId: string, directionId: number | undefined, startSec: number): TripIdx[] {
  const { lineDirections, patterns, trips, stopTimes } = network;
  const out: TripIdx[] = [];
  for (const line of linesByGtfsRouteId(network, routeId)) {
    for (const dir of directionId === 0 || directionId === 1 ? [directionId] : [0, 1]) {
      const ld = line * 2 + dir;
      for (let r = lineDirections.patternStart[ld]; r < lineDirections.patternStart[ld + 1]; r++) {
        const p = lineDirections.patterns[r];
        for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
          if (stopTimes.departure[trips.stopTimeStart[t]] === startSec) out.push(t);
        }
      }
    }
  }
  return out;
}
