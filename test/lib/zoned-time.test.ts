import { describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";

const brussels = zonedTime("Europe/Brussels");
const hms = (h: number, m = 0, s = 0) => h * 3600 + m * 60 + s;
const iso = (ms: number) => new Date(ms).toISOString();

describe("zonedTime - a normal day", () => {
  it("zonedTime - summer day: GTFS time equals the wall clock, past 24:00 rolls to the next date", () => {
    expect(brussels.formatServiceTime(20240612, hms(8, 15))).toBe("2024-06-12T08:15:00");
    expect(brussels.formatServiceTime(20240612, hms(0))).toBe("2024-06-12T00:00:00");
    expect(brussels.formatServiceTime(20240612, hms(23, 59, 59))).toBe("2024-06-12T23:59:59");
    expect(brussels.formatServiceTime(20240612, hms(25, 10))).toBe("2024-06-13T01:10:00");
    expect(brussels.formatServiceTime(20240612, hms(48, 5))).toBe("2024-06-14T00:05:00");
    expect(iso(brussels.serviceDayStartMs(20240612))).toBe("2024-06-11T22:00:00.000Z");
  });
  it("zonedTime - winter day: time 0 is local midnight at UTC+1", () => {
    expect(iso(brussels.serviceDayStartMs(20240115))).toBe("2024-01-14T23:00:00.000Z");
    expect(brussels.formatServiceTime(20240115, 0)).toBe("2024-01-15T00:00:00");
    expect(brussels.formatServiceTime(20241231, hms(24, 30))).toBe("2025-01-01T00:30:00");
  });
});

describe("zonedTime - spring-forward Sundays (02:00 CET -> 03:00 CEST)", () => {
  it("zonedTime - 2024-03-31: time 0 is Saturday 23:00, GTFS 01:30 is 00:30, from 03:00 on the wall clock", () => {
    expect(iso(brussels.serviceDayStartMs(20240331))).toBe("2024-03-30T22:00:00.000Z");
    expect(brussels.formatServiceTime(20240331, hms(0))).toBe("2024-03-30T23:00:00");
    expect(brussels.formatServiceTime(20240331, hms(0, 30))).toBe("2024-03-30T23:30:00");
    expect(brussels.formatServiceTime(20240331, hms(1, 30))).toBe("2024-03-31T00:30:00");
    expect(brussels.formatServiceTime(20240331, hms(2, 59, 59))).toBe("2024-03-31T01:59:59");
    expect(brussels.formatServiceTime(20240331, hms(3))).toBe("2024-03-31T03:00:00");
    expect(brussels.formatServiceTime(20240331, hms(8, 15))).toBe("2024-03-31T08:15:00");
    expect(brussels.formatServiceTime(20240331, hms(25, 10))).toBe("2024-04-01T01:10:00");
  });
  it("zonedTime - 2024-03-30 (Saturday before): after-midnight times cross the gap", () => {
    expect(brussels.formatServiceTime(20240330, hms(24, 30))).toBe("2024-03-31T00:30:00");
    expect(brussels.formatServiceTime(20240330, hms(25, 30))).toBe("2024-03-31T01:30:00");
    expect(brussels.formatServiceTime(20240330, hms(26, 30))).toBe("2024-03-31T03:30:00");
  });
  it("zonedTime - 2025-03-30: same rule a year later", () => {
    expect(iso(brussels.serviceDayStartMs(20250330))).toBe("2025-03-29T22:00:00.000Z");
    expect(brussels.formatServiceTime(20250330, hms(0, 45))).toBe("2025-03-29T23:45:00");
    expect(brussels.formatServiceTime(20250330, hms(1, 30))).toBe("2025-03-30T00:30:00");
    expect(brussels.formatServiceTime(20250330, hms(3))).toBe("2025-03-30T03:00:00");
    expect(brussels.formatServiceTime(20250330, hms(12))).toBe("2025-03-30T12:00:00");
    expect(brussels.formatServiceTime(20250329, hms(26, 30))).toBe("2025-03-30T03:30:00");
  });
  it("zonedTime - local midnight and the gap", () => {
    expect(iso(brussels.localDayStartMs(20240331))).toBe("2024-03-30T23:00:00.000Z");
    // 02:30 does not exist on that morning: the first instant after the gap.
    expect(iso(brussels.localToEpochMs(20240331, hms(2, 30)))).toBe("2024-03-31T01:00:00.000Z");
    expect(iso(brussels.localToEpochMs(20240331, hms(3, 30)))).toBe("2024-03-31T01:30:00.000Z");
  });
});

describe("zonedTime - fall-back Sundays (03:00 CEST -> 02:00 CET)", () => {
  it("zonedTime - 2024-10-27: time 0 is 01:00 CEST, GTFS 01:30 and 02:30 both show 02:30", () => {
    expect(iso(brussels.serviceDayStartMs(20241027))).toBe("2024-10-26T23:00:00.000Z");
    expect(brussels.formatServiceTime(20241027, hms(0))).toBe("2024-10-27T01:00:00");
    expect(brussels.formatServiceTime(20241027, hms(0, 30))).toBe("2024-10-27T01:30:00");
    expect(brussels.formatServiceTime(20241027, hms(1, 30))).toBe("2024-10-27T02:30:00");
    expect(brussels.formatServiceTime(20241027, hms(1, 59, 59))).toBe("2024-10-27T02:59:59");
    expect(brussels.formatServiceTime(20241027, hms(2))).toBe("2024-10-27T02:00:00");
    expect(brussels.formatServiceTime(20241027, hms(2, 30))).toBe("2024-10-27T02:30:00");
    expect(brussels.formatServiceTime(20241027, hms(8, 15))).toBe("2024-10-27T08:15:00");
    expect(brussels.formatServiceTime(20241027, hms(24, 30))).toBe("2024-10-28T00:30:00");
  });
  it("zonedTime - 2024-10-26 (Saturday before): after-midnight times cross the repeated hour", () => {
    expect(brussels.formatServiceTime(20241026, hms(24, 30))).toBe("2024-10-27T00:30:00");
    expect(brussels.formatServiceTime(20241026, hms(26, 30))).toBe("2024-10-27T02:30:00");
    expect(brussels.formatServiceTime(20241026, hms(27, 30))).toBe("2024-10-27T02:30:00");
    expect(brussels.formatServiceTime(20241026, hms(28, 30))).toBe("2024-10-27T03:30:00");
  });
  it("zonedTime - 2025-10-26: same rule a year later", () => {
    expect(iso(brussels.serviceDayStartMs(20251026))).toBe("2025-10-25T23:00:00.000Z");
    expect(brussels.formatServiceTime(20251026, hms(0, 10))).toBe("2025-10-26T01:10:00");
    expect(brussels.formatServiceTime(20251026, hms(1, 10))).toBe("2025-10-26T02:10:00");
    expect(brussels.formatServiceTime(20251026, hms(2, 10))).toBe("2025-10-26T02:10:00");
    expect(brussels.formatServiceTime(20251026, hms(3, 10))).toBe("2025-10-26T03:10:00");
    expect(brussels.formatServiceTime(20251025, hms(25, 10))).toBe("2025-10-26T01:10:00");
  });
  it("zonedTime - local midnight and the repeated hour (the earlier instant wins)", () => {
    expect(iso(brussels.localDayStartMs(20241027))).toBe("2024-10-26T22:00:00.000Z");
    expect(iso(brussels.localDayStartMs(20241028))).toBe("2024-10-27T23:00:00.000Z");
    expect(iso(brussels.localToEpochMs(20241027, hms(2, 30)))).toBe("2024-10-27T00:30:00.000Z");
  });
});

describe("zonedTime - other zones and helpers", () => {
  it("zonedTime - a zone whose clocks skip midnight (America/Santiago, 2024-09-08)", () => {
    const santiago = zonedTime("America/Santiago");
    // 00:00 -04 jumps to 01:00 -03: the day starts at 01:00.
    expect(iso(santiago.localDayStartMs(20240908))).toBe("2024-09-08T04:00:00.000Z");
    expect(santiago.formatLocal(santiago.localDayStartMs(20240908))).toBe("2024-09-08T01:00:00");
    // Noon is at -03, so time 0 is 03:00Z = 23:00 on the 7th.
    expect(santiago.formatServiceTime(20240908, 0)).toBe("2024-09-07T23:00:00");
  });
  it("zonedTime - table lookups agree with Intl for every hour of 2024 in three zones", () => {
    for (const zone of ["Europe/Brussels", "America/New_York", "Australia/Lord_Howe"]) {
      const z = zonedTime(zone);
      const intl = new Intl.DateTimeFormat("sv-SE", {
        timeZone: zone,
        year: "numeric", month: "2-digit", day: "2-digit",
        hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
      });
      let mismatches = 0;
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 3_600_000 + 17_000) {
        if (z.formatLocal(t) !== intl.format(t).replace(" ", "T")) mismatches++;
      }
      expect(mismatches, zone).toBe(0);
    }
  });
  it("zonedTime - today and now in the zone", () => {
    const t = Date.UTC(2024, 2, 30, 23, 30, 12, 500); // 00:30:12 CET on the 31st
    expect(brussels.today(t)).toBe(20240331);
    expect(brussels.now(t)).toBe("2024-03-31T00:30:12");
    expect(brussels.localDateOf(Date.UTC(2024, 5, 12, 21, 59))).toBe(20240612);
    expect(brussels.localDateOf(Date.UTC(2024, 5, 12, 22, 0))).toBe(20240613);
  });
  it("zonedTime - an unknown zone throws", () => {
    expect(() => zonedTime("Mars/Olympus_Mons")).toThrow(RangeError);
  });
});
