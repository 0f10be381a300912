/**
 * E1's filters over HTTP: vervoersOptie (repeated or comma-separated) and rolstoel, on a network of one trip per
 * mode between Markt (A, 50.88 N 4.7 E) and Station (B, 6.7 km north), weekdays of 2026:
 *
 * | trip | mode | from | leaves | arrives | wheelchair_accessible |
 * |---|---|---|---|---|---|
 * | bus0800 | BUS (route_type 3) | Markt | 08:00 | 08:20 | 1 |
 * | tram0805 | TRAM (0) | Markt | 08:05 | 08:25 | 1 |
 * | bus0810 | BUS | Markt | 08:10 | 08:30 | 2 |
 * | metro0815 | METRO (1) | Oost (C, 100.2 m east of Markt, wheelchair_boarding 2) | 08:15 | 08:35 | 1 |
 * | train0820 | TREIN (2) | Markt | 08:20 | 08:30 | 2 |
 *
 * Markt and Station have wheelchair_boarding 1. Asked from Markt's coordinate at 07:55 on Tuesday 2026-03-10.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import { compileNetwork } from "../../../../src/network/compile-network.js";
import { calendar, feed, route, stop } from "../../../support/feed-builder.js";

let app: FastifyInstance;

beforeAll(async () => {
  const trip = (tripId: string, routeId: string, from: string, dep: string, arr: string, wheelchairAccessible: number) => ({
    tripId,
    routeId,
    serviceId: "WK",
    shortName: tripId,
    wheelchairAccessible,
    times: [[from, dep], ["B", arr]] as Array<[string, string]>,
  });
  const network = compileNetwork(
    [
      {
        profile: "generic",
        feed: feed({
          stops: [
            stop("A", 50.88, 4.7, { name: "Markt", wheelchairBoarding: 1 }),
            stop("B", 50.94, 4.7, { name: "Station", wheelchairBoarding: 1 }),
            stop("C", 50.88, 4.70142, { name: "Oost", wheelchairBoarding: 2 }),
          ],
          routes: [
            route("bus", { shortName: "1", routeType: 3 }),
            route("tram", { shortName: "2", routeType: 0 }),
            route("metro", { shortName: "M", routeType: 1 }),
            route("train", { shortName: "IC", routeType: 2 }),
          ],
          calendars: [calendar("WK", "1111100", 20260101, 20261231)],
          trips: [
            trip("bus0800", "bus", "A", "08:00:00", "08:20:00", 1),
            trip("tram0805", "tram", "A", "08:05:00", "08:25:00", 1),
            trip("bus0810", "bus", "A", "08:10:00", "08:30:00", 2),
            trip("metro0815", "metro", "C", "08:15:00", "08:35:00", 1),
            trip("train0820", "train", "A", "08:20:00", "08:30:00", 2),
          ],
        }),
      },
    ],
    { now: new Date("2026-01-01T00:00:00Z") },
  );
  app = await buildApp({ network: staticNetworkSource(network), config: loadConfig({ LOG_LEVEL: "silent" }) });
});
afterAll(async () => {
  await app?.close();
});

/** "08:00:00 BUS bus0800" per itinerary (the first ride), after any walk. */
async function rides(query: string): Promise<string[]> {
  const res = await app.inject({
    url: `/DLKernOpenData/v1/beta/routeplan/50.88,4.7/50.94,4.7?tijdstip=2026-03-10T07:55:00${query}`,
    headers: { "ocp-apim-subscription-key": "demo" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reiswegen.map((r: any) => {
    const ride = r.reiswegStappen.find((s: any) => s.type === "VOERTUIG");
    return `${r.duurtijd.start.slice(11)} ${ride.vervoertype} ${ride.ritnummer}${r.reiswegStappen[0].type === "WANDELEN" ? " (walk first)" : ""}`;
  });
}

describe("E1 filters", () => {
  it("vervoersOptie - default all: the Pareto set over every mode (the train beats the 08:10 bus and the metro)", async () => {
    expect(await rides("")).toEqual(["08:00:00 BUS bus0800", "08:05:00 TRAM tram0805", "08:20:00 TREIN train0820"]);
    expect(await rides("&vervoersOptie=ALLE")).toEqual(await rides(""));
  });

  it("vervoersOptie - one mode each, the metro reached by a walk to Oost", async () => {
    expect(await rides("&vervoersOptie=BUS")).toEqual(["08:00:00 BUS bus0800", "08:10:00 BUS bus0810"]);
    expect(await rides("&vervoersOptie=TRAM")).toEqual(["08:05:00 TRAM tram0805"]);
    expect(await rides("&vervoersOptie=METRO")).toEqual(["08:13:16 METRO metro0815 (walk first)"]);
    expect(await rides("&vervoersOptie=TREIN")).toEqual(["08:20:00 TREIN train0820"]);
  });

  it("vervoersOptie - comma-separated or repeated, the same", async () => {
    const both = ["08:00:00 BUS bus0800", "08:05:00 TRAM tram0805", "08:10:00 BUS bus0810"];
    expect(await rides("&vervoersOptie=BUS,TRAM")).toEqual(both);
    expect(await rides("&vervoersOptie=BUS&vervoersOptie=TRAM")).toEqual(both);
    expect(await rides("&vervoersOptie=TRAM&vervoersOptie=TREIN")).toEqual(["08:05:00 TRAM tram0805", "08:20:00 TREIN train0820"]);
  });

  it("rolstoel - only accessible trips from and to accessible stops", async () => {
    expect(await rides("&rolstoel=true")).toEqual(["08:00:00 BUS bus0800", "08:05:00 TRAM tram0805"]);
    expect(await rides("&rolstoel=true&vervoersOptie=BUS")).toEqual(["08:00:00 BUS bus0800"]);
    // The metro trip is accessible, its stop Oost is not.
    expect(await rides("&rolstoel=true&vervoersOptie=METRO")).toEqual([]);
    expect(await rides("&rolstoel=false")).toEqual(await rides(""));
  });
});
