import type { LineDirIdx, Network, ServiceDate } from "../network/model.js";
import { serviceDayActive, serviceDayIndex } from "./is-service-active.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import { tripTimetable } from "./trip-timetable.js";
import type { TripTimetable } from "./types.js";

export interface TripsOfLineDirectionParams {
  lineDirection: LineDirIdx;
  /** The service date (exploitatiedatum): trips planned under it, including their times past 24:00. */
  date: ServiceDate;
  /** Only trips with this ritnummer. */
  tripNumber?: string;
}

/**
 * The trips of a line direction on a service date, each with all its passages, sorted by the
 * time of their first passage (then by ritnummer). A date on which no service runs gives [].
 */
export function tripsOfLineDirection(
  network: Network,
  realtime: RealtimeOverlay | undefined,
  params: TripsOfLineDirectionParams,
): TripTimetable[] {
  void realtime;
  const { lineDirections, patterns, trips, strings } = network;
  const day = serviceDayIndex(network, params.date);
  if (day < 0) return [];
  const ld = params.lineDirection;
  const out: TripTimetable[] = [];
  for (let r = lineDirections.patternStart[ld]; r < lineDirections.patternStart[ld + 1]; r++) {
    const p = lineDirections.patterns[r];
    for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
      if (!serviceDayActive(network, trips.service[t], day)) continue;
      if (params.tripNumber !== undefined && strings.get(trips.number[t]) !== params.tripNumber) continue;
      out.push(tripTimetable(network, t, params.date));
    }
  }
  out.sort(
    (a, b) =>
      a.passages[0].epochMs - b.passages[0].epochMs ||
      a.tripNumber.localeCompare(b.tripNumber, "en", { numeric: true }) ||
      a.trip - b.trip,
  );
  return out;
}
