import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureNetwork } from "../../../timetable/support/fixture-network.js";
import { BASE, get, timetableApp } from "../../support/timetable-fixture-app.js";

type Doorkomst = { doorkomstId: string; ritnummer: string; haltenummer: string; dienstregelingTijdstip: string };
const times = (body: any, i = 0): string[] =>
  body.halteDoorkomsten[i].doorkomsten.map((d: Doorkomst) => `${d.dienstregelingTijdstip} ${d.ritnummer}`);

describe("dienstregelingen over HTTP (service-days fixture)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await timetableApp(await fixtureNetwork("service-days"));
  });
  afterAll(() => app.close());

  it("GET /haltes/{e}/{h}/dienstregelingen - a weekday's passages, notes and diversions, exactly", async () => {
    const { status, body } = await get(app, "/api/v1/haltes/3/300002/dienstregelingen?datum=2024-03-12");
    expect(status).toBe(200);
    expect(times(body)).toEqual([
      "2024-03-12T01:15:00 102",
      "2024-03-12T06:04:00 104-1",
      "2024-03-12T06:24:00 104-2",
      "2024-03-12T06:44:00 104-3",
      "2024-03-12T08:06:00 101",
      "2024-03-12T12:05:00 103",
      "2024-03-12T12:12:00 103",
      "2024-03-12T17:05:00 151",
    ]);
    expect(body.halteDoorkomsten[0].haltenummer).toBe("300002");
    expect(body.halteDoorkomsten[0].doorkomsten[4]).toEqual({
      doorkomstId: "2024-03-12_3_WK0800_300002_1",
      entiteitnummer: "3",
      lijnnummer: 1,
      richting: "HEEN",
      ritnummer: "101",
      bestemming: "Kerk",
      plaatsBestemming: "Heverlee Kerk",
      vias: [],
      haltenummer: "300002",
      dienstregelingTijdstip: "2024-03-12T08:06:00",
      links: [
        { rel: "halte", url: `${BASE}/api/v1/haltes/3/300002` },
        { rel: "lijnrichting", url: `${BASE}/api/v1/lijnen/3/1/lijnrichtingen/HEEN` },
      ],
    });
    expect(body.doorkomstNotas).toEqual([
      {
        id: 2,
        ritnummer: "101",
        haltenummer: 300002,
        omschrijving: "Halte tijdelijk verplaatst naar de overkant.",
        entiteitnummer: 3,
        lijnnummer: 1,
        richting: "HEEN",
      },
    ]);
    expect(body.ritNotas).toEqual([
      {
        id: 1,
        ritnummer: "101",
        haltenummer: 300002,
        omschrijving: "Rijdt niet tijdens de schoolvakanties.",
        entiteitnummer: 3,
        lijnnummer: 1,
        richting: "HEEN",
      },
    ]);
    expect(body.omleidingen).toEqual([
      {
        id: 9001,
        titel: "Werken Markt",
        haltenummer: 300002,
        omschrijving: "Halte Markt wordt niet bediend.\nVervanghalte: Ring.",
        entiteitnummer: 3,
        lijnnummer: 1,
        richting: "HEEN",
      },
    ]);
    expect(body.links).toEqual([{ rel: "self", url: `${BASE}/api/v1/haltes/3/300002/dienstregelingen?datum=2024-03-12` }]);
  });

  it("GET /haltes/{e}/{h}/dienstregelingen - weekday, Saturday, Sunday, public holiday, after midnight (beta family)", async () => {
    const day = async (datum: string) => times((await get(app, `/v1/beta/haltes/3/300001/dienstregelingen?datum=${datum}`)).body);
    expect(await day("2024-03-13")).toEqual([
      "2024-03-13T01:10:00 102",
      "2024-03-13T06:00:00 104-1",
      "2024-03-13T06:20:00 104-2",
      "2024-03-13T06:40:00 104-3",
      "2024-03-13T08:00:00 101",
      "2024-03-13T12:00:00 103",
    ]);
    expect(await day("2024-03-16")).toEqual(["2024-03-16T01:10:00 102", "2024-03-16T09:00:00 201"]);
    expect(await day("2024-03-17")).toEqual(["2024-03-17T10:00:00 301"]);
    expect(await day("2024-05-01")).toEqual(["2024-05-01T01:10:00 102", "2024-05-01T10:00:00 301"]);
    expect(await day("2025-01-15")).toEqual([]);
    const beta = await get(app, "/v1/beta/haltes/3/300001/dienstregelingen?datum=2024-03-16");
    expect(beta.body.halteDoorkomsten[0].doorkomsten[0].links[0]).toEqual({ rel: "halte", url: `${BASE}/v1/beta/haltes/3/300001` });
    expect(beta.body.halteDoorkomsten[0].doorkomsten[0].doorkomstId).toBe("2024-03-15_3_WK2510_300001_0");
  });

  it("GET /haltes/{e}/{h}/dienstregelingen - inclusiefLaatsteDoorkomst lists arrivals at the terminus", async () => {
    expect((await get(app, "/api/v1/haltes/3/300003/dienstregelingen?datum=2024-03-12")).body.halteDoorkomsten[0].doorkomsten.map(
      (d: Doorkomst) => d.ritnummer,
    )).toEqual(["151"]);
    const { body } = await get(app, "/api/v1/haltes/3/300003/dienstregelingen?datum=2024-03-12&inclusiefLaatsteDoorkomst=true");
    expect(times(body)).toEqual([
      "2024-03-12T01:20:00 102",
      "2024-03-12T06:09:00 104-1",
      "2024-03-12T06:29:00 104-2",
      "2024-03-12T06:49:00 104-3",
      "2024-03-12T08:10:00 101",
      "2024-03-12T12:15:00 103",
      "2024-03-12T17:00:00 151",
    ]);
  });

  it("GET E5 /haltes/{keys}/dienstregelingen and /haltes/lijst/{keys}/dienstregelingen - one item per known stop, unknown ones in links", async () => {
    for (const path of ["/v1/beta/haltes/3_300001_3_399999_3_300002/dienstregelingen", "/api/v1/haltes/lijst/3_300001_3_399999_3_300002/dienstregelingen"]) {
      const family = path.startsWith("/v1/beta") ? "/v1/beta" : "/api/v1";
      const { status, body } = await get(app, `${path}?datum=2024-03-16`);
      expect(status).toBe(200);
      expect(body.halteDoorkomstenLijst.map((h: any) => [h.halteDoorkomsten[0].haltenummer, h.links])).toEqual([
        ["300001", [{ rel: "halte", url: `${BASE}${family}/haltes/3/300001` }]],
        ["300002", [{ rel: "halte", url: `${BASE}${family}/haltes/3/300002` }]],
      ]);
      expect(times(body.halteDoorkomstenLijst[0])).toEqual(["2024-03-16T01:10:00 102", "2024-03-16T09:00:00 201"]);
      expect(times(body.halteDoorkomstenLijst[1])).toEqual(["2024-03-16T01:15:00 102"]);
      expect(body.links).toEqual([
        { rel: "self", url: `${BASE}${path}?datum=2024-03-16` },
        { rel: "onbekendeHalte", url: `${BASE}${family}/haltes/3/399999` },
      ]);
    }
  });

  it("GET dienstregelingen - datum defaults to today in the network's zone", async () => {
    // 23:30 UTC on Friday 2024-03-15 is 00:30 on Saturday in Brussels.
    const pinned = await timetableApp(await fixtureNetwork("service-days"), () => Date.UTC(2024, 2, 15, 23, 30));
    try {
      expect(times((await get(pinned, "/api/v1/haltes/3/300001/dienstregelingen")).body)).toEqual([
        "2024-03-16T01:10:00 102",
        "2024-03-16T09:00:00 201",
      ]);
      expect((await get(pinned, "/api/v1/lijnen/3/1/lijnrichtingen/HEEN/dienstregelingen")).body.ritDoorkomsten.map((r: any) => r.ritnummer)).toEqual(["201"]);
      // Today is never refused, even far outside the validity: an empty day.
      const later = await timetableApp(await fixtureNetwork("service-days"), () => Date.UTC(2030, 0, 1, 12));
      expect((await get(later, "/api/v1/haltes/3/300001/dienstregelingen")).body.halteDoorkomsten[0].doorkomsten).toEqual([]);
      await later.close();
    } finally {
      await pinned.close();
    }
  });

  it("GET dienstregelingen - bad input is a 400, an unknown stop a 404", async () => {
    const bad = async (path: string) => {
      const r = await get(app, path);
      return [r.status, r.body.message];
    };
    expect(await bad("/api/v1/haltes/3/300001/dienstregelingen?datum=2024-02-30")).toEqual([
      400,
      'datum "2024-02-30" is no date: give a date yyyy-MM-dd, e.g. 2024-03-10',
    ]);
    expect((await bad("/api/v1/haltes/3/300001/dienstregelingen?datum=morgen"))[0]).toBe(400);
    expect(await bad("/api/v1/haltes/3/300001/dienstregelingen?datum=2026-01-02")).toEqual([
      400,
      "datum 2026-01-02 lies more than a year outside the timetable's validity (2024-01-01 to 2024-12-31)",
    ]);
    expect((await bad("/v1/beta/haltes/3_300001_3/dienstregelingen"))[0]).toBe(400);
    expect((await bad("/api/v1/haltes/lijst/3_300001_x_1/dienstregelingen"))[0]).toBe(400);
    const keys101 = Array.from({ length: 101 }, () => "3_300001").join("_");
    expect(await bad(`/v1/beta/haltes/${keys101}/dienstregelingen`)).toEqual([
      400,
      "haltesleutels holds 101 keys, at most 100 are allowed: split the request",
    ]);
    const keys100 = Array.from({ length: 100 }, () => "3_300001").join("_");
    expect((await get(app, `/v1/beta/haltes/${keys100}/dienstregelingen?datum=2024-03-16`)).body.halteDoorkomstenLijst).toHaveLength(100);
    const [status, message] = await bad("/api/v1/haltes/3/399999/dienstregelingen?datum=2024-03-12");
    expect(status).toBe(404);
    expect(message).toMatch(/^Stop 399999 of entity 3 does not exist/);
    expect((await bad("/api/v1/haltes/3/300001/dienstregelingen?inclusiefLaatsteDoorkomst=misschien"))[0]).toBe(400);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/dienstregelingen - the trips of the service date with every passage", async () => {
    const { status, body } = await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/HEEN/dienstregelingen?datum=2024-03-12");
    expect(status).toBe(200);
    expect(body.ritDoorkomsten.map((r: any) => r.ritnummer)).toEqual(["104-1", "104-2", "104-3", "101", "103", "102"]);
    const night = body.ritDoorkomsten[5];
    expect({ ...night, doorkomsten: night.doorkomsten.map((d: Doorkomst) => `${d.haltenummer} ${d.dienstregelingTijdstip}`) }).toEqual({
      ritnummer: "102",
      bestemming: "Kerk via Markt",
      plaatsBestemming: "Heverlee Kerk",
      vias: [],
      doorkomsten: ["300001 2024-03-13T01:10:00", "300002 2024-03-13T01:15:00", "300003 2024-03-13T01:20:00"],
    });
    expect(body.ritNotas.map((n: any) => [n.id, n.ritnummer, n.haltenummer])).toEqual([[1, "101", undefined]]);
    expect(body.doorkomstNotas.map((n: any) => [n.id, n.ritnummer, n.haltenummer])).toEqual([[2, "101", 300002]]);
    expect(body.omleidingen.map((n: any) => [n.id, n.titel, n.richting])).toEqual([[9001, "Werken Markt", "HEEN"]]);
    const sunday = await get(app, "/v1/beta/lijnen/3/1/lijnrichtingen/HEEN/dienstregelingen?datum=2024-03-17");
    expect(sunday.body.ritDoorkomsten.map((r: any) => r.doorkomsten.map((d: Doorkomst) => d.dienstregelingTijdstip))).toEqual([
      ["2024-03-17T10:00:00", "2024-03-17T10:05:00", "2024-03-17T10:10:00"],
    ]);
    expect((await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/HEEN/dienstregelingen?datum=2025-01-15")).body.ritDoorkomsten).toEqual([]);
    expect((await get(app, "/api/v1/lijnen/3/7/lijnrichtingen/HEEN/dienstregelingen")).status).toBe(404);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/rit/{ritnummer} - one trip, 404 on a day it does not run", async () => {
    const { status, body } = await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/HEEN/rit/102?datum=2024-03-15");
    expect(status).toBe(200);
    expect(body.ritDoorkomsten.map((r: any) => [r.ritnummer, r.doorkomsten.map((d: Doorkomst) => d.dienstregelingTijdstip)])).toEqual([
      ["102", ["2024-03-16T01:10:00", "2024-03-16T01:15:00", "2024-03-16T01:20:00"]],
    ]);
    const missing = await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/HEEN/rit/102?datum=2024-03-16");
    expect([missing.status, missing.body.message]).toEqual([404, "Trip 102 does not run on line direction 3_1_HEEN on 2024-03-16"]);
  });

  it("GET timetables - the same trip gives the same passages and times at stop level and at trip level", async () => {
    let compared = 0;
    for (const datum of ["2024-03-12", "2024-03-15", "2024-03-16", "2024-05-01"]) {
      for (const richting of ["HEEN", "TERUG"]) {
        const trips = (await get(app, `/api/v1/lijnen/3/1/lijnrichtingen/${richting}/dienstregelingen?datum=${datum}`)).body.ritDoorkomsten;
        for (const rit of trips) {
          for (const d of rit.doorkomsten as Doorkomst[]) {
            const day = d.dienstregelingTijdstip.slice(0, 10);
            const stop = await get(app, `/api/v1/haltes/3/${d.haltenummer}/dienstregelingen?datum=${day}&inclusiefLaatsteDoorkomst=true`);
            const same = (stop.body.halteDoorkomsten[0].doorkomsten as Doorkomst[]).find((x) => x.doorkomstId === d.doorkomstId);
            if (rit.ritnummer === "201" && d.haltenummer === "300002") {
              expect(same).toBeUndefined(); // drop-off only
              continue;
            }
            expect(same, d.doorkomstId).toEqual(d);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(20 * 2 + 3 * 2 + 2 + 3);
  });
});

describe("dienstregelingen over HTTP (daylight-saving-time fixture)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await timetableApp(await fixtureNetwork("daylight-saving-time"));
  });
  afterAll(() => app.close());

  it("GET dienstregelingen - spring-forward Sunday 2024-03-31 and the Saturday before", async () => {
    expect(times((await get(app, "/api/v1/haltes/3/300011/dienstregelingen?datum=2024-03-31")).body)).toEqual([
      "2024-03-31T00:30:00 130",
      "2024-03-31T00:45:00 2445",
      "2024-03-31T01:30:00 230",
      "2024-03-31T01:45:00 2545",
      "2024-03-31T03:30:00 330",
      "2024-03-31T03:45:00 2645",
      "2024-03-31T04:45:00 2745",
      "2024-03-31T12:00:00 1200",
    ]);
    const saturday = (await get(app, "/api/v1/haltes/3/300011/dienstregelingen?datum=2024-03-30")).body;
    expect(times(saturday)).toEqual(["2024-03-30T12:00:00 1200", "2024-03-30T23:30:00 30"]);
    expect(saturday.halteDoorkomsten[0].doorkomsten[1].doorkomstId).toBe("2024-03-31_3_SUN0030_300011_0");
  });

  it("GET dienstregelingen - fall-back Sunday 2025-10-26: the repeated hour, in order of passing", async () => {
    expect(times((await get(app, "/v1/beta/haltes/3_300011/dienstregelingen?datum=2025-10-26")).body.halteDoorkomstenLijst[0])).toEqual([
      "2025-10-26T00:45:00 2445",
      "2025-10-26T01:30:00 30",
      "2025-10-26T01:45:00 2545",
      "2025-10-26T02:30:00 130",
      "2025-10-26T02:45:00 2645",
      "2025-10-26T02:30:00 230",
      "2025-10-26T02:45:00 2745",
      "2025-10-26T03:30:00 330",
      "2025-10-26T12:00:00 1200",
    ]);
  });

  it("GET rit - a Saturday trip at GTFS 26:45 on the fall-back night", async () => {
    const { body } = await get(app, "/api/v1/lijnen/3/2/lijnrichtingen/HEEN/rit/2745?datum=2024-10-26");
    expect(body.ritDoorkomsten[0].doorkomsten.map((d: Doorkomst) => d.dienstregelingTijdstip)).toEqual([
      "2024-10-27T02:45:00",
      "2024-10-27T02:55:00",
    ]);
  });
});
