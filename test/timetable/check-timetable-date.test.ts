import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { activeServices } from "../../src/timetable/active-services.js";
import { checkTimetableDate } from "../../src/timetable/check-timetable-date.js";
import { isServiceActive } from "../../src/timetable/is-service-active.js";
import { fixtureNetwork } from "./support/fixture-network.js";

describe("service days (service-days fixture)", () => {
  let net: Network;
  const service = (id: string) => {
    for (let s = 0; s < net.services.count; s++) if (net.strings.get(net.services.gtfsId[s]) === id) return s;
    throw new Error(id);
  };
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
  });

  it("isServiceActive - weekdays, weekend, calendar_dates both ways, outside the calendar", () => {
    expect(isServiceActive(net, service("WK"), 20240430)).toBe(true);
    expect(isServiceActive(net, service("WK"), 20240501)).toBe(false);
    expect(isServiceActive(net, service("ZO"), 20240501)).toBe(true);
    expect(isServiceActive(net, service("ZA"), 20240316)).toBe(true);
    expect(isServiceActive(net, service("ZA"), 20240317)).toBe(false);
    expect(isServiceActive(net, service("WK"), 20250101)).toBe(false);
    expect(isServiceActive(net, service("WK"), 20231229)).toBe(false);
  });

  it("activeServices - one flag per service", () => {
    const flags = activeServices(net, 20240501);
    expect([flags[service("WK")], flags[service("ZA")], flags[service("ZO")]]).toEqual([0, 0, 1]);
    expect([...activeServices(net, 20300101)].every((f) => f === 0)).toBe(true);
  });

  it("checkTimetableDate - up to a year around the validity is fine, beyond is a 400", () => {
    expect(net.meta.validFrom).toBe(20240101);
    expect(net.meta.validTo).toBe(20241231);
    expect(() => checkTimetableDate(net, 20260101)).not.toThrow();
    expect(() => checkTimetableDate(net, 20221231)).not.toThrow();
    expect(() => checkTimetableDate(net, 20260102)).toThrow(
      "datum 2026-01-02 lies more than a year outside the timetable's validity (2024-01-01 to 2024-12-31)",
    );
    expect(() => checkTimetableDate(net, 20221230)).toThrow(/lies more than a year outside/);
  });
});
