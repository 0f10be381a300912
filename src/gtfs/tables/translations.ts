/** translations.txt: https://gtfs.org/schedule/reference/#translationstxt */
import type { TableSpec } from "../table-spec.js";
import type { TranslationRow } from "../types.js";

const TABLE_NAMES = ["agency", "stops", "routes", "trips", "stop_times", "pathways", "levels", "feed_info", "attributions"] as const;

export const translationsTable: TableSpec<TranslationRow> = {
  file: "translations.txt",
  required: ["table_name", "field_name", "language", "translation"],
  unsupported: (columns) =>
    columns.includes("trans_id") && !columns.includes("table_name")
      ? "the older trans_id/lang format of translations.txt is not supported"
      : undefined,
  parse(r) {
    return {
      tableName: r.textEnumOf("table_name", TABLE_NAMES, true),
      fieldName: r.requiredText("field_name"),
      language: r.requiredText("language"),
      translation: r.text("translation"),
      recordId: r.text("record_id"),
      recordSubId: r.text("record_sub_id"),
      fieldValue: r.text("field_value"),
    };
  },
};
