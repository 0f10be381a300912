/**
 * GTFS-Realtime Alerts as storingen over HTTP: a hand-built feed, through the protobuf codec, served by the real
 * app as the real-time state of the network (opts.realtime), beside the dataset's diversions 9001 and 9002.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import type { Network } from "../../../../src/network/model.js";
import { alertsToDisruptions } from "../../../../src/realtime/alerts-to-disruptions.js";
import type { RealtimeOverlay } from "../../../../src/timetable/realtime-overlay.js";
import { alertsNetwork, brussels, Cause, Effect, texts, viaProtobuf } from "../../../realtime/support/alerts-fixture.js";
import { BASE, get, timetableApp } from "../../support/timetable-fixture-app.js";

/** Tuesday 2024-03-12 08:00 in Brussels. */
const NOW_MS = brussels(12, 8) * 1000;
const MARKT = 2_125_573_564; // referentieOmleiding of entity "markt" (FNV-1a, alerts-to-disruptions.ts)
const STRIKE = 2_042_663_759; // of entity "strike"

const ids = (list: Array<{ referentieOmleiding: number }>) => list.map((o) => o.referentieOmleiding);

describe("storingen from GTFS-Realtime Alerts over HTTP (alerts fixture)", () => {
  let net: Network;
  let app: FastifyInstance;
  beforeAll(async () => {
    net = await alertsNetwork();
    const alerts = viaProtobuf({
      markt: {
        activePeriod: [{ start: brussels(12, 7, 30), end: brussels(13, 18) }],
        informedEntity: [{ stopId: "300002" }, { routeId: "3001", directionId: 1 }],
        cause: Cause.ACCIDENT,
        effect: Effect.DETOUR,
        headerText: texts(["nl", "Ongeval Markt"], ["fr", "Accident Markt"], ["en", "Accident Markt"], ["de", "Unfall Markt"]),
        descriptionText: texts(["nl", "Halte Markt wordt niet bediend.\nVervanghalte: Kerk."], ["en", "Stop Markt is not served.\nUse Kerk."]),
      },
      strike: {
        informedEntity: [{ agencyId: "1" }],
        cause: Cause.STRIKE,
        headerText: texts(["", "Staking"]),
        descriptionText: texts(["", "Geen bussen in entiteit 1."]),
      },
      elsewhere: { informedEntity: [{ stopId: "999999" }, { routeId: "9999" }], headerText: texts(["nl", "Elders"]) },
    });
    const overlay: RealtimeOverlay = { passage: () => undefined, disruptions: alertsToDisruptions(net, alerts, NOW_MS) };
    app = await buildApp({
      network: staticNetworkSource(net),
      config: loadConfig({ LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://api.example.org" }),
      clock: () => NOW_MS,
      realtime: { current: (n) => (n === net ? overlay : undefined) },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("GET E4 /omleidingen/{ref} - an alert's disruption with every field, in Dutch by default", async () => {
    const { status, body } = await get(app, `/api/v1/omleidingen/${MARKT}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      titel: "Ongeval Markt",
      omschrijving: "Halte Markt wordt niet bediend.\nVervanghalte: Kerk.",
      periode: { startDatum: "2024-03-12T00:00:00", eindDatum: "2024-03-13T23:59:59" },
      lijnrichtingen: [
        {
          lijnNummerPubliek: "1",
          entiteitnummer: "3",
          lijnnummer: "1",
          richting: "TERUG",
          omschrijving: "Heverlee - Leuven",
          bestemming: "Station",
          kleurVoorGrond: "#000000",
          kleurAchterGrond: "#FFFFFF",
          kleurAchterGrondRand: "#FFFFFF",
          kleurVoorGrondRand: "#000000",
          links: [{ rel: "lijnrichting", url: `${BASE}/api/v1/lijnen/3/1/lijnrichtingen/TERUG` }],
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
      referentieOmleiding: MARKT,
      type: "ONGEVAL",
      omleidingsDagen: ["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG", "ZATERDAG", "ZONDAG"],
      links: [{ rel: "omleidingen", url: `${BASE}/api/v1/omleidingen/${MARKT}` }],
    });
  });

  it("GET E4 /omleidingen/{ref}?taalCode - every language, a missing text falls back to Dutch", async () => {
    const text = async (ref: number, taalCode: string) => {
      const { body } = await get(app, `/v1/beta/omleidingen/${ref}?taalCode=${taalCode}`);
      return [body.titel, body.omschrijving];
    };
    expect(await text(MARKT, "nl")).toEqual(["Ongeval Markt", "Halte Markt wordt niet bediend.\nVervanghalte: Kerk."]);
    expect(await text(MARKT, "fr")).toEqual(["Accident Markt", "Halte Markt wordt niet bediend.\nVervanghalte: Kerk."]);
    expect(await text(MARKT, "en")).toEqual(["Accident Markt", "Stop Markt is not served.\nUse Kerk."]);
    expect(await text(MARKT, "DUITS")).toEqual(["Unfall Markt", "Halte Markt wordt niet bediend.\nVervanghalte: Kerk."]);
    // the text without a language is the Dutch one, and every other language falls back to it
    for (const taalCode of ["nl", "fr", "en", "de"]) expect(await text(STRIKE, taalCode)).toEqual(["Staking", "Geen bussen in entiteit 1."]);
  });

  it("GET E4 /omleidingen/{ref} - an agency-wide alert: every line direction of the entity, open-ended from today", async () => {
    const { body } = await get(app, `/api/v1/omleidingen/${STRIKE}`);
    expect(body).toMatchObject({
      periode: { startDatum: "2024-03-12T00:00:00", eindDatum: "2024-12-31T23:59:59" },
      type: "STAKING",
      haltes: [],
    });
    expect(body.lijnrichtingen.map((l: any) => `${l.entiteitnummer}_${l.lijnnummer}_${l.richting}`)).toEqual(["1_500_HEEN"]);
  });

  it("GET E4 /omleidingen/{ref} - an alert naming nothing of the network, or a network without real-time, is a 404", async () => {
    expect((await get(app, "/api/v1/omleidingen/9001")).body.titel).toBe("Werken Markt");
    const plain = await timetableApp(net, () => NOW_MS);
    try {
      const missing = await get(plain, `/api/v1/omleidingen/${MARKT}`);
      expect([missing.status, missing.body.message]).toEqual([404, `Diversion ${MARKT} does not exist`]);
      expect(ids((await get(plain, "/api/v1/haltes/3/300002/storingen")).body.storingen)).toEqual([9002]);
    } finally {
      await plain.close();
    }
  });

  it("GET /haltes/{e}/{h}/storingen - the alerts on the stop and on line directions serving it, beside the dataset's", async () => {
    const markt = await get(app, "/api/v1/haltes/3/300002/storingen");
    expect(markt.status).toBe(200);
    expect(Object.keys(markt.body).sort()).toEqual(["links", "storingen"]);
    expect(ids(markt.body.storingen)).toEqual([9002, MARKT]);
    expect(markt.body.storingen[1]).toMatchObject({ titel: "Ongeval Markt", type: "ONGEVAL", referentieOmleiding: MARKT });
    // Station is served by 3_1_TERUG, which the alert names; Ring only by line 2; the strike is entity 1's
    expect(ids((await get(app, "/api/v1/haltes/3/300001/storingen?datum=2024-03-13")).body.storingen)).toEqual([MARKT]);
    expect(ids((await get(app, "/api/v1/haltes/3/300004/storingen")).body.storingen)).toEqual([]);
    expect(ids((await get(app, "/api/v1/haltes/1/100001/storingen")).body.storingen)).toEqual([STRIKE]);
    // outside its period, and planned diversions stay where they were
    expect(ids((await get(app, "/api/v1/haltes/3/300002/storingen?datum=2024-03-14")).body.storingen)).toEqual([]);
    expect(ids((await get(app, "/api/v1/haltes/3/300002/omleidingen")).body.omleidingen)).toEqual([9001]);
  });

  it("GET /haltes/lijst/{keys}/storingen - per known stop, in the language asked", async () => {
    const { status, body } = await get(app, "/api/v1/haltes/lijst/3_300003_1_100002_3_300004_3_399999/storingen?taalCode=en");
    expect(status).toBe(200);
    expect(body.halteOmleidingen.map((h: any) => [h.halte.haltenummer, h.omleidingen.map((o: any) => o.titel)])).toEqual([
      ["300003", ["Ongeval Ring", "Accident Markt"]],
      ["100002", ["Staking"]],
      ["300004", []],
    ]);
    expect(body.links[1]).toEqual({ rel: "onbekendeHalte", url: `${BASE}/api/v1/haltes/3/399999` });
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/storingen and the line-direction list", async () => {
    const storingen = async (path: string) => ids((await get(app, path)).body.storingen);
    expect(await storingen("/api/v1/lijnen/3/1/lijnrichtingen/TERUG/storingen")).toEqual([9002, MARKT]);
    expect(await storingen("/api/v1/lijnen/3/1/lijnrichtingen/HEEN/storingen")).toEqual([]);
    expect(await storingen("/v1/beta/lijnen/1/500/lijnrichtingen/HEEN/storingen")).toEqual([STRIKE]);
    expect(await storingen("/api/v1/lijnen/lijst/3_1_TERUG_1_500_HEEN_3_2_HEEN/storingen")).toEqual([9002, STRIKE, MARKT]);
    expect(await storingen("/api/v1/lijnen/lijst/3_2_HEEN/storingen?datum=2024-03-12")).toEqual([]);
  });

  it("GET /omleidingen?startDatum&eindDatum - the alerts are storingen of the period, the dataset's diversions unchanged", async () => {
    const { body } = await get(app, "/api/v1/omleidingen?startDatum=2024-03-01&eindDatum=2024-03-31");
    expect([ids(body.omleidingen), ids(body.storingen)]).toEqual([[9001], [9002, STRIKE, MARKT]]);
    const later = await get(app, "/api/v1/omleidingen?startDatum=2024-03-14&eindDatum=2024-04-13");
    expect([ids(later.body.omleidingen), ids(later.body.storingen)]).toEqual([[9001], [STRIKE]]);
  });
});
