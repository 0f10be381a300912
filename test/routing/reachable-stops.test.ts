/**
 * Reachability (src/routing/reachable-stops.ts, reach.ts) on the chained-walk fixture
 * (test/fixtures/routing/chained-walk/README.md): line 1 Noord 08:00 -> Kerk 08:10, a walk of 383 s to Brug and one
 * of 766 s to Markt, line 2 Markt -> Zuid at 08:20, 08:25 and 08:55.
 */
import { describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { reachArea } from "../../src/routing/reach-area.js";
import { reachableStops, type ReachParams, type ReachResult } from "../../src/routing/reachable-stops.js";
import { fixtureNetwork, fixtureRealtime, local, localMs, stopIdx } from "./support/fixture-network.js";
import { at, net, stopOf } from "./support/raptor-scenario.js";

/** One line per stop: haltenummer departure>arrival travel seconds, rides, transfers. */
function lines(net: Network, r: ReachResult): string[] {
  return r.stops.map(
    (s) => `${net.strings.get(net.stops.number[s.stop])} ${local(net, s.departureMs).slice(11)}>${local(net, s.arrivalMs).slice(11)} ${s.travelSeconds}s r${s.rides} t${s.transfers}`,
  );
}

async function reach(params: Partial<ReachParams> & { at: string }): Promise<{ net: Network; r: ReachResult }> {
  const net = await fixtureNetwork("chained-walk");
  const r = reachableStops(net, undefined, { from: { kind: "stop", stop: stopIdx(net, "301001") }, timeMs: localMs(net, params.at), limitMinutes: 30, ...params });
  return { net, r };
}

describe("reachable stops", () => {
  it("reach - from Noord at 07:55 within 30 min: Kerk by line 1, Brug and Markt on foot after it, not Zuid", async () => {
    const { net, r } = await reach({ at: "2024-06-11T07:55:00" });
    expect(lines(net, r)).toEqual([
      "301001 07:55:00>07:55:00 0s r0 t0",
      "301002 07:55:00>08:10:00 900s r1 t0",
      "301003 07:55:00>08:16:23 1283s r1 t0",
      "301004 07:55:00>08:22:46 1666s r1 t0",
    ]);
  });

  it("reach - within 45 min Zuid too, by L2T0825 after the walk to Markt: one transfer", async () => {
    const { net, r } = await reach({ at: "2024-06-11T07:55:00", limitMinutes: 45 });
    expect(lines(net, r).at(-1)).toBe("301005 07:55:00>08:35:00 2400s r2 t1");
    expect(r.stops).toHaveLength(5);
  });

  it("reach - a limit that ends a second before an arrival leaves the stop out", async () => {
    const { net, r } = await reach({ at: "2024-06-11T07:55:00", limitMinutes: 1665 / 60 });
    expect(lines(net, r).map((l) => l.slice(0, 6))).toEqual(["301001", "301002", "301003"]);
  });

  it("reach - after the only trip of line 1 leaves, only Noord itself", async () => {
    const { net, r } = await reach({ at: "2024-06-11T08:00:01" });
    expect(lines(net, r)).toEqual(["301001 08:00:01>08:00:01 0s r0 t0"]);
  });

  it("reach - a window of 10 minutes from 07:55: the lower median of the 10 departures, 6 of which make line 1", async () => {
    // Kerk: 15, 14, 13, 12, 11, 10 min for 07:55..08:00, unreachable for 08:01..08:04; sorted, the 5th is 14 min (07:56).
    const { net, r } = await reach({ at: "2024-06-11T07:55:00", windowMinutes: 10 });
    expect(lines(net, r)).toEqual([
      "301001 07:55:00>07:55:00 0s r0 t0",
      "301002 07:56:00>08:10:00 840s r1 t0",
      "301003 07:56:00>08:16:23 1223s r1 t0",
      "301004 07:56:00>08:22:46 1606s r1 t0",
    ]);
  });

  it("reach - a window of 13 minutes: fewer than half the departures make line 1, so only Noord", async () => {
    const { net, r } = await reach({ at: "2024-06-11T07:55:00", windowMinutes: 13 });
    expect(lines(net, r)).toEqual(["301001 07:55:00>07:55:00 0s r0 t0"]);
  });

  it("reach - from a coordinate 200 m north of Noord: the walk of 209 s first", async () => {
    const net = await fixtureNetwork("chained-walk");
    const r = reachableStops(net, undefined, { from: { kind: "place", lat: 50.9018, lon: 4.7 }, timeMs: localMs(net, "2024-06-11T07:55:00"), limitMinutes: 30 });
    expect(lines(net, r)).toEqual([
      "301001 07:55:00>07:58:29 209s r0 t0",
      "301002 07:55:00>08:10:00 900s r1 t0",
      "301003 07:55:00>08:16:23 1283s r1 t0",
      "301004 07:55:00>08:22:46 1666s r1 t0",
    ]);
  });

  it("reach area - a circle around the point and each stop, of the time left walked, at most the walk radius", async () => {
    const { net, r } = await reach({ at: "2024-06-11T07:55:00" });
    const area = reachArea(net, r);
    expect(area.type).toBe("MultiPolygon");
    expect(area.coordinates).toHaveLength(5);
    // Markt: 134 s left, 134 x 1.25 / 1.3 = 128.8 m; its first vertex lies that far east.
    const markt = area.coordinates[4][0];
    expect(markt).toHaveLength(17);
    expect(markt[0]).toEqual(markt[16]);
    const metersEast = (markt[0][0] - 4.7) * 111_320 * Math.cos((50.8634 * Math.PI) / 180);
    expect(Math.round(metersEast)).toBe(129);
    // Noord (the origin stop, 1800 s left): capped at the 1 km radius.
    expect(Math.round((area.coordinates[0][0][4][1] - 50.9) * 111_320)).toBe(1000);
  });

  it("reach - a walk goes on from a ride's arrival even where a walk from the point reached that stop sooner", () => {
    // S at the point; X 900 m east (a 935 s walk from the point: 899.6 m great-circle), Y 350 m beyond X (1,250 m: beyond the 1 km access
    // radius; X -> Y a footpath of 365 s). The bus reaches X at 08:20, after the walk (08:10:35): Y only by bus and walk.
    const network = net({ stops: { S: [0, 0], X: [900, 0], Y: [1250, 0] }, trips: ["B1 bus: S 08:00, X 08:20"] });
    const s = stopOf(network, "S");
    const r = reachableStops(network, undefined, {
      from: { kind: "place", lat: network.stops.lat[s], lon: network.stops.lon[s] },
      timeMs: at("2024-03-12", "07:55"),
      limitMinutes: 40,
    });
    const row = (id: string) => r.stops.find((x) => x.stop === stopOf(network, id));
    expect([row("X")?.travelSeconds, row("X")?.rides]).toEqual([935, 0]);
    expect([row("Y")?.travelSeconds, row("Y")?.rides, row("Y")?.transfers]).toEqual([25 * 60 + 365, 1, 0]);
  });

  it("reach - with the realtime fixture's feed: the cancelled trip is not taken, the late one at its prediction, the skipped stop not left", async () => {
    // test/fixtures/routing/realtime/README.md: T0800 cancelled, T0815 10 min late, T0830 skips Midden.
    const net = await fixtureNetwork("realtime");
    const rt = fixtureRealtime(net);
    const from = { kind: "stop" as const, stop: stopIdx(net, "300701") };
    const ask = (at: string, realtime: typeof rt | undefined) =>
      lines(net, reachableStops(net, realtime, { from, timeMs: localMs(net, at), limitMinutes: 60 })).slice(1);
    expect(ask("2024-06-11T07:55:00", undefined)).toEqual(["300702 07:55:00>08:10:00 900s r1 t0", "300703 07:55:00>08:20:00 1500s r1 t0"]);
    expect(ask("2024-06-11T07:55:00", rt)).toEqual(["300702 07:55:00>08:35:00 2400s r1 t0", "300703 07:55:00>08:45:00 3000s r1 t0"]);
    expect(ask("2024-06-11T08:26:00", rt)).toEqual(["300703 08:26:00>08:50:00 1440s r1 t0", "300702 08:26:00>08:55:00 1740s r1 t0"]);
  });

  it("reach - block-continuation: Zuid 08:45 staying on board L1T0800 into L2T0825, no transfer; so also with maxTransfers 0", async () => {
    // test/fixtures/routing/block-continuation/README.md: trips.block_id B1 links L1T0800 (Noord -> Terminus 08:20)
    // to L2T0825 (Terminus 08:25 -> Zuid 08:45).
    const net = await fixtureNetwork("block-continuation");
    const from = { kind: "stop" as const, stop: stopIdx(net, "300701") };
    const ask = (maxTransfers?: number) =>
      lines(net, reachableStops(net, undefined, { from, timeMs: localMs(net, "2024-06-11T07:55:00"), limitMinutes: 60, maxTransfers }));
    const expected = [
      "300701 07:55:00>07:55:00 0s r0 t0",
      "300702 07:55:00>08:10:00 900s r1 t0",
      "300703 07:55:00>08:20:00 1500s r1 t0",
      "300704 07:55:00>08:45:00 3000s r1 t0",
    ];
    expect(ask()).toEqual(expected);
    expect(ask(0)).toEqual(expected);
  });

  it("reach - transfers.txt by trip: the change L1T0800 -> L2T0815 forbidden, Zuid by L2T0830 at 08:40, as E1 rides it", async () => {
    // test/fixtures/routing/trip-forbidden-transfer/README.md: the trip-to-trip row (type 3) wins over the
    // route-to-route one (type 2, 120 s); E1 answers 08:40 for Noord -> Zuid.
    const net = await fixtureNetwork("trip-forbidden-transfer");
    const r = reachableStops(net, undefined, { from: { kind: "stop", stop: stopIdx(net, "300901") }, timeMs: localMs(net, "2024-06-11T07:55:00"), limitMinutes: 60 });
    expect(lines(net, r)).toEqual([
      "300901 07:55:00>07:55:00 0s r0 t0",
      "300902 07:55:00>08:10:00 900s r1 t0",
      "300903 07:55:00>08:40:00 2700s r2 t1",
    ]);
  });
});
