/**
 * One fuzzer request, fully given by the seed and its index (its own random stream, `${seed}/${index}`): so any
 * request of a run can be made again alone (`npm run bench:fuzz -- --seed S --only I`), whatever the concurrency.
 *
 * A request picks a route of the OpenAPI documents, fills each parameter with a valid value of the network
 * (api-pools.ts) or a hostile one (hostile-values.ts), leaves query parameters out, repeats them with conflicting
 * values, adds unknown ones and odd query syntax, sometimes mangles the path around the parameters, and sends the
 * subscription key in the header, in the query, wrongly or not at all. Valid values are the majority on purpose:
 * a hostile value behind a valid one reaches the deeper code (the query, not just the schema).
 */
import { createPrng, type Prng } from "../../src/demo/prng.js";
import type { ApiPools, PoolLine, PoolStop } from "../lib/api-pools.js";
import { type ByteString, hostileValue, percentEncoded, rawUtf8, type ValueKind } from "./hostile-values.js";

export interface RouteParameter {
  name: string;
  in: "path" | "query";
  schema: { type?: string; enum?: string[]; minimum?: number; maximum?: number };
}

export interface FuzzRoute {
  /** OpenAPI form: /DLKernOpenData/api/v1/lijnen/{entiteitnummer}/{lijnnummer} */
  path: string;
  params: RouteParameter[];
}

export interface FuzzRequest {
  index: number;
  route: string;
  /** The request target as sent (a byte string: one character per byte). */
  target: ByteString;
  /** Header lines after Host. */
  headers: Array<[string, string]>;
  /** The kinds of hostile values in it (empty: only valid values). */
  kinds: Array<ValueKind | "edge of the valid">;
  /** The target holds raw bytes a parser refuses: the request asks for its connection to be closed after it. */
  rawControl: boolean;
}

/** What each valid value of one request is drawn from, so that a line's entity goes with its number. */
interface Context {
  line: PoolLine;
  stop: PoolStop;
  direction: string;
}

