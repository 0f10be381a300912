/** feed_info.txt: https://gtfs.org/schedule/reference/#feed_infotxt */
import type { TableSpec } from "../table-spec.js";
import type { FeedInfoRow } from "../types.js";

export const feedInfoTable: TableSpec<FeedInfoRow> = {
  file: "feed_info.txt",
  required: ["feed_publisher_name", "feed_publisher_url", "feed_lang"],
  // the file holds one row: any later one is a duplicate of it
  key: { columns: "row (feed_info.txt holds one)", of: () => "" },
  parse(r) {
    return {
      publisherName: r.text("feed_publisher_name"),
      publisherUrl: r.text("feed_publisher_url"),
      lang: r.text("feed_lang"),
      startDate: r.date("feed_start_date"),
      endDate: r.date("feed_end_date"),
      version: r.text("feed_version"),
    };
  },
};
