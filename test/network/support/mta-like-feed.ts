/**
 * A small feed shaped like New York's: subway twin platforms (N and S platforms of one station,
 * same name, same coordinates, one parent_station, mostly no platform_code) and a LIRR-like branch
 * whose busiest pattern goes to a minority headsign (the Montauk Branch's TERUG).
 */
import type { GtfsFeed } from "../../../src/gtfs/types.js";
import { agency, calendar, feed, route, stop, type TripSpec } from "../../support/feed-builder.js";

const at = (stopId: string, name: string, lat: number, lon: number, parentStation: string, platformCode = "", place = "") =>
  stop(stopId, lat, lon, { name, parentStation, platformCode, place });

/** Every day of 2026: any test date in that year has service. */
export const MTA_LIKE_CALENDAR = calendar("ALL", "1111111", 20260101, 20261231);

export function mtaLikeFeed(): GtfsFeed {
  const stops = [
    stop("101", 40.889248, -73.898583, { name: "Van Cortlandt Park", locationType: 1 }),
    at("101N", "Van Cortlandt Park", 40.889248, -73.898583, "101"),
    at("101S", "Van Cortlandt Park", 40.889248, -73.898583, "101"),
    // One platform_code of two: not enough to tell them apart by it.
    at("103N", "238 St", 40.884667, -73.90087, "103", "", "Bronx"),
    at("103S", "238 St", 40.884667, -73.90087, "103", "2", "Bronx"),
    at("142N", "South Ferry", 40.702068, -74.013664, "142"),
    at("142S", "South Ferry", 40.702068, -74.013664, "142"),
    // A stop of station 142 with a name of its own keeps it.
    at("142X", "South Ferry Loop", 40.7021, -74.0137, "142"),
    at("C1", "Central", 40.75, -73.99, "C", "1"),
    at("C2", "Central", 40.75, -73.99, "C", "2"),
    at("E1", "Eastfield", 40.76, -73.95, "E"),
    at("E2", "Eastfield", 40.76, -73.95, "E"),
    stop("D", 40.77, -73.93, { name: "Depot" }),
    // Same name, no parent: two stops of a street, not twins.
    stop("M1", 40.74, -73.98, { name: "Markt" }),
    stop("M2", 40.7401, -73.9801, { name: "Markt" }),
    stop("MTK", 41.047, -71.954, { name: "Montauk" }),
    stop("SPK", 40.821, -72.705, { name: "Speonk" }),
    stop("PGE", 40.762, -73.015, { name: "Patchogue" }),
    stop("BTA", 40.7, -73.324, { name: "Babylon" }),
    stop("JAM", 40.699, -73.808, { name: "Jamaica" }),
  ];
  let n = 0;
  const trip = (routeId: string, directionId: number, headsign: string, stopIds: string[], start = 8): TripSpec => {
    n++;
    return {
      tripId: `${routeId}-${n}`,
      routeId,
      serviceId: "ALL",
      directionId,
      headsign,
      times: stopIds.map((s, i) => [s, `${String(start + i).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}:00`] as [string, string]),
    };
  };
  const trips: TripSpec[] = [
    // Subway line 1: north to Van Cortlandt Park, south to South Ferry; one short trip from 101S to 238 St.
    trip("1", 0, "Van Cortlandt Park", ["142N", "103N", "101N"]),
    trip("1", 0, "Van Cortlandt Park", ["142N", "103N", "101N"]),
    trip("1", 1, "South Ferry", ["101S", "103S", "142S"]),
    trip("1", 1, "South Ferry", ["101S", "103S", "142S"]),
    trip("1", 1, "238 St", ["101S", "103S"]),
    // Line 2 has no headsigns: both Eastfield platforms lead to Depot, the last stop.
    trip("2", 0, "", ["E1", "C1", "D"]),
    trip("2", 0, "", ["E2", "C2", "D"]),
    trip("2", 0, "", ["M1", "M2"]),
    // Montauk Branch TERUG: the busiest pattern is the Patchogue - Babylon shuttle (4 trips), but most
    // trips go to Jamaica (5), most of those from Montauk (3, over two stopping patterns).
    ...[1, 2, 3, 4].map(() => trip("MB", 1, "Babylon", ["PGE", "BTA"])),
    trip("MB", 1, "Jamaica", ["SPK", "PGE", "BTA", "JAM"]),
    trip("MB", 1, "Jamaica", ["SPK", "PGE", "BTA", "JAM"]),
    trip("MB", 1, "Jamaica", ["MTK", "SPK", "PGE", "BTA", "JAM"]),
    trip("MB", 1, "Jamaica", ["MTK", "SPK", "PGE", "BTA", "JAM"]),
    trip("MB", 1, "Jamaica", ["MTK", "PGE", "JAM"]),
    trip("MB", 0, "Montauk", ["JAM", "BTA", "PGE", "SPK", "MTK"]),
  ];
  return feed({
    agencies: [agency({ agencyId: "MTA", name: "MTA", timezone: "America/New_York", lang: "en" })],
    stops,
    routes: [
      route("1", { agencyId: "MTA", shortName: "1", longName: "Broadway - 7 Avenue Local", routeType: 1 }),
      route("2", { agencyId: "MTA", shortName: "2", longName: "Eastfield Shuttle", routeType: 1 }),
      route("MB", { agencyId: "MTA", shortName: "MB", longName: "Montauk Branch", routeType: 2 }),
    ],
    trips,
    calendars: [MTA_LIKE_CALENDAR],
    source: "mta-like",
  });
}
