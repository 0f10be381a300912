import { BAD_PARAMETER } from "../errors.js";
import { formatServiceDate, serviceDateToDayNumber } from "../lib/service-date.js";
import type { Network, ServiceDate } from "../network/model.js";

/** How far before validFrom / after validTo a date may lie (days). */
export const MAX_DAYS_OUTSIDE_VALIDITY = 366;

/**
 * Refuses (400) a date more than a year from the network's validity: such a request is a typo
 * or a probe, not a question about a timetable. Within that margin a day without service gives
 * an empty timetable, not an error. A network without any service day accepts every date.
 */
export function checkTimetableDate(network: Network, date: ServiceDate, parameter = "datum"): void {
  const { validFrom, validTo } = network.meta;
  if (!validFrom || !validTo) return;
  const d = serviceDateToDayNumber(date);
  if (d < serviceDateToDayNumber(validFrom) - MAX_DAYS_OUTSIDE_VALIDITY || d > serviceDateToDayNumber(validTo) + MAX_DAYS_OUTSIDE_VALIDITY) {
    throw BAD_PARAMETER(
      `${parameter} ${formatServiceDate(date)} lies more than a year outside the timetable's validity (${formatServiceDate(validFrom)} to ${formatServiceDate(validTo)})`,
    );
  }
}
