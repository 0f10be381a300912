/**
 * The examples of the OpenAPI documents (src/api/docs/openapi.ts, docs/COMPATIBILITY.md W3): for every documented operation of both
 * documents, a real answer of the demo network to a request with real keys, as a client on the same machine as
 * `npm start` gets it (links to http://localhost:8080), with the suite's clock. Lists of objects longer than three
 * keep their first two items and their last; the snapshot's creation time is pinned, as it changes with each build.
 */
import type { FastifyInstance } from "fastify";
import { exampleKey } from "../../../src/api/docs/openapi.js";
import { KNOWN_DIVERSIONS } from "../../../src/demo/known-trips.js";
import type { AppConfig } from "../../../src/config/load-config.js";
import { findLine } from "../../../src/network/lookup.js";
import type { Network } from "../../../src/network/model.js";
import { DEMO_KEY_VALUES, line2, perron5, RUN_DAY } from "./demo-values.js";
import { TEST_KEY } from "./server.js";

/** The host the examples' links name: `npm start`'s default address. */
export const EXAMPLE_HOST = "localhost:8080";
/** What the examples show as the snapshot's creation time. */
export const EXAMPLE_CREATED_AT = "2026-03-10T06:00:00.000Z";

/** RUN_DAY (demo-values.ts) is also a day the Tiensepoort works divert line 4. */

export interface OpenApiOperation {
  /** OpenAPI path, e.g. /DLKernOpenData/api/v1/lijnen/{entiteitnummer}/{lijnnummer} */
  path: string;
  /** Names of its query parameters. */
  query: string[];
}

/** Every GET operation of a document. */
export function operationsOf(doc: { paths: Record<string, { get?: object }> }): OpenApiOperation[] {
  type Get = { parameters?: Array<{ name: string; in: string }> };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get)
    .map(([path, ops]) => ({ path, query: ((ops.get as Get).parameters ?? []).filter((p) => p.in === "query").map((p) => p.name) }));
}

/** The values of the examples' requests: line 2 of Leuven, its stops, Leuven, and a diversion or disruption where the path asks for one. */
function valuesFor(net: Network, key: string): Record<string, string> {
  const ld = (d: (typeof net.meta.diversions)[number]) => {
    const l = d.lineDirections[0];
    const entity = net.meta.entities[net.lines.entity[l >> 1]].number;
    return { entity, line: net.strings.get(net.lines.number[l >> 1]), richting: l % 2 === 0 ? "HEEN" : "TERUG" };
  };
  const values: Record<string, string> = {
    ...DEMO_KEY_VALUES,
    code: key.includes("/kleuren/") ? net.meta.colours[0].code : net.meta.regions[net.lines.region[findLine(net, line2.entity, line2.lijnnummer)!]].code,
    gtfsId: key.includes("/lijnen/") ? net.strings.get(net.lines.gtfsId[findLine(net, line2.entity, line2.lijnnummer)!]) : perron5,
    datum: RUN_DAY,
    maxAantalHaltes: "3",
    maxAantalDoorkomsten: "3",
    // E1: Leuven station to Heverlee, now (the suite's Tuesday 08:00)
    vertrekLatlng: "50.8798,4.7005",
    bestemmingLatlng: "50.8625,4.6855",
    zoekArgument: key.includes("/lijnrichtingen/") ? "heverlee" : "leuven station",
    maxAantalHits: "3",
  };
  // Diversions and disruptions: one that applies, on a day it applies, at a stop and on a line direction it involves.
  const kind = key.includes("/storingen") ? "storing" : key.includes("omleiding") ? "omleiding" : undefined;
  if (kind) {
    const d = kind === "omleiding" ? net.meta.diversions.find((x) => x.id === KNOWN_DIVERSIONS.tiensepoort)! : net.meta.diversions.find((x) => x.kind === "storing")!;
    const { entity, line, richting } = ld(d);
    const stop = d.stops.length > 0 ? net.strings.get(net.stops.number[d.stops[0]]) : perron5;
    const stopEntity = d.stops.length > 0 ? net.meta.entities[net.stops.entity[d.stops[0]]].number : line2.entity;
    const start = String(d.start);
    const day = kind === "omleiding" ? RUN_DAY : `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}`;
    Object.assign(values, {
      lijnnummer: line,
      richting,
      datum: day,
      haltesleutels: `${stopEntity}_${stop}`,
      lijnrichtingsleutels: `${entity}_${line}_${richting}`,
      startDatum: `${day}T00:00:00`,
      eindDatum: `${new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)}T00:00:00`,
    });
    if (key.includes("/lijnen/")) values.entiteitnummer = entity;
    else {
      values.entiteitnummer = stopEntity;
      values.haltenummer = stop;
    }
  }
  return values;
}

/** Lists of objects longer than three keep their first two items and their last; links stay whole. */
export function abridged(value: unknown, name = ""): unknown {
  if (Array.isArray(value)) {
    const cut = name !== "links" && value.length > 3 && value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v));
    return (cut ? [value[0], value[1], value.at(-1)] : value).map((v) => abridged(v));
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abridged(v, k)]));
  }
  return value;
}

/** The URL of an operation's example request. */
export function exampleRequest(net: Network, config: AppConfig, op: OpenApiOperation): string {
  const key = exampleKey(op.path, config);
  const values = valuesFor(net, key);
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`docs examples: no value for ${name} of ${op.path}: add one to valuesFor`);
    return encodeURIComponent(v);
  });
  const query = op.query.filter((q) => values[q] !== undefined && !(q === "datum" && !/dienstregelingen|rit|omleidingen|storingen/.test(op.path)));
  return query.length === 0 ? path : `${path}?${query.map((q) => `${q}=${encodeURIComponent(values[q])}`).join("&")}`;
}

/** Example key -> abridged 200 answer, for every operation of the documents, keys in document order. */
export async function collectExamples(app: FastifyInstance, net: Network, config: AppConfig, ops: readonly OpenApiOperation[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const op of ops) {
    const url = exampleRequest(net, config, op);
    const res = await app.inject({ url, headers: { host: EXAMPLE_HOST, "ocp-apim-subscription-key": TEST_KEY } });
    if (res.statusCode !== 200) throw new Error(`docs examples: ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const text = res.body.replaceAll(net.meta.createdAt, EXAMPLE_CREATED_AT);
    out[exampleKey(op.path, config)] = abridged(JSON.parse(text));
  }
  return out;
}

/** The file's text: one example a line, so that a change of one answer is a change of one line. */
export function formatExamples(examples: Record<string, unknown>): string {
  return `{\n${Object.entries(examples)
    .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
    .join(",\n")}\n}\n`;
}
