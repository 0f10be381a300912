/** routes.txt: https://gtfs.org/schedule/reference/#routestxt (+ extension columns, docs/DATASET_EXTENSIONS.md) */
import { SERVICE_TYPES } from "../types.js";
import type { TableRows } from "../read-table.js";
import type { TableSpec } from "../table-spec.js";
import type { AgencyRow, RouteRow } from "../types.js";

/**
 * Every route_type a feed may use: the basic types of the spec and the extended (HVT) types
 * of https://developers.google.com/transit/gtfs/reference/extended-route-types.
 */
export const ROUTE_TYPES: readonly number[] = [
  // basic: tram, subway, rail, bus, ferry, cable tram, aerial lift, funicular, trolleybus, monorail
  0, 1, 2, 3, 4, 5, 6, 7, 11, 12,
  // extended
  ...range(100, 117), // railway
  ...range(200, 209), // coach
  ...range(400, 405), // urban railway
  ...range(700, 716), // bus
  800, // trolleybus
  ...range(900, 906), // tram
  1000, // water transport
  1100, // air
  1200, // ferry
  ...range(1300, 1307), // aerial lift
  1400, // funicular
  ...range(1500, 1507), // taxi
  1700, // miscellaneous
  1702, // horse-drawn carriage
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export const routesTable: TableSpec<RouteRow, TableRows<AgencyRow>> = {
  file: "routes.txt",
  required: ["route_id", "route_type"],
  key: { columns: "route_id", of: (r) => r.routeId },
  parse(r, agencies) {
    let agencyId = r.text("agency_id");
    if (agencyId === "") {
      // agency_id may be left out when the feed has one agency
      if (agencies.rows.length !== 1) {
        r.fail(`missing value in agency_id (agency.txt lists ${agencies.rows.length === 0 ? "no" : "several"} agencies)`);
      }
      agencyId = agencies.rows[0].agencyId;
    } else if (!agencies.index.has(agencyId)) {
      r.fail(`unknown agency_id ${JSON.stringify(agencyId)}`);
    }
    return {
      routeId: r.requiredText("route_id"),
      agencyId,
      shortName: r.text("route_short_name"),
      longName: r.text("route_long_name"),
      desc: r.text("route_desc"),
      routeType: r.enumOf("route_type", ROUTE_TYPES, undefined),
      color: r.colour("route_color"),
      textColor: r.colour("route_text_color"),
      borderColor: r.colour("route_border_color"),
      textBorderColor: r.colour("route_text_border_color"),
      serviceType: r.textEnumOf("route_service_type", SERVICE_TYPES, false),
      isPublic: r.optionalEnumOf("route_public", [0, 1]),
      sortOrder: r.int("route_sort_order"),
    };
  },
};
