import type { EpochMs } from "../lib/zoned-time.js";
import type { DiversionInfo, LineDirIdx, ServiceDate, StopIdx, TripIdx } from "../network/model.js";

/**
 * What the timetable queries read from the real-time state (GTFS-RT trip updates).
 *
 * `src/realtime` sits above `src/timetable` in the import order, so the timetable names the
 * view it needs and the real-time layer implements it (src/realtime/build-realtime-state.ts). Without a
 * GTFS-Realtime feed every query takes `undefined`, and the real-time endpoints answer the schedule
 * with every passage marked GEENREALTIME (see with-realtime.ts).
 */
export interface RealtimeOverlay {
  /**
   * What the feed says about one passage: a trip on a service date at a position of its
   * pattern; undefined when it says nothing (no measurement). Performance contract: called for
   * every candidate passage of a real-time answer, so a lookup, never a scan.
   */
  passage(trip: TripIdx, serviceDate: ServiceDate, position: number): RealtimePassageUpdate | undefined;
  /**
   * The instant passage() would give as `epochMs`, without an object: NO_PREDICTION when the feed gives none, NaN
   * when the trip does not stop there (cancelled, skipped). Route planning reads it in its inner loops (a search
   * asks hundreds of thousands of times). Optional: without it the planner calls passage().
   */
  predictedMs?(trip: TripIdx, serviceDate: ServiceDate, position: number): number;
  /**
   * Disruptions (storingen) from GTFS-Realtime Alerts, shaped as the dataset's diversions (kind "storing"), listed
   * beside them; empty when the feeds raise none.
   */
  readonly disruptions: readonly DiversionInfo[];
  /**
   * The passages of ADDED trips (not in the schedule) at a stop whose instant lies in [fromMs, untilMs), in no
   * particular order. Performance contract: a lookup by stop, then a scan of that stop's added passages only.
   * Optional: an overlay without added trips may leave it out.
   */
  addedPassagesAt?(stop: StopIdx, fromMs: EpochMs, untilMs: EpochMs): readonly AddedPassageRef[];
  /** The ADDED trips of a line direction (any service date), in no particular order; optional as addedPassagesAt. */
  addedTripsOf?(lineDirection: LineDirIdx): readonly AddedTrip[];
  /** Every ADDED trip (any service date, cancelled ones too), in no particular order: route planning boards them. Optional as addedPassagesAt. */
  addedTrips?(): readonly AddedTrip[];
  /**
   * The scheduled trips of a service date the feed says something about the times of: predicted, cancelled, or
   * skipping a stop (not those it names only a vehicle of), each once, in no particular order. Route planning builds
   * its real-time timetables from them once per overlay and date (routing/realtime-timetables.ts). Optional: without
   * it the planner asks predictedMs (or passage) of every trip running that date.
   */
  predictedTrips?(serviceDate: ServiceDate): Iterable<TripIdx>;
}

/** RealtimeOverlay.predictedMs: the feed gives no instant for the passage (the schedule holds). */
export const NO_PREDICTION = -1;

/** The real-time facts of one passage. */
export interface RealtimePassageUpdate {
  /** The predicted (or measured) instant of the passage: GTFS-RT StopTimeEvent time, or the scheduled time plus its delay. */
  epochMs?: EpochMs;
  /** The vehicle's number (vrtnum): GTFS-RT VehicleDescriptor label or id. */
  vehicle?: string;
  /** The trip does not run, or does not stop here (GTFS-RT CANCELED trip, SKIPPED stop). */
  cancelled?: boolean;
  /**
   * The feed has not reported the vehicle beyond this stop: its VehiclePosition puts it at this stop or before it,
   * or (no position known) the prediction was made before the predicted instant. With `epochMs` in the past this
   * makes the passage VERSTREKEN (with-realtime.ts); without it a passage whose prediction is past is gone.
   */
  notPassed?: boolean;
}

/**
 * A trip the feed adds to the schedule (GTFS-RT ADDED, or NEW in the newer spec): served with the line direction it
 * names (route_id + direction_id), its stops named by stop_id, its times absolute. It has no TripIdx; its passages
 * carry it in Passage.added.
 */
export interface AddedTrip {
  /** The feed's trip_id (the feed entity's id when it names none): ritnummer and the trip part of doorkomstId. */
  tripId: string;
  serviceDate: ServiceDate;
  lineDirection: LineDirIdx;
  /** Its stops in the order the feed gives them. */
  stops: readonly StopIdx[];
  /** Per position: the instant of the passage (departure, or the arrival at its last stop), epoch ms; NaN where the feed gives no time. */
  passageMs: ArrayLike<number>;
  /**
   * Per position: the arrival the feed gives, epoch ms (NaN where it gives none); absent, the arrival is passageMs.
   * Route planning leaves an added trip at it.
   */
  arrivalMs?: ArrayLike<number>;
  /** Per position: the stop is SKIPPED. */
  skipped: ArrayLike<boolean>;
  /** The whole trip is cancelled (an added trip withdrawn again). */
  cancelled: boolean;
  /** vrtnum: the vehicle's label, else its id. */
  vehicle: string | undefined;
  /** See RealtimePassageUpdate.notPassed: the vehicle's position on the trip (-1 unknown) and when the feed made its predictions. */
  progress: number;
  reportMs: EpochMs;
}

/** One passage of an added trip: the trip and a position among its stops. */
export interface AddedPassageRef {
  trip: AddedTrip;
  position: number;
}

/**
 * The rule behind RealtimePassageUpdate.notPassed, one for scheduled and added trips: with a vehicle position
 * (`progress`, the position it is at or heading to; STOPPED_AT and IN_TRANSIT_TO alike) the vehicle is not beyond a
 * stop at or after it; without one, a prediction made (`reportMs`) before its own instant has not been overtaken.
 */
export function isNotPassed(progress: number, reportMs: EpochMs, position: number, epochMs: EpochMs): boolean {
  return progress >= 0 ? progress <= position : reportMs < epochMs;
}
