import type { CalendarDateRow, CalendarRow } from "../gtfs/types.js";
import { serviceDateToDayNumber, weekdayOf } from "../lib/service-date.js";
import type { ServiceDate } from "./model.js";

/** One service's days as a bitset over [calendarStart, calendarStart + dayCount). */
export interface ServiceDaysLayout {
  calendarStart: ServiceDate;
  dayCount: number;
  wordsPerService: number;
}

/** The smallest date range holding every calendar and calendar_dates row. */
export function serviceDaysLayout(calendars: CalendarRow[], dates: CalendarDateRow[]): ServiceDaysLayout {
  let min = Infinity;
  let max = -Infinity;
  for (const c of calendars) {
    min = Math.min(min, serviceDateToDayNumber(c.start));
    max = Math.max(max, serviceDateToDayNumber(c.end));
  }
  for (const d of dates) {
    const n = serviceDateToDayNumber(d.date);
    min = Math.min(min, n);
    max = Math.max(max, n);
  }
  if (!Number.isFinite(min)) return { calendarStart: 19700101, dayCount: 0, wordsPerService: 0 };
  const dayCount = max - min + 1;
  const start = new Date(min * 86_400_000);
  return {
    calendarStart: start.getUTCFullYear() * 10000 + (start.getUTCMonth() + 1) * 100 + start.getUTCDate(),
    dayCount,
    wordsPerService: Math.ceil(dayCount / 32),
  };
}

/**
 * Sets the bits of one service: calendar weekdays within its range, then calendar_dates
 * additions (1) and removals (2), which win over calendar.txt.
 */
export function fillServiceDays(
  days: Uint32Array,
  base: number,
  layout: ServiceDaysLayout,
  calendars: readonly CalendarRow[],
  dates: readonly CalendarDateRow[],
): void {
  const day0 = serviceDateToDayNumber(layout.calendarStart);
  for (const c of calendars) {
    const from = serviceDateToDayNumber(c.start) - day0;
    const to = serviceDateToDayNumber(c.end) - day0;
    let wd = weekdayOf(c.start);
    for (let d = from; d <= to; d++) {
      if (c.weekdays & (1 << wd)) days[base + (d >> 5)] |= 1 << (d & 31);
      wd = wd === 6 ? 0 : wd + 1;
    }
  }
  for (const x of dates) {
    const d = serviceDateToDayNumber(x.date) - day0;
    if (x.exceptionType === 1) days[base + (d >> 5)] |= 1 << (d & 31);
    else days[base + (d >> 5)] &= ~(1 << (d & 31));
  }
}

/** First and last day (offsets from calendarStart) a bitset has set, or undefined when empty. */
export function serviceDayBounds(days: Uint32Array, base: number, words: number): [number, number] | undefined {
  let first = -1;
  let last = -1;
  for (let w = 0; w < words; w++) {
    const bits = days[base + w];
    if (bits === 0) continue;
    if (first < 0) first = w * 32 + (31 - Math.clz32(bits & -bits));
    last = w * 32 + (31 - Math.clz32(bits));
  }
  return first < 0 ? undefined : [first, last];
}
