/**
 * 401, 400 and 404 (docs/COMPATIBILITY.md H1): JSON {statusCode, message}, a message that says what to fix,
 * never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, startServer, TEST_KEY, type TestServer } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

let server: TestServer;
const V1 = "/DLKernOpenData/api/v1";
const BETA = "/DLKernOpenData/v1/beta";

beforeAll(async () => {
  server = await startServer(await suiteNetwork(), {}, () => SUITE_NOW_MS);
});
afterAll(async () => {
  await server?.close();
});

async function expectError(path: string, status: number, message: string | RegExp, headers?: Record<string, string>) {
  const res = await get(`${server.origin}${path}`, headers);
  expect(res.status, `${path}: ${res.text}`).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(["statusCode", "message"]);
  expect(res.body.statusCode).toBe(status);
  if (typeof message === "string") expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return res.body.message as string;
}

const UNAUTHORIZED =
  "Access denied due to missing or invalid subscription key. Send a valid key in the Ocp-Apim-Subscription-Key header or the subscription-key query parameter.";

describe("401: subscription keys", () => {
  it("401 - no key, in both families", async () => {
    for (const prefix of [V1, BETA]) {
      const res = await fetch(`${server.origin}${prefix}/lijnen/3/302`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ statusCode: 401, message: UNAUTHORIZED });
    }
  });

  it("401 - an unknown key, in the header or the query", async () => {
    await expectError(`${V1}/entiteiten`, 401, UNAUTHORIZED, { "Ocp-Apim-Subscription-Key": "wrong" });
    const res = await fetch(`${server.origin}${V1}/entiteiten?subscription-key=wrong`);
    expect(res.status).toBe(401);
  });

  it("401 - the demo key does not work once keys are configured", async () => {
    const res = await fetch(`${server.origin}${V1}/entiteiten`, { headers: { "Ocp-Apim-Subscription-Key": "demo" } });
    expect(res.status).toBe(401);
  });

  it("keys - a valid key works in the header and in the query parameter", async () => {
    expect((await fetch(`${server.origin}${V1}/entiteiten`, { headers: { "Ocp-Apim-Subscription-Key": TEST_KEY } })).status).toBe(200);
    expect((await fetch(`${server.origin}${V1}/entiteiten?subscription-key=${TEST_KEY}`)).status).toBe(200);
  });

  it("keys - /health and the OpenAPI document need no key", async () => {
    expect((await fetch(`${server.origin}/health`)).status).toBe(200);
    expect((await fetch(`${server.origin}/DLKernOpenData/openapi.json`)).status).toBe(200);
  });

  it("keys - with no key configured the key 'demo' works, and the startup log says so", async () => {
    const lines: string[] = [];
    const { buildApp } = await import("../../../src/api/app.js");
    const { staticNetworkSource } = await import("../../../src/api/shared/network-source.js");
    const { loadConfig } = await import("../../../src/config/load-config.js");
    const config = loadConfig({ LOG_LEVEL: "warn" });
    const app = await buildApp({ network: staticNetworkSource(await suiteNetwork()), config, logStream: { write: (l: string) => lines.push(l) } });
    const res = await app.inject({ url: `${V1}/entiteiten`, headers: { "ocp-apim-subscription-key": "demo" } });
    expect(res.statusCode).toBe(200);
    expect(lines.map((l) => JSON.parse(l).msg)).toContain("no API keys configured: the key 'demo' works (set API_KEYS or API_KEYS_FILE)");
    await app.close();
  });
});

describe("400: malformed values", () => {
  it("400 - a non-numeric entity", async () => {
    await expectError(`${V1}/lijnen/A/302`, 400, 'entiteitnummer "A" is invalid: give the entity number, a whole number such as 3');
    await expectError(`${BETA}/entiteiten/vlaams-brabant`, 400, /^entiteitnummer "vlaams-brabant" is invalid/);
  });

  it("400 - a geldigOp that is no date-time", async () => {
    await expectError(
      `${V1}/lijnen?geldigOp=morgen`,
      400,
      'geldigOp "morgen" is invalid: give a date-time yyyy-MM-ddTHH:mm:ss in the network\'s time zone, e.g. 2024-03-10T08:00:00',
    );
    await expectError(`${V1}/haltes?geldigOp=2024-02-30T08:00:00`, 400, /^geldigOp "2024-02-30T08:00:00" is no date-time: give/);
  });

  it("400 - a date before 1900 or after 2199 (geldigOp, datum, startDatum), not an empty list or \"0-01-01\" in the message", async () => {
    await expectError(`${V1}/lijnen?geldigOp=9999-12-31`, 400, 'geldigOp "9999-12-31" lies outside the years 1900 to 2199: give a date-time yyyy-MM-ddTHH:mm:ss in the network\'s time zone, e.g. 2024-03-10T08:00:00');
    await expectError(`${BETA}/haltes/3/303130/dienstregelingen?datum=0000-01-01`, 400, 'datum "0000-01-01" lies outside the years 1900 to 2199: give a date yyyy-MM-dd, e.g. 2024-03-10');
    await expectError(`${V1}/omleidingen?startDatum=0050-06-01T00:00:00Z`, 400, /^startDatum "0050-06-01T00:00:00Z" lies outside the years 1900 to 2199/);
  });

  it("400 - a referentieOmleiding that is no number says what to give, not 'must match pattern \"^\\d{1,10}$\"'", async () => {
    await expectError(
      `${V1}/omleidingen/abc`,
      400,
      'referentieOmleiding "abc" is invalid: give the diversion\'s reference number (referentieOmleiding), a whole number such as 873901',
    );
  });

  it("400 - a direction other than HEEN or TERUG", async () => {
    await expectError(`${V1}/lijnen/3/302/lijnrichtingen/RETOUR`, 400, 'richting "RETOUR" is invalid: give HEEN or TERUG');
    await expectError(`${BETA}/lijnen/3/302/lijnrichtingen/heen/haltes`, 400, /give HEEN or TERUG/);
  });

  it("400 - a list key of the wrong form", async () => {
    await expectError(
      `${V1}/haltes/lijst/3_300483_3`,
      400,
      'haltesleutels "3_300483_3" is invalid: give stop keys entiteitnummer_haltenummer joined with _, e.g. 3_300483_3_300484',
    );
    await expectError(`${V1}/lijnen/lijst/3-302/lijnrichtingen`, 400, /^lijnsleutels "3-302" is invalid: give line keys/);
    await expectError(`${BETA}/gemeenten/lijst/24062,24038/haltes`, 400, /^gemeenteNummers "24062,24038" is invalid/);
  });

  it("400 - more than 100 keys in a list", async () => {
    const keys = Array.from({ length: 101 }, () => "3_302").join("_");
    await expectError(`${V1}/lijnen/lijst/${keys}`, 400, "lijnsleutels holds 101 keys, at most 100 are allowed: split the request");
    const stops = Array.from({ length: 101 }, () => "3_300483").join("_");
    await expectError(`${BETA}/haltes/lijst/${stops}/lijnrichtingen`, 400, /^haltesleutels holds 101 keys/);
  });

  it("400 - a latitude out of range, a malformed position, a radius out of range", async () => {
    await expectError(`${V1}/haltes/indebuurt/91.5,4.7`, 400, 'latlng "91.5,4.7": latitude 91.5 is out of range, it must lie from -90 to 90');
    await expectError(`${V1}/haltes/indebuurt/leuven`, 400, /^latlng "leuven" is invalid: give <latitude>,<longitude>/);
    await expectError(`${V1}/haltes/indebuurt/50.8,4.7?radius=-5`, 400, /^radius "-5" is invalid: give the radius in metres/);
    await expectError(`${V1}/haltes/indebuurt/50.8,4.7?maxAantalHaltes=500`, 400, /^maxAantalHaltes "500" is invalid: give a whole number from 1 to 50/);
  });
});

describe("400: values the router rejects before any route runs", () => {
  it("400 - malformed percent-encoding in the path (%ZZ, a lone %, a cut UTF-8 byte) is {statusCode, message}, not Fastify's FST_ERR_BAD_URL body", async () => {
    for (const bad of ["%ZZ", "%", "%C3"]) {
      await expectError(
        `${V1}/lijnen/3/${bad}`,
        400,
        `The path "${V1}/lijnen/3/${bad}" holds malformed percent-encoding: write % as %25 and encode other characters as UTF-8 bytes, e.g. %C3%A9 for é`,
      );
    }
    await expectError(`${BETA}/haltes/lijst/%ZZ/real-time?maxAantalDoorkomsten=5`, 400, /^The path "\/DLKernOpenData\/v1\/beta\/haltes\/lijst\/%ZZ\/real-time" holds/);
  });

  it("400 - a path parameter over 2,048 characters is 400 {statusCode, message}, not Fastify's 414 FST_ERR_MAX_PARAM_LENGTH body", async () => {
    await expectError(
      `${V1}/lijnen/3/${"9".repeat(5000)}`,
      400,
      `A path segment of 5000 characters is too long, at most 2048 are allowed: "${"9".repeat(64)}…" (5000 characters); split a long key list into requests of at most 100 keys`,
    );
  });
});

describe("400: query values in the form the client sent them", () => {
  it("400 - maxAantalDoorkomsten=Infinity or a 400-digit number is a 400, not every passage of the day (ajv coerced it to Infinity and skips maximum on it)", async () => {
    await expectError(`${V1}/haltes/3/303130/real-time?maxAantalDoorkomsten=Infinity`, 400, 'maxAantalDoorkomsten "Infinity" is invalid: give a whole number from 1 to 100');
    await expectError(`${BETA}/haltes/lijst/3_303130/real-time?maxAantalDoorkomsten=${"9".repeat(400)}`, 400, /^maxAantalDoorkomsten "9{64}…" \(400 characters\) is invalid/);
    await expectError(`${V1}/haltes/indebuurt/50.8798,4.7005?radius=Infinity`, 400, /^radius "Infinity" is invalid: give the radius in metres/);
    await expectError(`${V1}/haltes/indebuurt/50.8798,4.7005?maxAantalHaltes=-Infinity`, 400, 'maxAantalHaltes "-Infinity" is invalid: give a whole number from 1 to 50');
  });

  it("400 - radius=0x10, 1e1 or a blank is a 400 naming the value sent, not 16, 10 or 0", async () => {
    await expectError(`${V1}/haltes/indebuurt/50.8798,4.7005?radius=0x10`, 400, 'radius "0x10" is invalid: give the radius in metres, a whole number from 1 to 10000');
    await expectError(`${V1}/haltes/indebuurt/50.8798,4.7005?radius=1e1`, 400, /^radius "1e1" is invalid/);
    await expectError(`${V1}/haltes/indebuurt/50.8798,4.7005?radius=%20`, 400, /^radius " " is invalid/);
    const ok = await get(`${server.origin}${V1}/haltes/indebuurt/50.8798,4.7005?radius=0500&maxAantalHaltes=3`);
    expect([ok.status, ok.body.haltes.length]).toEqual([200, 3]);
  });

  it("400 - a query parameter given twice says so, not that the values joined with a comma are invalid", async () => {
    await expectError(
      `${V1}/haltes/3/303130/dienstregelingen?datum=2025-03-12&datum=2025-03-12`,
      400,
      'query parameter datum is given 2 times ("2025-03-12", "2025-03-12"): give it once',
    );
    await expectError(`${BETA}/lijnen?geldigOp=&geldigOp=2025-03-12T08:00:00`, 400, 'query parameter geldigOp is given 2 times ("", "2025-03-12T08:00:00"): give it once');
    await expectError(`${V1}/haltes/3/303130/real-time?maxAantalDoorkomsten=1&maxAantalDoorkomsten=2&maxAantalDoorkomsten=3&maxAantalDoorkomsten=4`, 400, 'query parameter maxAantalDoorkomsten is given 4 times ("1", "2", "3", …): give it once');
  });
});

describe("400 and 404: long values", () => {
  it("400 - a 5,000-character value is repeated cut to 64 characters, not whole (schema, parser and 404 messages)", async () => {
    const long = "x".repeat(5000);
    const shown = `"${"x".repeat(64)}…" (5000 characters)`;
    await expectError(`${V1}/lijnen?geldigOp=${long}`, 400, `geldigOp ${shown} is invalid: give a date-time yyyy-MM-ddTHH:mm:ss in the network's time zone, e.g. 2024-03-10T08:00:00`);
    await expectError(`${V1}/lijnen/3/302?${"a".repeat(10)}=1&geldigOp=${"1".repeat(3000)}`, 400, /^geldigOp "1{64}…" \(3000 characters\) is invalid/);
    await expectError(`${V1}/omleidingen/873901?taalCode=${long}`, 400, `taalCode ${shown} is not supported: give nl, fr, en or de (or NEDERLANDS, FRANS, ENGELS, DUITS)`);
    const path = `${V1}/${long}`;
    await expectError(
      path,
      404,
      `Resource not found: GET ${path.slice(0, 200)}… (${path.length} characters): no such endpoint; the endpoints are listed in /DLKernOpenData/openapi.json`,
    );
  });
});

describe("404: unknown things", () => {
  it("404 - an unknown line, stop, entity, municipality, region, colour or direction", async () => {
    await expectError(`${V1}/lijnen/3/999`, 404, /^Line 999 of entity 3 does not exist: check the entity and line number/);
    await expectError(`${BETA}/lijnen/3/999`, 404, /^Line 999 of entity 3 does not exist/);
    await expectError(`${V1}/haltes/3/399999`, 404, /^Stop 399999 of entity 3 does not exist/);
    await expectError(`${V1}/entiteiten/9`, 404, /^Entity 9 does not exist: the entities are listed at \/entiteiten/);
    await expectError(`${V1}/gemeenten/1866/lijnen`, 404, /^Municipality 1866 does not exist: municipality numbers are NIS codes/);
    await expectError(`${BETA}/vervoerregios/ZZ/lijnen`, 404, /^Transport region ZZ does not exist/);
    await expectError(`${BETA}/kleuren/ZZ`, 404, /^Colour ZZ does not exist/);
    await expectError(`${V1}/lijnen/lijst/3_302_3_999`, 404, /^Line 999 of entity 3 does not exist/);
  });

  it("405 - POST/PUT/DELETE/PATCH with a broken JSON body, or one over 1 MB, is the 405 of a method the path lacks, with Allow, not a 400 or 413 from parsing the body", async () => {
    const message = (method: string) => `Method ${method} is not allowed on ${V1}/lijnen/3/302: it answers GET, HEAD and OPTIONS`;
    const json = { "Ocp-Apim-Subscription-Key": TEST_KEY, "Content-Type": "application/json" };
    for (const [method, body] of [["POST", "{{{"], ["PUT", "x".repeat(2_000_000)], ["DELETE", '{"__proto__": {"a": 1}}'], ["PATCH", "<a/>"]]) {
      const res = await fetch(`${server.origin}${V1}/lijnen/3/302`, { method, headers: json, body });
      expect([res.status, res.headers.get("allow"), await res.json()], method).toEqual([
        405,
        "GET, HEAD, OPTIONS",
        { statusCode: 405, message: message(method) },
      ]);
    }
    // The connection survives a body nobody read: the next request on it is answered.
    expect((await get(`${server.origin}${V1}/lijnen/3/302`)).status).toBe(200);
  });

  it("404 - POST to a path no route has is the 404 of an unknown path, not a 405", async () => {
    const res = await fetch(`${server.origin}${V1}/bussen`, { method: "POST", body: "{}" });
    expect([res.status, res.headers.get("allow"), await res.json()]).toEqual([
      404,
      null,
      { statusCode: 404, message: `Resource not found: POST ${V1}/bussen: no such endpoint; the endpoints are listed in /DLKernOpenData/openapi.json` },
    ]);
  });

  it("404 - an unknown path, with or without a key, names the OpenAPI document", async () => {
    const message = "Resource not found: GET /DLKernOpenData/api/v1/bussen: no such endpoint; the endpoints are listed in /DLKernOpenData/openapi.json";
    await expectError(`${V1}/bussen`, 404, message);
    const res = await fetch(`${server.origin}${V1}/bussen?subscription-key=x`);
    expect(res.status).toBe(404);
    // (/ itself serves the demo page)
    await expectError("/nergens", 404, /^Resource not found: GET \/nergens/);
  });
});
