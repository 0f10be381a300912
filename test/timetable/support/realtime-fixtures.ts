/**
 * A real-time overlay for the timetable tests: a map of (trip, service date, position) to what a feed would say,
 * implementing the RealtimeOverlay contract the GTFS-Realtime layer will implement.
 */
import type { Network, ServiceDate, TripIdx } from "../../../src/network/model.js";
import type { RealtimeOverlay, RealtimePassageUpdate } from "../../../src/timetable/realtime-overlay.js";

export interface OverlayEntry {
  trip: TripIdx;
  serviceDate: ServiceDate;
  position: number;
  update: RealtimePassageUpdate;
}

export function mapOverlay(entries: OverlayEntry[]): RealtimeOverlay {
  const byKey = new Map(entries.map((e) => [`${e.trip}|${e.serviceDate}|${e.position}`, e.update]));
  return { passage: (trip, serviceDate, position) => byKey.get(`${trip}|${serviceDate}|${position}`), disruptions: [] };
}

/** The trip with a GTFS trip_id (the demo's are unique: one copy each). */
export function tripIdx(network: Network, gtfsTripId: string): TripIdx {
  for (let t = 0; t < network.trips.count; t++) if (network.strings.get(network.trips.gtfsId[t]) === gtfsTripId) return t;
  throw new Error(`no trip ${gtfsTripId}`);
}
