/**
 * GTFS-Realtime messages as plain objects: the shape gtfs-realtime-bindings' `toObject` gives (camelCase fields,
 * enums as numbers, 64-bit integers as numbers, repeated fields always arrays), so that decoding is one pass and
 * every module of src/realtime reads the same types. Spec: https://gtfs.org/realtime/reference/
 *
 * Only the fields lijnwijzer reads or writes are named; the rest of a decoded message is ignored.
 */

/** TripDescriptor.ScheduleRelationship */
export const TRIP_SCHEDULED = 0;
export const TRIP_ADDED = 1;
export const TRIP_UNSCHEDULED = 2;
export const TRIP_CANCELED = 3;
/**
 * REPLACEMENT (5, "should not be used - for backwards-compatibility only" in the spec's proto: a trip whose stops and
 * times replace those of the scheduled trip it names), DUPLICATED (6) and DELETED (7) of the newer spec; NEW (8) is
 * the newer name of an added trip. https://gtfs.org/realtime/reference/#enum-schedulerelationship_1
 */
export const TRIP_REPLACEMENT = 5;
export const TRIP_DUPLICATED = 6;
export const TRIP_DELETED = 7;
export const TRIP_NEW = 8;

/** StopTimeUpdate.ScheduleRelationship */
export const STOP_SCHEDULED = 0;
export const STOP_SKIPPED = 1;
export const STOP_NO_DATA = 2;

/** VehiclePosition.VehicleStopStatus */
export const INCOMING_AT = 0;
export const STOPPED_AT = 1;
export const IN_TRANSIT_TO = 2;

/** FeedHeader.Incrementality */
export const FULL_DATASET = 0;
export const DIFFERENTIAL = 1;

export interface RtFeedMessage {
  header: RtFeedHeader;
  entity: RtFeedEntity[];
}

export interface RtFeedHeader {
  gtfsRealtimeVersion: string;
  incrementality?: number;
  /** POSIX seconds. */
  timestamp?: number;
}

export interface RtFeedEntity {
  id: string;
  isDeleted?: boolean;
  tripUpdate?: RtTripUpdate;
  vehicle?: RtVehiclePosition;
  alert?: RtAlert;
}

export interface RtTripDescriptor {
  tripId?: string;
  routeId?: string;
  directionId?: number;
  /** HH:MM:SS, may pass 24:00:00. */
  startTime?: string;
  /** YYYYMMDD: the service date. */
  startDate?: string;
  scheduleRelationship?: number;
}

export interface RtVehicleDescriptor {
  id?: string;
  label?: string;
  licensePlate?: string;
}

export interface RtStopTimeEvent {
  /** Seconds, positive late. */
  delay?: number;
  /** POSIX seconds. */
  time?: number;
  uncertainty?: number;
}

export interface RtStopTimeUpdate {
  stopSequence?: number;
  stopId?: string;
  arrival?: RtStopTimeEvent;
  departure?: RtStopTimeEvent;
  scheduleRelationship?: number;
}

export interface RtTripUpdate {
  trip: RtTripDescriptor;
  vehicle?: RtVehicleDescriptor;
  stopTimeUpdate: RtStopTimeUpdate[];
  /** POSIX seconds. */
  timestamp?: number;
  /** Seconds: the trip's delay where no stop says otherwise (experimental field). */
  delay?: number;
}

export interface RtPosition {
  latitude: number;
  longitude: number;
  bearing?: number;
  speed?: number;
}

export interface RtVehiclePosition {
  trip?: RtTripDescriptor;
  vehicle?: RtVehicleDescriptor;
  position?: RtPosition;
  currentStopSequence?: number;
  stopId?: string;
  currentStatus?: number;
  /** POSIX seconds. */
  timestamp?: number;
}

export interface RtTimeRange {
  /** POSIX seconds. */
  start?: number;
  end?: number;
}

export interface RtEntitySelector {
  agencyId?: string;
  routeId?: string;
  routeType?: number;
  directionId?: number;
  trip?: RtTripDescriptor;
  stopId?: string;
}

export interface RtTranslation {
  text: string;
  language?: string;
}

export interface RtTranslatedString {
  translation: RtTranslation[];
}

export interface RtAlert {
  activePeriod: RtTimeRange[];
  informedEntity: RtEntitySelector[];
  cause?: number;
  effect?: number;
  url?: RtTranslatedString;
  headerText?: RtTranslatedString;
  descriptionText?: RtTranslatedString;
}
