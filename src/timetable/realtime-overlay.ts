import type { EpochMs } from "../lib/zoned-time.js";
import type { DiversionInfo, ServiceDate, TripIdx } from "../network/model.js";

/**
 * What the timetable queries read from the real-time state (GTFS-RT trip updates).
 *
 * `src/realtime` sits above `src/timetable` in the import order, so the timetable names the
 * view it needs and the real-time layer implements it. Until a GTFS-Realtime feed is
 * configured every query takes `undefined`, and the real-time endpoints answer the schedule
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
   * Disruptions (storingen) from GTFS-Realtime Alerts, shaped as the dataset's diversions (kind "storing"), listed
   * beside them; empty when the feeds raise none.
   */
  readonly disruptions: readonly DiversionInfo[];
}

/** The real-time facts of one passage. */
export interface RealtimePassageUpdate {
  /** The predicted (or measured) instant of the passage: GTFS-RT StopTimeEvent time, or the scheduled time plus its delay. */
  epochMs?: EpochMs;
  /** The vehicle's number (vrtnum): GTFS-RT VehicleDescriptor label or id. */
  vehicle?: string;
  /** The trip does not run, or does not stop here (GTFS-RT CANCELED trip, SKIPPED stop). */
  cancelled?: boolean;
}
