import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import compress from "@fastify/compress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { type CompressedAnswersStats, compressedAnswersPlugin, MIN_BYTES } from "../../../src/api/http/compressed-answers.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { KNOWN_TRIPS } from "../../../src/demo/known-trips.js";
import { loadConfig } from "../../../src/config/load-config.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

/** E5 with gzip (docs/COMPATIBILITY.md O20): large answers asked again go out in the encoding kept, only while they are the same. */

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const E5 = `/DLKernOpenData/v1/beta/haltes/${line2.entity}_${line2.passages[0].stopId}_${line2.entity}_${line2.passages[1].stopId}_${line2.entity}_${line2.passages[2].stopId}/dienstregelingen?datum=${line2.runsOn[0]}`;
const KEY = { "ocp-apim-subscription-key": TEST_KEY };

describe("compressed answers on the app", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ network: staticNetworkSource(await suiteNetwork()), config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" }), clock: () => SUITE_NOW_MS });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("compressed answers - E5 in gzip and brotli decodes to the identity answer, asked once or again, for each Host its own links", async () => {
    const identity = await app.inject({ url: E5, headers: KEY });
    expect(identity.statusCode).toBe(200);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.rawPayload.byteLength).toBeGreaterThan(MIN_BYTES);
    for (let i = 0; i < 3; i++) {
      const gz = await app.inject({ url: E5, headers: { ...KEY, "accept-encoding": "gzip" } });
      expect([gz.statusCode, gz.headers["content-encoding"], gz.headers.vary]).toEqual([200, "gzip", "Accept-Encoding"]);
      expect(Number(gz.headers["content-length"])).toBe(gz.rawPayload.byteLength);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
      const br = await app.inject({ url: E5, headers: { ...KEY, "accept-encoding": "gzip, deflate, br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    }
    const other = await app.inject({ url: E5, headers: { ...KEY, host: "other.example", "accept-encoding": "gzip" } });
    const otherBody = gunzipSync(other.rawPayload).toString();
    expect(otherBody).toContain("http://other.example/");
    expect(otherBody).not.toBe(identity.body);
    const back = await app.inject({ url: E5, headers: { ...KEY, "accept-encoding": "gzip" } });
    expect(gunzipSync(back.rawPayload).toString()).toBe(identity.body);
  });
});

describe("compressed answers alone", () => {
  it("compressed answers - kept from the second ask on while the answer is the same, made again when it changes; small, non-200, non-JSON and identity answers are left alone", async () => {
    const stats: CompressedAnswersStats = { hits: 0, misses: 0, keptBytes: 0 };
    const app = Fastify();
    await app.register(compressedAnswersPlugin, { stats });
    await app.register(compress, { global: true, threshold: 1024 });
    let version = 1;
    const big = () => JSON.stringify({ version, rows: Array.from({ length: 3000 }, (_, i) => ({ i, name: `row ${i}` })) });
    app.get("/big", async (_req, reply) => reply.type("application/json; charset=utf-8").send(big()));
    app.get("/small", async () => ({ ok: true }));
    app.get("/missing", async (_req, reply) => reply.code(404).type("application/json").send(big()));
    app.get("/text", async (_req, reply) => reply.type("text/plain").send(big()));
    const gz = { "accept-encoding": "gzip" };
    const read = async (url: string, headers: Record<string, string> = gz) => {
      const res = await app.inject({ url, headers });
      return { res, text: res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload).toString() : res.body };
    };
    // Asked once: compressed and sent, not kept (a URL asked once may never come again); asked again: kept.
    expect((await read("/big")).text).toBe(big());
    expect([stats.misses, stats.hits, stats.keptBytes]).toEqual([1, 0, 0]);
    expect((await read("/big")).text).toBe(big());
    expect([stats.misses, stats.hits]).toEqual([2, 0]);
    expect(stats.keptBytes).toBeGreaterThan(big().length);
    expect((await read("/big")).text).toBe(big());
    expect([stats.misses, stats.hits]).toEqual([2, 1]);
    version = 2;
    expect((await read("/big")).text).toBe(big());
    expect([stats.misses, stats.hits]).toEqual([3, 1]);
    expect(stats.keptBytes).toBeGreaterThan(big().length);
    expect((await read("/big")).text).toBe(big());
    expect([stats.misses, stats.hits]).toEqual([3, 2]);
    for (const url of ["/small", "/missing", "/text"]) await read(url);
    const identity = await read("/big", {});
    expect([identity.res.headers["content-encoding"], identity.text]).toEqual([undefined, big()]);
    expect([stats.misses, stats.hits]).toEqual([3, 2]);
    await app.close();
  });
});
