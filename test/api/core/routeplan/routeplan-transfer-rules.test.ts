/**
 * E1 over HTTP on the transfers.txt fixtures (test/fixtures/routing/<case>/README.md): a stop where no change of
 * vehicle is possible (transfer_type 3 from the stop to itself), staying on board from one trip to the next
 * (transfer_type 4, trips.block_id) and a type 5 row forbidding it. The places asked are the stops' own coordinates.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fixtureNetwork } from "../../../routing/support/fixture-network.js";
import { closeApps, type Json, plan, summary, TUESDAY } from "./support/fixture-plan.js";

afterAll(closeApps);

describe("E1 with transfers.txt rules", () => {
  it("routeplan - no change of vehicle at Kruispunt (type 3 to itself): walk to Kruispunt overkant, line 3 (README)", async () => {
    const net = await fixtureNetwork("no-change-at-stop");
    const expected = [
      "08:00:00-08:40:00 1* VOERTUIG 300501>300502 08:00:00-08:10:00 1/800 | WANDELEN 300502>300503 08:10:00-08:10:21 | " +
        "WACHTEN 300503>300503 08:10:21-08:30:00 | VOERTUIG 300503>300504 08:30:00-08:40:00 3/830",
    ];
    expect(summary(await plan(net, "300501", "300504", `tijdstip=${TUESDAY}T07:55:00`))).toEqual(expected);
    expect(summary(await plan(net, "300501", "300504", `vertrekAankomst=AANKOMST&tijdstip=${TUESDAY}T08:45:00`))).toEqual(expected);
  });

  it("routeplan - Kruispunt itself is still a stop to start from: line 2 at 08:15", async () => {
    const net = await fixtureNetwork("no-change-at-stop");
    const body = await plan(net, "300502", "300504", `tijdstip=${TUESDAY}T08:12:00`);
    expect(summary(body)[0]).toBe("08:15:00-08:25:00 0* VOERTUIG 300502>300504 08:15:00-08:25:00 2/815");
  });
});

describe("E1 staying on board", () => {
  it("routeplan - transfer_type 4 L1T0800 -> L2T0822: stay on board at Keerpunt, 0 transfers, no change time (README)", async () => {
    const net = await fixtureNetwork("in-seat-transfer");
    const expected = [
      "08:00:00-08:40:00 0* VOERTUIG 300601>300602 08:00:00-08:20:00 1/800 | WACHTEN 300602>300602 08:20:00-08:22:00 | VOERTUIG 300602>300603 08:22:00-08:40:00 2/822",
    ];
    const forward = await plan(net, "300601", "300603", `tijdstip=${TUESDAY}T07:55:00`);
    expect(summary(forward).slice(0, 1)).toEqual(expected);
    expect(summary(await plan(net, "300601", "300603", `vertrekAankomst=AANKOMST&tijdstip=${TUESDAY}T08:45:00`)).slice(0, 1)).toEqual(expected);
    // No walk between the two vehicles, and the second says nothing a first boarding would not.
    expect(forward.reiswegen[0].reiswegStappen.map((s: Json) => s.type)).toEqual(["VOERTUIG", "WACHTEN", "VOERTUIG"]);
  });

  it("routeplan - block B1: L1T0800 turns into L2T0825 at Terminus, ridden as one (0 transfers); L1T0900 has no next trip", async () => {
    const net = await fixtureNetwork("block-continuation");
    const expected = [
      "08:00:00-08:45:00 0* VOERTUIG 300701>300703 08:00:00-08:20:00 1/800 | WACHTEN 300703>300703 08:20:00-08:25:00 | VOERTUIG 300703>300704 08:25:00-08:45:00 2/825",
      "09:00:00-09:45:00 1 VOERTUIG 300701>300703 09:00:00-09:20:00 1/900 | WACHTEN 300703>300703 09:20:00-09:25:00 | VOERTUIG 300703>300704 09:25:00-09:45:00 2/925",
    ];
    expect(summary(await plan(net, "300701", "300704", `tijdstip=${TUESDAY}T07:55:00`))).toEqual(expected);
    expect(summary(await plan(net, "300701", "300704", `vertrekAankomst=AANKOMST&tijdstip=${TUESDAY}T08:50:00`))).toEqual([expected[1], expected[0]]);
    // Boarded at Midden, the same bus still goes on to Zuid; with maxOverstappen=0 it is the only way.
    const direct = await plan(net, "300702", "300704", `tijdstip=${TUESDAY}T08:05:00&maxOverstappen=0`);
    expect(summary(direct)[0]).toBe(
      "08:10:00-08:45:00 0* VOERTUIG 300702>300703 08:10:00-08:20:00 1/800 | WACHTEN 300703>300703 08:20:00-08:25:00 | VOERTUIG 300703>300704 08:25:00-08:45:00 2/825",
    );
  });

  it("routeplan - transfer_type 5 L1T0800 -> L2T0825 forbids staying on board in block B1: the same buses, 1 transfer", async () => {
    const net = await fixtureNetwork("block-in-seat-forbidden");
    expect(summary(await plan(net, "300701", "300704", `tijdstip=${TUESDAY}T07:55:00`))).toEqual([
      "08:00:00-08:45:00 1* VOERTUIG 300701>300703 08:00:00-08:20:00 1/800 | WACHTEN 300703>300703 08:20:00-08:25:00 | VOERTUIG 300703>300704 08:25:00-08:45:00 2/825",
      "09:00:00-09:45:00 1 VOERTUIG 300701>300703 09:00:00-09:20:00 1/900 | WACHTEN 300703>300703 09:20:00-09:25:00 | VOERTUIG 300703>300704 09:25:00-09:45:00 2/925",
    ]);
    expect((await plan(net, "300702", "300704", `tijdstip=${TUESDAY}T08:05:00&maxOverstappen=0`)).reiswegen).toEqual([]);
  });
});

describe("E1 with route and trip rules", () => {
  const both = async (name: "route-min-transfer-time" | "trip-forbidden-transfer" | "timed-transfer", from: string, to: string) => {
    const net = await fixtureNetwork(name);
    const forward = summary(await plan(net, from, to, `tijdstip=${TUESDAY}T07:55:00`));
    const backward = summary(await plan(net, from, to, `vertrekAankomst=AANKOMST&tijdstip=${TUESDAY}T08:50:00`));
    return [forward.slice(0, 1), backward.slice(0, 1)];
  };

  it("routeplan - route 1 -> route 2 takes 300 s anywhere (type 2): L2T0813 missed, L2T0820 beats L3T0814 (README)", async () => {
    const expected = [
      "08:00:00-08:35:00 1* VOERTUIG 300801>300802 08:00:00-08:10:00 1/800 | WACHTEN 300802>300802 08:10:00-08:20:00 | VOERTUIG 300802>300803 08:20:00-08:35:00 2/820",
    ];
    expect(await both("route-min-transfer-time", "300801", "300803")).toEqual([expected, expected]);
  });

  it("routeplan - trip L1T0800 -> L2T0815 forbidden (type 3) wins over the route rule that allows it: L2T0830 (README)", async () => {
    const expected = [
      "08:00:00-08:40:00 1* VOERTUIG 300901>300902 08:00:00-08:10:00 1/800 | WACHTEN 300902>300902 08:10:00-08:30:00 | VOERTUIG 300902>300903 08:30:00-08:40:00 2/830",
    ];
    expect(await both("trip-forbidden-transfer", "300901", "300903")).toEqual([expected, expected]);
  });

  it("routeplan - a timed transfer (type 1) L1T0800 -> L2T0810 is held at Knoop: no wait, despite its 300 s change time (README)", async () => {
    const expected = ["08:00:00-08:25:00 1* VOERTUIG 301001>301002 08:00:00-08:10:00 1/800 | VOERTUIG 301002>301003 08:10:00-08:25:00 2/810"];
    expect(await both("timed-transfer", "301001", "301003")).toEqual([expected, expected]);
  });

  it("routeplan - at equal arrival, the timed transfer (L1T0800 -> L3T0810, type 1) wins over L2T0812 (README)", async () => {
    const net = await fixtureNetwork("timed-preferred");
    const first = (body: Json) => summary(body).slice(0, 1);
    expect(first(await plan(net, "301101", "301103", `tijdstip=${TUESDAY}T07:55:00`))).toEqual([
      "08:00:00-08:25:00 1* VOERTUIG 301101>301102 08:00:00-08:10:00 1/800 | VOERTUIG 301102>301103 08:10:00-08:25:00 3/810",
    ]);
    // Arrive-by: leaving Knoop later (L2T0812) is the better label there, before any tie (docs/COMPATIBILITY.md P26).
    expect(first(await plan(net, "301101", "301103", `vertrekAankomst=AANKOMST&tijdstip=${TUESDAY}T08:50:00`))).toEqual([
      "08:00:00-08:25:00 1* VOERTUIG 301101>301102 08:00:00-08:10:00 1/800 | WACHTEN 301102>301102 08:10:00-08:12:00 | VOERTUIG 301102>301103 08:12:00-08:25:00 2/812",
    ]);
  });
});
