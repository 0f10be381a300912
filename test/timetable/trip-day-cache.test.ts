import { beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import type { Network, TripIdx } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { isServiceActive } from "../../src/timetable/is-service-active.js";
import { createTripDayCache } from "../../src/timetable/trip-day-cache.js";
import { tripTimetable } from "../../src/timetable/trip-timetable.js";
import { demoNetwork } from "../support/demo-network.js";
import { fixtureNetwork } from "./support/fixture-network.js";

const TUESDAY = 20260310;

describe("tripDayCache - demo network", () => {
  let net: Network;
  /** The trips running on the Tuesday. */
  let running: TripIdx[];
  beforeAll(async () => {
    net = await demoNetwork();
    running = [];
    for (let t = 0; t < net.trips.count; t++) if (isServiceActive(net, net.trips.service[t], TUESDAY)) running.push(t);
  });

  it("tripDayCache - the same timetable as tripTimetable, missed and hit", () => {
    const cache = createTripDayCache();
    for (const trip of running.slice(0, 200)) {
      for (const date of [TUESDAY, 20260311]) {
        const missed = cache.timetable(net, trip, date);
        expect(missed).toEqual(tripTimetable(net, trip, date));
        expect(cache.timetable(net, trip, date)).toBe(missed);
      }
    }
    expect(cache.size(net).trips).toBe(400);
  });

  it("tripDayCache - after-midnight and DST trips as tripTimetable gives them", async () => {
    const dst = await fixtureNetwork("daylight-saving-time");
    const cache = createTripDayCache();
    for (let trip = 0; trip < dst.trips.count; trip++) {
      for (const date of [20240330, 20240331, 20241026, 20241027]) {
        expect(cache.timetable(dst, trip, date)).toEqual(tripTimetable(dst, trip, date));
        expect(cache.timetable(dst, trip, date)).toEqual(tripTimetable(dst, trip, date));
      }
    }
  });

  it("tripDayCache - a swapped-in network does not see the trips kept for another, even one loaded from the same snapshot", async () => {
    const cache = createTripDayCache();
    const again = loadSnapshot(await ensureDemoSnapshot({ quiet: true }));
    const dst = await fixtureNetwork("daylight-saving-time");
    const kept = cache.timetable(net, 0, TUESDAY);
    const keptAgain = cache.timetable(again, 0, TUESDAY);
    expect(keptAgain).not.toBe(kept);
    expect(keptAgain).toEqual(tripTimetable(again, 0, TUESDAY));
    expect(cache.timetable(dst, 0, TUESDAY)).toEqual(tripTimetable(dst, 0, TUESDAY));
    expect(cache.timetable(dst, 0, TUESDAY)).not.toEqual(kept);
    expect(cache.size(net)).toEqual({ trips: 1, passages: kept.passages.length });
    expect(cache.size(again)).toEqual({ trips: 1, passages: keptAgain.passages.length });
  });

  it("tripDayCache - the bound holds: least recently used trips go first", () => {
    const bound = 2_000;
    const cache = createTripDayCache(bound);
    const first = cache.timetable(net, running[0], TUESDAY);
    let asked = first.passages.length;
    for (const trip of running.slice(1)) {
      asked += cache.timetable(net, trip, TUESDAY).passages.length;
      expect(cache.size(net).passages).toBeLessThanOrEqual(bound);
      expect(cache.timetable(net, running[0], TUESDAY)).toBe(first);
    }
    expect(asked).toBeGreaterThan(10 * bound);
    expect(cache.size(net).passages).toBeGreaterThan(bound / 2);
  });
});
