/** calendar_dates.txt: https://gtfs.org/schedule/reference/#calendar_datestxt */
import type { TableSpec } from "../table-spec.js";
import type { CalendarDateRow } from "../types.js";

export const calendarDatesTable: TableSpec<CalendarDateRow> = {
  file: "calendar_dates.txt",
  required: ["service_id", "date", "exception_type"],
  key: { columns: "service_id and date", of: (c) => `${c.serviceId} ${c.date}` },
  parse(r) {
    return {
      serviceId: r.requiredText("service_id"),
      date: r.requiredDate("date"),
      // 1 service added on the date, 2 removed
      exceptionType: r.enumOf("exception_type", [1, 2], undefined) as 1 | 2,
    };
  },
};
