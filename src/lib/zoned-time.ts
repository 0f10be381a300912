/**
 * Exact conversion between GTFS service time and local wall-clock time in an IANA zone.
 *
 * GTFS (https://gtfs.org/schedule/reference/#field-types, "Time"): a stop time is measured
 * from "noon minus 12h" of the service day, which is midnight except on the days the clocks
 * change. So the absolute instant of (service date D, seconds s) is
 *
 *     epoch(local noon of D) - 12 h + s
 *
 * and its wall-clock time is that instant seen in the zone. In Europe/Brussels:
 * - spring-forward Sunday (02:00 CET -> 03:00 CEST): noon is 10:00Z, time 0 is 22:00Z on
 *   Saturday = Saturday 23:00 local, so GTFS 00:30 is Saturday 23:30, GTFS 01:30 is Sunday
 *   00:30, GTFS 03:00 is 03:00 and later times equal the wall clock;
 * - fall-back Sunday (03:00 CEST -> 02:00 CET): noon is 11:00Z, time 0 is 23:00Z on Saturday
 *   = Sunday 01:00 CEST, so GTFS 00:30 is 01:30, GTFS 01:30 is 02:30 CEST, GTFS 02:00 is
 *   02:00 CET and later times equal the wall clock.
 *
 * Speed: a per-passage Intl call costs microseconds, too slow for a 1 ms timetable. The zone's
 * UTC offsets are therefore sampled once per calendar year (one Intl call per day, transitions
 * bisected to the second) and kept in a small table; after that an instant converts with a
 * few comparisons and integer arithmetic. Limitation: two offset changes less than a day
 * apart are seen as one (no zone in use does this).
 */
import type { ServiceDate, ServiceSeconds } from "./service-time.js";
import { dayNumberToServiceDate, serviceDateToDayNumber } from "./service-date.js";

/** Milliseconds since 1970-01-01T00:00:00Z. */
export type EpochMs = number;
/** Wall-clock time written `yyyy-MM-ddTHH:mm:ss`, no offset. */
export type LocalDateTime = string;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface ZonedTime {
  readonly timezone: string;
  /** UTC offset (ms, east positive) in force at an instant. */
  offsetMsAt(epochMs: EpochMs): number;
  /** The instant of GTFS time 0 of a service day: local noon minus 12 hours. */
  serviceDayStartMs(date: ServiceDate): EpochMs;
  /** The instant of a GTFS time on a service day. */
  toEpochMs(date: ServiceDate, seconds: ServiceSeconds): EpochMs;
  /** `yyyy-MM-ddTHH:mm:ss` of an instant on the zone's wall clock. */
  formatLocal(epochMs: EpochMs): LocalDateTime;
  /** Shorthand for formatLocal(toEpochMs(date, seconds)). */
  formatServiceTime(date: ServiceDate, seconds: ServiceSeconds): LocalDateTime;
  /** The first instant of a local calendar day (local midnight, or the end of a gap that swallows it). */
  localDayStartMs(date: ServiceDate): EpochMs;
  /** The local calendar date of an instant. */
  localDateOf(epochMs: EpochMs): ServiceDate;
  /** The instant of a wall-clock time; an ambiguous time (fall-back hour) takes the earlier one, a missing one (spring-forward gap) the first instant after the gap. */
  localToEpochMs(date: ServiceDate, secondsOfDay: number): EpochMs;
  /** Today's date in the zone. */
  today(nowMs?: EpochMs): ServiceDate;
  /** The current wall-clock time in the zone. */
  now(nowMs?: EpochMs): LocalDateTime;
}

interface YearOffsets {
  /** Offset in force at the first instant of the (UTC) year. */
  initial: number;
  /** Instants at which the offset changes, ascending. */
  at: number[];
  /** Offset from at[i] on. */
  offset: number[];
}

const zones = new Map<string, ZonedTime>();

/** The (cached) converter of an IANA zone. Throws RangeError for an unknown zone. */
export function zonedTime(timezone: string): ZonedTime {
  let z = zones.get(timezone);
  if (!z) {
    z = createZonedTime(timezone);
    zones.set(timezone, z);
  }
  return z;
}

