/**
 * /docs (docs/COMPATIBILITY.md W1-W2): Swagger UI over both OpenAPI documents, served by the real server without a key, offline (every
 * asset from this origin), authorised on load with the demo key when the server runs with it, and "try it"
 * answering from the running server: checked over HTTP, then in Debian's Chromium (skipped, with a message, only
 * when /usr/bin/chromium is missing). Screenshots go to test-artifacts/docs/ (git-ignored).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { root } from "../../cli/support/run-cli.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`test/api/docs/docs.test.ts: the browser test is skipped: ${CHROMIUM} is missing (Debian: apt-get install chromium)`);

let net: Network;
const servers: FastifyInstance[] = [];

/** The real app on a free loopback port, configured by `env` (no key configured: the demo key). */
async function serve(env: Record<string, string> = {}): Promise<string> {
  const app = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ LOG_LEVEL: "silent", ...env }), clock: () => SUITE_NOW_MS });
  await app.listen({ port: 0, host: "127.0.0.1" });
  servers.push(app);
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no TCP address");
  return `http://127.0.0.1:${address.port}`;
}

const initializer = async (origin: string) => (await fetch(`${origin}/docs/static/swagger-initializer.js`)).text();

/** Status and headers of a GET, its body read (an unread body keeps the connection busy, and the server's close waits for it). */
async function head(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res;
}

beforeAll(async () => {
  net = await suiteNetwork();
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe("/docs over HTTP", () => {
  it("docs - the page and every asset it loads answer without a key, from this origin, compressed when asked", async () => {
    const origin = await serve();
    const page = await fetch(`${origin}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain("<title>lijnwijzer API</title>");
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(["/docs/static/swagger-ui-bundle.js", "/docs/static/swagger-initializer.js", "/docs/static/swagger-ui.css"]));
    for (const asset of assets) {
      expect(asset, "an asset of this origin").toMatch(/^\/docs\/static\//);
      const res = await fetch(`${origin}${asset}`, { headers: { "accept-encoding": "gzip" } });
      expect(res.status, asset).toBe(200);
      await res.arrayBuffer();
    }
    const bundle = await head(`${origin}/docs/static/swagger-ui-bundle.js`, { "accept-encoding": "br" });
    expect(bundle.headers.get("content-encoding")).toBe("br");
    // the documents the page shows need no key either
    for (const doc of ["/DLKernOpenData/openapi.json", "/DLZoekOpenData/openapi.json"]) expect((await head(`${origin}${doc}`)).status).toBe(200);
  });

  it("docs - both documents, no outside validator, and a Content-Security-Policy of this origin", async () => {
    const origin = await serve();
    const js = await initializer(origin);
    expect(js).toContain('"urls":[{"url":"/DLKernOpenData/openapi.json"');
    expect(js).toContain('{"url":"/DLZoekOpenData/openapi.json"');
    expect(js).toContain("validatorUrl: null");
    const csp = (await head(`${origin}/docs`)).headers.get("content-security-policy");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self';");
    // with a public base URL, "try it" calls it: the policy allows its origin
    const behindProxy = await serve({ PUBLIC_BASE_URL: "https://api.example.org/lijnwijzer" });
    expect((await head(`${behindProxy}/docs`)).headers.get("content-security-policy")).toContain("connect-src 'self' https://api.example.org;");
  });

  it("docs - authorised on load with the demo key, or WEB_API_KEY, and never with a key of API_KEYS", async () => {
    expect(await initializer(await serve())).toContain('ui.preauthorizeApiKey("apiKeyHeader", "demo");');
    const withKeys = await initializer(await serve({ API_KEYS: "secret-1,secret-2" }));
    expect(withKeys).not.toContain("preauthorizeApiKey");
    expect(withKeys).not.toContain("secret");
    const withWebKey = await initializer(await serve({ API_KEYS: "secret-1,web-key", WEB_API_KEY: "web-key" }));
    expect(withWebKey).toContain('ui.preauthorizeApiKey("apiKeyHeader", "web-key");');
    expect(withWebKey).not.toContain("secret-1");
  });
});

describe.skipIf(!haveChromium)("/docs in Chromium", () => {
  it("docs - lists every operation of both documents, and 'try it' answers from the running server with the demo key", async () => {
    const origin = await serve();
    const core = (await (await fetch(`${origin}/DLKernOpenData/openapi.json`)).json()) as { paths: Record<string, object> };
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      page.on("request", (r) => !r.url().startsWith(origin) && !r.url().startsWith("data:") && problems.push(`request to ${r.url()}`));
      await page.goto(`${origin}/docs`);
      await page.locator(".opblock").first().waitFor();
      expect(await page.locator(".opblock").count()).toBe(Object.keys(core.paths).length);

      const e3 = page.locator(".opblock").filter({ has: page.locator('[data-path="/DLKernOpenData/api/v1/lijnen/{entiteitnummer}/{lijnnummer}"]') });
      await e3.locator(".opblock-summary").click();
      await e3.locator("input[placeholder=entiteitnummer]").fill("3");
      await e3.locator("input[placeholder=lijnnummer]").fill("302");
      await e3.locator("button.execute").click();
      const status = e3.locator(".live-responses-table .response .response-col_status");
      await status.first().waitFor();
      expect((await status.first().textContent())?.trim()).toBe("200");
      expect(await e3.locator(".live-responses-table .response-col_description .highlight-code").first().textContent()).toContain('"lijnnummerPubliek": "2"');
      mkdirSync(join(root, "test-artifacts/docs"), { recursive: true });
      await page.screenshot({ path: join(root, "test-artifacts/docs/try-it.png") });

      await page.selectOption("select#select", { index: 1 });
      await page.locator('[data-path="/DLZoekOpenData/v1/zoek/haltes/{zoekArgument}"]').waitFor();
      expect(await page.locator(".opblock").count()).toBe(6);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
