/** Extension diversion_texts.txt: docs/DATASET_EXTENSIONS.md#diversions-and-disruptions */
import type { TableSpec } from "../table-spec.js";
import type { DiversionTextRow } from "../types.js";

const LANGUAGES = ["nl", "fr", "en", "de"] as const;

export const diversionTextsTable: TableSpec<DiversionTextRow, ReadonlyMap<string, number>> = {
  file: "diversion_texts.txt",
  extension: true,
  required: ["diversion_id", "language"],
  key: { columns: "diversion_id and language", of: (t) => `${t.diversionId} ${t.language}` },
  parse(r, diversions) {
    const row: DiversionTextRow = {
      diversionId: r.requiredInt("diversion_id"),
      language: r.textEnumOf("language", LANGUAGES, true),
      title: r.text("title"),
      description: r.text("description"),
    };
    if (!diversions.has(String(row.diversionId))) {
      r.warn("unknown_reference", `unknown diversion_id ${row.diversionId}: row ignored`);
      return undefined;
    }
    return row;
  },
};
