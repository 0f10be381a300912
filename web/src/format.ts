/**
 * Times, durations and distances as the page shows them. The API writes local wall-clock times of the network
 * (`yyyy-MM-ddTHH:mm:ss`, no offset): they are shown as they are, never converted to the browser's time zone, and
 * differences are taken between two such strings read alike.
 */
import { language, t } from "./strings.js";

/** "2026-03-10T08:06:00" -> "08:06". */
export function clockTime(localDateTime: string): string {
  return localDateTime.slice(11, 16);
}

/** Seconds from one local date-time to another (both read as if UTC: only the difference counts). */
export function secondsBetween(from: string, to: string): number {
  return (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 1000;
}

/**
 * A delay in whole minutes as the two shown times differ (both cut to the minute): 10:20 and 10:20:45 is on time,
 * never "10:20, +1 min".
 */
export function delayMinutes(scheduled: string, expected: string): number {
  return Math.round(secondsBetween(`${scheduled.slice(0, 16)}:00`, `${expected.slice(0, 16)}:00`) / 60);
}

/** 3_300483 and such: the stop key the API's paths take. */
export function stopKey(entiteitnummer: string, haltenummer: string): string {
  return `${entiteitnummer}_${haltenummer}`;
}

/** 754 -> "13 min", 4000 -> "1 u 7 min" (rounded to the minute, at least 1 min). */
export function duration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t("duration.min", { m: minutes });
  return t("duration.hmin", { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** "PT1H7M5S" (E1's duurtijd) -> seconds. */
export function isoDurationSeconds(iso: string): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!m) return 0;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** 746 -> "746 m", 1234 -> "1,2 km" (nl) or "1.2 km" (en). */
export function distance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = new Intl.NumberFormat(language() === "nl" ? "nl-BE" : "en-GB", { maximumFractionDigits: 1 }).format(meters / 1000);
  return `${km} km`;
}

/** The browser's clock as HH:mm:ss, for "updated at". */
export function nowClock(): string {
  return new Date().toTimeString().slice(0, 8);
}
