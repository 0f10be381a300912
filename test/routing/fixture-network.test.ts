/**
 * The routing fixtures are what their READMEs say they are: the footpaths, the trips' instants and the real-time
 * predictions the expected itineraries are made of. (The itineraries themselves are checked by the planner's tests.)
 */
import { describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { NO_CHANGE_SECONDS } from "../../src/network/constants.js";
import { fixtureNetwork, fixtureRealtime, footpathSeconds, local, tripIdx } from "./support/fixture-network.js";

describe("routing fixtures", () => {
  it("walk-transfer - Kerk and Markt, 200 m apart, are 209 s apart on foot both ways, and nothing else is walkable", async () => {
    const n = await fixtureNetwork("walk-transfer");
    expect(footpathSeconds(n, "300202", "300203")).toBe(209);
    expect(footpathSeconds(n, "300203", "300202")).toBe(209);
    expect(n.stops.footpathTo.length).toBe(2);
  });

  it("chained-walk - Kerk -> Brug -> Markt, 383 s each, is one footpath of 766 s each way; Kerk and Markt are 735 m apart", async () => {
    const n = await fixtureNetwork("chained-walk");
    expect(footpathSeconds(n, "301002", "301003")).toBe(383);
    expect(footpathSeconds(n, "301003", "301004")).toBe(383);
    expect(footpathSeconds(n, "301002", "301004")).toBe(766);
    expect(footpathSeconds(n, "301004", "301002")).toBe(766);
    expect(n.stops.footpathTo.length).toBe(6);
  });

  it("min-transfer-time - perron 1 -> perron 2 takes the 300 s of transfers.txt, the way back its 21 s walk", async () => {
    const n = await fixtureNetwork("min-transfer-time");
    expect(n.stops.count).toBe(4);
    expect(footpathSeconds(n, "300302", "300303")).toBe(300);
    expect(footpathSeconds(n, "300303", "300302")).toBe(21);
  });

  it("forbidden-transfer - perron 1 -> perron 2 has no footpath, perron 2 -> perron 1 its 21 s walk", async () => {
    const n = await fixtureNetwork("forbidden-transfer");
    expect(footpathSeconds(n, "300402", "300403")).toBeUndefined();
    expect(footpathSeconds(n, "300403", "300402")).toBe(21);
    expect(n.stops.footpathTo.length).toBe(1);
  });

  it("no-change-at-stop - Kruispunt to itself is NO_CHANGE_SECONDS, the walk across the street 21 s each way", async () => {
    const n = await fixtureNetwork("no-change-at-stop");
    expect(footpathSeconds(n, "300502", "300502")).toBe(NO_CHANGE_SECONDS);
    expect(footpathSeconds(n, "300502", "300503")).toBe(21);
    expect(footpathSeconds(n, "300503", "300502")).toBe(21);
    expect(n.stops.footpathTo.length).toBe(3);
  });

  it("in-seat-transfer, block-continuation, block-in-seat-forbidden - the trips linked to stay on board", async () => {
    const rules = async (name: "in-seat-transfer" | "block-continuation" | "block-in-seat-forbidden") => {
      const n = await fixtureNetwork(name);
      const { seatNext, seatPrev, blockTrips, blockGroup, forbiddenFrom, forbiddenTo } = n.transferRules;
      const id = (t: number) => n.strings.get(n.trips.gtfsId[t]);
      const links = [...seatNext].flatMap((b, a) => (b < 0 ? [] : [`${id(a)}>${id(b)}`]));
      expect([...seatPrev].filter((a) => a >= 0).length).toBe(links.length);
      const blocks = [...blockTrips].map((t, row) => `${blockGroup[row]}:${id(t)}`);
      const forbidden = [...forbiddenFrom].map((a, i) => `${id(a)}>${id(forbiddenTo[i])}`);
      return { links, blocks, forbidden };
    };
    expect(await rules("in-seat-transfer")).toEqual({ links: ["L1T0800>L2T0822"], blocks: [], forbidden: [] });
    // Block B1 by first departure; L2T0925 has no block. Route planning pairs them per date (network-view.ts).
    const b1 = ["0:L1T0800", "0:L2T0825", "0:L1T0900"];
    expect(await rules("block-continuation")).toEqual({ links: [], blocks: b1, forbidden: [] });
    expect(await rules("block-in-seat-forbidden")).toEqual({ links: [], blocks: b1, forbidden: ["L1T0800>L2T0825"] });
    // Keerpunt's change time, which staying on board does not take.
    expect(footpathSeconds(await fixtureNetwork("in-seat-transfer"), "300602", "300602")).toBe(300);
  });

  it("route-min-transfer-time, trip-forbidden-transfer, timed-transfer - route and trip rules, most specific first", async () => {
    const rules = async (name: "route-min-transfer-time" | "trip-forbidden-transfer" | "timed-transfer") => {
      const n = await fixtureNetwork(name);
      const r = n.transferRules;
      const trip = (t: number) => (t < 0 ? "*" : n.strings.get(n.trips.gtfsId[t]));
      const stop = (s: number) => (s < 0 ? "*" : n.strings.get(n.stops.number[s]));
      const route = (x: number) => (x < 0 ? "*" : `r${x}`);
      return Array.from({ length: r.ruleCount }, (_, i) =>
        `${stop(r.ruleFromStop[i])}>${stop(r.ruleToStop[i])} ${route(r.ruleFromRoute[i])}>${route(r.ruleToRoute[i])} ${trip(r.ruleFromTrip[i])}>${trip(r.ruleToTrip[i])} ${r.ruleType[i]}/${r.ruleSeconds[i]}`,
      );
    };
    expect(await rules("route-min-transfer-time")).toEqual(["*>* r0>r1 *>* 2/300"]);
    expect(await rules("trip-forbidden-transfer")).toEqual(["*>* *>* L1T0800>L2T0815 3/0", "*>* r0>r1 *>* 2/120"]);
    expect(await rules("timed-transfer")).toEqual(["301002>301002 *>* L1T0800>L2T0810 1/0"]);
    const preferred = await fixtureNetwork("timed-preferred");
    expect(preferred.transferRules.ruleCount).toBe(1);
    expect(footpathSeconds(preferred, "301102", "301102")).toBeUndefined(); // a change at Knoop takes 0 s
    // The stop-level rows stay the footpaths': Knoop's change time in timed-transfer.
    expect(footpathSeconds(await fixtureNetwork("timed-transfer"), "301002", "301002")).toBe(300);
  });

  it("walking-only, direct-trip, no-route - stops beyond the footpath radius get no footpath", async () => {
    for (const name of ["walking-only", "direct-trip", "no-route", "after-midnight", "dst-sunday", "realtime"] as const) {
      expect((await fixtureNetwork(name)).stops.footpathTo.length, name).toBe(0);
    }
  });

  it("dst-sunday - the Sunday trips run at the instants of the README's table", async () => {
    const n = await fixtureNetwork("dst-sunday");
    const z = zonedTime(n.meta.timezone);
    const first = (trip: string, date: number) => {
      const t = tripIdx(n, trip);
      const row = n.trips.stopTimeStart[t];
      return [n.stopTimes.departure[row], n.stopTimes.arrival[row + 1]].map((s) => new Date(z.toEpochMs(date, s)).toISOString().slice(11, 16)).join("-");
    };
    expect(["L1S0130", "L2S0245", "L1S0330", "L2S0445"].map((t) => first(t, 20240331))).toEqual(["23:30-23:40", "00:45-00:55", "01:30-01:40", "02:45-02:55"]);
    expect(["L1S0130", "L2S0245", "L1S0330", "L2S0445"].map((t) => first(t, 20241027))).toEqual(["00:30-00:40", "01:45-01:55", "02:30-02:40", "03:45-03:55"]);
  });

  it("realtime - the feed cancels T0800, delays T0815 by 10 min all along, and T0830 skips Midden, on 2024-06-11 only", async () => {
    const n = await fixtureNetwork("realtime");
    const state = fixtureRealtime(n);
    expect(state.stats[0]).toMatchObject({ tripUpdates: 3, matched: 3, unmatched: 0 });
    const at = (trip: string, date: number, position: number) => {
      const u = state.passage(tripIdx(n, trip), date, position);
      return u?.cancelled ? "cancelled" : u?.epochMs !== undefined ? local(n, u.epochMs).slice(11) : "scheduled";
    };
    expect([0, 1, 2].map((p) => at("T0800", 20240611, p))).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect([0, 1, 2].map((p) => at("T0815", 20240611, p))).toEqual(["08:25:00", "08:35:00", "08:45:00"]);
    expect([0, 1, 2].map((p) => at("T0830", 20240611, p))).toEqual(["scheduled", "cancelled", "scheduled"]);
    expect([0, 1, 2].map((p) => at("T0845", 20240611, p))).toEqual(["scheduled", "scheduled", "scheduled"]);
    expect(at("T0800", 20240612, 0)).toBe("scheduled");
  });
});
