/**
 * Bad input gets a clear 4xx JSON error, never a 5xx or a stack trace: a table-driven property test over every
 * route of the generated OpenAPI documents (the core part's and the search part's), so that a new route is covered
 * as soon as it is registered.
 *
 * Each route first answers 200 to a request built from valid values. Then every path and query parameter in turn
 * takes each value of a hostile list while the others stay valid; every answer must be 200, 304, 400 or 404 with
 * a JSON body, and an error body must be exactly `{statusCode, message}` with a message that names no stack frame
 * or file and repeats no value whole. The same holds for query parameters absent, given twice or unknown, for
 * hostile headers, for requests without a valid key (exactly the 401) and for the methods the routes lack (404 or
 * 405). Everything runs through `app.inject()` on the demo network with the clock pinned.
 */
import { createHash } from "node:crypto";
import { appendFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { loadConfig } from "../../src/config/load-config.js";
import { findLine } from "../../src/network/lookup.js";
import type { Network } from "../../src/network/model.js";
import { DEMO_KEY_VALUES, line2, perron5, RUN_DAY } from "./support/demo-values.js";
import { TEST_KEY } from "./support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "./support/suite-network.js";

const CORE = "/DLKernOpenData";
const SEARCH = "/DLZoekOpenData";
const KEY = { "ocp-apim-subscription-key": TEST_KEY };
const UNAUTHORIZED = {
  statusCode: 401,
  message:
    "Access denied due to missing or invalid subscription key. Send a valid key in the Ocp-Apim-Subscription-Key header or the subscription-key query parameter.",
};

interface Parameter {
  name: string;
  in: "path" | "query";
}
interface Route {
  /** OpenAPI form, e.g. /DLKernOpenData/api/v1/lijnen/{entiteitnummer}/{lijnnummer} */
  path: string;
  params: Parameter[];
  /** false for the routes the document marks `security: []` (/health). */
  needsKey: boolean;
}

/** One request and what it stands for in a failure message. */
interface Probe {
  what: string;
  options: InjectOptions;
  /** The statuses this request may answer. */
  allowed: readonly number[];
  /** The exact body an error must have, when the test knows it. */
  body?: unknown;
}

// --- valid values: the request each hostile value is substituted into -----------------------------------------

/**
 * A value per parameter name that makes each route answer 200. A route with a parameter missing here fails the
 * "valid values" test, which asks for one.
 */
function validValues(net: Network): Record<string, string> {
  return {
    ...DEMO_KEY_VALUES,
    // "code" names a region below /vervoerregios and a colour below /kleuren: keyed by the segment before it.
    "vervoerregios/code": net.meta.regions[0].code,
    "kleuren/code": net.meta.colours[0].code,
    // "gtfsId" names a stop below /haltes/gtfs and a route below /lijnen/gtfs: keyed by the two segments before it.
    "haltes/gtfs/gtfsId": perron5,
    "lijnen/gtfs/gtfsId": net.strings.get(net.lines.gtfsId[findLine(net, line2.entity, line2.lijnnummer)!]),
    geldigOp: `${RUN_DAY}T08:00:00`,
    datum: RUN_DAY,
    startDatum: "2025-03-01T00:00:00",
    eindDatum: "2025-03-20T00:00:00",
    taalCode: "fr",
    radius: "500",
    maxAantalHaltes: "10",
    maxAantalDoorkomsten: "5",
    inclusiefLaatsteDoorkomst: "true",
    // E1: Leuven station to Heverlee, by bus or tram, within three transfers, on the schedule
    vertrekLatlng: "50.8798,4.7005",
    bestemmingLatlng: "50.8625,4.6855",
    aanvraagType: "INITIEEL",
    tijdstip: `${RUN_DAY}T08:00:00`,
    vertrekAankomst: "VERTREK",
    vervoersOptie: "BUS,TRAM",
    realtime: "false",
    rolstoel: "false",
    maxOverstappen: "3",
    // bereikbaarheid: 30 minutes from Leuven station over a 5-minute window, with the area
    minuten: "30",
    venster: "5",
    geojson: "true",
    // E7, E8, E9: a search with hits, near Leuven station, the second page of five
    zoekArgument: "leuven",
    huidigePositie: "50.8798,4.7005",
    startIndex: "5",
    maxAantalHits: "5",
  };
}

function validValue(valid: Record<string, string>, path: string, name: string): string | undefined {
  const before = path.split(`/{${name}}`)[0].split("/");
  return valid[`${before.slice(-2).join("/")}/${name}`] ?? valid[`${before.at(-1)}/${name}`] ?? valid[name];
}

// --- hostile values, written as they appear in a URL -------------------------------------------------------------

const repeatKeys = (n: number, key: string) => Array.from({ length: n }, () => key).join("_");

const HOSTILE_VALUES: ReadonlyArray<readonly [label: string, raw: string]> = [
  // empty-ish
  ["empty", ""],
  ["space", "%20"],
  ["tab", "%09"],
  ["plus", "+"],
  ["dot", "."],
  // numbers
  ["-1", "-1"],
  ["0", "0"],
  ["-0", "-0"],
  ["20 digits", "99999999999999999999"],
  ["2^31", "2147483648"],
  ["2^32", "4294967296"],
  ["9 digits", "999999999"],
  ["leading zeros, 9 digits", "000000003"],
  ["leading zeros, 10 digits", "0000000003"],
  ["1e5", "1e5"],
  ["1.5", "1.5"],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["0x10", "0x10"],
  // text and encoding
  ["abc", "abc"],
  ["NUL", "%00"],
  ["NUL after a number", "3%00"],
  ["malformed percent-encoding %ZZ", "%ZZ"],
  ["lone %", "%"],
  ["cut UTF-8 %C3", "%C3"],
  ["5,000 letters", "x".repeat(5000)],
  ["5,000 digits", "9".repeat(5000)],
  ["é", "%C3%A9"],
  ["emoji", "%F0%9F%9A%8C"],
  ["../", "../"],
  ["encoded ../", "..%2F"],
  ["encoded slash", "3%2F302"],
  ["quote and angle brackets", "%22%3Cscript%3E"],
  // key lists
  ["1_2_3", "1_2_3"],
  ["trailing _", "3_302_"],
  ["9-digit keys", "999999999_999999999"],
  ["100 times the same stop", repeatKeys(100, `3_${perron5}`)],
  ["101 stop keys", repeatKeys(101, `3_${perron5}`)],
  ["100 times the same line direction", repeatKeys(100, "3_302_HEEN")],
  ["101 line direction keys", repeatKeys(101, "3_302_HEEN")],
  ["101 municipality numbers", repeatKeys(101, "24062")],
  // dates
  ["2025-02-30", "2025-02-30"],
  ["2025-13-01", "2025-13-01"],
  ["9999-12-31", "9999-12-31"],
  ["0000-01-01", "0000-01-01"],
  ["2025-02-30T08:00:00", "2025-02-30T08:00:00"],
  ["24:00", "2025-03-12T24:00:00"],
  ["9999-12-31T23:59:59", "9999-12-31T23:59:59"],
  ["0000-01-01T00:00:00", "0000-01-01T00:00:00"],
  ["non-existent local time (spring forward)", "2025-03-30T02:30:00"],
  ["ambiguous local time (fall back)", "2025-10-26T02:30:00"],
  ["offset +14:00 on the last day of 2199", "2199-12-31T23:59:59%2B14:00"],
  ["offset -12:00 on the first day of 1900", "1900-01-01T00:00:00-12:00"],
  ["offset 99:99", "2025-03-12T08:00:00%2B99:99"],
  ["year 0050 with Z", "0050-06-01T08:00:00Z"],
  // positions
  ["latitude 91", "91,4.7"],
  ["latitude -91", "-91,4.7"],
  ["longitude 181", "50.8,181"],
  ["longitude -181", "50.8,-181"],
  ["999,999", "999,999"],
  ["pole", "90,180"],
  ["south-west corner of the world", "-90,-180"],
  ["null island", "0,0"],
  ["30 decimals", "50.879812345678901234567890123456,4.7"],
  ["spaces around", "%2050.8%20,%204.7%20"],
  ["NaN,NaN", "NaN,NaN"],
  // directions, booleans, codes
  ["HEEN with a space", "HEEN%20"],
  ["heen", "heen"],
  ["TERUG1", "TERUG1"],
  ["true", "true"],
  ["TRUE", "TRUE"],
  ["1", "1"],
  ["yes", "yes"],
  ["lower-case region lv", "lv"],
  ["language xx", "xx"],
  // search text: every one of these is text to a search (or a 400 for nothing but blanks), never a 500
  ["percent sign", "%25"],
  ["asterisk", "*"],
  ["single quote", "'"],
  ["backslash", "%5C"],
  ["regex specials", "(.*)%5B%5D%7B%7D%5E%24%7C%3F%2B"],
  ["201 letters", "x".repeat(201)],
  ["200 emoji", "%F0%9F%9A%8C".repeat(200)],
  ["combining accents only", "%CC%81%CC%81"],
  ["zero-width space", "%E2%80%8B"],
  ["lone surrogate (CESU-8)", "%ED%A0%80"],
  ["NUL between words", "a%00b"],
];

/** Header sets sent with each route's valid request (the key added). */
const HOSTILE_HEADERS: ReadonlyArray<readonly [label: string, headers: Record<string, string>]> = [
  ["Host with a space", { host: "a b" }],
  ["Host of 5,000 characters", { host: "x".repeat(5000) }],
  ["Host with é", { host: "é.example" }],
  ["Host with an open bracket", { host: "[::1" }],
  ["Host with a port of 8 digits", { host: "h:99999999" }],
  ["Accept-Encoding br with a broken q", { "accept-encoding": "br;q=abc" }],
  ["Accept-Encoding refusing identity", { "accept-encoding": "gzip;q=0, identity;q=0" }],
  ["Accept-Encoding unknown", { "accept-encoding": "zstd" }],
  ["If-None-Match *", { "if-none-match": "*" }],
  ["If-None-Match of 5,000 characters", { "if-none-match": "x".repeat(5000) }],
  ["Accept XML", { accept: "application/xml" }],
  ["If-Modified-Since garbage", { "if-modified-since": "garbage" }],
  ["Range", { range: "bytes=0-10" }],
];

// --- the checks ----------------------------------------------------------------------------------------------

/** Signs of a leaked stack trace, server path or raw exception, or of a message that says no more than the schema. */
const LEAKS: ReadonlyArray<readonly [string, RegExp]> = [
  ["a stack frame", /\n\s*at |\bat [^\s]+ \(|\bat .*\.(ts|js|mjs|cjs):\d+/],
  ["a file path", /\/(work|src|node_modules|home|usr|tmp)\/|file:\/\//],
  ["an exception name", /\b(TypeError|RangeError|SyntaxError|ReferenceError|URIError|Error:)/],
  ["a Fastify error code", /\bFST_[A-Z_]+/],
  // ajv's own words: the parameter has no hint saying what to give (addParamHint)
  ["a raw schema message", /\bmust (match pattern|match format|be (integer|number|string|boolean|array|object|equal)|be [<>]=|NOT have|have required)/],
];

/** The longest message we accept: the longest hint with a value cut to 64 characters fits easily. */
const MAX_MESSAGE_LENGTH = 400;

function decodedBody(res: LightMyRequestResponse): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(res.rawPayload).toString("utf8");
  if (encoding === "deflate") return inflateSync(res.rawPayload).toString("utf8");
  return res.body;
}

/** Everything wrong with one answer; empty when it keeps the contract. */
function problemsOf(res: LightMyRequestResponse, probe: Probe): string[] {
  const problems: string[] = [];
  if (!probe.allowed.includes(res.statusCode)) problems.push(`status ${res.statusCode}`);
  if (res.statusCode === 304 || probe.options.method === "HEAD") return problems;
  const type = String(res.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) problems.push(`content-type "${type}"`);
  const text = decodedBody(res);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`body is no JSON: ${text.slice(0, 120)}`);
    return problems;
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return problems;
  const keys = body !== null && typeof body === "object" ? Object.keys(body) : [];
  if (keys.join(",") !== "statusCode,message") problems.push(`error body has keys [${keys.join(",")}]`);
  const { statusCode, message } = body as { statusCode?: unknown; message?: unknown };
  if (statusCode !== res.statusCode) problems.push(`statusCode ${String(statusCode)} in a ${res.statusCode} answer`);
  if (typeof message !== "string" || message.trim() === "") problems.push("empty message");
  else {
    for (const [what, re] of LEAKS) if (re.test(message)) problems.push(`message holds ${what}`);
    if (message.length > MAX_MESSAGE_LENGTH) problems.push(`message of ${message.length} characters`);
  }
  if (probe.body !== undefined && JSON.stringify(body) !== JSON.stringify(probe.body)) problems.push(`body is not ${JSON.stringify(probe.body)}`);
  return problems;
}

interface Outcome {
  failures: string[];
  /** Status per probe, in order. */
  statuses: number[];
}

/**
 * ANSWERS_DUMP=<file>: every answer's request, status, content type and body hash appended to the file, to check
 * that a refactor changes no answer byte for byte (docs/CONTRIBUTING.md, "Refactors").
 */
function dump(options: InjectOptions, res: LightMyRequestResponse): void {
  const file = process.env.ANSWERS_DUMP;
  if (!file) return;
  const hash = createHash("sha256").update(res.rawPayload).digest("hex").slice(0, 16);
  appendFileSync(file, `${options.method ?? "GET"} ${String(options.url)} ${res.statusCode} ${res.headers["content-type"] ?? "-"} ${hash}\n`);
}

async function run(probes: readonly Probe[]): Promise<Outcome> {
  const failures: string[] = [];
  const statuses: number[] = [];
  for (const probe of probes) {
    const res = await app.inject(probe.options);
    dump(probe.options, res);
    statuses.push(res.statusCode);
    const problems = problemsOf(res, probe);
    if (problems.length > 0) {
      const url = String(probe.options.url);
      const shownUrl = url.length > 160 ? `${url.slice(0, 160)}…` : url;
      failures.push(`${probe.what}: ${problems.join("; ")} <- ${probe.options.method ?? "GET"} ${shownUrl} -> ${res.body.slice(0, 200)}`);
    }
  }
  return { failures, statuses };
}

// --- requests ------------------------------------------------------------------------------------------------

const ERROR_OR_OK = [200, 304, 400, 404] as const;

/**
 * The most hostile-value requests one run makes: the whole cross product is 282 parameters x 86 values, about
 * 24,300 requests (4 s on a 2-core machine). When new routes push it past this, each (route, parameter) keeps every n-th value, starting
 * at an offset derived from its name, so that every value still meets every parameter name on some route.
 */
const MAX_HOSTILE_REQUESTS = 40_000;

function urlOf(route: Route, path: Record<string, string>, query: ReadonlyArray<readonly [string, string]>): string {
  const p = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => path[name]);
  return query.length === 0 ? p : `${p}?${query.map(([k, v]) => `${k}=${v}`).join("&")}`;
}

