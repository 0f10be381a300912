/** calendar.txt: https://gtfs.org/schedule/reference/#calendartxt */
import type { TableSpec } from "../table-spec.js";
import type { CalendarRow } from "../types.js";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export const calendarTable: TableSpec<CalendarRow> = {
  file: "calendar.txt",
  required: ["service_id", ...DAYS, "start_date", "end_date"],
  key: { columns: "service_id", of: (c) => c.serviceId },
  parse(r) {
    let weekdays = 0;
    DAYS.forEach((day, bit) => {
      if (r.enumOf(day, [0, 1], undefined) === 1) weekdays |= 1 << bit;
    });
    const start = r.requiredDate("start_date");
    const end = r.requiredDate("end_date");
    if (end < start) r.warn("date_range_reversed", `end_date ${end} is before start_date ${start}: the service never runs`);
    return { serviceId: r.requiredText("service_id"), weekdays, start, end };
  },
};
