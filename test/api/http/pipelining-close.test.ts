/**
 * A connection closed for too many pipelined requests (src/api/http/http-hygiene.ts): the requests Node parsed from
 * it after the close reach no route, the errors Node gives the requests dropped with it leave the stack trace
 * limit as it was, and no warning of too many listeners is written for it.
 */
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { MAX_PIPELINED } from "../../../src/api/http/http-hygiene.js";
import { loadConfig } from "../../../src/config/load-config.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

const BIG = "/DLKernOpenData/api/v1/haltes";
let app: FastifyInstance;
let port: number;
const lines: Array<{ msg?: string; req?: { url?: string } }> = [];

beforeAll(async () => {
  const net = await suiteNetwork();
  app = await buildApp({
    network: { current: () => net },
    // LOG_LEVEL info: Fastify logs "incoming request" for every request it routes.
    config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "info" }),
    clock: () => SUITE_NOW_MS,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

describe("a connection closed for pipelining", () => {
  it("pipelining - of 1,000 requests written at once, those after the close reach no route", async () => {
    const limit = Error.stackTraceLimit;
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    const one = `GET ${BIG} HTTP/1.1\r\nHost: h\r\nOcp-Apim-Subscription-Key: ${TEST_KEY}\r\n\r\n`;
    // The server's side of the connection: its close is when Node drops what it parsed.
    const serverClosed = new Promise<void>((resolve) => app.server.once("connection", (c) => c.once("close", () => setImmediate(resolve))));
    const s = connect(port, "127.0.0.1");
    s.pause();
    s.on("error", () => undefined);
    s.write(one.repeat(1000));
    await serverClosed;
    s.destroy();
    // The server's handlers of the close have run: ask something else on a new connection, then count.
    const res = await fetch(`http://127.0.0.1:${port}/DLKernOpenData/api/v1/lijnen/3/302`, { headers: { "Ocp-Apim-Subscription-Key": TEST_KEY } });
    expect(res.status).toBe(200);
    const routed = lines.filter((l) => l.msg === "incoming request" && l.req?.url === BIG).length;
    // The first request is answered, MAX_PIPELINED wait behind it, one more closes the connection; what Node parsed
    // after that (the rest of the 1,000 it had read) is dropped before the router.
    expect(routed).toBe(MAX_PIPELINED + 2);
    expect(Error.stackTraceLimit).toBe(limit);
    // The 33 requests that waited each listened for the close, and Node said nothing of it.
    await new Promise((r) => setImmediate(r));
    process.off("warning", onWarning);
    expect(warnings).toEqual([]);
  });
});
