/**
 * A trip the feed adds to the schedule (TripDescriptor ADDED, or NEW in the newer spec): not in the GTFS feed, so
 * everything comes from the TripUpdate.
 *
 * - Line direction: route_id (unknown: unknown_route) + direction_id; without direction_id HEEN, or TERUG where
 *   only that direction has scheduled trips.
 * - Stops: each StopTimeUpdate's stop_id, in the order given (stop_sequence alone names no stop of a trip that
 *   has no schedule: unknown_stop); an unknown stop_id is left out (unknown_stop). The stop_sequence given beside
 *   it is kept: a VehiclePosition's current_stop_sequence names the stop by it, and the GTFS-RT output repeats it.
 * - Times: absolute only (a delay has no schedule to count from); a missing departure is the arrival and vice
 *   versa. The passage instant is the departure, or the arrival at the last stop. A stop without a time is kept
 *   in the trip but not listed. SKIPPED stops are GESCHRAPT.
 * - Service date: start_date, else the local date of its first time, else of the feed's time.
 * - Id (ritnummer, doorkomstId): the descriptor's trip_id, else the feed entity's id.
 */
import { parseServiceDate } from "../lib/service-date.js";
import type { EpochMs, ZonedTime } from "../lib/zoned-time.js";
import { linesByGtfsRouteId } from "../network/gtfs-id-lookup.js";
import type { LineDirIdx, Network, ServiceDate, StopIdx } from "../network/model.js";
import type { AddedTrip } from "../timetable/realtime-overlay.js";
import { STOP_SKIPPED, TRIP_ADDED, type RtTripDescriptor, type RtTripUpdate, type RtVehicleDescriptor } from "./gtfs-rt-types.js";
import type { RealtimeIndex } from "./realtime-index.js";
import type { UnmatchedReason } from "./realtime-state.js";

/** An added trip as the state holds it: the overlay's view plus what the GTFS-RT output and the CLI report need. */
export interface AddedTripState extends AddedTrip {
  arrivalMs: Float64Array;
  departureMs: Float64Array;
  /** stop_id of each stop, as the feed gave it. */
  stopIds: string[];
  /** stop_sequence of each stop as the feed gave it, -1 where it gave none. */
  stopSequences: number[];
  descriptor: RtTripDescriptor;
  vehicleDescriptor: RtVehicleDescriptor | undefined;
  /** Always undefined: an added trip has no schedule to be late against. */
  delaySeconds: undefined;
}

export interface AddedTripResult {
  trip: AddedTripState | undefined;
  /** Why no trip was made (none of its stops known counts as unknown_stop). */
  reason: UnmatchedReason | undefined;
  unknownStops: number;
}

export function addedTrip(
  network: Network,
  index: RealtimeIndex,
  zone: ZonedTime,
  update: RtTripUpdate,
  entityId: string,
  feedMs: EpochMs,
): AddedTripResult {
  const d = update.trip;
  const line = d.routeId ? linesByGtfsRouteId(network, d.routeId)[0] : undefined;
  if (line === undefined) return { trip: undefined, reason: "unknown_route", unknownStops: 0 };
  const exists = network.lineDirections.exists;
  const direction = d.directionId === 0 || d.directionId === 1 ? d.directionId : exists[line * 2] === 1 || exists[line * 2 + 1] !== 1 ? 0 : 1;
  const lineDirection: LineDirIdx = line * 2 + direction;

  const stops: StopIdx[] = [];
  const stopIds: string[] = [];
  const stopSequences: number[] = [];
  const arrivals: number[] = [];
  const departures: number[] = [];
  const skippedList: boolean[] = [];
  let unknownStops = 0;
  for (const u of update.stopTimeUpdate) {
    const entry = u.stopId ? index.stopsById.get(u.stopId) : undefined;
    if (entry === undefined) {
      unknownStops++;
      continue;
    }
    const arr = eventMs(u.arrival?.time);
    const dep = eventMs(u.departure?.time);
    stops.push(typeof entry === "number" ? entry : entry[0]);
    stopIds.push(u.stopId!);
    stopSequences.push(u.stopSequence ?? -1);
    arrivals.push(Number.isNaN(arr) ? dep : arr);
    departures.push(Number.isNaN(dep) ? arr : dep);
    skippedList.push(u.scheduleRelationship === STOP_SKIPPED);
  }
  if (stops.length === 0) return { trip: undefined, reason: "unknown_stop", unknownStops };

  const n = stops.length;
  const arrivalMs = Float64Array.from(arrivals);
  const departureMs = Float64Array.from(departures);
  const passageMs = new Float64Array(n);
  for (let i = 0; i < n; i++) passageMs[i] = i === n - 1 ? arrivalMs[i] : departureMs[i];
  let serviceDate: ServiceDate | undefined = d.startDate && /^\d{8}$/.test(d.startDate) ? parseServiceDate(d.startDate) : undefined;
  if (serviceDate === undefined) {
    const first = passageMs.find((e) => !Number.isNaN(e));
    serviceDate = zone.localDateOf(first ?? feedMs);
  }
  const tripId = d.tripId || entityId;
  const vehicle = update.vehicle;
  const descriptor: RtTripDescriptor = {
    tripId,
    routeId: network.strings.get(network.lines.gtfsId[line]),
    directionId: direction,
    startDate: String(serviceDate),
    scheduleRelationship: TRIP_ADDED,
  };
  if (d.startTime) descriptor.startTime = d.startTime;
  return {
    trip: {
      tripId,
      serviceDate,
      lineDirection,
      stops,
      passageMs,
      skipped: skippedList,
      cancelled: false,
      vehicle: vehicle ? vehicleNumber(vehicle) : undefined,
      progress: -1,
      reportMs: feedMs,
      arrivalMs,
      departureMs,
      stopIds,
      stopSequences,
      descriptor,
      vehicleDescriptor: vehicle,
      delaySeconds: undefined,
    },
    reason: undefined,
    unknownStops,
  };
}

function eventMs(time: number | undefined): number {
  return time !== undefined && time !== null && time > 0 ? time * 1000 : NaN;
}

/** vrtnum: the vehicle's label, else its id; undefined when it has neither. */
export function vehicleNumber(v: RtVehicleDescriptor): string | undefined {
  return v.label || v.id || undefined;
}
