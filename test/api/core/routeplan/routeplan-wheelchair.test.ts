/**
 * E1 `rolstoel=true` over HTTP on a feed that leaves wheelchair values unknown: the wheelchair-unknown fixture
 * (test/fixtures/routing/wheelchair-unknown/README.md gives each answer) and the policy of docs/COMPATIBILITY.md
 * P21: known-accessible first, unknown (0) values when those give nothing or
 * arrive more than 30 minutes later, marked toegankelijkheidOnbekend; known-inaccessible (2) never.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import type { Network } from "../../../../src/network/model.js";
import { fixtureNetwork, stopIdx } from "../../../routing/support/fixture-network.js";

type Json = Record<string, any>;

let app: FastifyInstance;
let net: Network;

beforeAll(async () => {
  net = await fixtureNetwork("wheelchair-unknown");
  app = await buildApp({
    network: staticNetworkSource(net),
    config: loadConfig({ LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://api.example.org" }),
    clock: () => Date.parse("2024-06-11T05:00:00Z"),
    realtime: { current: () => undefined },
  });
});
afterAll(async () => {
  await app?.close();
});

const at = (haltenummer: string) => `${net.stops.lat[stopIdx(net, haltenummer)]},${net.stops.lon[stopIdx(net, haltenummer)]}`;

async function plan(from: string, to: string, query: string): Promise<Json> {
  const res = await app.inject({
    url: `/DLKernOpenData/v1/beta/routeplan/${at(from)}/${at(to)}?${query}`,
    headers: { "ocp-apim-subscription-key": "demo" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * One line per itinerary: "08:10:00-08:30:00* ? 300801>300803 810?" — `*` the best match, ` ?` after the times the
 * itinerary's toegankelijkheidOnbekend, `?` after a stop or a trip number theirs.
 */
function summary(body: Json): string[] {
  const mark = (x: Json) => (x.toegankelijkheidOnbekend === true ? "?" : "");
  return body.reiswegen.map((r: Json) => {
    const rides = r.reiswegStappen
      .filter((s: Json) => s.type === "VOERTUIG")
      .map((s: Json) => `${s.vertrekPunt.id}${mark(s.vertrekPunt)}>${s.aankomstPunt.id}${mark(s.aankomstPunt)} ${s.ritnummer}${mark(s)}`);
    return `${r.duurtijd.start.slice(11)}-${r.duurtijd.einde.slice(11)}${r.bestpassend ? "*" : ""}${r.toegankelijkheidOnbekend ? " ?" : ""} ${rides.join(" | ")}`;
  });
}

const MORNING = "tijdstip=2024-06-11T07:55:00&realtime=false";

describe("E1 rolstoel on a feed with unknown wheelchair values", () => {
  it("rolstoel - without it every trip rides, the inaccessible X0805 first, and nothing is marked", async () => {
    expect(summary(await plan("300801", "300803", MORNING))).toEqual([
      "08:05:00-08:25:00* 300801>300803 805",
      "08:10:00-08:30:00 300801>300803 810",
      "08:50:00-09:10:00 300801>300803 850",
    ]);
  });

  it("rolstoel - the known-accessible K0900 arrives 50 min later: the unknown trips are proposed, marked; X0805 never", async () => {
    expect(summary(await plan("300801", "300803", `${MORNING}&rolstoel=true`))).toEqual([
      "08:10:00-08:30:00* ? 300801>300803 810?",
      "08:50:00-09:10:00 ? 300801>300803 850?",
      "09:00:00-09:20:00 300801>300803 900",
    ]);
  });

  it("rolstoel - an unknown trip only 10 min sooner: the known-accessible K0900 alone, unmarked", async () => {
    expect(summary(await plan("300801", "300803", "tijdstip=2024-06-11T08:35:00&realtime=false&rolstoel=true"))).toEqual([
      "09:00:00-09:20:00* 300801>300803 900",
    ]);
  });

  it("rolstoel - a stop of unknown access is the only way: the itinerary and its stop marked, the accessible trip not", async () => {
    const body = await plan("300801", "300802", `${MORNING}&rolstoel=true`);
    expect(summary(body)).toEqual(["10:00:00-10:20:00* ? 300801>300802? 1000"]);
    const ride = body.reiswegen[0].reiswegStappen.find((s: Json) => s.type === "VOERTUIG");
    expect(ride.toegankelijkheidOnbekend).toBeUndefined();
    expect(ride.vertrekPunt.toegankelijkheidOnbekend).toBeUndefined();
    expect(ride.aankomstPunt.toegankelijkheidOnbekend).toBe(true);
  });

  it("rolstoel - a stop known not accessible (wheelchair_boarding 2) is never used", async () => {
    expect(summary(await plan("300801", "300804", `${MORNING}&rolstoel=true`))).toEqual([]);
    expect(summary(await plan("300801", "300804", MORNING))).toEqual(["11:00:00-11:30:00* 300801>300804 1100"]);
  });

  it("rolstoel - the OpenAPI document's route plan carries toegankelijkheidOnbekend on the itinerary, the step and its stops", async () => {
    const doc = (await app.inject({ url: "/DLKernOpenData/openapi.json" })).json();
    const paths = Object.entries(doc.paths as Json).filter(([path]) => path.includes("/routeplan/"));
    expect(paths.length).toBeGreaterThan(0);
    for (const [path, item] of paths) {
      const reisweg = (item as Json).get.responses["200"].content["application/json"].schema.properties.reiswegen.items;
      const stap = reisweg.properties.reiswegStappen.items;
      for (const [what, schema] of [["Reisweg", reisweg], ["ReiswegStap", stap], ["vertrekPunt", stap.properties.vertrekPunt], ["aankomstPunt", stap.properties.aankomstPunt]]) {
        expect(schema.properties.toegankelijkheidOnbekend?.type, `${path} ${what}`).toBe("boolean");
        expect(schema.required ?? [], `${path} ${what}`).not.toContain("toegankelijkheidOnbekend");
      }
    }
  });
});
