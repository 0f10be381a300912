import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { departuresAtStop } from "../../src/timetable/departures-at-stop.js";
import type { Passage } from "../../src/timetable/types.js";
import { fixtureNetwork, stopIdx } from "./support/fixture-network.js";

/** "HH:mm:ss ritnummer serviceDate" per passage: the part of the answer these tests pin. */
const render = (ps: Passage[]) => ps.map((p) => `${p.time.slice(11)} ${p.tripNumber} ${p.serviceDate}`);

describe("departuresAtStop - daylight-saving-time fixture", () => {
  let net: Network;
  const at = (date: number) => render(departuresAtStop(net, undefined, { stop: stopIdx(net, "300011"), date }));
  const dates = (date: number) => departuresAtStop(net, undefined, { stop: stopIdx(net, "300011"), date }).map((p) => p.time.slice(0, 10));
  beforeAll(async () => {
    net = await fixtureNetwork("daylight-saving-time");
  });

  it("departuresAtStop - a normal Sunday: Saturday's 24:45.. interleave with Sunday's 00:30..", () => {
    expect(at(20240616)).toEqual([
      "00:30:00 30 20240616",
      "00:45:00 2445 20240615",
      "01:30:00 130 20240616",
      "01:45:00 2545 20240615",
      "02:30:00 230 20240616",
      "02:45:00 2645 20240615",
      "03:30:00 330 20240616",
      "03:45:00 2745 20240615",
      "12:00:00 1200 20240616",
    ]);
    expect(new Set(dates(20240616))).toEqual(new Set(["2024-06-16"]));
  });

  for (const [sunday, saturday, year] of [
    [20240331, 20240330, "2024"],
    [20250330, 20250329, "2025"],
  ] as const) {
    it(`departuresAtStop - spring-forward Sunday ${year}: GTFS 01:30 is 00:30, the Sunday 00:30 trip is on Saturday`, () => {
      expect(at(sunday)).toEqual([
        `00:30:00 130 ${sunday}`,
        `00:45:00 2445 ${saturday}`,
        `01:30:00 230 ${sunday}`,
        `01:45:00 2545 ${saturday}`,
        `03:30:00 330 ${sunday}`,
        `03:45:00 2645 ${saturday}`,
        `04:45:00 2745 ${saturday}`,
        `12:00:00 1200 ${sunday}`,
      ]);
      // Time 0 of that Sunday is Saturday 23:00: its 00:30 trip leaves on Saturday at 23:30.
      expect(at(saturday)).toEqual([`12:00:00 1200 ${saturday}`, `23:30:00 30 ${sunday}`]);
      expect(new Set(dates(saturday))).toEqual(new Set([`${year}-03-${String(saturday % 100)}`]));
    });
  }

  for (const [sunday, saturday, year] of [
    [20241027, 20241026, "2024"],
    [20251026, 20251025, "2025"],
  ] as const) {
    it(`departuresAtStop - fall-back Sunday ${year}: sorted by instant, 02:30 and 02:45 twice`, () => {
      expect(at(sunday)).toEqual([
        `00:45:00 2445 ${saturday}`,
        `01:30:00 30 ${sunday}`,
        `01:45:00 2545 ${saturday}`,
        `02:30:00 130 ${sunday}`, // CEST
        `02:45:00 2645 ${saturday}`, // CEST
        `02:30:00 230 ${sunday}`, // CET
        `02:45:00 2745 ${saturday}`, // CET
        `03:30:00 330 ${sunday}`,
        `12:00:00 1200 ${sunday}`,
      ]);
      const ps = departuresAtStop(net, undefined, { stop: stopIdx(net, "300011"), date: sunday });
      expect(ps[5].epochMs - ps[3].epochMs).toBe(3_600_000);
      expect(at(saturday)).toEqual([`12:00:00 1200 ${saturday}`]);
    });
  }

  it("departuresAtStop - the terminus is listed only with includeLastStop, at its arrival time", () => {
    const zuid = stopIdx(net, "300012");
    expect(departuresAtStop(net, undefined, { stop: zuid, date: 20240616 })).toEqual([]);
    const withLast = departuresAtStop(net, undefined, { stop: zuid, date: 20240331, includeLastStop: true });
    expect(render(withLast)).toEqual([
      "00:40:00 130 20240331",
      "00:55:00 2445 20240330",
      "01:40:00 230 20240331",
      "01:55:00 2545 20240330",
      "03:40:00 330 20240331",
      "03:55:00 2645 20240330",
      "04:55:00 2745 20240330",
      "12:10:00 1200 20240331",
    ]);
    expect(withLast.every((p) => p.isLast && p.position === 1)).toBe(true);
  });
});

