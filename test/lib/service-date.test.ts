import { describe, expect, it } from "vitest";
import {
  addDays,
  daysInMonth,
  formatServiceDate,
  parseServiceDate,
  serviceDateToDayNumber,
  weekdayOf,
} from "../../src/lib/service-date.js";

describe("service dates", () => {
  it("parseServiceDate - reads YYYYMMDD and YYYY-MM-DD, refuses dates that do not exist", () => {
    expect(parseServiceDate("20240229")).toBe(20240229);
    expect(parseServiceDate(" 2024-03-10 ")).toBe(20240310);
    expect(parseServiceDate("20230229")).toBeUndefined();
    expect(parseServiceDate("20241301")).toBeUndefined();
    expect(parseServiceDate("2024031")).toBeUndefined();
  });

  it("serviceDateToDayNumber - counts days from 1970-01-01, also for years 0-99 that Date.UTC reads as 19xx", () => {
    expect(serviceDateToDayNumber(19700101)).toBe(0);
    expect(serviceDateToDayNumber(20240310)).toBe(19792);
    expect(serviceDateToDayNumber(19500101)).toBe(-7305);
    // 1900 years of 365 days and 460 leap days before 1950-01-01: year 50, not 1950
    expect(serviceDateToDayNumber(500101)).toBe(-7305 - 1900 * 365 - 460);
  });

  it("addDays and weekdayOf - cross months, leap days and years; 2025-03-30 is a Sunday", () => {
    expect(addDays(20240228, 1)).toBe(20240229);
    expect(addDays(20241231, 1)).toBe(20250101);
    expect(addDays(20250301, -1)).toBe(20250228);
    expect(weekdayOf(20250330)).toBe(6);
    expect(weekdayOf(20250331)).toBe(0);
  });

  it("formatServiceDate - always four year digits", () => {
    expect(formatServiceDate(20240310)).toBe("2024-03-10");
    expect(formatServiceDate(101)).toBe("0000-01-01");
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });
});
