import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

let server: TestServer;
// biome-ignore lint: a parsed OpenAPI document
let doc: any;

beforeAll(async () => {
  server = await startServer(await suiteNetwork(), {}, () => SUITE_NOW_MS);
  const res = await fetch(`${server.origin}/DLKernOpenData/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(async () => {
  await server?.close();
});

/** Every path of the spec (part 4) and of our extensions, relative to a family. */
const PATHS = [
  "/gemeenten/{gemeenteNummer}/lijnen",
  "/lijnen/{entiteitnummer}/{lijnnummer}",
  "/haltes",
  "/vervoerregios/{code}/lijnen",
  "/gemeenten/{gemeenteNummer}/haltes",
  "/kleuren",
  "/lijnen/lijst/{lijnsleutels}/lijnrichtingen",
  "/entiteiten",
  "/kleuren/{code}",
  "/entiteiten/{entiteitnummer}",
  "/lijnen/lijst/{lijnsleutels}/lijnkleuren",
  "/lijnen/{entiteitnummer}/{lijnnummer}/lijnkleuren",
  "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}/haltes",
  "/entiteiten/{entiteitnummer}/gemeenten",
  "/entiteiten/{entiteitnummer}/haltes",
  "/entiteiten/{entiteitnummer}/lijnen",
  "/gemeenten",
  "/gemeenten/{gemeenteNummer}",
  "/gemeenten/lijst/{gemeenteNummers}/haltes",
  "/haltes/{entiteitnummer}/{haltenummer}",
  "/haltes/{entiteitnummer}/{haltenummer}/lijnrichtingen",
  "/haltes/lijst/{haltesleutels}",
  "/haltes/lijst/{haltesleutels}/lijnrichtingen",
  "/haltes/indebuurt/{latlng}",
  "/lijnen",
  "/lijnen/lijst/{lijnsleutels}",
  "/lijnen/{entiteitnummer}/{lijnnummer}/gemeenten",
  "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen",
  "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}",
  "/vervoerregios",
  "/vervoerregios/{code}",
  // real-time passages
  "/haltes/{entiteitnummer}/{haltenummer}/real-time",
  "/haltes/lijst/{haltesleutels}/real-time",
  "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}/real-time",
];

describe("OpenAPI document", () => {
  it("openapi - is a valid OpenAPI 3.0 document", async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.0.3");
  });

  it("openapi - has every endpoint in both families, generated from the route schemas", () => {
    for (const family of ["/DLKernOpenData/api/v1", "/DLKernOpenData/v1/beta"]) {
      for (const p of PATHS) expect(doc.paths, `${family}${p}`).toHaveProperty([`${family}${p}`, "get"]);
    }
    expect(doc.paths).toHaveProperty(["/health", "get", "security"], []);
    expect(doc.paths).not.toHaveProperty(["/DLKernOpenData/openapi.json"]);
  });

  it("openapi - keys in the header or the query, as the operator's gateway takes them", () => {
    expect(doc.components.securitySchemes).toEqual({
      apiKeyHeader: { type: "apiKey", name: "Ocp-Apim-Subscription-Key", in: "header" },
      apiKeyQuery: { type: "apiKey", name: "subscription-key", in: "query" },
    });
    expect(doc.security).toEqual([{ apiKeyHeader: [] }, { apiKeyQuery: [] }]);
  });

  it("openapi - line validity is a date in v1 and a local date-time in beta; parameters carry their patterns", () => {
    const schema = (family: string) =>
      doc.paths[`/DLKernOpenData/${family}/lijnen/{entiteitnummer}/{lijnnummer}`].get.responses["200"].content["application/json"].schema;
    expect(schema("api/v1").properties.lijnGeldigVan.format).toBe("date");
    // a local date-time without offset is no RFC 3339 date-time (format date-time would refuse every answer)
    expect(schema("v1/beta").properties.lijnGeldigVan.format).toBeUndefined();
    expect(schema("v1/beta").properties.lijnGeldigVan.pattern).toBe("^\\d{4}-\\d{2}-\\d{2}T00:00:00$");
    const params = doc.paths["/DLKernOpenData/api/v1/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}"].get.parameters;
    expect(params.find((p: { name: string }) => p.name === "richting").schema.enum).toEqual(["HEEN", "TERUG"]);
    expect(params.find((p: { name: string }) => p.name === "entiteitnummer").schema.pattern).toBe("^\\d{1,9}$");
    const e6 = doc.paths["/DLKernOpenData/api/v1/haltes"].get;
    expect(e6.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(["query:geldigOp"]);
    expect(e6.responses["404"].content["application/json"].schema.required).toEqual(["statusCode", "message"]);
  });
});
