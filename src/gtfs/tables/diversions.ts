/** Extension diversions.txt: docs/DATASET_EXTENSIONS.md#diversions-and-disruptions */
import type { TableSpec } from "../table-spec.js";
import type { DiversionRow } from "../types.js";

/** The `days` names, bit 0 = Monday. */
const DAY_NAMES = ["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG", "ZATERDAG", "ZONDAG"];
const EVERY_DAY = 0b111_1111;

export const diversionsTable: TableSpec<DiversionRow> = {
  file: "diversions.txt",
  extension: true,
  required: ["diversion_id", "diversion_kind", "start_date", "end_date"],
  key: { columns: "diversion_id", of: (d) => String(d.diversionId) },
  parse(r) {
    let weekdays = 0;
    for (const part of r.text("days").split(";")) {
      const day = part.trim();
      if (day === "") continue;
      const bit = DAY_NAMES.indexOf(day);
      if (bit < 0) r.fail(`unknown day ${JSON.stringify(day)} in days (expected ${DAY_NAMES.join(", ")}, joined with ';')`);
      weekdays |= 1 << bit;
    }
    return {
      diversionId: r.requiredInt("diversion_id"),
      kind: r.textEnumOf("diversion_kind", ["omleiding", "storing"] as const, true) as "omleiding" | "storing",
      type: r.text("diversion_type"),
      start: r.requiredDate("start_date"),
      end: r.requiredDate("end_date"),
      weekdays: weekdays === 0 ? EVERY_DAY : weekdays,
    };
  },
};