function createZonedTime(timezone: string): ZonedTime {
  const fmt = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });

  /** The slow, exact offset: one Intl call. */
  function intlOffset(epochMs: number): number {
    const seconds = Math.floor(epochMs / 1000) * 1000;
    let y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    for (const p of fmt.formatToParts(seconds)) {
      switch (p.type) {
        case "year": y = Number(p.value); break;
        case "month": mo = Number(p.value); break;
        case "day": d = Number(p.value); break;
        case "hour": h = Number(p.value); break;
        case "minute": mi = Number(p.value); break;
        case "second": s = Number(p.value); break;
      }
    }
    const local = new Date(0);
    local.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it maps years 0..99 to 1900..1999
    local.setUTCHours(h, mi, s, 0);
    return local.getTime() - seconds;
  }

  const years = new Map<number, YearOffsets>();

  function yearTable(year: number): YearOffsets {
    let t = years.get(year);
    if (t) return t;
    const start = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    const initial = intlOffset(start);
    const at: number[] = [];
    const offset: number[] = [];
    let prevT = start;
    let prevO = initial;
    for (let x = start + DAY_MS; ; x += DAY_MS) {
      const sample = Math.min(x, end);
      const o = intlOffset(sample);
      if (o !== prevO) {
        // Bisect to the second: lo has the old offset, hi the new one.
        let lo = prevT;
        let hi = sample;
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
          if (intlOffset(mid) === prevO) lo = mid;
          else hi = mid;
        }
        at.push(hi);
        offset.push(o);
        prevO = o;
      }
      prevT = sample;
      if (sample === end) break;
    }
    t = { initial, at, offset };
    years.set(year, t);
    return t;
  }

  // The year of the last lookup: timetables ask about one day at a time, so this skips the calendar arithmetic.
  let lastFrom = 0;
  let lastTo = -1;
  let lastTable: YearOffsets | undefined;

  function offsetMsAt(epochMs: number): number {
    let t: YearOffsets;
    if (epochMs >= lastFrom && epochMs < lastTo) t = lastTable!;
    else {
      const year = civilYear(Math.floor(epochMs / DAY_MS));
      t = yearTable(year);
      lastFrom = Date.UTC(year, 0, 1);
      lastTo = Date.UTC(year + 1, 0, 1);
      lastTable = t;
    }
    let o = t.initial;
    for (let i = 0; i < t.at.length; i++) {
      if (epochMs >= t.at[i]) o = t.offset[i];
      else break;
    }
    return o;
  }

  /** The earliest instant showing a wall-clock time (see ZonedTime.localToEpochMs). */
  function localToEpochMs(date: ServiceDate, secondsOfDay: number): number {
    const local = serviceDateToDayNumber(date) * DAY_MS + secondsOfDay * 1000;
    // Offsets in force within a day on either side cover every candidate.
    const a = offsetMsAt(local - DAY_MS);
    const b = offsetMsAt(local + DAY_MS);
    const c = offsetMsAt(local);
    let best = Infinity;
    for (const o of [a, b, c]) {
      const e = local - o;
      if (offsetMsAt(e) === o && e < best) best = e;
    }
    if (best !== Infinity) return best;
    // In a gap: the first instant whose wall clock is at or after `local` is the transition.
    const lo = local - Math.max(a, b, c);
    const hi = local - Math.min(a, b, c);
    for (const year of [civilYear(Math.floor(lo / DAY_MS)), civilYear(Math.floor(hi / DAY_MS))]) {
      for (const at of yearTable(year).at) if (at >= lo && at <= hi) return at;
    }
    return hi;
  }

  const dayStartCache = new Map<ServiceDate, number>();
  function serviceDayStartMs(date: ServiceDate): number {
    let v = dayStartCache.get(date);
    if (v === undefined) {
      v = localToEpochMs(date, 12 * 3600) - 12 * HOUR_MS;
      dayStartCache.set(date, v);
    }
    return v;
  }

  const localDayStartCache = new Map<ServiceDate, number>();
  function localDayStartMs(date: ServiceDate): number {
    let v = localDayStartCache.get(date);
    if (v === undefined) {
      v = localToEpochMs(date, 0);
      localDayStartCache.set(date, v);
    }
    return v;
  }

  let lastDay = NaN;
  let lastPrefix = "";
  // hot: called once per passage
  function formatLocal(epochMs: number): string {
    const local = epochMs + offsetMsAt(epochMs);
    const day = Math.floor(local / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      lastPrefix = `${datePrefix(day)}T`;
    }
    const secs = Math.floor((local - day * DAY_MS) / 1000);
    const h = Math.floor(secs / 3600);
    const m = Math.floor((secs % 3600) / 60);
    return lastPrefix + TWO[h] + ":" + TWO[m] + ":" + TWO[secs % 60];
  }

  function localDateOf(epochMs: number): ServiceDate {
    return dayNumberToServiceDate(Math.floor((epochMs + offsetMsAt(epochMs)) / DAY_MS));
  }

  return {
    timezone,
    offsetMsAt,
    serviceDayStartMs,
    toEpochMs: (date, seconds) => serviceDayStartMs(date) + seconds * 1000,
    formatLocal,
    formatServiceTime: (date, seconds) => formatLocal(serviceDayStartMs(date) + seconds * 1000),
    localDayStartMs,
    localDateOf,
    localToEpochMs,
    today: (nowMs = Date.now()) => localDateOf(nowMs),
    now: (nowMs = Date.now()) => formatLocal(Math.floor(nowMs / 1000) * 1000),
  };
}

const TWO: string[] = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));

/** `yyyy-MM-dd` per day number; a bounded cache, since timetables touch a handful of days. */
const prefixes = new Map<number, string>();
function datePrefix(day: number): string {
  let p = prefixes.get(day);
  if (p === undefined) {
    const [y, m, d] = civilFromDays(day);
    p = `${String(y).padStart(4, "0")}-${TWO[m]}-${TWO[d]}`;
    if (prefixes.size > 4096) prefixes.clear();
    prefixes.set(day, p);
  }
  return p;
}

function civilYear(day: number): number {
  return civilFromDays(day)[0];
}

/** Days since 1970-01-01 -> [year, month, day] (proleptic Gregorian; H. Hinnant's algorithm). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}