function dayOffset(today: string, days: number): string {
  const t = Date.parse(`${today}T12:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A valid value for the parameter (URL-encoded), as a client that read the documentation would send. */
export function validValue(rng: Prng, pools: ApiPools, ctx: Context, routePath: string, p: RouteParameter): string {
  const before = routePath.split(`{${p.name}}`)[0];
  const coordinate = (s: PoolStop) => `${(s.lat + (rng.next() - 0.5) * 0.004).toFixed(6)},${(s.lon + (rng.next() - 0.5) * 0.004).toFixed(6)}`;
  const some = <T>(items: readonly T[], max: number, f: (t: T) => string) =>
    Array.from({ length: rng.int(1, max) }, () => f(rng.pick(items))).join("_");
  switch (p.name) {
    case "entiteitnummer":
      return before.endsWith("/lijnen/") ? ctx.line.entity : before.endsWith("/haltes/") ? ctx.stop.entity : rng.pick(pools.entities);
    case "lijnnummer":
      return ctx.line.line;
    case "haltenummer":
      return ctx.stop.stop;
    case "richting":
      return ctx.direction;
    case "ritnummer":
      return encodeURIComponent(rng.pick(pools.trips));
    case "gemeenteNummer":
      return rng.pick(pools.municipalities).number;
    case "gemeenteNummers":
      return some(pools.municipalities, 4, (m) => m.number);
    case "haltesleutels":
      return rng.chance(0.5) ? `${ctx.stop.entity}_${ctx.stop.stop}` : some(pools.stops, 5, (s) => `${s.entity}_${s.stop}`);
    case "lijnsleutels":
      return some(pools.lines, 5, (l) => `${l.entity}_${l.line}`);
    case "lijnrichtingsleutels":
      return some(pools.lines, 5, (l) => `${l.entity}_${l.line}_${rng.pick(["HEEN", "TERUG"])}`);
    case "latlng":
    case "vertrekLatlng":
    case "huidigePositie":
      return coordinate(ctx.stop);
    case "bestemmingLatlng":
      return coordinate(rng.pick(pools.stops));
    case "referentieOmleiding":
      return pools.diversions.length > 0 ? rng.pick(pools.diversions) : String(rng.int(1, 9999));
    case "code":
      return before.endsWith("/kleuren/") ? rng.pick(pools.colours) : rng.pick(pools.regions);
    case "gtfsId":
      return encodeURIComponent(before.endsWith("/lijnen/gtfs/") ? ctx.line.gtfsId : ctx.stop.gtfsId);
    case "geldigOp":
    case "tijdstip":
      return `${dayOffset(pools.today, rng.int(-3, 3))}T${String(rng.int(5, 22)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00`;
    case "datum":
      return dayOffset(pools.today, rng.int(-3, 3));
    case "startDatum":
      return `${dayOffset(pools.today, rng.int(-30, 0))}T00:00:00`;
    case "eindDatum":
      return `${dayOffset(pools.today, rng.int(0, 30))}T00:00:00`;
    case "taalCode":
      return rng.pick(["nl", "fr", "en", "de"]);
    case "vervoersOptie":
      return rng.pick(["BUS", "TRAM", "BUS,TRAM", "ALLE", "TREIN", "BUS,TRAM,METRO"]).replace(/,/g, "%2C");
    case "zoekArgument": {
      const word = rng.pick(pools.searchWords);
      return percentEncoded(rng.chance(0.3) ? word.slice(0, rng.int(1, word.length)) : word);
    }
  }
  const s = p.schema;
  if (s.enum) return rng.pick(s.enum);
  if (s.type === "boolean") return rng.pick(["true", "false"]);
  if (s.type === "integer") return String(rng.int(s.minimum ?? 0, Math.min(s.maximum ?? 100, (s.minimum ?? 0) + 200)));
  return "1";
}

/** The last Sunday of a month (DST changes in Europe: March and October). */
function lastSunday(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/**
 * A value the schema accepts but at an edge, where bugs live: the first and last day of the network's validity
 * and the days around them, the DST Sundays, midnight and the hour that does not exist or happens twice, the
 * schemas' smallest and largest numbers, coordinates far from any stop or equal at both ends, the longest key
 * lists, one-letter and 200-letter searches.
 */
export function edgeValue(rng: Prng, pools: ApiPools, ctx: Context, routePath: string, p: RouteParameter): string {
  const year = Number(pools.today.slice(0, 4)) + rng.int(-1, 1);
  const day = () =>
    rng.pick([pools.validFrom, pools.validTo, dayOffset(pools.validFrom, -1), dayOffset(pools.validTo, 1), lastSunday(year, 3), lastSunday(year, 10), dayOffset(lastSunday(year, 10), -1), pools.today, dayOffset(pools.today, 1)]);
  const time = () => rng.pick(["00:00:00", "23:59:59", "02:30:00", "03:00:00", "01:59:59", "12:00:00", "00:00"]);
  const far = () => rng.pick(["0,0", "-89.999,179.999", "89.999,-179.999", "51.5,2.5", "50.85,4.35", "90,180", `${ctx.stop.lat},${ctx.stop.lon}`]);
  const s = p.schema;
  switch (p.name) {
    case "geldigOp":
    case "tijdstip":
    case "startDatum":
    case "eindDatum":
      return rng.chance(0.2) ? day() : `${day()}T${time()}`;
    case "datum":
      return day();
    case "latlng":
    case "vertrekLatlng":
    case "bestemmingLatlng":
    case "huidigePositie":
      return far();
    case "haltesleutels":
      return Array.from({ length: rng.pick([50, 99, 100]) }, () => (rng.chance(0.5) ? `${ctx.stop.entity}_${ctx.stop.stop}` : `${rng.pick(pools.stops).entity}_${rng.pick(pools.stops).stop}`)).join("_");
    case "lijnsleutels":
      return Array.from({ length: rng.pick([50, 99, 100]) }, () => `${rng.pick(pools.lines).entity}_${rng.pick(pools.lines).line}`).join("_");
    case "lijnrichtingsleutels":
      return Array.from({ length: rng.pick([50, 99, 100]) }, () => `${ctx.line.entity}_${ctx.line.line}_${rng.pick(["HEEN", "TERUG"])}`).join("_");
    case "gemeenteNummers":
      return Array.from({ length: rng.pick([50, 100]) }, () => rng.pick(pools.municipalities).number).join("_");
    case "zoekArgument":
      return percentEncoded(rng.pick(["a", "1", "de", "station", "straat", "x".repeat(200), "leuven ".repeat(28).trim(), ctx.stop.stop, `${ctx.stop.name} ${ctx.stop.name}`]));
  }
  if (s.type === "integer") return String(rng.pick([s.minimum ?? 0, s.maximum ?? 2147483647, (s.maximum ?? 100) - 1, (s.minimum ?? 0) + 1]));
  return validValue(rng, pools, ctx, routePath, p);
}

/** Query syntax a client with a bug writes. */
const ODD_QUERY_PIECES: readonly string[] = [
  "",
  "&",
  "=",
  "a",
  "a=b=c",
  "%ZZ=1",
  "a%00=1",
  "a[]=1",
  "a[b]=1",
  "__proto__=x",
  "__proto__[x]=1",
  "constructor[prototype][x]=1",
  "hasOwnProperty=1",
  "toString=x",
  `x=${"y".repeat(3000)}`,
  ";a=1",
  "a=1;b=2",
];

/** Renders one request of the run. */
export function fuzzRequest(seed: number, index: number, routes: readonly FuzzRoute[], pools: ApiPools, key: string): FuzzRequest {
  const rng = createPrng(`${seed}/${index}`);
  const route = rng.pick(routes);
  const ctx: Context = { line: rng.pick(pools.lines), stop: rng.pick(pools.stops), direction: rng.pick(["HEEN", "TERUG"]) };
  const kinds: FuzzRequest["kinds"] = [];
  const hostile = (valid: string) => {
    const h = hostileValue(rng, valid);
    kinds.push(h.kind);
    return h.value;
  };
  /** Valid (most), at an edge of the valid, or hostile. */
  const anyValue = (p: RouteParameter, valid: string) => {
    const r = rng.next();
    if (r < 0.4) return valid;
    if (r < 0.55) {
      kinds.push("edge of the valid");
      return edgeValue(rng, pools, ctx, route.path, p);
    }
    return hostile(valid);
  };

  // the path: each parameter valid or hostile; sometimes a mangled shape around them
  let path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = route.params.find((q) => q.name === name && q.in === "path")!;
    return anyValue(p, validValue(rng, pools, ctx, route.path, p));
  });
  if (rng.chance(0.04)) {
    const shape = rng.int(0, 6);
    if (shape === 0) path += "/";
    else if (shape === 1) path = path.replace(/\/([^/]*)$/, "//$1");
    else if (shape === 2) path += `/${rng.pick(["extra", "..", ".", "%2e%2e", "x".repeat(300)])}`;
    else if (shape === 3) path = path.replace("/api/v1/", "/API/V1/").replace("/v1/beta/", "/V1/BETA/");
    else if (shape === 4) path = path.replace(/\/([^/]*)$/, "/./$1");
    else if (shape === 5) path = path.replace(/\/[^/]*\/([^/]*)$/, "/../$1");
    else path = path.replace(/\/([^/]*)$/, "%2F$1");
    kinds.push("random segment");
  }

  // the query: each parameter valid, left out, hostile, or repeated with a conflicting value
  const query: string[] = [];
  for (const p of route.params.filter((q) => q.in === "query")) {
    const valid = validValue(rng, pools, ctx, route.path, p);
    const r = rng.next();
    if (r < 0.3) query.push(`${p.name}=${valid}`);
    else if (r < 0.5) continue;
    else if (r < 0.88) query.push(`${p.name}=${anyValue(p, valid)}`);
    else {
      const other = rng.chance(0.5) ? validValue(rng, pools, ctx, route.path, p) : hostile(valid);
      query.push(`${p.name}=${valid}`, `${p.name}=${other}`);
    }
    if (rng.chance(0.03)) query.push(`${rng.pick([p.name.toUpperCase(), percentEncoded(p.name).replace(/^([a-z])/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`), `${p.name}%20`])}=${valid}`);
  }
  if (rng.chance(0.1)) query.push(`${rng.pick(["onbekend", "x", "callback", "format", "page", "limit"])}=${hostile("1")}`);
  if (rng.chance(0.06)) query.push(rng.pick(ODD_QUERY_PIECES));

  // the key
  const headers: Array<[string, string]> = [];
  const k = rng.next();
  if (k < 0.9) headers.push(["Ocp-Apim-Subscription-Key", key]);
  else if (k < 0.94) query.push(`subscription-key=${key}`);
  else if (k < 0.96) {
    // none
  } else if (k < 0.98) headers.push(["Ocp-Apim-Subscription-Key", rng.pick(["wrong", "", key.toUpperCase(), `${key} `, rawUtf8("é")])]);
  else {
    headers.push(["Ocp-Apim-Subscription-Key", key]);
    query.push("subscription-key=wrong");
  }
  const e = rng.next();
  if (e < 0.25) headers.push(["Accept-Encoding", "gzip"]);
  else if (e < 0.35) headers.push(["Accept-Encoding", "br"]);
  else if (e < 0.4) headers.push(["Accept-Encoding", "gzip, deflate, br"]);
  if (rng.chance(0.02)) headers.push(["X-Request-Id", hostile("abc")]);

  if (query.length > 0 || rng.chance(0.02)) {
    const q = rng.chance(0.3) ? [...query].sort(() => rng.next() - 0.5) : query;
    path += `?${q.join("&")}`;
  }
  if (rng.chance(0.01)) path += `#${randomFragment(rng)}`;
  // A CR or LF, or any byte below 0x21 or DEL, ends the request line or breaks it: the parser answers 400 and the
  // server closes the connection. Same for a header value holding one.
  const rawControl = /[\x00-\x20\x7f]/.test(path) || headers.some(([, v]) => /[\x00-\x1f\x7f]/.test(v));
  return { index, route: route.path, target: path, headers, kinds, rawControl };
}

function randomFragment(rng: Prng): string {
  return rng.pick(["top", "", "%ZZ", "a#b", "x".repeat(100)]);
}

/** The request's bytes: request line, Host, its headers, Connection: close after a raw control byte. */
export function requestBytes(request: FuzzRequest, port: number): Buffer {
  const lines = [`GET ${request.target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...request.headers.map(([n, v]) => `${n}: ${v}`)];
  if (request.rawControl) lines.push("Connection: close");
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
}