function validRequest(route: Route) {
  const path: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  for (const p of route.params) {
    const v = validValue(valid, route.path, p.name);
    if (v === undefined) throw new Error(`no valid value for parameter ${p.name} of ${route.path}: add one to validValues`);
    if (p.in === "path") path[p.name] = v;
    else query.push([p.name, encodeURIComponent(v)]);
  }
  return { path, query, url: urlOf(route, path, query) };
}

/** A small stable hash, for the sampling offset. */
function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/** Every hostile value (or a deterministic share of them) in every parameter of every route, the others valid. */
function hostileProbes(): Array<Probe & { route: string; param: string }> {
  const total = routes.reduce((n, r) => n + r.params.length, 0) * HOSTILE_VALUES.length;
  const every = Math.ceil(total / MAX_HOSTILE_REQUESTS);
  const probes: Array<Probe & { route: string; param: string }> = [];
  for (const route of routes) {
    const base = validRequest(route);
    for (const p of route.params) {
      const offset = hashOf(`${route.path} ${p.name}`) % every;
      HOSTILE_VALUES.forEach(([label, raw], i) => {
        if (i % every !== offset) return;
        const path = p.in === "path" ? { ...base.path, [p.name]: raw } : base.path;
        const query = p.in === "query" ? base.query.map(([k, v]) => [k, k === p.name ? raw : v] as const) : base.query;
        probes.push({
          route: route.path,
          param: p.name,
          what: `${route.path} ${p.name}=${label}`,
          options: { url: urlOf(route, path, query), headers: KEY },
          allowed: ERROR_OR_OK,
        });
      });
    }
  }
  return probes;
}

