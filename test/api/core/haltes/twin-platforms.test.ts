import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileNetwork } from "../../../../src/network/compile-network.js";
import type { Network } from "../../../../src/network/model.js";
import { mtaLikeFeed } from "../../../network/support/mta-like-feed.js";
import { get, timetableApp } from "../../support/timetable-fixture-app.js";

/** Tuesday 2026-03-10 12:00 in New York (EDT, UTC-4): the fixture runs every day of 2026. */
const NOW_MS = Date.UTC(2026, 2, 10, 16, 0);

describe("twin platforms and line directions over HTTP (MTA-like fixture)", () => {
  let net: Network;
  let app: FastifyInstance;
  /** "{entiteitnummer}/{haltenummer}" of a GTFS stop_id. */
  const stopPath = (stopId: string) => {
    let s = 0;
    while (net.strings.get(net.stops.gtfsId[s]) !== stopId) s++;
    return `${net.meta.entities[net.stops.entity[s]].number}/${net.strings.get(net.stops.number[s])}`;
  };
  const linePath = (routeId: string) => {
    let l = 0;
    while (net.strings.get(net.lines.gtfsId[l]) !== routeId) l++;
    return `${net.meta.entities[net.lines.entity[l]].number}/${net.strings.get(net.lines.number[l])}`;
  };
  beforeAll(async () => {
    net = compileNetwork([{ feed: mtaLikeFeed(), profile: "generic" }]);
    app = await timetableApp(net, () => NOW_MS);
  });
  afterAll(() => app.close());

  it("GET /haltes/{e}/{h} - twin platforms are told apart by platform_code, main destination or stop_id", async () => {
    const described = async (stopId: string) => {
      const { status, body } = await get(app, `/api/v1/haltes/${stopPath(stopId)}`);
      expect(status).toBe(200);
      return `${body.omschrijving} | ${body.omschrijvingLang}`;
    };
    expect(await described("C2")).toBe("Central platform 2 | Central platform 2");
    expect(await described("103S")).toBe("238 St towards South Ferry | Bronx 238 St towards South Ferry");
    expect(await described("101N")).toBe("Van Cortlandt Park arrivals | Van Cortlandt Park arrivals");
    expect(await described("E1")).toBe("Eastfield (E1) | Eastfield (E1)");
    expect(await described("M1")).toBe("Markt | Markt");
  });

  it("GET /haltes/indebuurt/{lat},{lon} - the two platforms at the same distance carry different names", async () => {
    const { status, body } = await get(app, "/api/v1/haltes/indebuurt/40.889248,-73.898583?radius=100");
    expect(status).toBe(200);
    expect(body.haltes.map((h: { naam: string; afstand: number }) => `${h.afstand} ${h.naam}`)).toEqual([
      "0 Van Cortlandt Park arrivals",
      "0 Van Cortlandt Park towards South Ferry",
    ]);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen - omschrijving and bestemming describe the same trips (Montauk TERUG)", async () => {
    const { status, body } = await get(app, `/api/v1/lijnen/${linePath("MB")}/lijnrichtingen`);
    expect(status).toBe(200);
    type Richting = { richting: string; omschrijving: string; bestemming: string };
    expect(body.lijnrichtingen.map((r: Richting) => `${r.richting}: ${r.omschrijving} > ${r.bestemming}`)).toEqual([
      "HEEN: Jamaica - Montauk > Montauk",
      "TERUG: Montauk - Jamaica > Jamaica",
    ]);
    // The stop list of the direction starts from the same main pattern.
    const stops = await get(app, `/api/v1/lijnen/${linePath("MB")}/lijnrichtingen/TERUG/haltes`);
    expect(stops.body.haltes.map((h: { omschrijving: string }) => h.omschrijving)).toEqual(["Montauk", "Speonk", "Patchogue", "Babylon", "Jamaica"]);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen - descriptions and destinations name twin stations as the feed does", async () => {
    const { body } = await get(app, `/api/v1/lijnen/${linePath("1")}/lijnrichtingen`);
    expect(body.lijnrichtingen.map((r: { omschrijving: string; bestemming: string }) => `${r.omschrijving} > ${r.bestemming}`)).toEqual([
      "South Ferry - Van Cortlandt Park > Van Cortlandt Park",
      "Van Cortlandt Park - South Ferry > South Ferry",
    ]);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/dienstregelingen - a trip ending at a twin platform names the station, not the platform", async () => {
    const { status, body } = await get(app, `/api/v1/lijnen/${linePath("1")}/lijnrichtingen/HEEN/dienstregelingen?datum=2026-03-10`);
    expect(status).toBe(200);
    const trip = body.ritDoorkomsten[0];
    expect([trip.bestemming, trip.doorkomsten.at(-1).plaatsBestemming]).toEqual(["Van Cortlandt Park", "Van Cortlandt Park"]);
  });
});
