/**
 * The real-time state as a GTFS-Realtime FeedMessage: what `/gtfs/v3/realtime` serves, so that other GTFS-RT
 * consumers can read what lijnwijzer holds. Spec: https://gtfs.org/realtime/reference/
 *
 * - A trip the state holds becomes a TripUpdate with the network's GTFS ids (TripState.descriptor): a cancelled
 *   trip CANCELED without stop updates; any other trip one StopTimeUpdate per stop with a time (arrival and
 *   departure as POSIX seconds, plus the delay against the schedule for a scheduled trip) or SKIPPED. Stops
 *   without a time (before the feed's first update) are left out, so a consumer keeps their schedule, as
 *   lijnwijzer does. Stops are named by stop_id and by the GTFS feed's own stop_sequence (trips.sequences; an
 *   added trip's as its feed gave them), which the reference requires on a trip that visits a stop twice:
 *   https://gtfs.org/realtime/reference/#message-stoptimeupdate
 * - A vehicle becomes a VehiclePosition, an alert an Alert as the feeds gave it.
 * - One FULL_DATASET message, its header timestamp the moment the state was built; without a state a valid
 *   empty message stamped now.
 */
import { zonedTime } from "../lib/zoned-time.js";
import {
  FULL_DATASET,
  STOP_SKIPPED,
  TRIP_CANCELED,
  type RtFeedEntity,
  type RtFeedHeader,
  type RtFeedMessage,
  type RtStopTimeEvent,
  type RtStopTimeUpdate,
  type RtTripDescriptor,
  type RtTripUpdate,
  type RtVehiclePosition,
} from "./gtfs-rt-types.js";
import type { RealtimeState, TripState, TripStopState } from "./realtime-state.js";

/**
 * What to put in the message: the published query options of De Lijn's GTFS-RT v3 API. Each kind is in unless
 * set to false; an id filter keeps only what names that trip or vehicle (and then no alert unless it names the trip).
 */
export interface FeedFilter {
  /** TripUpdates of cancelled trips (`canceled`). */
  canceled?: boolean;
  /** TripUpdates of running trips: their times, delays and skipped stops (`delay`). */
  delay?: boolean;
  /** VehiclePositions (`position`). */
  position?: boolean;
  /** Only the trip updates and the position of the vehicle with this id or label (`vehicleid`). */
  vehicleId?: string;
  /** Only the trip update, vehicle position and alerts of the trip with this GTFS trip_id (`tripid`). */
  tripId?: string;
}

/** The state (or nothing) as one FeedMessage; `nowMs` stamps the empty message when there is no state. */
export function stateToFeed(state: RealtimeState | undefined, nowMs: number, filter: FeedFilter = {}): RtFeedMessage {
  return { header: feedHeaderOf(state, nowMs), entity: state ? [...feedEntitiesOf(state, filter)] : [] };
}

/** The header of stateToFeed's message. */
export function feedHeaderOf(state: RealtimeState | undefined, nowMs: number): RtFeedHeader {
  return { gtfsRealtimeVersion: "2.0", incrementality: FULL_DATASET, timestamp: Math.floor((state?.builtMs ?? nowMs) / 1000) };
}

