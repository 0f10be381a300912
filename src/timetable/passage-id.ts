import { formatServiceDate } from "../lib/service-date.js";
import type { Network, ServiceDate, TripIdx } from "../network/model.js";

/**
 * The doorkomstId of a passage: stable across snapshots of the same feed and unique over all
 * line directions, as the operator's field description asks.
 *
 *     <service date yyyy-MM-dd>_<entiteitnummer of the line>_<GTFS trip_id>[@<copy start>]_<haltenummer>_<position>
 *
 * e.g. `2024-03-11_3_3002-20240311-1_301234_4`. The date is the trip's service date (so a
 * 25:10 passage listed on the next day keeps the date it was planned under). A trip copied
 * from frequencies.txt shares its trip_id with the other copies, so `@<first departure in
 * seconds>` tells them apart; the position tells apart two passages of one loop trip at the
 * same stop. The operator's own ids look like `2024-09-24_2127_14_1_201044` (meaning of the
 * parts not published); ours share only the date prefix.
 */
export function passageId(network: Network, serviceDate: ServiceDate, trip: TripIdx, stopNumber: string, position: number): string {
  const { trips, lines, patterns, strings, meta } = network;
  const entity = meta.entities[lines.entity[patterns.line[trips.pattern[trip]]]].number;
  const copy = trips.frequencyStart[trip];
  const tripId = copy >= 0 ? `${strings.get(trips.gtfsId[trip])}@${copy}` : strings.get(trips.gtfsId[trip]);
  return `${formatServiceDate(serviceDate)}_${entity}_${tripId}_${stopNumber}_${position}`;
}
