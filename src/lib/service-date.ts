import type { ServiceDate } from "./service-time.js";

/** Parses GTFS "YYYYMMDD" (or "YYYY-MM-DD"); undefined when it is no real calendar date. */
export function parseServiceDate(text: string): ServiceDate | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  return y * 10000 + mo * 100 + d;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

/** Days since 1970-01-01 of a ServiceDate (a calendar date, no time zone involved). */
export function serviceDateToDayNumber(date: ServiceDate): number {
  return Math.round(utcMs(Math.floor(date / 10000), Math.floor(date / 100) % 100, date % 100) / 86_400_000);
}

/** Date.UTC, except that years 0-99 stay years 0-99 (Date.UTC reads them as 1900-1999). */
function utcMs(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

export function dayNumberToServiceDate(day: number): ServiceDate {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

export function addDays(date: ServiceDate, days: number): ServiceDate {
  return dayNumberToServiceDate(serviceDateToDayNumber(date) + days);
}

/** 0 = Monday .. 6 = Sunday. */
export function weekdayOf(date: ServiceDate): number {
  return (serviceDateToDayNumber(date) + 3) % 7; // 1970-01-01 was a Thursday
}

/** "2024-03-10" */
export function formatServiceDate(date: ServiceDate): string {
  const y = Math.floor(date / 10000);
  const m = Math.floor(date / 100) % 100;
  const d = date % 100;
  return `${String(y).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}