/** Each query parameter absent, given twice (two values, the same value, empty and valid), and unknown ones. */
function queryShapeProbes(route: Route): Probe[] {
  const base = validRequest(route);
  const byUrl = (what: string, url: string): Probe => ({ what: `${route.path} ${what}`, options: { url, headers: KEY }, allowed: ERROR_OR_OK });
  const probe = (what: string, query: ReadonlyArray<readonly [string, string]>) => byUrl(what, urlOf(route, base.path, query));
  const probes: Probe[] = [
    probe("unknown query parameter", [...base.query, ["onbekend", "1"]]),
    probe("unknown query parameter given twice", [...base.query, ["x", "a"], ["x", "b"]]),
    probe("__proto__ and constructor as query parameters", [...base.query, ["__proto__", "x"], ["constructor", "y"]]),
    byUrl("a bare ? and &&", `${urlOf(route, base.path, [])}?&&${base.query.map(([k, v]) => `${k}=${v}`).join("&&")}`),
  ];
  for (const [name, value] of base.query) {
    probes.push(byUrl(`${name} without =`, urlOf(route, base.path, base.query.filter(([k]) => k !== name)) + `${base.query.length > 1 ? "&" : "?"}${name}`));
    probes.push(probe(`without ${name}`, base.query.filter(([k]) => k !== name)));
    probes.push(probe(`${name} twice, different`, [...base.query, [name, "a"]]));
    probes.push(probe(`${name} twice, the same`, [...base.query, [name, value]]));
    probes.push(probe(`${name} empty and valid`, [[name, ""], ...base.query]));
  }
  return probes;
}

