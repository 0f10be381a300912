/**
 * The lane of answers already rendered (src/api/http/rendered-lane.ts): the same requests, sent over real
 * connections to two apps that differ only in their log level (warn: the lane answers what it has kept; info: it
 * is off, Fastify answers everything), get the same answers: status line, every header in order and byte for
 * byte but Date and X-Request-Id, and body.
 */
import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import { keysFileWith, logLines } from "../quota/support/quota-fixtures.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

const BETA = "/DLKernOpenData/v1/beta";
const V1 = "/DLKernOpenData/api/v1";
/** Calls a minute of the limited key: the sequence below goes over it. */
const PER_MINUTE = 7;

interface Answer {
  status: string;
  /** Header lines as sent, in order; Date and X-Request-Id with their values blanked. */
  head: string[];
  requestId: string;
  body: string;
}

function ask(port: number, method: string, path: string, headers: Record<string, string>, host = "bus.example.org"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const head: string[] = [];
        let requestId = "";
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          const blank = /^(date|x-request-id)$/i.test(name);
          if (/^x-request-id$/i.test(name)) requestId = res.rawHeaders[i + 1];
          head.push(`${name}: ${blank ? "…" : res.rawHeaders[i + 1]}`);
        }
        resolve({ status: `${res.statusCode} ${res.statusMessage}`, head, requestId, body: Buffer.concat(chunks).toString("latin1") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The requests, in order: the first GET of a URL is Fastify's in both apps, the next ones the lane's in one. */
const LIMITED = { "ocp-apim-subscription-key": "limited" };
const PLAIN = { "ocp-apim-subscription-key": "plain" };
const sequence = (n: number): Array<{ method: string; path: string; headers: Record<string, string>; lane?: boolean }> => [
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: LIMITED },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: LIMITED, lane: true },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: { ...LIMITED, origin: "https://app.example" }, lane: true },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: { ...LIMITED, origin: "https://other.example", "accept-encoding": "gzip, br" }, lane: true },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: { ...LIMITED, "x-request-id": "given-id-1" }, lane: true },
  { method: "HEAD", path: `${BETA}/lijnen/3/302`, headers: LIMITED },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: { "ocp-apim-subscription-key": "wrong" } },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: {} },
  { method: "GET", path: `${BETA}/lijnen/3/302?geldigOp=2026-03-10T08:00:00`, headers: LIMITED },
  { method: "GET", path: `${V1}/lijnen/3/303`, headers: PLAIN },
  { method: "GET", path: `${V1}/lijnen/3/303`, headers: PLAIN, lane: true },
  { method: "GET", path: `${V1}/lijnen/3/303`, headers: { ...PLAIN, host: `other${n}.example:8080` } },
  { method: "GET", path: `${V1}/lijnen/3/303`, headers: { ...PLAIN, host: `other${n}.example:8080` }, lane: true },
  { method: "GET", path: `${V1}/lijnen/3/303/`, headers: PLAIN },
  // Over the minute's quota: 429 in both, the refused call not counted.
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: LIMITED, lane: true },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: LIMITED, lane: true },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: LIMITED },
  { method: "GET", path: `${BETA}/lijnen/3/302`, headers: LIMITED },
];

