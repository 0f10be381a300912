/**
 * E6, all stops: one body per family and day, gzip or brotli by Accept-Encoding, an ETag per encoding and 304 on
 * If-None-Match; the body follows the network that the source currently serves.
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allStopsBody } from "../../../../src/api/core/haltes/all-stops-body.js";
import { buildApp } from "../../../../src/api/app.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import type { Network } from "../../../../src/network/model.js";
import { allStopsValidOn } from "../../../../src/network/queries/stops-valid-on.js";
import { smallNetwork } from "../../../network/queries/small-network.js";
import { startServer, TEST_KEY, type TestServer } from "../../support/server.js";
import { SUITE_DAY, SUITE_NOW_MS, suiteNetwork } from "../../support/suite-network.js";

let server: TestServer;
let net: Network;
const E6 = "/DLKernOpenData/api/v1/haltes";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.origin}${path}`, { headers: { "ocp-apim-subscription-key": TEST_KEY, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  net = await suiteNetwork();
  server = await startServer(net, {}, () => SUITE_NOW_MS);
});
afterAll(async () => {
  await server?.close();
});

describe("E6 all stops", () => {
  it("E6 - without Accept-Encoding: plain JSON of every stop valid today, an ETag, Vary", async () => {
    const res = await raw(E6);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const body = JSON.parse(res.body.toString("utf8"));
    expect(body.haltes).toHaveLength(allStopsValidOn(net, SUITE_DAY).length);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
  });

  it("E6 - gzip and brotli, chosen by Accept-Encoding, decode to the same JSON", async () => {
    const plain = await raw(E6);
    const gz = await raw(E6, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gz"`);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);
    const br = await raw(E6, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const preferGzip = await raw(E6, { "accept-encoding": "br;q=0.1, gzip;q=0.9" });
    expect(preferGzip.headers["content-encoding"]).toBe("gzip");
  });

  it("E6 - If-None-Match with the ETag answers 304 without a body; another ETag gets the body", async () => {
    const first = await raw(E6, { "accept-encoding": "gzip" });
    const again = await raw(E6, { "accept-encoding": "gzip", "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await raw(E6, { "accept-encoding": "gzip", "if-none-match": '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
  });

  it("E6 - each family and each day has its own body; the same day reuses the built one", async () => {
    const v1 = await raw(E6);
    const beta = await raw("/DLKernOpenData/v1/beta/haltes");
    expect(beta.headers.etag).not.toBe(v1.headers.etag);
    expect(beta.body.toString()).toContain("/DLKernOpenData/v1/beta/haltes/");
    const origin = server.origin;
    const a = allStopsBody(net, { origin, base: `${origin}/x`, date: SUITE_DAY });
    const b = allStopsBody(net, { origin, base: `${origin}/x`, date: SUITE_DAY });
    expect(b).toBe(a);
    expect(allStopsBody(net, { origin, base: `${origin}/x`, date: SUITE_DAY + 1 })).not.toBe(a);
  });

  it("E6 - geldigOp picks the day: stops of lines valid that day only", async () => {
    const later = await raw(`${E6}?geldigOp=2031-01-01T08:00:00`);
    expect(later.status).toBe(200);
    expect(JSON.parse(later.body.toString()).haltes).toHaveLength(allStopsValidOn(net, 20310101).length);
  });

  it("E6 - the body follows a swapped network (NetworkSource.current per request)", async () => {
    const small = await smallNetwork();
    let current = net;
    const app = await buildApp({
      network: { current: () => current },
      config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" }),
      clock: () => Date.UTC(2025, 4, 1, 8),
    });
    const count = async () =>
      (await app.inject({ url: E6, headers: { "ocp-apim-subscription-key": TEST_KEY } })).json().haltes.length as number;
    const before = await count();
    current = small;
    expect(await count()).toBe(allStopsValidOn(small, 20250501).length);
    current = net;
    expect(await count()).toBe(before);
    await app.close();
  });
});
