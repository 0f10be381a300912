/**
 * Event streams and a reader that does not keep up (event-streams.ts, docs/COMPATIBILITY.md R27): the plugin alone
 * on a bare Fastify app over a real loopback socket, with answers of 200 kB, so that a client that stops reading
 * fills the kernel's buffers within a few messages. The server must then hold back what it would write, and give
 * the reader only the latest answer once it reads again.
 */
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { eventStreamsPlugin } from "../../../src/api/shared/event-streams.js";
import type { RealtimeSource } from "../../../src/api/shared/realtime-source.js";
import type { Network } from "../../../src/network/model.js";

const PAD = "x".repeat(200_000);
const UPDATES = 300;

let app: FastifyInstance | undefined;
let socket: Socket | undefined;
afterEach(async () => {
  socket?.destroy();
  await app?.close();
});

/** The plugin with a stand-in for the quota plugin it depends on, and a route streaming `{n, pad}`. */
async function serve(heartbeatMs?: number) {
  let n = 0;
  let state = {};
  const listeners = new Set<() => void>();
  const realtime: RealtimeSource = {
    current: () => state as never,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const network = {} as Network;
  app = Fastify();
  const quotaStandIn = fp(
    async (a) => {
      a.decorate("chargeAgain", (_r: unknown, done: (ok: boolean) => void) => done(true));
    },
    { name: "lijnwijzer-quota" },
  );
  await app.register(quotaStandIn);
  await app.register(eventStreamsPlugin, { source: { current: () => network }, realtime, now: Date.now, heartbeatMs });
  app.get("/groot", (req, reply) => app!.openEventStream(req, reply, { event: "groot", render: () => ({ n, pad: PAD }) }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  /** A new answer and a new state, told to the streams as the feed manager's swap does. */
  const update = () => {
    n++;
    state = {};
    for (const l of listeners) l();
  };
  return { port, update };
}

/** The `n` of every `groot` message in `text`. */
const answersIn = (text: string) => [...text.matchAll(/^data: \{"n":(\d+),/gm)].map((m) => Number(m[1]));

describe("event streams - back-pressure", () => {
  it("a reader that stops reading: the server holds back the answers it cannot take, and sends the latest once it reads again", async () => {
    const { port, update } = await serve();
    socket = connect(port, "127.0.0.1");
    await new Promise<void>((r) => socket!.once("connect", () => r()));
    socket.write("GET /groot HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
    // Not read: no 'data' listener, so the socket stays paused and the kernel's buffers fill.
    for (let i = 0; i < UPDATES; i++) {
      update();
      await new Promise((r) => setTimeout(r, 2));
    }
    let text = "";
    socket.setEncoding("latin1");
    const received = await new Promise<number[]>((resolve) => {
      socket!.on("data", (chunk: string) => {
        text += chunk;
        const ns = answersIn(text);
        if (ns.at(-1) === UPDATES) resolve(ns);
      });
    });
    // The first answer, those the buffers took before the socket was full, then only the latest: 300 updates of
    // 200 kB written to a reader that took none would be 60 MB held by the server.
    expect(received.at(-1)).toBe(UPDATES);
    expect(received.length).toBeLessThan(UPDATES / 2);
  });

  it("a reader that has taken nothing for a whole heartbeat is closed: its buffers are not held for ever", async () => {
    const { port, update } = await serve(100);
    socket = connect(port, "127.0.0.1");
    await new Promise<void>((r) => socket!.once("connect", () => r()));
    socket.write("GET /groot HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
    // 300 updates over about a second, never read: the heartbeats every 100 ms find the socket full.
    for (let i = 0; i < UPDATES; i++) {
      update();
      await new Promise((r) => setTimeout(r, 3));
    }
    let text = "";
    socket.setEncoding("latin1");
    // Read what was sent: it ends with the close (a reader left open would get every answer, up to the last).
    const outcome = await new Promise<{ ended: boolean; last: number | undefined }>((resolve) => {
      socket!.on("data", (chunk: string) => {
        text += chunk;
        if (answersIn(text).at(-1) === UPDATES) resolve({ ended: false, last: UPDATES });
      });
      socket!.on("end", () => resolve({ ended: true, last: answersIn(text).at(-1) }));
    });
    expect(outcome.ended).toBe(true);
    expect(outcome.last).toBeLessThan(UPDATES);
  });
});
