import { checkTimetableDate } from "../../timetable/check-timetable-date.js";
import type { Network, ServiceDate } from "../../network/model.js";
import { parseDate } from "./dates.js";

/**
 * `datum`, default today in the network's zone. A given date that is no date, or lies more than a
 * year from the network's validity, is a 400; today is never refused (an old snapshot answers
 * empty timetables rather than errors to clients that send no date).
 */
export function timetableDate(net: Network, text: string | undefined, nowMs: number, name = "datum"): ServiceDate {
  const date = parseDate(text, net.meta.timezone, name, nowMs);
  if (text !== undefined && text !== "") checkTimetableDate(net, date, name);
  return date;
}

