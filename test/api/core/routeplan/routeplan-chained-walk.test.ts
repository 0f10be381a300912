/**
 * E1 over HTTP on the chained-walk fixture (test/fixtures/routing/chained-walk/README.md): the change of line needs
 * two footpaths in a row (Kerk -> Brug -> Markt), which the compiler chains into one (src/network/chain-footpaths.ts).
 * The places asked are the stops' own coordinates (no access walk).
 */
import { afterAll, describe, expect, it } from "vitest";
import { readGtfs } from "../../../../src/gtfs/index.js";
import { compileNetwork } from "../../../../src/network/compile-network.js";
import { fixtureDir, fixtureNetwork } from "../../../routing/support/fixture-network.js";
import { closeApps, plan, summary, TUESDAY } from "./support/fixture-plan.js";

afterAll(closeApps);

describe("E1 over chained footpaths", () => {
  it("routeplan - a change of line over two footpaths in a row is one walk of 766 s, Kerk -> Markt (README)", async () => {
    const net = await fixtureNetwork("chained-walk");
    const expected = [
      "08:00:00-08:35:00 1* VOERTUIG 301001>301002 08:00:00-08:10:00 1/800 | WANDELEN 301002>301004 08:10:00-08:22:46 | " +
        "WACHTEN 301004>301004 08:22:46-08:25:00 | VOERTUIG 301004>301005 08:25:00-08:35:00 2/825",
    ];
    const body = await plan(net, "301001", "301005", `tijdstip=${TUESDAY}T07:55:00`);
    expect(summary(body)).toEqual(expected);
    const walk = body.reiswegen[0].reiswegStappen[1];
    expect([walk.vertrekPunt.afstand, walk.aankomstPunt.afstand, walk.duurtijd.duurtijd]).toEqual([0, 735, "PT12M46S"]);
    expect(summary(await plan(net, "301001", "301005", `vertrekAankomst=AANKOMST&tijdstip=${TUESDAY}T08:40:00`))).toEqual(expected);
  });

  it("routeplan - imported with a walking budget of 0 (direct footpaths only), the same question has no itinerary", async () => {
    const feed = await readGtfs(fixtureDir("chained-walk"));
    const direct = compileNetwork([{ feed, profile: "delijn" }], { now: new Date("2024-01-01T00:00:00Z"), walkBudgetSeconds: 0 });
    expect((await plan(direct, "301001", "301005", `tijdstip=${TUESDAY}T07:55:00`)).reiswegen).toEqual([]);
  });
});
