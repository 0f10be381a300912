import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureNetwork } from "../../../timetable/support/fixture-network.js";
import { BASE, get, timetableApp } from "../../support/timetable-fixture-app.js";

const ids = (list: Array<{ referentieOmleiding: number }>) => list.map((o) => o.referentieOmleiding);

describe("omleidingen over HTTP (service-days fixture)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await timetableApp(await fixtureNetwork("service-days"));
  });
  afterAll(() => app.close());

  it("GET E4 /omleidingen/{ref} - the whole diversion in Dutch by default", async () => {
    const { status, body } = await get(app, "/api/v1/omleidingen/9001");
    expect(status).toBe(200);
    expect(body).toEqual({
      titel: "Werken Markt",
      omschrijving: "Halte Markt wordt niet bediend.\nVervanghalte: Ring.",
      periode: { startDatum: "2024-03-01T00:00:00", eindDatum: "2024-03-31T23:59:59" },
      lijnrichtingen: [
        {
          lijnNummerPubliek: "1",
          entiteitnummer: "3",
          lijnnummer: "1",
          richting: "HEEN",
          omschrijving: "Leuven - Heverlee",
          bestemming: "Kerk",
          kleurVoorGrond: "#000000",
          kleurAchterGrond: "#FFFFFF",
          kleurAchterGrondRand: "#FFFFFF",
          kleurVoorGrondRand: "#000000",
          links: [{ rel: "lijnrichting", url: `${BASE}/api/v1/lijnen/3/1/lijnrichtingen/HEEN` }],
        },
      ],
      haltes: [
        {
          entiteitnummer: "3",
          haltenummer: "300002",
          omschrijving: "Markt",
          omschrijvingLang: "Leuven Markt",
          districtCode: "",
          geoCoordinaat: { latitude: 50.879, longitude: 4.701 },
          halteToegankelijkheden: ["MOTORISCHE_BEPERKING"],
          hoofdHalte: null,
          taal: "NEDERLANDS",
          gtfsStopId: "300002",
          links: [{ rel: "halte", url: `${BASE}/api/v1/haltes/3/300002` }],
        },
      ],
      referentieOmleiding: 9001,
      type: "WERKEN",
      omleidingsDagen: ["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG"],
      links: [{ rel: "omleidingen", url: `${BASE}/api/v1/omleidingen/9001` }],
    });
  });

  it("GET E4 /omleidingen/{ref}?taalCode - nl, fr, en, de and the operator's names", async () => {
    const text = async (taalCode: string) => {
      const { body } = await get(app, `/api/v1/omleidingen/9001?taalCode=${taalCode}`);
      return [body.titel, body.omschrijving];
    };
    expect(await text("nl")).toEqual(["Werken Markt", "Halte Markt wordt niet bediend.\nVervanghalte: Ring."]);
    expect(await text("fr")).toEqual(["Travaux Markt", "L'arrêt Markt n'est pas desservi.\nArrêt de remplacement : Ring."]);
    expect(await text("en")).toEqual(["Roadworks Markt", "Stop Markt is not served.\nReplacement stop: Ring."]);
    expect(await text("de")).toEqual(["Bauarbeiten Markt", "Die Haltestelle Markt wird nicht bedient.\nErsatzhaltestelle: Ring."]);
    expect(await text("FRANS")).toEqual(await text("fr"));
    expect(await text("DUITS")).toEqual(await text("de"));
  });

  it("GET E4 /omleidingen/{ref} - no translation falls back to Dutch; unknown reference 404; unknown language 400", async () => {
    expect((await get(app, "/v1/beta/omleidingen/9003?taalCode=fr")).body.titel).toBe("Jaarmarkt");
    expect((await get(app, "/v1/beta/omleidingen/9003?taalCode=en")).body.titel).toBe("Annual fair");
    expect((await get(app, "/v1/beta/omleidingen/9002?taalCode=de")).body).toMatchObject({
      titel: "Ongeval Ring",
      omschrijving: "Vertragingen op lijn 1 richting Station.",
      type: "ONGEVAL",
      omleidingsDagen: ["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG", "ZATERDAG", "ZONDAG"],
      haltes: [],
    });
    const missing = await get(app, "/api/v1/omleidingen/424242");
    expect([missing.status, missing.body.message]).toEqual([404, "Diversion 424242 does not exist"]);
    const bad = await get(app, "/api/v1/omleidingen/9001?taalCode=xx");
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'taalCode "xx" is not supported: give nl, fr, en or de (or NEDERLANDS, FRANS, ENGELS, DUITS)',
    ]);
    expect((await get(app, "/api/v1/omleidingen/abc")).status).toBe(400);
  });

  it("GET /omleidingen?startDatum&eindDatum - diversions and disruptions active in the period, at most 31 days", async () => {
    const period = async (q: string) => (await get(app, `/api/v1/omleidingen?${q}`)).body;
    const march = await period("startDatum=2024-03-01T00:00:00&eindDatum=2024-03-31T23:59:59");
    expect([ids(march.omleidingen), ids(march.storingen)]).toEqual([[9001], []]);
    const april = await period("startDatum=2024-04-01&eindDatum=2024-04-30");
    expect([ids(april.omleidingen), ids(april.storingen)]).toEqual([[], [9002]]);
    const june = await period("startDatum=2024-05-20T00:00:00&eindDatum=2024-06-19T00:00:00&taalCode=en");
    expect(june.omleidingen.map((o: any) => o.titel)).toEqual(["Annual fair"]);
    const weekend = await period("startDatum=2024-03-30T00:00:00&eindDatum=2024-03-31T00:00:00");
    expect(ids(weekend.omleidingen)).toEqual([]);
    const tooLong = await get(app, "/api/v1/omleidingen?startDatum=2024-03-01T00:00:00&eindDatum=2024-04-02T00:00:00");
    expect([tooLong.status, tooLong.body.message]).toEqual([
      400,
      "the period from startDatum to eindDatum spans 32 days, at most 31 are allowed: ask for a month at a time",
    ]);
    expect((await get(app, "/api/v1/omleidingen?startDatum=2024-03-10&eindDatum=2024-03-01")).status).toBe(400);
    expect((await get(app, "/api/v1/omleidingen?startDatum=gisteren")).status).toBe(400);
  });

  it("GET /haltes/{e}/{h}/omleidingen|storingen - by stop and day", async () => {
    const markt = await get(app, "/api/v1/haltes/3/300002/omleidingen?datum=2024-03-12");
    expect(markt.status).toBe(200);
    expect(Object.keys(markt.body).sort()).toEqual(["links", "omleidingen"]);
    expect(ids(markt.body.omleidingen)).toEqual([9001]);
    expect(markt.body.links).toEqual([{ rel: "self", url: `${BASE}/api/v1/haltes/3/300002/omleidingen?datum=2024-03-12` }]);
    expect(ids((await get(app, "/api/v1/haltes/3/300002/omleidingen?datum=2024-03-16")).body.omleidingen)).toEqual([]);
    const storingen = await get(app, "/v1/beta/haltes/3/300001/storingen?datum=2024-04-15");
    expect(Object.keys(storingen.body).sort()).toEqual(["links", "storingen"]);
    expect(ids(storingen.body.storingen)).toEqual([9002]);
    expect(ids((await get(app, "/v1/beta/haltes/3/300005/storingen?datum=2024-04-15")).body.storingen)).toEqual([]);
    expect((await get(app, "/v1/beta/haltes/3/399999/storingen?datum=2024-04-15")).status).toBe(404);
    expect((await get(app, "/v1/beta/haltes/3/300001/storingen?datum=2030-01-01")).status).toBe(400);
  });

  it("GET /haltes/lijst/{keys}/omleidingen - per known stop, the unknown one reported in links", async () => {
    const { status, body } = await get(app, "/api/v1/haltes/lijst/3_300002_3_399999_3_300001/omleidingen?datum=2024-06-01&taalCode=en");
    expect(status).toBe(200);
    expect(body.halteOmleidingen.map((h: any) => [h.halte.haltenummer, h.omleidingen.map((o: any) => o.titel)])).toEqual([
      ["300002", ["Annual fair"]],
      ["300001", ["Annual fair"]],
    ]);
    expect(body.links[1]).toEqual({ rel: "onbekendeHalte", url: `${BASE}/api/v1/haltes/3/399999` });
    const storingen = await get(app, "/api/v1/haltes/lijst/3_300003/storingen?datum=2024-04-15");
    expect(storingen.body.halteOmleidingen.map((h: any) => ids(h.omleidingen))).toEqual([[9002]]);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/omleidingen|storingen and the line-direction list", async () => {
    expect(ids((await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/TERUG/storingen?datum=2024-04-15")).body.storingen)).toEqual([9002]);
    expect(ids((await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/HEEN/storingen?datum=2024-04-15")).body.storingen)).toEqual([]);
    expect(ids((await get(app, "/api/v1/lijnen/3/1/lijnrichtingen/TERUG/omleidingen?datum=2024-06-02")).body.omleidingen)).toEqual([9003]);
    const list = await get(app, "/api/v1/lijnen/lijst/3_1_HEEN_3_1_TERUG_3_9_HEEN/omleidingen?datum=2024-06-01");
    expect(list.status).toBe(200);
    expect(ids(list.body.omleidingen)).toEqual([9003]);
    expect(list.body.links[1]).toEqual({ rel: "onbekendeLijnrichting", url: `${BASE}/api/v1/lijnen/3/9/lijnrichtingen/HEEN` });
    expect((await get(app, "/api/v1/lijnen/lijst/3_1_NAAR/omleidingen")).status).toBe(400);
  });
});
