import { describe, expect, it } from "vitest";
import {
  belgianPublicHolidays,
  demoCalendar,
  easterSunday,
  flemishSchoolHolidays,
  serviceRunsOn,
} from "../../src/demo/demo-calendar.js";

describe("demoCalendar", () => {
  it("easterSunday - matches the Gregorian Easter dates of 2024-2030", () => {
    expect([2024, 2025, 2026, 2027, 2028, 2029, 2030].map(easterSunday)).toEqual([
      20240331, 20250420, 20260405, 20270328, 20280416, 20290401, 20300421,
    ]);
  });

  it("belgianPublicHolidays - lists the ten holidays of 2025 in date order", () => {
    expect(belgianPublicHolidays(2025)).toEqual([
      { date: 20250101, name: "Nieuwjaar" },
      { date: 20250421, name: "Paasmaandag" },
      { date: 20250501, name: "Dag van de Arbeid" },
      { date: 20250529, name: "O.L.H. Hemelvaart" },
      { date: 20250609, name: "Pinkstermaandag" },
      { date: 20250721, name: "Nationale feestdag" },
      { date: 20250815, name: "O.L.V. Hemelvaart" },
      { date: 20251101, name: "Allerheiligen" },
      { date: 20251111, name: "Wapenstilstand" },
      { date: 20251225, name: "Kerstmis" },
    ]);
  });

  it("demoCalendar - a weekday holiday swaps the weekday service for the Sunday service", () => {
    const c = demoCalendar();
    expect(c.dates.filter((d) => d.date === 20250721 && !d.serviceId.startsWith("SCH"))).toEqual([
      { serviceId: "WK", date: 20250721, exceptionType: 2 },
      { serviceId: "ZO", date: 20250721, exceptionType: 1 },
    ]);
    expect(serviceRunsOn(c, "WK", 20250721)).toBe(false);
    expect(serviceRunsOn(c, "ZO", 20250721)).toBe(true);
    expect(serviceRunsOn(c, "WK", 20250722)).toBe(true);
  });

  it("demoCalendar - a Sunday holiday needs no exception; a Saturday one runs the Sunday service", () => {
    const c = demoCalendar();
    expect(c.dates.filter((d) => d.date === 20240721)).toEqual([]);
    expect(serviceRunsOn(c, "ZO", 20240721)).toBe(true);
    expect(c.dates.filter((d) => d.date === 20251101)).toEqual([
      { serviceId: "ZA", date: 20251101, exceptionType: 2 },
      { serviceId: "ZO", date: 20251101, exceptionType: 1 },
    ]);
  });

  it("demoCalendar - every holiday of 2024-2030 that is not a Sunday has its two exceptions", () => {
    const c = demoCalendar();
    let checked = 0;
    for (let year = 2024; year <= 2030; year++) {
      for (const h of belgianPublicHolidays(year)) {
        const sunday = new Date(Date.UTC(year, Math.floor(h.date / 100) % 100 - 1, h.date % 100)).getUTCDay() === 0;
        expect(serviceRunsOn(c, "ZO", h.date)).toBe(true);
        expect(serviceRunsOn(c, "WK", h.date)).toBe(false);
        expect(serviceRunsOn(c, "ZA", h.date)).toBe(false);
        if (!sunday) checked++;
      }
    }
    expect(checked).toBeGreaterThan(55);
  });

  it("demoCalendar - school services skip school holidays and public holidays", () => {
    const c = demoCalendar();
    expect(serviceRunsOn(c, "SCH", 20250313)).toBe(true); // a Thursday in term
    expect(serviceRunsOn(c, "SCHW", 20250312)).toBe(true); // a Wednesday in term
    expect(serviceRunsOn(c, "SCH", 20250312)).toBe(false); // Wednesdays have their own service
    expect(serviceRunsOn(c, "SCH", 20250710)).toBe(false); // summer holidays
    expect(serviceRunsOn(c, "SCH", 20250303)).toBe(false); // krokus: carnival week
    expect(serviceRunsOn(c, "SCH", 20251111)).toBe(false); // Armistice (a Tuesday)
    expect(flemishSchoolHolidays(2025)).toContain(20250102);
    expect(flemishSchoolHolidays(2025)).not.toContain(20250107);
  });

  it("demoCalendar - weekend nights run on Friday and Saturday service days", () => {
    const c = demoCalendar();
    expect(serviceRunsOn(c, "NA", 20250328)).toBe(true);
    expect(serviceRunsOn(c, "NA", 20250329)).toBe(true); // the night into the spring-forward Sunday
    expect(serviceRunsOn(c, "NA", 20251025)).toBe(true); // the night into the fall-back Sunday
    expect(serviceRunsOn(c, "NA", 20250330)).toBe(false);
  });
});
