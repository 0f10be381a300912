/**
 * Server-Sent Events streams (https://html.spec.whatwg.org/multipage/server-sent-events.html): a route that can
 * push answers `Accept: text/event-stream` with a stream of its own answer instead of one JSON body
 * (docs/COMPATIBILITY.md R24-R26). Content negotiation rather than a second path: the path, its parameters, its key
 * and its errors stay those of the JSON answer, and a 404 or 400 is answered as JSON before any stream opens.
 *
 * - On connect a full message (`event: <the route's name>`, `data:` the JSON answer, `id:` a digest of it); a
 *   client that reconnects with `Last-Event-ID` equal to the digest of what it would get now gets nothing until it
 *   changes (it holds that answer already); any other id gets the full message.
 * - Then a message each time the answer changes: the real-time state swapped (the source's `subscribe`, else seen
 *   within CHECK_MS), the clock moved a passage or a vehicle (looked at every HEARTBEAT_MS), the snapshot reloaded
 *   (first `event: netwerk`, then the answer on the new network; a stop or line direction gone from it ends the
 *   stream with `event: fout` and the error's JSON). An answer equal to the last one sent is not sent again.
 * - A comment line (`: heartbeat`) every HEARTBEAT_MS, so that proxies keep the connection and clients see it live.
 * - Quota: the request is charged as any call when it opens, and once more per minute it stays open; a charge
 *   refused ends the stream with `event: quota`. Bounds: STREAMS_PER_KEY per key (429) and STREAMS_PER_WORKER per
 *   process (503), counted from open to close.
 * The answer is written to the raw response (reply.hijack): no compression (an event stream must reach the client
 * line by line), no request-cost turn, no Content-Length; the headers the hooks set (request id, CORS, quota) are
 * copied onto it.
 */
import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LijnwijzerError, STREAMS_PER_KEY_EXCEEDED, STREAMS_PER_WORKER_EXCEEDED } from "../../errors.js";
import type { Network } from "../../network/model.js";
import { queryKey } from "../http/key-parameter.js";
import type { NetworkSource } from "./network-source.js";
import type { RealtimeSource } from "./realtime-source.js";

/** Streams one key may hold open on one process: a page or two with a few boards each. */
export const STREAMS_PER_KEY = 10;
/** Streams one process holds: each costs a socket and a render per state swap (a few ms on a big board). */
export const STREAMS_PER_WORKER = 500;
/** Between heartbeats, and between renders for the clock alone: proxies close idle connections after 30-60 s. */
export const HEARTBEAT_MS = 15_000;
/** How often the network and the real-time state are compared with what the streams last saw. */
export const CHECK_MS = 1_000;
/** A stream is charged once per this much time open (docs/COMPATIBILITY.md R25). */
export const CHARGE_EVERY_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Opens an event stream of `spec` on this request (see the module comment); answers it. */
    openEventStream(request: FastifyRequest, reply: FastifyReply, spec: EventStreamSpec): void;
  }
}

export interface EventStreamSpec {
  /** The SSE event name of the answer, e.g. `doorkomsten`. */
  event: string;
  /** The answer now, on the network given: what the JSON route would answer; throws its LijnwijzerError (404). */
  render(network: Network): unknown;
}

export interface EventStreamsOptions {
  source: NetworkSource;
  realtime?: RealtimeSource;
  /** Epoch ms (the app clock): quota minutes count on it. */
  now: () => number;
}

/** The request asks for an event stream: a GET (a HEAD answers as the JSON GET, headers only). */
export function wantsEventStream(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  const accept = request.headers.accept;
  return typeof accept === "string" && accept.includes("text/event-stream");
}

interface OpenStream {
  request: FastifyRequest;
  spec: EventStreamSpec;
  write(text: string): void;
  end(): void;
  /** JSON of the last answer sent (or held by the client, when it resumed). */
  lastData: string | undefined;
  chargedMs: number;
  charging: boolean;
}

