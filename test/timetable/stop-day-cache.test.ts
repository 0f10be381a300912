import { beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { departuresAtStop } from "../../src/timetable/departures-at-stop.js";
import { createStopDayCache, STOP_DAY_CACHE_PASSAGES } from "../../src/timetable/stop-day-cache.js";
import { demoNetwork } from "../support/demo-network.js";
import { fixtureNetwork, stopIdx } from "./support/fixture-network.js";

const TUESDAY = 20260310;

/** The demo's stops with passages on the Tuesday, busiest first. */
function stopsByPassages(net: Network): Array<{ stop: StopIdx; passages: number }> {
  const out: Array<{ stop: StopIdx; passages: number }> = [];
  for (let s = 0; s < net.stops.count; s++) {
    const passages = departuresAtStop(net, undefined, { stop: s, date: TUESDAY }).length;
    if (passages > 0) out.push({ stop: s, passages });
  }
  return out.sort((a, b) => b.passages - a.passages || a.stop - b.stop);
}

/** The bound these tests use: the default's until it was lowered for memory (STOP_DAY_CACHE_PASSAGES). */
const BOUND = 100_000;

describe("stopDayCache - demo network", () => {
  let net: Network;
  let stops: Array<{ stop: StopIdx; passages: number }>;
  beforeAll(async () => {
    net = await demoNetwork();
    stops = stopsByPassages(net);
  });

  it("stopDayCache - the same passages as departuresAtStop, missed, missed again (kept) and hit, with and without the last stop", () => {
    // A bound that holds the 240 days (the default's 25,000 passages do not, on the demo's busiest stops).
    const cache = createStopDayCache(BOUND);
    for (const { stop } of stops.slice(0, 40)) {
      for (const includeLastStop of [false, true]) {
        for (const date of [TUESDAY, 20260314, 20260315]) {
          const params = { stop, date, includeLastStop };
          const expected = departuresAtStop(net, undefined, params);
          expect(cache.passages(net, params)).toEqual(expected);
          const kept = cache.passages(net, params);
          expect(kept).toEqual(expected);
          // A hit is the very array kept.
          expect(cache.passages(net, params)).toBe(kept);
        }
      }
    }
    expect(cache.size(net).days).toBe(40 * 2 * 3);
  });

  it("stopDayCache - lists of 100 random stops: one day asked in about twelve is kept (1,601 of 20,000), none pushed out, where every one was until the bound", () => {
    // 200 lists of 100 stops drawn from all the demo's (a fixed LCG: the same draw every run), Tuesday's day of each.
    let seed = 1;
    const draw = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % net.stops.count;
    const asked = Array.from({ length: 200 * 100 }, draw);
    const total = (cache: ReturnType<typeof createStopDayCache>) => {
      for (const stop of asked) cache.passages(net, { stop, date: TUESDAY });
      return cache.size(net);
    };
    const everyMiss = total(createStopDayCache(BOUND, 0));
    const secondMiss = total(createStopDayCache(BOUND));
    // Kept on the first miss, the days fill the bound: every later miss pushes days out (old-generation garbage).
    expect(everyMiss.passages).toBeGreaterThan(0.95 * BOUND);
    // Kept on the second miss among the last 1,024: 1,601 days, under the bound, so no day was pushed out.
    expect(secondMiss.days).toBeLessThan(asked.length / 6);
    expect(secondMiss.passages).toBeLessThan(0.6 * BOUND);
    expect([everyMiss, secondMiss]).toEqual([
      { days: 3989, passages: 99978 },
      { days: 1601, passages: 40043 },
    ]);
  });

  it("stopDayCache - the DST Sundays' days as departuresAtStop gives them", async () => {
    const dst = await fixtureNetwork("daylight-saving-time");
    const cache = createStopDayCache();
    for (const date of [20240331, 20241027, 20250330, 20251026, 20240616]) {
      const params = { stop: stopIdx(dst, "300011"), date };
      expect(cache.passages(dst, params)).toEqual(departuresAtStop(dst, undefined, params));
      expect(cache.passages(dst, params)).toEqual(departuresAtStop(dst, undefined, params));
    }
  });

  it("stopDayCache - a swapped-in network does not see the days kept for another, even one loaded from the same snapshot", async () => {
    const cache = createStopDayCache(STOP_DAY_CACHE_PASSAGES, 0);
    const again = loadSnapshot(await ensureDemoSnapshot({ quiet: true }));
    const dst = await fixtureNetwork("daylight-saving-time");
    const params = { stop: stops[0].stop, date: TUESDAY };
    const day = cache.passages(net, params);
    const dayAgain = cache.passages(again, params);
    expect(dayAgain).not.toBe(day);
    expect(dayAgain).toEqual(departuresAtStop(again, undefined, params));
    // Another network, the same stop index and date: its own answer (here, nothing), not the demo's.
    const other = { stop: 0, date: TUESDAY };
    cache.passages(net, other);
    expect(cache.passages(dst, other)).toEqual(departuresAtStop(dst, undefined, other));
    expect(cache.size(net)).toEqual({ days: 2, passages: day.length + departuresAtStop(net, undefined, other).length });
    expect(cache.size(again)).toEqual({ days: 1, passages: dayAgain.length });
  });

  it("stopDayCache - the bound holds: least recently used days go first; a day over a quarter of it is not kept", () => {
    const bound = 4 * stops[0].passages;
    const cache = createStopDayCache(bound, 0);
    const busiest = { stop: stops[0].stop, date: TUESDAY };
    const first = cache.passages(net, busiest);
    for (const { stop, passages } of stops.slice(1)) {
      const params = { stop, date: TUESDAY };
      expect(cache.passages(net, params)).toHaveLength(passages);
      expect(cache.size(net).passages).toBeLessThanOrEqual(bound);
      // Used on every request: never the least recently used.
      expect(cache.passages(net, busiest)).toBe(first);
    }
    // More was asked than the bound holds: days went, the bound stayed nearly full.
    expect(stops.reduce((n, s) => n + s.passages, 0)).toBeGreaterThan(10 * bound);
    expect(cache.size(net).days).toBeLessThan(stops.length);
    expect(cache.size(net).passages).toBeGreaterThan(bound / 2);
    // Half the bound for the busiest stop's day: computed, answered, not kept.
    const small = createStopDayCache(2 * stops[0].passages, 0);
    expect(small.passages(net, busiest)).toEqual(first);
    expect(small.size(net)).toEqual({ days: 0, passages: 0 });
  });
});
