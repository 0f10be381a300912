/** trips.txt: https://gtfs.org/schedule/reference/#tripstxt */
import type { TableSpec } from "../table-spec.js";
import type { TripRow } from "../types.js";

export interface TripRefs {
  /** route_id -> index in routes */
  routes: ReadonlyMap<string, number>;
  /** service_ids of calendar.txt and calendar_dates.txt */
  services: ReadonlySet<string>;
}

export const tripsTable: TableSpec<TripRow, TripRefs> = {
  file: "trips.txt",
  required: ["route_id", "service_id", "trip_id"],
  key: { columns: "trip_id", of: (t) => t.tripId },
  parse(r, refs) {
    const routeId = r.requiredText("route_id");
    if (!refs.routes.has(routeId)) r.fail(`unknown route_id ${JSON.stringify(routeId)}`);
    const serviceId = r.requiredText("service_id");
    if (!refs.services.has(serviceId)) {
      r.fail(`unknown service_id ${JSON.stringify(serviceId)} (in neither calendar.txt nor calendar_dates.txt)`);
    }
    return {
      tripId: r.requiredText("trip_id"),
      routeId,
      serviceId,
      headsign: r.text("trip_headsign"),
      shortName: r.text("trip_short_name"),
      directionId: r.optionalEnumOf("direction_id", [0, 1]),
      blockId: r.text("block_id"),
      shapeId: r.text("shape_id"),
      // 0 no information, 1 at least one wheelchair, 2 none
      wheelchairAccessible: r.enumOf("wheelchair_accessible", [0, 1, 2], 0),
    };
  },
};
