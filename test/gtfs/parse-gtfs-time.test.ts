import { describe, expect, it } from "vitest";
import { parseGtfsTime, parseGtfsTimeBytes } from "../../src/gtfs/parse-gtfs-time.js";

describe("parseGtfsTime", () => {
  it("parse-gtfs-time - HH:MM:SS, H:MM:SS and hours past 24", () => {
    expect(parseGtfsTime("00:00:00")).toBe(0);
    expect(parseGtfsTime("08:05:09")).toBe(29109);
    expect(parseGtfsTime("8:05:09")).toBe(29109);
    expect(parseGtfsTime("25:10:00")).toBe(90600);
    expect(parseGtfsTime("47:59:59")).toBe(172799);
    expect(parseGtfsTime("100:00:00")).toBe(360000);
  });

  it("parse-gtfs-time - anything else is -1", () => {
    for (const bad of ["25:6x:00", "08:60:00", "08:00:60", "8:5:00", "08:00", "0800:00", "", "aa:bb:cc", "-1:00:00", "1000:00:00", "08.00.00"]) {
      expect(parseGtfsTime(bad), bad).toBe(-1);
    }
  });

  it("parse-gtfs-time - reads a range of bytes in place", () => {
    const bytes = Buffer.from("t1,25:10:00,x");
    expect(parseGtfsTimeBytes(bytes, 3, 11)).toBe(90600);
  });
});
