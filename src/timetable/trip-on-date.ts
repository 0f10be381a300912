import { formatServiceDate } from "../lib/service-date.js";
import { TRIP_NOT_FOUND } from "../errors.js";
import type { LineDirIdx, Network, ServiceDate } from "../network/model.js";
import { DIRECTIONS } from "./make-passage.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import { tripsOfLineDirection } from "./trips-of-line-direction.js";
import type { TripTimetable } from "./types.js";

export interface TripOnDateParams {
  lineDirection: LineDirIdx;
  /** ritnummer. */
  tripNumber: string;
  /** Service date (exploitatiedatum). */
  date: ServiceDate;
}

/**
 * The trip(s) with a ritnummer in a line direction on a service date. Usually one; a feed whose
 * trip_short_name repeats within a line gives several, as the operator's "rit(ten)" allows.
 * Throws TRIP_NOT_FOUND (404) when none runs that day.
 */
export function tripOnDate(network: Network, realtime: RealtimeOverlay | undefined, params: TripOnDateParams): TripTimetable[] {
  const found = tripsOfLineDirection(network, realtime, params);
  if (found.length === 0) {
    const line = params.lineDirection >> 1;
    const key = `${network.meta.entities[network.lines.entity[line]].number}_${network.strings.get(network.lines.number[line])}_${DIRECTIONS[params.lineDirection & 1]}`;
    throw TRIP_NOT_FOUND(params.tripNumber, key, formatServiceDate(params.date));
  }
  return found;
}
