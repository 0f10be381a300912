/** Extension diversion_stops.txt: docs/DATASET_EXTENSIONS.md#diversions-and-disruptions */
import type { TableSpec } from "../table-spec.js";
import type { DiversionStopRow } from "../types.js";

export interface DiversionStopRefs {
  /** String(diversion_id) -> index */
  diversions: ReadonlyMap<string, number>;
  stops: ReadonlyMap<string, number>;
}

export const diversionStopsTable: TableSpec<DiversionStopRow, DiversionStopRefs> = {
  file: "diversion_stops.txt",
  extension: true,
  required: ["diversion_id", "stop_id"],
  key: { columns: "diversion_id and stop_id", of: (d) => `${d.diversionId} ${d.stopId}` },
  parse(r, refs) {
    const row: DiversionStopRow = { diversionId: r.requiredInt("diversion_id"), stopId: r.requiredText("stop_id") };
    if (!refs.diversions.has(String(row.diversionId))) {
      r.warn("unknown_reference", `unknown diversion_id ${row.diversionId}: row ignored`);
      return undefined;
    }
    if (!refs.stops.has(row.stopId)) {
      r.warn("unknown_reference", `unknown stop_id ${JSON.stringify(row.stopId)}: row ignored`);
      return undefined;
    }
    return row;
  },
};
