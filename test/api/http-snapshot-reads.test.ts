import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import type { NetworkSource } from "../../src/api/shared/network-source.js";
import type { RealtimeSource } from "../../src/api/shared/realtime-source.js";
import { KNOWN_DIVERSIONS, KNOWN_TRIPS } from "../../src/demo/known-trips.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Network } from "../../src/network/model.js";
import { TEST_KEY } from "./support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "./support/suite-network.js";

/**
 * Hot swap (docs/COMPATIBILITY.md O17): an answer never mixes two snapshots because a request reads the network once, at its start,
 * and the real-time state only for that network. Checked on every route of both OpenAPI documents with a source
 * that counts its reads and a real-time source that checks which network it is asked for.
 */

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const perron5 = line2.passages[1].stopId;
const RUN_DAY = line2.runsOn[0];

/** A value per path parameter that names something of the demo network (as the robustness test's). */
function pathValues(net: Network): Record<string, string> {
  return {
    entiteitnummer: line2.entity,
    lijnnummer: line2.lijnnummer,
    haltenummer: perron5,
    richting: "HEEN",
    ritnummer: line2.ritnummer,
    gemeenteNummer: "24062",
    gemeenteNummers: "24062_24009",
    haltesleutels: `${line2.entity}_${perron5}`,
    lijnsleutels: `${line2.entity}_${line2.lijnnummer}`,
    lijnrichtingsleutels: `${line2.entity}_${line2.lijnnummer}_HEEN`,
    latlng: "50.8798,4.7005",
    vertrekLatlng: "50.8798,4.7005",
    bestemmingLatlng: "50.8625,4.6855",
    referentieOmleiding: String(KNOWN_DIVERSIONS.tiensepoort),
    code: net.meta.regions[0].code,
    gtfsId: perron5,
    zoekArgument: "leuven",
  };
}

let app: FastifyInstance;
let urls: string[];
let reads = 0;
let wrongNetwork = 0;
let net: Network;

beforeAll(async () => {
  net = await suiteNetwork();
  // A copy of the network object: a real-time source asked about any other network than the one read is a mix.
  const source: NetworkSource = {
    current: () => {
      reads++;
      return net;
    },
  };
  const realtime: RealtimeSource = {
    current: (asked) => {
      if (asked !== net) wrongNetwork++;
      return undefined;
    },
  };
  app = await buildApp({ network: source, config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" }), realtime, clock: () => SUITE_NOW_MS });
  type Doc = { paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; required?: boolean }> } }> };
  const docOf = async (prefix: string) => JSON.parse((await app.inject({ url: `${prefix}/openapi.json` })).body) as Doc;
  const values = pathValues(net);
  urls = [];
  for (const doc of [await docOf("/DLKernOpenData"), await docOf("/DLZoekOpenData")]) {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const required = (ops.get?.parameters ?? []).filter((p) => p.in === "query" && p.required).map((p) => `${p.name}=${RUN_DAY}`);
      const filled = path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? "1");
      urls.push(required.length ? `${filled}?${required.join("&")}` : filled);
    }
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("a request reads one network", () => {
  it("snapshot reads - every route reads the network at most once per request, and once when it answers 200; real-time only for that network", async () => {
    expect(urls.length).toBeGreaterThan(90);
    const answered: string[] = [];
    const twice: string[] = [];
    for (const url of urls) {
      reads = 0;
      const res = await app.inject({ url, headers: { "ocp-apim-subscription-key": TEST_KEY } });
      if (reads > 1) twice.push(`${url}: ${reads} reads`);
      if (res.statusCode === 200) {
        answered.push(url);
        // /openapi.json documents do not depend on the network.
        if (reads !== 1 && !url.endsWith("/openapi.json")) twice.push(`${url}: 200 after ${reads} reads`);
      }
    }
    expect(twice).toEqual([]);
    expect(wrongNetwork).toBe(0);
    // Most routes answered 200 with these values, so that the check covers their handlers.
    expect(answered.length).toBeGreaterThan(urls.length * 0.8);
  });
});