let app: FastifyInstance;
let routes: Route[];
let valid: Record<string, string>;

beforeAll(async () => {
  const net = await suiteNetwork();
  const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" });
  app = await buildApp({ network: staticNetworkSource(net), config, clock: () => SUITE_NOW_MS });
  type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[]; security?: unknown[] }>> };
  const docOf = async (prefix: string) => {
    const res = await app.inject({ url: `${prefix}/openapi.json` });
    dump({ url: `${prefix}/openapi.json` }, res);
    return JSON.parse(res.body) as Doc;
  };
  const [core, search] = [await docOf(CORE), await docOf(SEARCH)];
  routes = [...Object.entries(core.paths), ...Object.entries(search.paths)].map(([path, ops]) => ({
    path,
    params: (ops.get?.parameters ?? []).filter((p) => p.in === "path" || p.in === "query").map(({ name, in: where }) => ({ name, in: where })),
    needsKey: ops.get?.security === undefined || ops.get.security.length > 0,
  }));
  valid = validValues(net);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("robustness over every route of the OpenAPI document", () => {
  it("routes - the documents list every route of both families of both parts, each with a GET", () => {
    const family = (prefix: string) => routes.filter((r) => r.path.startsWith(`${prefix}/`)).map((r) => r.path.slice(prefix.length));
    expect(family(`${CORE}/api/v1`).length).toBeGreaterThanOrEqual(45);
    expect(family(`${CORE}/v1/beta`)).toEqual(family(`${CORE}/api/v1`));
    // the map extension (docs/COMPATIBILITY.md W5-W9): covered like every other route, with the valid values of its parameters
    expect(family(`${CORE}/api/v1`)).toEqual(
      expect.arrayContaining(["/kaart", "/gemeenten/{gemeenteNummer}/geometrie", "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}/geometrie"]),
    );
    expect(family(`${SEARCH}/v1/beta`)).toEqual(["/zoek/haltes/{zoekArgument}", "/zoek/lijnrichtingen/{zoekArgument}", "/zoek/locaties/{zoekArgument}"]);
    expect(family(`${SEARCH}/v1`).filter((p) => !p.startsWith("/beta/"))).toEqual(family(`${SEARCH}/v1/beta`));
    expect(routes.filter((r) => !r.needsKey).map((r) => r.path)).toEqual(["/health", "/ready"]);
  });

  it("valid values - every route answers 200 JSON to its valid values (the base of every hostile request)", async () => {
    const probes = routes.map((route) => ({ what: `${route.path} valid`, options: { url: validRequest(route).url, headers: KEY }, allowed: [200] }));
    expect((await run(probes)).failures).toEqual([]);
  });

  it("hostile values - every path and query parameter: 200/304/400/404 JSON, errors exactly {statusCode, message}", async () => {
    const probes = hostileProbes();
    const planned = routes.reduce((n, r) => n + r.params.length, 0) * HOSTILE_VALUES.length;
    if (planned <= MAX_HOSTILE_REQUESTS) expect(probes.length).toBe(planned);
    else expect(probes.length).toBeLessThanOrEqual(MAX_HOSTILE_REQUESTS + routes.length);
    const { failures, statuses } = await run(probes);
    expect(failures).toEqual([]);
    // Every parameter refuses some hostile value: proof that the value reached it (and that it is checked).
    const refused = new Set(probes.filter((_p, i) => statuses[i] === 400).map((p) => `${p.route} ${p.param}`));
    const never = routes.flatMap((r) => r.params.map((p) => `${r.path} ${p.name}`)).filter((k) => !refused.has(k));
    expect(never).toEqual([]);
  });

  it("query shapes - absent, duplicated, empty and unknown query parameters", async () => {
    expect((await run(routes.flatMap(queryShapeProbes))).failures).toEqual([]);
  });

  it("headers - hostile Host, Accept-Encoding, If-None-Match and others: 200/304/400/404 JSON (decoded when compressed)", async () => {
    const probes = routes.flatMap((route) =>
      HOSTILE_HEADERS.map(([label, headers]) => ({
        what: `${route.path} ${label}`,
        options: { url: validRequest(route).url, headers: { ...KEY, ...headers } },
        allowed: ERROR_OR_OK,
      })),
    );
    expect((await run(probes)).failures).toEqual([]);
  });

  it("401 - without a key, with a wrong or empty key, also with hostile values: exactly the 401 body, before any validation", async () => {
    const probes: Probe[] = [];
    for (const route of routes.filter((r) => r.needsKey)) {
      const { url } = validRequest(route);
      const sep = url.includes("?") ? "&" : "?";
      const unauthorized = (what: string, options: InjectOptions): Probe => ({ what: `${route.path} ${what}`, options, allowed: [401], body: UNAUTHORIZED });
      probes.push(unauthorized("no key", { url }));
      probes.push(unauthorized("wrong key", { url, headers: { "ocp-apim-subscription-key": "wrong" } }));
      probes.push(unauthorized("empty key", { url, headers: { "ocp-apim-subscription-key": "" } }));
      probes.push(unauthorized("key of 5,000 characters", { url, headers: { "ocp-apim-subscription-key": "k".repeat(5000) } }));
      probes.push(unauthorized("wrong key in the query, the right one second", { url: `${url}${sep}subscription-key=wrong&subscription-key=${TEST_KEY}` }));
      probes.push(unauthorized("key in the query with malformed encoding", { url: `${url}${sep}subscription-key=%ZZ` }));
      const hostile = route.params.length > 0 ? urlOf(route, Object.fromEntries(route.params.map((p) => [p.name, "%00"])), []) : url;
      probes.push(unauthorized("no key and a hostile value", { url: hostile }));
    }
    for (const route of routes.filter((r) => !r.needsKey)) {
      probes.push({ what: `${route.path} needs no key`, options: { url: route.path }, allowed: [200] });
    }
    expect((await run(probes)).failures).toEqual([]);
  });

  it("methods - POST, PUT, DELETE and PATCH, with or without a body: 404/405 JSON {statusCode, message}; HEAD answers as GET without a body", async () => {
    const probes: Probe[] = [];
    for (const route of routes) {
      const { url } = validRequest(route);
      for (const method of ["POST", "PUT", "DELETE", "PATCH"] as const) {
        probes.push({ what: `${method} ${route.path}`, options: { method, url, headers: KEY }, allowed: [404, 405] });
        probes.push({
          what: `${method} ${route.path} with a broken JSON body`,
          options: { method, url, headers: { ...KEY, "content-type": "application/json" }, payload: "{{{" },
          allowed: [404, 405],
        });
      }
      probes.push({ what: `HEAD ${route.path}`, options: { method: "HEAD", url, headers: KEY }, allowed: [200] });
    }
    expect((await run(probes)).failures).toEqual([]);
  });

  it("unknown paths - 404 JSON naming the OpenAPI document, whatever the path holds", async () => {
    const paths = [
      "/nergens", // (not /, which serves the demo page)
      "/assets/nergens.js",
      `${CORE}/api/v1/bussen`,
      `${CORE}/api/v2/lijnen`,
      `${CORE}/api/v1/lijnen/3/302/extra/segments`,
      `${CORE}/api/v1/${"x".repeat(5000)}`,
      `${CORE}/api/v1/%ZZ/x/y/z/w`,
      `${CORE}/..%2F..%2Fetc%2Fpasswd`,
      `/%00`,
      `${CORE}/api/v1/lijnen/3/302/lijnrichtingen/HEEN/haltes/3/4/5`,
      `${SEARCH}/v1/zoek/bussen/leuven`,
      `${SEARCH}/v1/beta/zoek/haltes/leuven/extra`,
      `${SEARCH}/v2/zoek/haltes/leuven`,
      `${SEARCH}/zoek/haltes/leuven`,
    ];
    const probes = paths.map((url) => ({ what: `unknown ${url.slice(0, 60)}`, options: { url, headers: KEY }, allowed: [400, 404] }));
    expect((await run(probes)).failures).toEqual([]);
  });
});
