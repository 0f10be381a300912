/**
 * Serving the demo page (src/api/docs/web-page.ts) without a browser: the built files of dist/web (`npm run build`
 * builds them; `npm test` does first), their content types and caching, no key needed, and /web-config.json's key
 * and geometry endpoints. WEB_API_KEY's validation is here too. The page itself runs in Chromium in
 * demo-page.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { WEB_PAGE_DIR, webPageRoutes } from "../../src/api/docs/web-page.js";
import type { ConfigEnv } from "../../src/config/values.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Network } from "../../src/network/model.js";
import { SUITE_NOW_MS, suiteNetwork } from "../api/support/suite-network.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import { calendar, feed, route, stop } from "../support/feed-builder.js";

let network: Network;
beforeAll(async () => {
  if (!existsSync(join(WEB_PAGE_DIR, "index.html"))) throw new Error(`${WEB_PAGE_DIR} holds no built page: run npm run build first`);
  network = await suiteNetwork();
});

const apps: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function app(env: ConfigEnv = {}) {
  const a = await buildApp({ network: staticNetworkSource(network), config: loadConfig({ LOG_LEVEL: "silent", ...env }), clock: () => SUITE_NOW_MS });
  apps.push(a);
  return a;
}

const assetNames = () => readdirSync(join(WEB_PAGE_DIR, "assets"));

describe("web page - serving dist/web", () => {
  it("/ - the page's HTML without a key, revalidated on every load, with a same-origin-only CSP", async () => {
    const a = await app({ API_KEYS: "k1" });
    const res = await a.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("connect-src 'self'");
    expect(res.headers.etag).toBeDefined();
    expect(res.body).toContain('<html lang="nl">');
    // Vite's build: hashed, relative asset URLs (the page works below a proxy's path too)
    expect(res.body).toMatch(/src="\.\/assets\/index-[\w-]+\.js"/);
    const again = await a.inject({ url: "/", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await a.inject({ method: "HEAD", url: "/" })).statusCode).toBe(200);
  });

  it("/assets - hashed files cached for a year, immutable, with their content types; compressed when asked", async () => {
    const a = await app({ API_KEYS: "k1" });
    const js = assetNames().find((n) => n.endsWith(".js"))!;
    const css = assetNames().find((n) => n.endsWith(".css"))!;
    const script = await a.inject({ url: `/assets/${js}`, headers: { "accept-encoding": "gzip" } });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers["content-encoding"]).toBe("gzip");
    const style = await a.inject({ url: `/assets/${css}` });
    expect(style.headers["content-type"]).toBe("text/css; charset=utf-8");
    const icon = await a.inject({ url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("/assets - an unknown file is the API's 404, a path out of the folder is refused", async () => {
    const a = await app({ API_KEYS: "k1" });
    const missing = await a.inject({ url: "/assets/nope.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
    const escape = await a.inject({ url: "/assets/..%2Fpackage.json" });
    expect([403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain("lijnwijzer");
    // no catch-all route: other paths stay unknown
    expect((await a.inject({ url: "/index.htm" })).statusCode).toBe(404);
  });

  it("not built - / answers a 404 that says how to build the page", async () => {
    const bare = Fastify();
    apps.push(bare);
    await bare.register(webPageRoutes, { config: loadConfig({ LOG_LEVEL: "silent" }), dir: mkdtempSync(join(tmpdir(), "lw-web-")) });
    const res = await bare.inject({ url: "/" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("npm run build");
  });
});

describe("web page - /web-config.json", () => {
  it("demo key - the page gets 'demo' when no key is configured, with the prefixes and the geometry endpoints", async () => {
    const a = await app();
    const res = await a.inject({ url: "/web-config.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      key: "demo",
      corePrefix: "/DLKernOpenData",
      searchPrefix: "/DLZoekOpenData",
      geometry: { network: "/kaart", lineDirection: "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/geometrie" },
    });
  });

  it("configured keys - no key for the page unless WEB_API_KEY names one; prefixes follow the configuration", async () => {
    expect((await (await app({ API_KEYS: "k1,k2" })).inject({ url: "/web-config.json" })).json().key).toBeNull();
    const a = await app({ API_KEYS: "k1,k2", WEB_API_KEY: "k2", CORE_PREFIX: "/kern", SEARCH_PREFIX: "/zoek" });
    const body = (await a.inject({ url: "/web-config.json" })).json();
    expect(body).toMatchObject({ key: "k2", corePrefix: "/kern", searchPrefix: "/zoek" });
    expect(body.geometry.network).toBe("/kaart");
    // the key it hands out works
    expect((await a.inject({ url: "/kern/v1/beta/kleuren", headers: { "ocp-apim-subscription-key": body.key } })).statusCode).toBe(200);
  });

  it("WEB_API_KEY - refused when only the demo key works, a warning when no configured key matches", () => {
    expect(() => loadConfig({ WEB_API_KEY: "other" })).toThrow(/WEB_API_KEY is no accepted key/);
    expect(loadConfig({ WEB_API_KEY: "demo" }).webApiKey).toBe("demo");
    expect(() => loadConfig({ API_KEYS: "k1", WEB_API_KEY: "bad key!" })).toThrow(/WEB_API_KEY/);
    const c = loadConfig({ API_KEYS: "k1", WEB_API_KEY: "k9" });
    expect(c.webApiKey).toBe("k9");
    expect(c.warnings.join("\n")).toContain("WEB_API_KEY is not among API_KEYS");
    expect(loadConfig({ API_KEYS: "k1", WEB_API_KEY: " " }).webApiKey).toBeUndefined();
  });
});

describe("web page - /web-network.json", () => {
  it("demo - the demo network's names, the counts of /health, its validity and its municipalities, biggest first, without a key", async () => {
    const a = await app({ API_KEYS: "k1" });
    const res = await a.inject({ url: "/web-network.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const body = res.json();
    const health = (await a.inject({ url: "/health", headers: { "ocp-apim-subscription-key": "k1" } })).json();
    expect(body).toMatchObject({
      demo: true,
      publishers: ["lijnwijzer demo network (generated)"],
      agencies: ["Antwerpen", "Oost-Vlaanderen", "Vlaams-Brabant", "Limburg", "West-Vlaanderen"],
      timezone: "Europe/Brussels",
      counts: { stops: health.network.counts.stops, lines: health.network.counts.lines },
      validFrom: "2024-01-01",
      validTo: "2030-12-31",
      validity: { state: "valid", today: "2026-03-10", answersFor: "2026-03-10" },
    });
    expect(body.places.kind).toBe("municipalities");
    expect(body.places.items[0]).toEqual({ name: "Leuven", lat: 50.87961, lon: 4.70494, stops: 416 });
    const weights = body.places.items.map((p: { stops: number }) => p.stops);
    expect(weights).toEqual([...weights].sort((x, y) => y - x));
    expect(Math.min(...weights)).toBeGreaterThan(0);
  });

  it("another network - its agencies, its stations as places, and the state of its validity", async () => {
    const net = compileNetwork(
      [
        {
          profile: "generic",
          feed: feed({
            stops: [stop("S", 40.7, -74, { name: "Central", locationType: 1 }), stop("1", 40.7001, -74.0001, { name: "Central", parentStation: "S" }), stop("2", 40.7003, -74.0003, { name: "Central", parentStation: "S" }), stop("3", 40.72, -74.01, { name: "Pier" })],
            routes: [route("1", { shortName: "1", longName: "Central - Pier" })],
            calendars: [calendar("A", "1111111", 20240101, 20240630)],
            trips: [
              { tripId: "a", routeId: "1", serviceId: "A", times: [["1", "08:00:00"], ["3", "08:10:00"]] },
              { tripId: "b", routeId: "1", serviceId: "A", times: [["3", "09:00:00"], ["2", "09:10:00"]] },
            ],
          }),
        },
      ],
      { now: new Date("2024-01-01T00:00:00Z") },
    );
    const a = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ LOG_LEVEL: "silent" }), clock: () => Date.UTC(2025, 0, 15, 17) });
    apps.push(a);
    const body = (await a.inject({ url: "/web-network.json" })).json();
    expect(body).toMatchObject({
      demo: false,
      publishers: [],
      counts: { stops: 3, lines: 1 },
      validFrom: "2024-01-01",
      validTo: "2024-06-30",
      validity: { state: "expired", today: "2025-01-15", answersFor: "2024-06-30" },
      places: { kind: "stations", items: [{ name: "Central", lat: 40.7002, lon: -74.0002, stops: 2 }] },
    });
    expect(body.agencies).toHaveLength(1);
  });
});
