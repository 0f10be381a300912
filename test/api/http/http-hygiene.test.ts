import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

/** HTTP (docs/COMPATIBILITY.md O10-O14, O19): request ids, security headers, CORS, HEAD, OPTIONS, 405 and the timeouts, on the demo network. */

const V1 = "/DLKernOpenData/api/v1";
const LINE = `${V1}/lijnen/3/302`;
const KEY = { "ocp-apim-subscription-key": TEST_KEY };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let net: Network;
const logLines: string[] = [];
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string> = {}, closing?: () => boolean): Promise<FastifyInstance> {
  const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "info", ...env });
  const app = await buildApp({
    network: staticNetworkSource(net),
    config,
    clock: () => SUITE_NOW_MS,
    logStream: { write: (line) => void logLines.push(line) },
    closing,
  });
  apps.push(app);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  net = await suiteNetwork();
  app = await appWith();
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe("request ids", () => {
  it("request id - a new UUID per request, in X-Request-Id and in the request's log lines", async () => {
    const a = await app.inject({ url: LINE, headers: KEY });
    const b = await app.inject({ url: LINE, headers: KEY });
    const id = String(a.headers["x-request-id"]);
    expect(id).toMatch(UUID);
    expect(b.headers["x-request-id"]).not.toBe(id);
    const lines = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg: string }).filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("request id - a sane incoming X-Request-Id is kept; one with spaces, quotes or over 128 characters is replaced", async () => {
    for (const sane of ["abc-123", "7f0e9c1e-23e4-4d5f-9a8b-0c1d2e3f4a5b", "nginx:1.2/3+4=@_.", "x".repeat(128)]) {
      const res = await app.inject({ url: LINE, headers: { ...KEY, "x-request-id": sane } });
      expect(res.headers["x-request-id"]).toBe(sane);
    }
    for (const insane of ["a b", 'a"b', "x".repeat(129), "é", "a\tb"]) {
      const res = await app.inject({ url: LINE, headers: { ...KEY, "x-request-id": insane } });
      expect(res.headers["x-request-id"], insane).toMatch(UUID);
    }
  });
});

describe("security headers", () => {
  it("security headers - nosniff, frame-options DENY and no referrer on answers of every kind, no CSP", async () => {
    const answers = [
      await app.inject({ url: LINE, headers: KEY }), // 200
      await app.inject({ url: LINE }), // 401
      await app.inject({ url: `${V1}/bussen`, headers: KEY }), // 404
      await app.inject({ method: "POST", url: LINE, headers: KEY }), // 405
      await app.inject({ url: `${V1}/lijnen/3/abc`, headers: KEY }), // 400
      await app.inject({ url: "/health" }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 405, 400, 200]);
    for (const res of answers) {
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["content-security-policy"]).toBeUndefined();
      expect(String(res.headers["x-request-id"])).toMatch(UUID);
    }
  });
});

