/**
 * What the configuration changes in answers: the core prefix, the public base URL of links, proxies.
 */
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { loadConfig } from "../../src/config/load-config.js";
import { SUITE_NOW_MS, suiteNetwork } from "./support/suite-network.js";

async function app(env: Record<string, string>) {
  return buildApp({
    network: staticNetworkSource(await suiteNetwork()),
    config: loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent", ...env }),
    clock: () => SUITE_NOW_MS,
  });
}
const key = { "ocp-apim-subscription-key": "k" };

describe("configuration in answers", () => {
  it("CORE_PREFIX - moves every endpoint, its links and the OpenAPI document", async () => {
    const a = await app({ CORE_PREFIX: "/kern" });
    const res = await a.inject({ url: "/kern/api/v1/lijnen/3/302", headers: { ...key, host: "bus.example.org" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().links[0]).toEqual({ rel: "self", url: "http://bus.example.org/kern/api/v1/lijnen/3/302" });
    expect((await a.inject({ url: "/kern/v1/beta/kleuren", headers: key })).statusCode).toBe(200);
    expect((await a.inject({ url: "/DLKernOpenData/api/v1/lijnen/3/302", headers: key })).statusCode).toBe(404);
    const doc = (await a.inject({ url: "/kern/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toContain("/kern/api/v1/lijnen/{entiteitnummer}/{lijnnummer}");
    await a.close();
  });

  it("PUBLIC_BASE_URL - links start with it, whatever host the request names", async () => {
    const a = await app({ PUBLIC_BASE_URL: "https://transit.example.org/lw/" });
    const res = await a.inject({ url: "/DLKernOpenData/v1/beta/entiteiten/3", headers: { ...key, host: "10.0.0.7:8080" } });
    expect(res.json().links[0]).toEqual({ rel: "self", url: "https://transit.example.org/lw/DLKernOpenData/v1/beta/entiteiten/3" });
    const doc = (await a.inject({ url: "/DLKernOpenData/openapi.json" })).json();
    expect(doc.servers).toEqual([{ url: "https://transit.example.org/lw" }]);
    await a.close();
  });

  it("links - without PUBLIC_BASE_URL: the request's host; X-Forwarded-Proto only with TRUST_PROXY", async () => {
    const headers = { ...key, host: "bus.example.org:8443", "x-forwarded-proto": "https" };
    const plain = await app({});
    expect((await plain.inject({ url: "/DLKernOpenData/api/v1/entiteiten/3", headers })).json().links[0].url).toBe(
      "http://bus.example.org:8443/DLKernOpenData/api/v1/entiteiten/3",
    );
    await plain.close();
    const proxied = await app({ TRUST_PROXY: "true" });
    expect((await proxied.inject({ url: "/DLKernOpenData/api/v1/entiteiten/3", headers })).json().links[0].url).toBe(
      "https://bus.example.org:8443/DLKernOpenData/api/v1/entiteiten/3",
    );
    await proxied.close();
  });

  it("links - a Host or X-Forwarded-Host that is no host name, or an X-Forwarded-Proto other than http(s), is a 400, not links to http://a b/...", async () => {
    const plain = await app({});
    const url = "/DLKernOpenData/api/v1/entiteiten/3";
    for (const host of ["a b", "é.com", "[::1", "x".repeat(300), "h:99999999"]) {
      const res = await plain.inject({ url, headers: { ...key, host } });
      expect([res.statusCode, Object.keys(res.json())], host).toEqual([400, ["statusCode", "message"]]);
      expect(res.json().message).toMatch(/^The Host header ".*"( \(\d+ characters\))? is no host name: send host\[:port\], e.g. bus.example.org:8080$/);
    }
    for (const host of ["bus.example.org", "10.0.0.7:8080", "[::1]:8080", "my_host", ""]) {
      expect((await plain.inject({ url, headers: { ...key, host } })).statusCode, host).toBe(200);
    }
    await plain.close();
    const proxied = await app({ TRUST_PROXY: "true" });
    const bad = await proxied.inject({ url, headers: { ...key, host: "h", "x-forwarded-host": "a b" } });
    expect(bad.json()).toEqual({ statusCode: 400, message: 'The X-Forwarded-Host header "a b" is no host name: send host[:port], e.g. bus.example.org:8080' });
    const js = await proxied.inject({ url, headers: { ...key, host: "h", "x-forwarded-proto": "javascript" } });
    expect(js.json()).toEqual({ statusCode: 400, message: 'The X-Forwarded-Proto header "javascript" is no scheme of this service: send http or https' });
    await proxied.close();
  });

  it("self links - repeat the request's parameters but never the subscription key", async () => {
    const a = await app({});
    const res = await a.inject({ url: "/DLKernOpenData/api/v1/lijnen?subscription-key=k&geldigOp=2026-03-10T08:00:00", headers: { host: "h" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().links).toEqual([{ rel: "self", url: "http://h/DLKernOpenData/api/v1/lijnen?geldigOp=2026-03-10T08:00:00" }]);
    await a.close();
  });
});
