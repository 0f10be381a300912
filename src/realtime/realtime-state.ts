/**
 * The real-time state: what lijnwijzer knows from its GTFS-Realtime feeds at one moment, for one network.
 *
 * Built off the request path from decoded messages (buildRealtimeState, build-realtime-state.ts) and swapped in
 * whole by the feed manager: a request reads one state and never sees half an update. It implements the
 * timetable's RealtimeOverlay (lookups only, see its performance contract) and lists what it holds for the
 * GTFS-RT output and the `lijnwijzer realtime` report.
 */
import type { LineDirIdx, Network, ServiceDate, StopIdx, TripIdx } from "../network/model.js";
import type { RealtimeOverlay } from "../timetable/realtime-overlay.js";
import type { RtAlert, RtPosition, RtTripDescriptor, RtVehicleDescriptor } from "./gtfs-rt-types.js";

/** Why a feed entity matched nothing of the network: counted per feed. */
export type UnmatchedReason =
  | "unknown_trip" // no trip_id of the network, and no route/direction/start time that finds one
  | "not_running" // the trip exists but does not run on the start_date given
  | "unknown_stop" // a stop update (or vehicle position) names a stop_sequence or stop_id the trip does not have, or both and they disagree (applied: locate-stop.ts)
  | "unknown_route" // an ADDED trip or an alert names a route_id the network lacks
  | "no_trip" // a VehiclePosition without a trip
  | "unsupported"; // e.g. a DIFFERENTIAL feed, a DUPLICATED trip

/** What one feed contributed to a state: the figures /health and the CLI report show. */
export interface FeedMatchStats {
  /** The feed's name (its configured name, URL or file). */
  feed: string;
  /** The feed header's timestamp, epoch ms (0 when absent). */
  headerMs: number;
  tripUpdates: number;
  vehiclePositions: number;
  alerts: number;
  /** Entities applied to the network. */
  matched: number;
  /** Entities (or their stop updates, for unknown_stop) that matched nothing, by reason. */
  unmatched: number;
  unmatchedByReason: Partial<Record<UnmatchedReason, number>>;
}

/** One stop of a trip as the state holds it. Epoch ms, NaN where the feed gives no time. */
export interface TripStopState {
  stop: StopIdx;
  /** GTFS stop_id of the stop. */
  stopId: string;
  /**
   * GTFS stop_sequence: the schedule's (trips.sequences) for a scheduled trip, the feed's for an added trip;
   * undefined when an added trip's update gave none.
   */
  stopSequence?: number;
  arrivalMs: number;
  departureMs: number;
  skipped: boolean;
}

/** One trip of a service date with what the feeds say about it. */
export interface TripState {
  /** The scheduled trip; undefined for an ADDED trip. */
  trip: TripIdx | undefined;
  serviceDate: ServiceDate;
  lineDirection: LineDirIdx;
  /** As lijnwijzer writes it: the network's GTFS ids (trip_id, route_id, direction_id, start_date, start_time of a frequency trip). */
  descriptor: RtTripDescriptor;
  cancelled: boolean;
  vehicle: RtVehicleDescriptor | undefined;
  /** Every stop of the trip in order (all the pattern's stops for a scheduled trip). */
  stops: readonly TripStopState[];
  /** Delay in seconds at the last stop the feed gave a time for; undefined without any. */
  delaySeconds: number | undefined;
}

export interface VehicleState {
  vehicle: RtVehicleDescriptor;
  /** The trip it serves, with the network's ids; undefined when the feed names none or an unknown one. */
  descriptor: RtTripDescriptor | undefined;
  position: RtPosition | undefined;
  currentStopSequence: number | undefined;
  stopId: string | undefined;
  currentStatus: number | undefined;
  /** Epoch ms. */
  timestampMs: number | undefined;
}

export interface RealtimeState extends RealtimeOverlay {
  /** The network it was built for: a state is never applied to another (a swapped snapshot gets a new state). */
  readonly network: Network;
  /** When it was built, epoch ms. */
  readonly builtMs: number;
  readonly stats: readonly FeedMatchStats[];
  trips(): Iterable<TripState>;
  vehicles(): Iterable<VehicleState>;
  /**
   * The alerts it holds, as the feeds gave them, with their feed entity ids: an alert's referentieOmleiding is
   * derived from its id, so the GTFS-RT output republishes the id and a consumer of it sees the same disruption.
   */
  readonly alerts: readonly { id: string; alert: RtAlert }[];
}