/** The entities of stateToFeed's message one at a time, in its order (prepared-feed.ts encodes them as they come). */
export function* feedEntitiesOf(state: RealtimeState, filter: FeedFilter = {}): Generator<RtFeedEntity, void, void> {
  const { vehicleId, tripId } = filter;
  const byId = vehicleId !== undefined || tripId !== undefined;
  const ids = new Set<string>();
  /** Entity ids must be unique in a message: a second one gets a suffix. */
  const uniqueId = (id: string) => {
    let out = id;
    for (let n = 2; ids.has(out); n++) out = `${id}#${n}`;
    ids.add(out);
    return out;
  };

  const wantCancelled = filter.canceled !== false;
  const wantRunning = filter.delay !== false;
  if (wantCancelled || wantRunning) {
    for (const trip of state.trips()) {
      if (trip.cancelled ? !wantCancelled : !wantRunning) continue;
      if (tripId !== undefined && trip.descriptor.tripId !== tripId) continue;
      if (vehicleId !== undefined && trip.vehicle?.id !== vehicleId && trip.vehicle?.label !== vehicleId) continue;
      const update = tripUpdateOf(state, trip);
      if (update) yield { id: uniqueId(tripEntityId(trip.descriptor)), tripUpdate: update };
    }
  }

  if (filter.position !== false) {
    for (const v of state.vehicles()) {
      if (tripId !== undefined && v.descriptor?.tripId !== tripId) continue;
      if (vehicleId !== undefined && v.vehicle.id !== vehicleId && v.vehicle.label !== vehicleId) continue;
      const position: RtVehiclePosition = { vehicle: v.vehicle };
      if (v.descriptor) position.trip = v.descriptor;
      if (v.position) position.position = v.position;
      if (v.currentStopSequence !== undefined) position.currentStopSequence = v.currentStopSequence;
      if (v.stopId !== undefined) position.stopId = v.stopId;
      if (v.currentStatus !== undefined) position.currentStatus = v.currentStatus;
      if (v.timestampMs !== undefined) position.timestamp = Math.floor(v.timestampMs / 1000);
      // ids.size: the number of entities given so far, as the list's length was.
      yield { id: uniqueId(`vehicle:${v.vehicle.id ?? v.vehicle.label ?? ids.size}`), vehicle: position };
    }
  }

  // The feed's own entity id: the alert's referentieOmleiding derives from it (alerts-to-disruptions.ts).
  for (const { id, alert } of state.alerts) {
    if (vehicleId !== undefined) continue;
    if (byId && !alert.informedEntity.some((e) => e.trip?.tripId === tripId)) continue;
    yield { id: uniqueId(id), alert };
  }
}

/** `<start_date>:<trip_id>[:<start_time>]`, the simulator's entity ids too. */
function tripEntityId(d: RtTripDescriptor): string {
  const base = `${d.startDate ?? ""}:${d.tripId ?? `${d.routeId ?? ""}/${d.directionId ?? ""}`}`;
  return d.startTime !== undefined ? `${base}:${d.startTime}` : base;
}

function tripUpdateOf(state: RealtimeState, trip: TripState): RtTripUpdate | undefined {
  if (trip.cancelled) return withVehicle({ trip: { ...trip.descriptor, scheduleRelationship: TRIP_CANCELED }, stopTimeUpdate: [] }, trip);
  const { network } = state;
  // A scheduled trip's stop times, for the delays; an added trip has none.
  const row0 = trip.trip === undefined ? -1 : network.trips.stopTimeStart[trip.trip];
  const baseS = Math.round(zonedTime(network.meta.timezone).serviceDayStartMs(trip.serviceDate) / 1000);
  const updates: RtStopTimeUpdate[] = [];
  trip.stops.forEach((s, pos) => {
    if (s.skipped) {
      updates.push(named(s, { scheduleRelationship: STOP_SKIPPED }));
      return;
    }
    if (Number.isNaN(s.arrivalMs) && Number.isNaN(s.departureMs)) return;
    const u: RtStopTimeUpdate = named(s, {});
    if (!Number.isNaN(s.arrivalMs)) u.arrival = eventOf(s.arrivalMs, row0 < 0 ? undefined : baseS + network.stopTimes.arrival[row0 + pos]);
    if (!Number.isNaN(s.departureMs)) u.departure = eventOf(s.departureMs, row0 < 0 ? undefined : baseS + network.stopTimes.departure[row0 + pos]);
    updates.push(u);
  });
  if (updates.length === 0) return undefined;
  return withVehicle({ trip: trip.descriptor, stopTimeUpdate: updates }, trip);
}

/** A StopTimeUpdate naming the stop: stop_sequence (when known) and stop_id. */
function named(s: TripStopState, rest: RtStopTimeUpdate): RtStopTimeUpdate {
  return s.stopSequence === undefined ? { stopId: s.stopId, ...rest } : { stopSequence: s.stopSequence, stopId: s.stopId, ...rest };
}

function withVehicle(update: RtTripUpdate, trip: TripState): RtTripUpdate {
  if (trip.vehicle) update.vehicle = trip.vehicle;
  return update;
}

/** A StopTimeEvent: the time, and the delay when the stop has a schedule (POSIX seconds both). */
function eventOf(ms: number, scheduledS: number | undefined): RtStopTimeEvent {
  const time = Math.round(ms / 1000);
  return scheduledS === undefined ? { time } : { delay: time - scheduledS, time };
}
