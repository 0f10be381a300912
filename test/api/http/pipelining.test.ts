/**
 * Pipelined requests over a raw socket (src/api/http/http-hygiene.ts): a client that sends many requests and does not
 * read the answers gets one answer built at a time, not all of them buffered; reading, it gets every answer in order;
 * past MAX_PIPELINED waiting requests its connection is closed.
 */
import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { MAX_PIPELINED } from "../../../src/api/http/http-hygiene.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { TEST_KEY } from "../support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../support/suite-network.js";

/** An answer of about a megabyte (every stop of the suite network): more than the socket buffers hold. */
const BIG = "/DLKernOpenData/api/v1/haltes";
let app: FastifyInstance;
let port: number;
/** How many requests reached a handler: each reads the network once. */
let reads = 0;

beforeAll(async () => {
  const net: Network = await suiteNetwork();
  app = await buildApp({
    network: { current: () => (reads++, net) },
    config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent" }),
    clock: () => SUITE_NOW_MS,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

const pipelined = (n: number, path = BIG) =>
  `GET ${path} HTTP/1.1\r\nHost: h\r\nOcp-Apim-Subscription-Key: ${TEST_KEY}\r\n\r\n`.repeat(n);

function open(): Promise<Socket> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
  });
}

describe("pipelined requests", () => {
  it("pipelining - a client that does not read gets one answer built at a time; reading, it gets all of them in order", async () => {
    const first = await app.inject({ url: BIG, headers: { "ocp-apim-subscription-key": TEST_KEY } });
    expect(first.body.length).toBeGreaterThan(500_000);
    const s = await open();
    s.pause();
    const before = reads;
    s.write(pipelined(20));
    await new Promise((r) => setTimeout(r, 800));
    // The socket buffers take an answer or two; without the wait every one of the 20 was built and buffered.
    expect(reads - before).toBeLessThanOrEqual(4);
    let text = "";
    s.setEncoding("latin1");
    s.on("data", (c: string) => (text += c));
    s.resume();
    const deadline = Date.now() + 20_000;
    while ((text.match(/HTTP\/1\.1 200 OK/g) ?? []).length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((text.match(/HTTP\/1\.1 200 OK/g) ?? []).length).toBe(20);
    expect(reads - before).toBe(20);
    s.destroy();
  });

  it(`pipelining - more than ${MAX_PIPELINED} requests waiting on one connection close it`, async () => {
    const s = await open();
    s.pause();
    const closed = new Promise<void>((resolve) => s.on("close", () => resolve()));
    s.on("error", () => undefined);
    s.write(pipelined(MAX_PIPELINED + 40));
    await closed;
    expect(s.destroyed).toBe(true);
  });
});
