/**
 * The two windows a key's calls are counted in: fixed UTC minutes and fixed UTC days.
 * - Fixed, not sliding: a count is one integer per key and window, one atomic increment in Redis, and a client
 *   can read from the headers when its quota comes back. A client may make up to twice the minute's limit
 *   across the boundary of two minutes; the operator's gateway counts the same way.
 * - UTC, not the network's time zone: every process and replica agrees on a window from its clock alone, and a
 *   day is always 24 hours (a Brussels day is 23 or 25 on the two DST Sundays). The day's quota comes back at
 *   00:00 UTC, 01:00 or 02:00 in Brussels.
 * Clocks of replicas sharing one Redis are assumed synchronised (NTP): a window is named by its number.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Calls a key may make per window (its product's limits). */
export interface QuotaLimits {
  perMinute: number;
  perDay: number;
}

/** The windows of an instant: their numbers (minutes and days since 1970 UTC) and the milliseconds left in each. */
export interface QuotaWindows {
  minute: number;
  day: number;
  minuteLeftMs: number;
  dayLeftMs: number;
}

export function quotaWindows(nowMs: number): QuotaWindows {
  const minute = Math.floor(nowMs / MINUTE_MS);
  const day = Math.floor(nowMs / DAY_MS);
  return { minute, day, minuteLeftMs: (minute + 1) * MINUTE_MS - nowMs, dayLeftMs: (day + 1) * DAY_MS - nowMs };
}

/** Whole seconds to wait, at least 1: what `Retry-After` says. */
export function retryAfterSeconds(leftMs: number): number {
  return Math.max(1, Math.ceil(leftMs / 1000));
}

/** "05:12:33", the gateway's way of saying how long until the day's quota comes back. */
export function hhmmss(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}