const eventStreams: FastifyPluginAsync<EventStreamsOptions> = async (app, opts) => {
  const streams = new Set<OpenStream>();
  const perKey = new Map<string, number>();
  // What the streams last saw; read only while a stream is open: a timer's read would be one more read of the
  // network during whatever request runs (test/api/http-snapshot-reads.test.ts counts them).
  let seenNetwork: Network | undefined;
  let seenState: unknown;

  const send = (s: OpenStream, network: Network, force = false) => {
    let data: string;
    try {
      data = JSON.stringify(s.spec.render(network));
    } catch (err) {
      const e = err instanceof LijnwijzerError ? { statusCode: err.status, message: err.message } : { statusCode: 500, message: "internal error" };
      s.write(`event: fout\ndata: ${JSON.stringify(e)}\n\n`);
      s.end();
      return;
    }
    if (!force && data === s.lastData) return;
    s.lastData = data;
    s.write(`id: ${digest(data)}\nevent: ${s.spec.event}\ndata: ${data}\n\n`);
  };

  const check = () => {
    if (streams.size === 0) return;
    const network = opts.source.current();
    const state = opts.realtime?.current(network);
    const networkChanged = network !== seenNetwork;
    if (!networkChanged && state === seenState) return;
    seenNetwork = network;
    seenState = state;
    for (const s of streams) {
      if (networkChanged) s.write(`event: netwerk\ndata: ${JSON.stringify({ bericht: "het netwerk is vernieuwd" })}\n\n`);
      // After netwerk the answer always follows, the same or not: a client may start over on the new network.
      send(s, network, networkChanged);
    }
  };

  const chargeDue = () => {
    const nowMs = opts.now();
    for (const s of streams) {
      if (s.charging || nowMs - s.chargedMs < CHARGE_EVERY_MS) continue;
      s.charging = true;
      app.chargeAgain(s.request, (allowed) => {
        s.charging = false;
        s.chargedMs += CHARGE_EVERY_MS;
        if (allowed) return;
        s.write(`event: quota\ndata: ${JSON.stringify({ statusCode: 429, message: "the key's quota is used up: the stream ends" })}\n\n`);
        s.end();
      });
    }
  };

  const checkTimer = setInterval(() => {
    check();
    chargeDue();
  }, CHECK_MS);
  checkTimer.unref();
  const heartbeatTimer = setInterval(() => {
    if (streams.size === 0) return;
    const network = opts.source.current();
    for (const s of streams) {
      send(s, network);
      s.write(": heartbeat\n\n");
    }
  }, HEARTBEAT_MS);
  heartbeatTimer.unref();
  const unsubscribe = opts.realtime?.subscribe?.(check);

  // Streams never end by themselves: a server that closes ends them first, or it would wait for every client.
  app.addHook("preClose", (done) => {
    clearInterval(checkTimer);
    clearInterval(heartbeatTimer);
    unsubscribe?.();
    for (const s of [...streams]) s.end();
    done();
  });

  app.decorate("openEventStream", (request: FastifyRequest, reply: FastifyReply, spec: EventStreamSpec) => {
    const network = opts.source.current();
    if (streams.size === 0) {
      seenNetwork = network;
      seenState = opts.realtime?.current(network);
    }
    // The first answer before anything is written: its 404 goes out as JSON, as the route's would.
    const first = JSON.stringify(spec.render(network));
    const keyId = streamKeyOf(request);
    const held = perKey.get(keyId) ?? 0;
    if (streams.size >= STREAMS_PER_WORKER) {
      reply.header("retry-after", "30");
      throw STREAMS_PER_WORKER_EXCEEDED(String(streams.size));
    }
    if (held >= STREAMS_PER_KEY) throw STREAMS_PER_KEY_EXCEEDED(String(held));

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // nginx buffers answers unless told not to (docs/OPERATIONS.md "Event streams").
      "x-accel-buffering": "no",
    });
    perKey.set(keyId, held + 1);
    let open = true;
    const stream: OpenStream = {
      request,
      spec,
      write: (text) => {
        if (open) res.write(text);
      },
      end: () => {
        if (!open) return;
        open = false;
        streams.delete(stream);
        const n = (perKey.get(keyId) ?? 1) - 1;
        if (n > 0) perKey.set(keyId, n);
        else perKey.delete(keyId);
        res.end();
      },
      lastData: undefined,
      chargedMs: opts.now(),
      charging: false,
    };
    streams.add(stream);
    res.once("close", stream.end);
    const resumed = request.headers["last-event-id"];
    if (resumed !== undefined && resumed === digest(first)) {
      stream.lastData = first;
      stream.write(": resumed\n\n");
    } else {
      stream.lastData = first;
      stream.write(`retry: 2000\nid: ${digest(first)}\nevent: ${spec.event}\ndata: ${first}\n\n`);
    }
  });
};

/**
 * Whose streams these are: the key's quota name, or for a key without quota (API_KEYS, the demo key: all named "")
 * a digest of the key as presented, so that two such keys are bounded apart.
 */
function streamKeyOf(request: FastifyRequest): string {
  const id = request.apiKey?.id ?? "";
  if (id !== "") return id;
  let presented = request.headers["ocp-apim-subscription-key"];
  if (Array.isArray(presented)) presented = presented[0];
  presented ||= queryKey(request.url) ?? "";
  return `presented:${digest(presented)}`;
}

/** The message id: the first 16 hex digits of the answer's SHA-1, the same in every worker for the same answer. */
function digest(data: string): string {
  return createHash("sha1").update(data).digest("hex").slice(0, 16);
}

/** The event streams, as a named plugin: register it after the quota check (it charges through it). */
export const eventStreamsPlugin = fp(eventStreams, { name: "lijnwijzer-event-streams", fastify: "5.x", dependencies: ["lijnwijzer-quota"] });
