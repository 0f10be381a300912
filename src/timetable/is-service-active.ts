import type { Network, ServiceDate, ServiceIdx } from "../network/model.js";
import { serviceDateToDayNumber } from "../lib/service-date.js";

/**
 * Whether a service runs on a date (calendar.txt weekdays within its range, then calendar_dates
 * additions and removals, as compiled into `services.days`). A date outside the compiled range
 * runs nothing.
 */
export function isServiceActive(network: Network, service: ServiceIdx, date: ServiceDate): boolean {
  return serviceDayActive(network, service, serviceDayIndex(network, date));
}

/** Bit index of a date in `services.days`, or -1 outside the compiled range. */
export function serviceDayIndex(network: Network, date: ServiceDate): number {
  const { calendarStart, dayCount } = network.meta;
  if (dayCount === 0) return -1;
  const day = serviceDateToDayNumber(date) - serviceDateToDayNumber(calendarStart);
  return day >= 0 && day < dayCount ? day : -1;
}

/** Hot: the bit test behind isServiceActive, for a day index from serviceDayIndex. */
export function serviceDayActive(network: Network, service: ServiceIdx, day: number): boolean {
  if (day < 0) return false;
  return ((network.services.days[service * network.meta.wordsPerService + (day >> 5)] >>> (day & 31)) & 1) === 1;
}
