/** Extension diversion_routes.txt: docs/DATASET_EXTENSIONS.md#diversions-and-disruptions */
import type { TableSpec } from "../table-spec.js";
import type { DiversionRouteRow } from "../types.js";

export interface DiversionRouteRefs {
  /** String(diversion_id) -> index */
  diversions: ReadonlyMap<string, number>;
  routes: ReadonlyMap<string, number>;
}

export const diversionRoutesTable: TableSpec<DiversionRouteRow, DiversionRouteRefs> = {
  file: "diversion_routes.txt",
  extension: true,
  required: ["diversion_id", "route_id", "direction_id"],
  key: { columns: "diversion_id, route_id and direction_id", of: (d) => `${d.diversionId} ${d.routeId} ${d.directionId}` },
  parse(r, refs) {
    const row: DiversionRouteRow = {
      diversionId: r.requiredInt("diversion_id"),
      routeId: r.requiredText("route_id"),
      directionId: r.enumOf("direction_id", [0, 1], undefined),
    };
    if (!refs.diversions.has(String(row.diversionId))) {
      r.warn("unknown_reference", `unknown diversion_id ${row.diversionId}: row ignored`);
      return undefined;
    }
    if (!refs.routes.has(row.routeId)) {
      r.warn("unknown_reference", `unknown route_id ${JSON.stringify(row.routeId)}: row ignored`);
      return undefined;
    }
    return row;
  },
};
