import { addDays } from "../lib/service-date.js";
import { zonedTime } from "../lib/zoned-time.js";
import type { Network, ServiceDate } from "../network/model.js";
import { serviceDayIndex } from "./is-service-active.js";

/** The GTFS times of one service date that fall on a given local calendar day. */
export interface ServiceDateWindow {
  serviceDate: ServiceDate;
  /** Bit index in services.days (>= 0: dates outside the calendar get no window). */
  day: number;
  /** Instant of GTFS time 0 of that service date. */
  baseMs: number;
  /** A time t belongs to the day when lo <= t < hi (ServiceSeconds). */
  lo: number;
  hi: number;
}

/**
 * Which (service date, time range) pairs make up a local calendar day. Normally: D from 00:00
 * to 24:00, D-1 from 24:00 to 48:00 and D-2 from 48:00; but on the days the clocks change
 * "noon minus 12h" is not midnight and the ranges shift by the offset change (on the
 * spring-forward Sunday, GTFS 00:00-01:00 of that Sunday is still Saturday evening), so they
 * are computed from instants, and D+1 is checked too.
 */
export function serviceDateWindows(network: Network, date: ServiceDate): ServiceDateWindow[] {
  const zone = zonedTime(network.meta.timezone);
  const dayStart = zone.localDayStartMs(date);
  const dayEnd = zone.localDayStartMs(addDays(date, 1));
  const out: ServiceDateWindow[] = [];
  for (let k = -2; k <= 1; k++) {
    const serviceDate = addDays(date, k);
    const day = serviceDayIndex(network, serviceDate);
    if (day < 0) continue;
    const baseMs = zone.serviceDayStartMs(serviceDate);
    const lo = Math.max(0, Math.ceil((dayStart - baseMs) / 1000));
    const hi = Math.ceil((dayEnd - baseMs) / 1000);
    if (hi <= lo) continue;
    out.push({ serviceDate, day, baseMs, lo, hi });
  }
  return out;
}