describe("CORS", () => {
  it("CORS - by default every answer allows any origin and exposes its headers, errors too", async () => {
    for (const res of [
      await app.inject({ url: LINE, headers: { ...KEY, origin: "https://app.example.org" } }),
      await app.inject({ url: LINE, headers: { origin: "https://app.example.org" } }),
      await app.inject({ url: LINE, headers: KEY }),
    ]) {
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.headers["access-control-expose-headers"]).toBe("*");
    }
  });

  it("CORS - a preflight of an existing path is a 204 with the methods, the headers asked for and a max age, without a key", async () => {
    const res = await app.inject({
      method: "OPTIONS",
      url: LINE,
      headers: {
        origin: "https://app.example.org",
        "access-control-request-method": "GET",
        "access-control-request-headers": "ocp-apim-subscription-key, x-request-id",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(res.headers).toMatchObject({
      allow: "GET, HEAD, OPTIONS",
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-allow-headers": "ocp-apim-subscription-key, x-request-id",
      "access-control-max-age": "86400",
    });
  });

  it("CORS - CORS_ORIGINS: a listed origin is echoed with Vary: Origin, another gets no Allow-Origin, preflight or not", async () => {
    const listed = await appWith({ CORS_ORIGINS: "https://app.example.org, http://localhost:5173" });
    const ok = await listed.inject({ url: LINE, headers: { ...KEY, origin: "http://localhost:5173" } });
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(String(ok.headers.vary)).toMatch(/\bOrigin\b/i);
    const other = await listed.inject({ url: LINE, headers: { ...KEY, origin: "https://evil.example" } });
    expect(other.statusCode).toBe(200);
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = (origin: string) =>
      listed.inject({ method: "OPTIONS", url: LINE, headers: { origin, "access-control-request-method": "GET" } });
    expect((await preflight("https://app.example.org")).headers["access-control-allow-origin"]).toBe("https://app.example.org");
    const refused = await preflight("https://evil.example");
    expect([refused.statusCode, refused.headers["access-control-allow-origin"], refused.headers.allow]).toEqual([204, undefined, "GET, HEAD, OPTIONS"]);
    const none = await appWith({ CORS_ORIGINS: "none" });
    expect((await none.inject({ url: LINE, headers: { ...KEY, origin: "https://app.example.org" } })).headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("methods", () => {
  it("HEAD - answers as GET without a body, with its status and headers", async () => {
    const get = await app.inject({ url: LINE, headers: KEY });
    const head = await app.inject({ method: "HEAD", url: LINE, headers: KEY });
    expect([head.statusCode, head.body]).toEqual([200, ""]);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect((await app.inject({ method: "HEAD", url: LINE })).statusCode).toBe(401);
    const unknown = await app.inject({ method: "HEAD", url: `${V1}/bussen`, headers: KEY });
    expect([unknown.statusCode, unknown.body]).toEqual([404, ""]);
  });

  it("OPTIONS - an existing path is a 204 with Allow, with or without a key; an unknown path a 404; OPTIONS * names the server's methods", async () => {
    for (const url of [LINE, `${LINE}/`, `${LINE}?x=1`, "/health", "/metrics", "/DLKernOpenData/openapi.json", "/DLZoekOpenData/v1/zoek/haltes/leuven"]) {
      const res = await app.inject({ method: "OPTIONS", url });
      expect([res.statusCode, res.headers.allow, res.body], url).toEqual([204, "GET, HEAD, OPTIONS", ""]);
    }
    const unknown = await app.inject({ method: "OPTIONS", url: `${V1}/bussen` });
    expect([unknown.statusCode, unknown.headers.allow, unknown.json().statusCode]).toEqual([404, undefined, 404]);
    // `OPTIONS * HTTP/1.1` (inject cannot send a request target that is no path): over a socket.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
      let text = "";
      socket.setEncoding("utf8").on("data", (d: string) => (text += d));
      socket.on("end", () => resolve(text)).on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(answer).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
  });

  it("405 - another method on an existing path: Allow and {statusCode, message}, before the key check; on an unknown path a 404", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"] as const) {
      for (const url of [LINE, "/health", `${V1}/haltes/3/301093/dienstregelingen?datum=2026-03-10`]) {
        const res = await app.inject({ method, url, payload: "{}" });
        const path = url.split("?")[0];
        expect([res.statusCode, res.headers.allow, res.json()], `${method} ${url}`).toEqual([
          405,
          "GET, HEAD, OPTIONS",
          { statusCode: 405, message: `Method ${method} is not allowed on ${path}: it answers GET, HEAD and OPTIONS` },
        ]);
      }
      const unknown = await app.inject({ method, url: `${V1}/bussen` });
      expect(unknown.statusCode).toBe(404);
    }
  });
});

describe("timeouts and shutdown", () => {
  it("timeouts - the request, headers and keep-alive timeouts of the configuration are the server's", async () => {
    const a = await appWith({ HTTP_REQUEST_TIMEOUT_SECONDS: "20", HTTP_HEADERS_TIMEOUT_SECONDS: "5", HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: "65" });
    expect([a.server.requestTimeout, a.server.headersTimeout, a.server.keepAliveTimeout]).toEqual([20_000, 5_000, 65_000]);
    expect([app.server.requestTimeout, app.server.headersTimeout, app.server.keepAliveTimeout]).toEqual([30_000, 10_000, 72_000]);
  });

  it("timeouts - a connection that sends nothing, or trickles its headers, is answered 408 and closed within a second of the headers timeout", async () => {
    const a = await appWith({ HTTP_HEADERS_TIMEOUT_SECONDS: "2", HTTP_REQUEST_TIMEOUT_SECONDS: "3" });
    await a.listen({ port: 0, host: "127.0.0.1" });
    const { port } = a.server.address() as AddressInfo;
    const life = (trickle: boolean) =>
      new Promise<{ ms: number; answer: string }>((resolve) => {
        const started = Date.now();
        let answer = "";
        let timer: NodeJS.Timeout | undefined;
        const s = connect(port, "127.0.0.1", () => {
          if (!trickle) return;
          s.write(`GET ${LINE} HTTP/1.1\r\nHost: h\r\n`);
          timer = setInterval(() => s.write("X-Slow: 1\r\n"), 300);
        });
        s.on("data", (d) => (answer += String(d)));
        s.on("error", () => undefined);
        s.on("close", () => {
          clearInterval(timer);
          resolve({ ms: Date.now() - started, answer: answer.split("\r\n")[0] });
        });
      });
    const [silent, slow] = await Promise.all([life(false), life(true)]);
    // Node looked for them only every 30 s before (its connectionsCheckingInterval): they lived up to 32 s.
    for (const c of [silent, slow]) {
      expect(c.answer).toBe("HTTP/1.1 408 Request Timeout");
      expect(c.ms).toBeGreaterThanOrEqual(1900);
      expect(c.ms).toBeLessThan(6000);
    }
  });

  it("shutdown - once closing, every answer says Connection: close", async () => {
    let closing = false;
    const a = await appWith({}, () => closing);
    expect((await a.inject({ url: LINE, headers: KEY })).headers.connection).not.toBe("close");
    closing = true;
    expect((await a.inject({ url: LINE, headers: KEY })).headers.connection).toBe("close");
    expect((await a.inject({ url: `${V1}/bussen`, headers: KEY })).headers.connection).toBe("close");
  });
});
