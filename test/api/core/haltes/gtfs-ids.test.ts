/**
 * A user finds their own stop and line by the GTFS ids they know (docs/OPERATIONS.md "Finding a stop or a line"). Two feeds (two agencies) share the
 * stop_id "237", as New York's subway and LIRR do.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileNetwork } from "../../../../src/network/compile-network.js";
import { agency, calendar, feed, route, stop } from "../../../support/feed-builder.js";
import { BASE, get, timetableApp } from "../../support/timetable-fixture-app.js";

let app: FastifyInstance;

beforeAll(async () => {
  const days = [calendar("all", "1111111", 20240101, 20241231)];
  const net = compileNetwork(
    [
      {
        profile: "generic",
        feed: feed({
          source: "subway.zip",
          agencies: [agency({ agencyId: "MTA NYCT", name: "MTA New York City Transit" })],
          stops: [stop("237", 40.75, -73.99, { name: "Times Sq", code: "9001" }), stop("238", 40.76, -73.98, { name: "50 St" })],
          routes: [route("A", { agencyId: "MTA NYCT", shortName: "A", longName: "8 Av Express" })],
          calendars: days,
          trips: [{ tripId: "a1", routeId: "A", serviceId: "all", times: [["237", "08:00:00"], ["238", "08:03:00"]] }],
        }),
      },
      {
        profile: "generic",
        feed: feed({
          source: "lirr.zip",
          agencies: [agency({ agencyId: "LI", name: "Long Island Rail Road" })],
          stops: [stop("237", 40.7502, -73.9902, { name: "Penn Station" }), stop("300", 40.7, -73.8, { name: "Jamaica", code: "237" })],
          routes: [route("BB", { agencyId: "LI", longName: "Babylon Branch" })],
          calendars: days,
          trips: [{ tripId: "l1", routeId: "BB", serviceId: "all", times: [["237", "09:00:00"], ["300", "09:20:00"]] }],
        }),
      },
    ],
    { now: new Date("2024-01-01T00:00:00Z") },
  );
  app = await timetableApp(net, () => Date.parse("2024-05-01T12:00:00Z"));
});
afterAll(async () => {
  await app?.close();
});

describe("GTFS ids in the API", () => {
  it("gtfs ids - a stop carries its GTFS stop_id, and its stop_code when the feed gives one", async () => {
    const one = await get(app, "/api/v1/haltes/1/237");
    expect(one.body).toMatchObject({ entiteitnummer: "1", haltenummer: "237", omschrijving: "Times Sq", gtfsStopId: "237", gtfsStopCode: "9001" });
    const other = await get(app, "/api/v1/haltes/1/238");
    expect(other.body.gtfsStopId).toBe("238");
    expect(other.body).not.toHaveProperty("gtfsStopCode");
  });

  it("gtfs ids - /haltes/gtfs/{id} finds every stop with that stop_id, then those with that stop_code, in both families", async () => {
    for (const family of ["/api/v1", "/v1/beta"]) {
      const res = await get(app, `${family}/haltes/gtfs/237`);
      expect(res.status).toBe(200);
      expect(res.body.haltes.map((h: any) => [h.entiteitnummer, h.haltenummer, h.omschrijving, h.gtfsStopId])).toEqual([
        ["1", "237", "Times Sq", "237"],
        ["2", "237", "Penn Station", "237"],
        ["2", "300", "Jamaica", "300"],
      ]);
      expect(res.body.haltes[0].links).toEqual([{ rel: "detail", url: `${BASE}${family}/haltes/1/237` }]);
    }
    expect((await get(app, "/api/v1/haltes/gtfs/9001")).body.haltes.map((h: any) => h.haltenummer)).toEqual(["237"]);
  });

  it("gtfs ids - an unknown GTFS id is a 404 naming it; a control character a 400", async () => {
    expect(await get(app, "/api/v1/haltes/gtfs/nope")).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'No stop of the network has the GTFS stop_id or stop_code "nope"' },
    });
    expect(await get(app, "/api/v1/lijnen/gtfs/nope")).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'No line of the network has the GTFS route_id "nope"' },
    });
    expect((await get(app, "/api/v1/haltes/gtfs/a%01b")).status).toBe(400);
  });

  it("gtfs ids - a line carries its route_id, and /lijnen/gtfs/{route_id} leads to its key", async () => {
    const found = await get(app, "/api/v1/lijnen/gtfs/BB");
    expect(found.status).toBe(200);
    expect(found.body.lijnen).toHaveLength(1);
    const line = found.body.lijnen[0];
    expect(line).toMatchObject({ entiteitnummer: "2", omschrijving: "Babylon Branch", gtfsRouteId: "BB" });
    const byKey = await get(app, `/api/v1/lijnen/${line.entiteitnummer}/${line.lijnnummer}`);
    expect(byKey.body.gtfsRouteId).toBe("BB");
  });

  it("gtfs ids - stops nearby carry their entity number, and type names the feed's agency", async () => {
    const near = await get(app, "/api/v1/haltes/indebuurt/40.75,-73.99?radius=100");
    expect(near.body.haltes.map((h: any) => [h.type, h.entiteitnummer, h.id])).toEqual([
      ["MTA NYCT", "1", "237"],
      ["LI", "2", "237"],
    ]);
  });
});
