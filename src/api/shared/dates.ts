/**
 * Dates and times in requests and responses: `geldigOp`, `datum`, and the per-family date formats.
 * Every time is local wall-clock time of the network's time zone, written without an offset.
 */
import { BAD_PARAMETER } from "../../errors.js";
import { formatServiceDate, parseServiceDate } from "../../lib/service-date.js";
import { zonedTime } from "../../lib/zoned-time.js";
import type { Network, ServiceDate } from "../../network/model.js";
import { networkValidity } from "../../network/queries/network-validity.js";
import type { Family } from "./families.js";
import { shownValue } from "../http/shown-value.js";

/** A moment on the network's wall clock. */
export interface LocalMoment {
  date: ServiceDate;
  /** Seconds since local midnight, 0..86399. */
  secondsOfDay: number;
}

/**
 * The accepted forms of a date-time parameter: a date, or a date and time (minutes, seconds and a fraction
 * optional), with an optional offset (Z, +01:00, +0100). A "+" sent unescaped in a query string arrives as a
 * space, so a space stands for "+" before an offset.
 */
export const DATE_TIME_PATTERN = "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+ -]\\d{2}:?\\d{2})?)?$";
const DATE_TIME = new RegExp(
  /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+ -]\d{2}:?\d{2})?)?$/.source,
);
export const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

export const GELDIG_OP_HINT = "give a date-time yyyy-MM-ddTHH:mm:ss in the network's time zone, e.g. 2024-03-10T08:00:00";
export const DATUM_HINT = "give a date yyyy-MM-dd, e.g. 2024-03-10";

/**
 * The years a date parameter may name. Outside them no question about a timetable makes sense (a typo or a
 * probe), and JavaScript's Date reads the years 0 to 99 as 1900 to 1999: 0050-06-01T08:00:00Z became 1950.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

function checkYear(date: ServiceDate, text: string, name: string, hint: string): void {
  const year = Math.floor(date / 10000);
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw BAD_PARAMETER(`${name} ${shownValue(text)} lies outside the years ${FIRST_YEAR} to ${LAST_YEAR}: ${hint}`);
  }
}

/** Now, on the wall clock of `timezone`. */
export function nowIn(timezone: string, nowMs: number = Date.now()): LocalMoment {
  const z = zonedTime(timezone);
  const date = z.localDateOf(nowMs);
  const secondsOfDay = Math.floor((nowMs - z.localDayStartMs(date)) / 1000);
  return { date, secondsOfDay: Math.max(0, Math.min(86_399, secondsOfDay)) };
}

/**
 * Parses a date-time parameter such as `geldigOp`; undefined or "" gives now. An offset converts the instant
 * to the network's wall clock. Throws LW_BAD_PARAMETER (400) naming the parameter and the form to use.
 */
export function parseMoment(
  text: string | undefined,
  timezone: string,
  name = "geldigOp",
  nowMs: number = Date.now(),
): LocalMoment {
  if (text === undefined || text === "") return nowIn(timezone, nowMs);
  const m = DATE_TIME.exec(text);
  const date = m ? parseServiceDate(m[1]) : undefined;
  if (!m || date === undefined) throw BAD_PARAMETER(`${name} ${shownValue(text)} is no date-time: ${GELDIG_OP_HINT}`);
  checkYear(date, text, name, GELDIG_OP_HINT);
  const h = m[2] === undefined ? 0 : Number(m[2]);
  const min = m[3] === undefined ? 0 : Number(m[3]);
  const s = m[4] === undefined ? 0 : Number(m[4]);
  if (h > 23 || min > 59 || s > 59) throw BAD_PARAMETER(`${name} ${shownValue(text)} is no date-time: ${GELDIG_OP_HINT}`);
  const secondsOfDay = h * 3600 + min * 60 + s;
  const offset = m[5];
  if (offset === undefined) return { date, secondsOfDay };
  // An explicit offset names an instant: see it on the network's clock.
  let offsetMs = 0;
  if (offset !== "Z") {
    const sign = offset[0] === "-" ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 18 || om > 59) throw BAD_PARAMETER(`${name} ${shownValue(text)} has an impossible UTC offset: use e.g. +01:00`);
    offsetMs = sign * (oh * 3600 + om * 60) * 1000;
  }
  const y = Math.floor(date / 10000);
  const mo = Math.floor(date / 100) % 100;
  const d = date % 100;
  return nowIn(timezone, Date.UTC(y, mo - 1, d) + secondsOfDay * 1000 - offsetMs);
}

/** The service day of `geldigOp` (default today): what validity filters use. Throws 400 like parseMoment. */
export function geldigOpDay(text: string | undefined, timezone: string, nowMs: number = Date.now()): ServiceDate {
  return parseMoment(text, timezone, "geldigOp", nowMs).date;
}

/**
 * The day a list answers for: the day of `geldigOp` when given, else today moved into the validity period of
 * what is asked about (network-validity.ts): `defaultFor` maps today to that day, by default the network's.
 */
export function listDay(
  net: Network,
  text: string | undefined,
  nowMs: number,
  defaultFor: (today: ServiceDate) => ServiceDate = (today) => networkValidity(net, today).defaultDay,
): ServiceDate {
  if (text !== undefined && text !== "") return geldigOpDay(text, net.meta.timezone, nowMs);
  return defaultFor(nowIn(net.meta.timezone, nowMs).date);
}

/** Parses a date parameter such as `datum` (yyyy-MM-dd); undefined or "" gives today in `timezone`. */
export function parseDate(text: string | undefined, timezone: string, name = "datum", nowMs: number = Date.now()): ServiceDate {
  if (text === undefined || text === "") return nowIn(timezone, nowMs).date;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseServiceDate(text) : undefined;
  if (date === undefined) throw BAD_PARAMETER(`${name} ${shownValue(text)} is no date: ${DATUM_HINT}`);
  checkYear(date, text, name, DATUM_HINT);
  return date;
}

/** yyyy-MM-dd */
export function formatDate(date: ServiceDate): string {
  return formatServiceDate(date);
}

/** yyyy-MM-ddT00:00:00: a day written as a date-time, as the beta family does. */
export function formatDateAsDateTime(date: ServiceDate): string {
  return `${formatServiceDate(date)}T00:00:00`;
}

/** Line validity dates: a date in the v1 family, a date-time in the beta family (spec part 9). */
export function formatLineDate(date: ServiceDate, family: Family): string {
  return family === "v1" ? formatServiceDate(date) : formatDateAsDateTime(date);
}
