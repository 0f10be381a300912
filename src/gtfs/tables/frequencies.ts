/** frequencies.txt: https://gtfs.org/schedule/reference/#frequenciestxt */
import type { TableSpec } from "../table-spec.js";
import type { FrequencyRow } from "../types.js";

export const frequenciesTable: TableSpec<FrequencyRow, ReadonlyMap<string, number>> = {
  file: "frequencies.txt",
  required: ["trip_id", "start_time", "end_time", "headway_secs"],
  parse(r, trips) {
    const tripId = r.requiredText("trip_id");
    const row: FrequencyRow = {
      tripId,
      start: r.requiredTime("start_time"),
      end: r.requiredTime("end_time"),
      headwaySecs: r.requiredInt("headway_secs", 1),
      // 0 frequency-based, 1 schedule-based
      exactTimes: r.enumOf("exact_times", [0, 1], 0),
    };
    if (!trips.has(tripId)) {
      r.warn("unknown_reference", `unknown trip_id ${JSON.stringify(tripId)}: row ignored`);
      return undefined;
    }
    if (row.end <= row.start) {
      r.warn("invalid_row", "end_time is not after start_time: row ignored");
      return undefined;
    }
    return row;
  },
};
