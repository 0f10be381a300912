import { describe, expect, it } from "vitest";
import { formatLineDate, geldigOpDay, nowIn, parseDate, parseMoment } from "../../../src/api/shared/dates.js";
import type { LijnwijzerError } from "../../../src/errors.js";

const TZ = "Europe/Brussels";
/** 2024-03-09T23:30:00Z = Sunday 2024-03-10 00:30 in Brussels (CET). */
const SATURDAY_NIGHT_UTC = Date.UTC(2024, 2, 9, 23, 30);

describe("dates", () => {
  it("nowIn - gives the wall clock of the network's zone, not UTC", () => {
    expect(nowIn(TZ, SATURDAY_NIGHT_UTC)).toEqual({ date: 20240310, secondsOfDay: 30 * 60 });
    expect(nowIn("America/New_York", SATURDAY_NIGHT_UTC)).toEqual({ date: 20240309, secondsOfDay: 18 * 3600 + 30 * 60 });
  });

  it("parseMoment - no geldigOp means now in the network's zone", () => {
    expect(parseMoment(undefined, TZ, "geldigOp", SATURDAY_NIGHT_UTC)).toEqual({ date: 20240310, secondsOfDay: 1800 });
    expect(geldigOpDay("", TZ, SATURDAY_NIGHT_UTC)).toBe(20240310);
  });

  it("parseMoment - reads local date-times, with or without seconds, and plain dates", () => {
    expect(parseMoment("2024-03-10T08:15:30", TZ)).toEqual({ date: 20240310, secondsOfDay: 8 * 3600 + 15 * 60 + 30 });
    expect(parseMoment("2024-03-10T08:15", TZ)).toEqual({ date: 20240310, secondsOfDay: 8 * 3600 + 15 * 60 });
    expect(parseMoment("2024-03-10", TZ)).toEqual({ date: 20240310, secondsOfDay: 0 });
  });

  it("parseMoment - an offset names an instant, seen on the network's clock", () => {
    expect(parseMoment("2024-03-09T23:30:00Z", TZ)).toEqual({ date: 20240310, secondsOfDay: 1800 });
    // "+" arrives as a space when a client forgets to escape it.
    expect(parseMoment("2024-07-01T00:30:00 02:00", TZ)).toEqual({ date: 20240701, secondsOfDay: 1800 });
    expect(parseMoment("2024-07-01T00:30:00-04:00", TZ)).toEqual({ date: 20240701, secondsOfDay: 6 * 3600 + 1800 });
  });

  it("parseMoment - no date-time is a 400 naming the form to use", () => {
    for (const bad of ["tomorrow", "2024-02-30T10:00:00", "2024-03-10T25:00:00", "10-03-2024"]) {
      try {
        parseMoment(bad, TZ);
        throw new Error(`accepted ${bad}`);
      } catch (e) {
        expect((e as LijnwijzerError).status).toBe(400);
        expect((e as Error).message).toBe(
          `geldigOp "${bad}" is no date-time: give a date-time yyyy-MM-ddTHH:mm:ss in the network's time zone, e.g. 2024-03-10T08:00:00`,
        );
      }
    }
  });

  it("parseMoment and parseDate - a 5,000-character value is repeated cut to 64 characters, not whole", () => {
    const long = "9".repeat(5000);
    expect(() => parseMoment(long, TZ)).toThrow(`geldigOp "${"9".repeat(64)}…" (5000 characters) is no date-time: give`);
    expect(() => parseDate(long, TZ)).toThrow(`datum "${"9".repeat(64)}…" (5000 characters) is no date: give`);
  });

  it("parseMoment and parseDate - a year before 1900 or after 2199 is a 400, not 0050 read as 1950 or 0000-01-01 shown as 0-01-01", () => {
    expect(() => parseMoment("0050-06-01T08:00:00Z", TZ)).toThrow(
      'geldigOp "0050-06-01T08:00:00Z" lies outside the years 1900 to 2199: give a date-time yyyy-MM-ddTHH:mm:ss',
    );
    expect(() => parseMoment("9999-12-31T23:59:59", TZ, "startDatum")).toThrow('startDatum "9999-12-31T23:59:59" lies outside the years 1900 to 2199');
    expect(() => parseDate("0000-01-01", TZ)).toThrow('datum "0000-01-01" lies outside the years 1900 to 2199: give a date yyyy-MM-dd, e.g. 2024-03-10');
    expect(() => parseDate("1899-12-31", TZ)).toThrow(/^datum "1899-12-31" lies outside/);
    expect(parseDate("1900-01-01", TZ)).toBe(19000101);
    expect(parseDate("2199-12-31", TZ)).toBe(21991231);
    expect(parseMoment("2199-12-31T23:59:59", TZ)).toEqual({ date: 21991231, secondsOfDay: 86399 });
    expect(parseMoment("1900-01-01T00:00:00", TZ)).toEqual({ date: 19000101, secondsOfDay: 0 });
  });

  it("parseDate - reads yyyy-MM-dd; default today in the zone", () => {
    expect(parseDate("2024-02-29", TZ)).toBe(20240229);
    expect(parseDate(undefined, TZ, "datum", SATURDAY_NIGHT_UTC)).toBe(20240310);
    expect(() => parseDate("2023-02-29", TZ)).toThrow('datum "2023-02-29" is no date: give a date yyyy-MM-dd');
  });

  it("formatLineDate - a date in v1, a date-time in beta (spec part 9)", () => {
    expect(formatLineDate(20240304, "v1")).toBe("2024-03-04");
    expect(formatLineDate(20240304, "beta")).toBe("2024-03-04T00:00:00");
  });
});
