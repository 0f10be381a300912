/**
 * Timetable and diversion answers against the operator's published OpenAPI (v1 family, with the shared
 * adaptations of official-openapi.ts, "timetable-date-times" among them: the document gives
 * `dienstregelingTijdstip`, `doorkomstTijdstip` and the diversion period as format "date", while the real
 * service writes date-times) and its captured answers.
 */
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureNetwork } from "../../../timetable/support/fixture-network.js";
import { officialPathOf, validateOfficial } from "../../support/official-openapi.js";
import { get, timetableApp } from "../../support/timetable-fixture-app.js";

type Json = Record<string, any>;

const sample = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/timetable/samples/${name}`, import.meta.url), "utf8"));

describe("timetables and diversions - the operator's OpenAPI and captured answers", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await timetableApp(await fixtureNetwork("service-days"));
  });
  afterAll(() => app.close());

  it("official OpenAPI - v1 answers validate against the published response schemas", async () => {
    const paths = [
      "/haltes/3/300002/dienstregelingen?datum=2024-03-12",
      "/haltes/lijst/3_300002_3_300001/dienstregelingen?datum=2024-03-12",
      "/lijnen/3/1/lijnrichtingen/HEEN/dienstregelingen?datum=2024-03-12",
      "/lijnen/3/1/lijnrichtingen/HEEN/rit/101?datum=2024-03-12",
      "/omleidingen/9001?taalCode=fr",
      "/omleidingen?startDatum=2024-03-01T00:00:00&eindDatum=2024-03-30T00:00:00",
      "/haltes/3/300002/omleidingen?datum=2024-03-12",
      "/haltes/3/300001/storingen?datum=2024-04-15",
      "/haltes/lijst/3_300002/omleidingen?datum=2024-03-12",
      "/haltes/lijst/3_300002/storingen?datum=2024-04-15",
      "/lijnen/3/1/lijnrichtingen/HEEN/omleidingen?datum=2024-03-12",
      "/lijnen/3/1/lijnrichtingen/TERUG/storingen?datum=2024-04-15",
      "/lijnen/lijst/3_1_HEEN_3_1_TERUG/omleidingen?datum=2024-06-01",
      "/lijnen/lijst/3_1_TERUG/storingen?datum=2024-04-15",
    ];
    for (const path of paths) {
      const { status, body } = await get(app, `/api/v1${path}`);
      expect(status, path).toBe(200);
      const template = officialPathOf(path.split("?")[0]);
      expect(template, path).toBeDefined();
      expect(validateOfficial(template!, body), path).toEqual([]);
    }
  });

  it("captured answers - a stop timetable carries every field of the real service's answer", async () => {
    const real = sample("timetable.json");
    const ours = (await get(app, "/api/v1/haltes/3/300002/dienstregelingen?datum=2024-03-12")).body;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(real).sort());
    for (const k of Object.keys(real.halteDoorkomsten[0].doorkomsten[0])) {
      expect(ours.halteDoorkomsten[0].doorkomsten[0], k).toHaveProperty(k);
    }
    expect(ours.halteDoorkomsten[0].doorkomsten[0].links.map((l: Json) => l.rel)).toEqual(
      real.halteDoorkomsten[0].doorkomsten[0].links.map((l: Json) => l.rel),
    );
  });

  it("captured answers - a diversion and a disruption carry every field of the real service's answers", async () => {
    const detour = sample("detours.json").omleidingen[0];
    const ours = (await get(app, "/api/v1/haltes/3/300002/omleidingen?datum=2024-03-12")).body.omleidingen[0];
    for (const k of Object.keys(detour)) expect(ours, k).toHaveProperty(k);
    for (const k of Object.keys(detour.periode)) expect(ours.periode, k).toHaveProperty(k);
    for (const k of Object.keys(detour.haltes[0])) expect(ours.haltes[0], k).toHaveProperty(k);
    for (const k of Object.keys(detour.lijnrichtingen[0])) expect(ours.lijnrichtingen[0], k).toHaveProperty(k);
    expect(ours.links.map((l: Json) => l.rel)).toEqual(["omleidingen"]);
    const disruption = sample("disruptions.json").storingen[0];
    const storing = (await get(app, "/api/v1/haltes/3/300001/storingen?datum=2024-04-15")).body.storingen[0];
    for (const k of Object.keys(disruption)) expect(storing, k).toHaveProperty(k);
  });
});