for (const [n, cors] of ["*", "https://app.example"].entries()) {
  // A host of its own: the answers kept are the network's, which both parts share.
  const host = `bus${n}.example.org`;
  describe(`rendered lane, CORS_ORIGINS=${cors}`, () => {
    const apps: FastifyInstance[] = [];
    const ports: number[] = [];
    /** Answers counted by Fastify's hooks, per app. */
    const viaFastify = [0, 0];

    beforeAll(async () => {
      const keysFile = keysFileWith({ p: { perMinute: PER_MINUTE, perDay: 1000 } }, { limited: { product: "p" } });
      const network = await suiteNetwork();
      for (const [i, level] of (["warn", "info"] as const).entries()) {
        const app = await buildApp({
          network: staticNetworkSource(network),
          config: loadConfig({ KEYS_FILE: keysFile, API_KEYS: "plain", LOG_LEVEL: level, CORS_ORIGINS: cors }),
          clock: () => SUITE_NOW_MS,
          logStream: logLines(),
        });
        app.addHook("onResponse", (_request, _reply, done) => {
          viaFastify[i]++;
          done();
        });
        await app.listen({ port: 0, host: "127.0.0.1" });
        apps.push(app);
        ports.push((app.server.address() as { port: number }).port);
      }
    });
    afterAll(() => Promise.all(apps.map((a) => a.close())));

    it("rendered lane - both lanes answer the same status, headers in order and body, but Date and request id", async () => {
      const statuses: number[] = [];
      const SEQUENCE = sequence(n);
      for (const r of SEQUENCE) {
        const before = viaFastify[0];
        const [lane, fastify] = [await ask(ports[0], r.method, r.path, r.headers, host), await ask(ports[1], r.method, r.path, r.headers, host)];
        expect(lane.status, `${r.method} ${r.path}`).toBe(fastify.status);
        expect(lane.head, `${r.method} ${r.path}`).toEqual(fastify.head);
        expect(lane.body, `${r.method} ${r.path}`).toBe(fastify.body);
        // The lane answered when it should, and only then.
        expect(viaFastify[0] - before, `${r.method} ${r.path} ${JSON.stringify(r.headers)}`).toBe(r.lane && !lane.status.startsWith("429") ? 0 : 1);
        if (r.headers["x-request-id"]) expect(lane.requestId).toBe(r.headers["x-request-id"]);
        else expect(lane.requestId).toMatch(/^[0-9a-f-]{36}$/);
        statuses.push(Number(lane.status.slice(0, 3)));
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 401, 401, 200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
      expect(viaFastify[1]).toBe(SEQUENCE.length);
      expect(viaFastify[0]).toBe(SEQUENCE.length - 6);
    });

    it("rendered lane - the lane's answers are counted in /metrics as Fastify's are", async () => {
      const [lane, fastify] = await Promise.all(ports.map((p) => ask(p, "GET", "/metrics", {})));
      const series = (text: string) => text.split("\n").filter((l) => l.startsWith("lijnwijzer_http_requests_total{") && l.includes("/lijnen/"));
      expect(series(lane.body)).toEqual(series(fastify.body));
      expect(series(lane.body)).toContain(`lijnwijzer_http_requests_total{route="${BETA}/lijnen/:entiteitnummer/:lijnnummer",method="GET",status="200"} 6`);
    });
  });
}

describe("rendered lane, the server's state", () => {
  let app: FastifyInstance;
  let port: number;
  let closing = false;
  let viaFastify = 0;
  const networks: object[] = [];
  let served = 0;
  const E3 = `${BETA}/lijnen/3/302`;

  beforeAll(async () => {
    const network = await suiteNetwork();
    // Two networks as the source sees them: a reload swaps the one served (answers are kept per network object).
    networks.push(network, Object.create(network) as object);
    app = await buildApp({
      network: { current: () => networks[served] as typeof network },
      config: loadConfig({ API_KEYS: "plain", LOG_LEVEL: "warn" }),
      clock: () => SUITE_NOW_MS,
      closing: () => closing,
    });
    app.addHook("onResponse", (_request, _reply, done) => {
      viaFastify++;
      done();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it("rendered lane - a network swapped in is asked, not the answers kept for the one before", async () => {
    const first = await ask(port, "GET", E3, PLAIN, "swap.example");
    await ask(port, "GET", E3, PLAIN, "swap.example");
    expect(viaFastify).toBe(1);
    served = 1;
    const after = await ask(port, "GET", E3, PLAIN, "swap.example");
    expect(viaFastify).toBe(2);
    expect(after.body).toBe(first.body);
    await ask(port, "GET", E3, PLAIN, "swap.example");
    expect(viaFastify).toBe(2);
  });

  it("rendered lane - while the server shuts down, answers go through Fastify and close their connection", async () => {
    const before = viaFastify;
    expect((await ask(port, "GET", E3, PLAIN, "closing.example")).head).not.toContain("Connection: close");
    expect((await ask(port, "GET", E3, PLAIN, "closing.example")).head).not.toContain("connection: close");
    expect(viaFastify - before).toBe(1);
    closing = true;
    const answer = await ask(port, "GET", E3, PLAIN, "closing.example");
    closing = false;
    expect(answer.status).toBe("200 OK");
    expect(answer.head).toContain("connection: close");
    expect(viaFastify - before).toBe(2);
  });
});
