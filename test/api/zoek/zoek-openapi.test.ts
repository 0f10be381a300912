/**
 * The search part's OpenAPI document at `{searchPrefix}/openapi.json`: a valid OpenAPI 3.0 document generated from
 * the search routes' schemas, the search paths of both families and nothing else (the core document keeps the
 * rest), served without a key and following SEARCH_PREFIX.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

const SEARCHES = ["/zoek/haltes/{zoekArgument}", "/zoek/lijnrichtingen/{zoekArgument}", "/zoek/locaties/{zoekArgument}"];
const FAMILIES = ["/DLZoekOpenData/v1", "/DLZoekOpenData/v1/beta"];

let net: Network;
let app: FastifyInstance;
// biome-ignore lint: parsed OpenAPI documents
let doc: any;
// biome-ignore lint: parsed OpenAPI documents
let core: any;

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent", ...env });
  return buildApp({ network: staticNetworkSource(net), config, clock: () => SUITE_NOW_MS });
}

beforeAll(async () => {
  net = await suiteNetwork();
  app = await appWith();
  const res = await app.inject({ url: "/DLZoekOpenData/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  doc = res.json();
  core = (await app.inject({ url: "/DLKernOpenData/openapi.json" })).json();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("search OpenAPI document", () => {
  it("openapi - is a valid OpenAPI 3.0 document, served without a key", async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.0.3");
    expect(doc.info.title).toBe("lijnwijzer search");
  });

  it("openapi - holds the three searches in both families and nothing else; the core document none of them", () => {
    expect(Object.keys(doc.paths).sort()).toEqual(FAMILIES.flatMap((f) => SEARCHES.map((p) => `${f}${p}`)).sort());
    for (const path of Object.keys(doc.paths)) {
      expect(Object.keys(doc.paths[path]), path).toEqual(["get"]);
      expect(doc.paths[path].get.tags).toEqual(["zoek"]);
    }
    expect(Object.keys(core.paths).filter((p) => p.startsWith("/DLZoekOpenData"))).toEqual([]);
    expect(core.paths).toHaveProperty(["/DLKernOpenData/api/v1/haltes/{entiteitnummer}/{haltenummer}", "get"]);
    expect(doc.paths).not.toHaveProperty(["/DLZoekOpenData/openapi.json"]);
  });

  it("openapi - keys in the header or the query, as in the core document", () => {
    expect(doc.components.securitySchemes).toEqual(core.components.securitySchemes);
    expect(doc.security).toEqual([{ apiKeyHeader: [] }, { apiKeyQuery: [] }]);
  });

  it("openapi - the shared search parameters (spec 4.1) with their bounds and defaults", () => {
    for (const path of Object.keys(doc.paths)) {
      const params = doc.paths[path].get.parameters as Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
      const byName = Object.fromEntries(params.map((p) => [p.name, p]));
      expect(params.map((p) => `${p.in}:${p.name}`).sort(), path).toEqual(
        ["path:zoekArgument", "query:huidigePositie", "query:maxAantalHits", "query:startIndex"].sort(),
      );
      expect(byName.zoekArgument).toMatchObject({ required: true, schema: { type: "string", minLength: 1, maxLength: 200 } });
      expect(byName.huidigePositie.schema.pattern).toBe("^\\s*-?\\d{1,3}(\\.\\d+)?\\s*,\\s*-?\\d{1,3}(\\.\\d+)?\\s*$");
      expect(byName.startIndex.schema).toMatchObject({ type: "integer", minimum: 0, default: 0 });
      expect(byName.maxAantalHits.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 10 });
    }
  });

  it("openapi - the hit lists: aantalHits and the page, E7 with the core's Halte, E8 with spec 2.13's Locatie", () => {
    const schema = (what: string) =>
      doc.paths[`/DLZoekOpenData/v1/beta/zoek/${what}/{zoekArgument}`].get.responses["200"].content["application/json"].schema;
    expect(schema("haltes").required).toEqual(["aantalHits", "haltes", "links"]);
    expect(schema("haltes").properties.haltes.items.required).toEqual(
      expect.arrayContaining(["entiteitnummer", "haltenummer", "omschrijving", "omschrijvingLang", "districtCode", "taal"]),
    );
    expect(schema("lijnrichtingen").required).toEqual(["aantalHits", "lijnrichtingen", "links"]);
    const locatie = schema("locaties").properties.locaties.items;
    expect(locatie.properties.type.enum).toEqual(["adres", "halte", "herkenningspunt", "station"]);
    expect(locatie.properties.subtype.enum).toEqual(["hoofdgemeente", "deelgemeente", "station", "herkenningspunt", "straat", "adres", "halte"]);
    expect(locatie.properties.geoCoordinaat.required).toEqual(["latitude", "longitude"]);
  });

  it("openapi - follows SEARCH_PREFIX: the document and the routes move, the default paths are gone", async () => {
    const moved = await appWith({ SEARCH_PREFIX: "/zoeken" });
    try {
      const moveDoc = (await moved.inject({ url: "/zoeken/openapi.json" })).json();
      expect(Object.keys(moveDoc.paths).sort()).toEqual(["/zoeken/v1", "/zoeken/v1/beta"].flatMap((f) => SEARCHES.map((p) => `${f}${p}`)).sort());
      const key = { "ocp-apim-subscription-key": TEST_KEY };
      expect((await moved.inject({ url: "/zoeken/v1/zoek/haltes/leuven", headers: key })).statusCode).toBe(200);
      expect((await moved.inject({ url: "/DLZoekOpenData/v1/zoek/haltes/leuven", headers: key })).statusCode).toBe(404);
      expect((await moved.inject({ url: "/DLZoekOpenData/openapi.json" })).statusCode).toBe(404);
    } finally {
      await moved.close();
    }
  });
});