describe("departuresAtStop - service-days fixture", () => {
  let net: Network;
  const at = (stop: string, date: number, includeLastStop = false) =>
    render(departuresAtStop(net, undefined, { stop: stopIdx(net, stop), date, includeLastStop }));
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
  });

  it("departuresAtStop - weekday: Monday's 25:10 trip leaves on Tuesday at 01:10, frequency copies, sorted", () => {
    expect(at("300001", 20240312)).toEqual([
      "01:10:00 102 20240311",
      "06:00:00 104-1 20240312",
      "06:20:00 104-2 20240312",
      "06:40:00 104-3 20240312",
      "08:00:00 101 20240312",
      "12:00:00 103 20240312",
    ]);
  });

  it("departuresAtStop - departure, not arrival; a loop trip passes twice; TERUG trips too", () => {
    expect(at("300002", 20240312)).toEqual([
      "01:15:00 102 20240311",
      "06:04:00 104-1 20240312",
      "06:24:00 104-2 20240312",
      "06:44:00 104-3 20240312",
      "08:06:00 101 20240312",
      "12:05:00 103 20240312",
      "12:12:00 103 20240312",
      "17:05:00 151 20240312",
    ]);
  });

  it("departuresAtStop - Saturday: Friday's night trip; the drop-off-only stop is left out", () => {
    expect(at("300001", 20240316)).toEqual(["01:10:00 102 20240315", "09:00:00 201 20240316"]);
    expect(at("300002", 20240316)).toEqual(["01:15:00 102 20240315"]);
  });

  it("departuresAtStop - Sunday and Monday: no night trip after a weekend day", () => {
    expect(at("300001", 20240317)).toEqual(["10:00:00 301 20240317"]);
    expect(at("300001", 20240318)).toEqual([
      "06:00:00 104-1 20240318",
      "06:20:00 104-2 20240318",
      "06:40:00 104-3 20240318",
      "08:00:00 101 20240318",
      "12:00:00 103 20240318",
    ]);
  });

  it("departuresAtStop - public holiday 2024-05-01 removed from WK and added to ZO by calendar_dates", () => {
    expect(at("300001", 20240501)).toEqual(["01:10:00 102 20240430", "10:00:00 301 20240501"]);
    // No WK service on the 1st, so no 25:10 trip in the night to the 2nd.
    expect(at("300001", 20240502)[0]).toBe("06:00:00 104-1 20240502");
  });

  it("departuresAtStop - outside every calendar: empty, but the last service day's night trip still shows", () => {
    expect(at("300001", 20250115)).toEqual([]);
    expect(at("300001", 20250101)).toEqual(["01:10:00 102 20241231"]);
    expect(at("300005", 20240312)).toEqual([]);
  });

  it("departuresAtStop - includeLastStop adds arrivals at the terminus", () => {
    expect(at("300001", 20240312, true)).toEqual([
      "01:10:00 102 20240311",
      "06:00:00 104-1 20240312",
      "06:20:00 104-2 20240312",
      "06:40:00 104-3 20240312",
      "08:00:00 101 20240312",
      "12:00:00 103 20240312",
      "17:10:00 151 20240312",
    ]);
  });

  it("departuresAtStop - every field of a passage", () => {
    const ps = departuresAtStop(net, undefined, { stop: stopIdx(net, "300002"), date: 20240312 });
    const p101 = ps.find((p) => p.tripNumber === "101")!;
    expect(p101).toMatchObject({
      id: "2024-03-12_3_WK0800_300002_1",
      serviceDate: 20240312,
      position: 1,
      seconds: 8 * 3600 + 6 * 60,
      epochMs: Date.UTC(2024, 2, 12, 7, 6),
      time: "2024-03-12T08:06:00",
      isLast: false,
      entity: "3",
      lineNumber: "1",
      direction: "HEEN",
      tripNumber: "101",
      stopEntity: "3",
      stopNumber: "300002",
      destination: "Kerk",
      placeDestination: "Heverlee Kerk",
    });
    const night = ps.find((p) => p.tripNumber === "102")!;
    expect(night.id).toBe("2024-03-11_3_WK2510_300002_1");
    expect(night.time).toBe("2024-03-12T01:15:00");
    expect(night.destination).toBe("Kerk via Markt");
    expect(ps.find((p) => p.tripNumber === "151")).toMatchObject({ direction: "TERUG", destination: "Station", placeDestination: "Leuven Station" });
    const loop = ps.filter((p) => p.tripNumber === "103").map((p) => p.id);
    expect(loop).toEqual(["2024-03-12_3_WKLOOP_300002_1", "2024-03-12_3_WKLOOP_300002_3"]);
    expect(ps.find((p) => p.tripNumber === "104-2")!.id).toBe("2024-03-12_3_WKFREQ@22800_300002_1");
    expect(new Set(ps.map((p) => p.id)).size).toBe(ps.length);
  });
});
