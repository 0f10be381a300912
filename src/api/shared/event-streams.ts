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
 * - Each answer message starts with a comment `: state <epoch ms>`: when this process began serving the real-time
 *   state the answer reflects (absent while that is unknown: a state served before the first stream opened).
 *   EventSource ignores comments; a client that reads the stream itself can tell the data's age from it, and
 *   bench:sse measures delivery delay with it (docs/BENCHMARKS.md "5,000 event-stream subscribers (bench:sse)").
 * - Quota: the request is charged as any call when it opens, and once more per minute it stays open; a charge
 *   refused ends the stream with `event: quota`. Bounds: STREAMS_PER_KEY per key (429) and STREAMS_PER_WORKER per
 *   process (503), counted from open to close (both configurable: src/config/server.ts).
 *
 * Cost per update (docs/BENCHMARKS.md "5,000 event-stream subscribers (bench:sse)"): the streams that ask the same
 * thing (same event, scheme, host and URL less its key parameters: all an answer depends on) form a group, and a
 * group's answer is rendered, serialised, digested and framed once per update; its members get the same bytes
 * (one Buffer, written to each socket without a copy). The groups are visited in slices of SLICE_MS with a turn of
 * the event loop between them, so a swap with thousands of streams delays a request by a slice, not by the whole
 * round. Back-pressure: a member whose socket takes no more (write returned false) gets no further answer until it
 * drains, then only the latest (each message is the whole answer, so the skipped ones are of no use to it); one
 * still not drained a whole heartbeat later is closed (docs/COMPATIBILITY.md R27). Node then holds at most about
 * one message per slow reader, and a reader that stopped holds its socket no longer than two heartbeats.
 * The answer is written to the raw response (reply.hijack): no compression (an event stream must reach the client
 * line by line), no request-cost turn, no Content-Length; the headers the hooks set (request id, CORS, quota) are
 * copied onto it.
 */
import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LijnwijzerError, STREAMS_PER_KEY_EXCEEDED, STREAMS_PER_WORKER_EXCEEDED } from "../../errors.js";
import type { Network } from "../../network/model.js";
import { SLICE_MS } from "../../realtime/run-in-slices.js";
import { dropKeyParameters, queryKey } from "../http/key-parameter.js";
import type { NetworkSource } from "./network-source.js";
import type { RealtimeSource } from "./realtime-source.js";

/** Default of STREAMS_PER_KEY: streams one key may hold open on one process, a page or two with a few boards each. */
export const STREAMS_PER_KEY = 10;
/**
 * Default of STREAMS_PER_WORKER: streams one process holds. An idle stream costs a socket and some kB; an update
 * one render per group and one write per stream (docs/BENCHMARKS.md "5,000 event-stream subscribers (bench:sse)").
 */
export const STREAMS_PER_WORKER = 500;
/** Between heartbeats, and between renders for the clock alone: proxies close idle connections after 30-60 s. */
export const HEARTBEAT_MS = 15_000;
/** How often the network and the real-time state are compared with what the streams last saw. */
export const CHECK_MS = 1_000;
/** A stream is charged once per this much time open (docs/COMPATIBILITY.md R25). */
export const CHARGE_EVERY_MS = 60_000;
/** Members written between two looks at the clock in a round: a write costs some microseconds. */
const WRITES_PER_CLOCK_LOOK = 64;

declare module "fastify" {
  interface FastifyInstance {
    /** Opens an event stream of `spec` on this request (see the module comment); answers it. */
    openEventStream(request: FastifyRequest, reply: FastifyReply, spec: EventStreamSpec): void;
  }
}

export interface EventStreamSpec {
  /** The SSE event name of the answer, e.g. `doorkomsten`. */
  event: string;
  /**
   * The answer now, on the network given: what the JSON route would answer; throws its LijnwijzerError (404). It
   * may depend on the request's scheme, host and URL (links, parameters) but on nothing else of it: the streams
   * that share those share one render (the module comment).
   */
  render(network: Network): unknown;
}

export interface EventStreamsOptions {
  source: NetworkSource;
  realtime?: RealtimeSource;
  /** Epoch ms (the app clock): quota minutes count on it. */
  now: () => number;
  /** Streams per process (STREAMS_PER_WORKER), default STREAMS_PER_WORKER. */
  streamsPerWorker?: number;
  /** Streams per key per process (STREAMS_PER_KEY), default STREAMS_PER_KEY. */
  streamsPerKey?: number;
  /** Between heartbeats, default HEARTBEAT_MS; shorter only in tests, where a stalled reader must be closed soon. */
  heartbeatMs?: number;
}

/** The request asks for an event stream: a GET (a HEAD answers as the JSON GET, headers only). */
export function wantsEventStream(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  const accept = request.headers.accept;
  return typeof accept === "string" && accept.includes("text/event-stream");
}

/** The streams that ask the same thing: one render, one message per update for all of them. */
interface StreamGroup {
  readonly id: string;
  readonly event: string;
  /** The render of the member that opened the group: any member's gives the same answer. */
  readonly render: (network: Network) => unknown;
  readonly members: Set<OpenStream>;
  /** JSON of the last answer rendered, and its number: a member holding `version` holds that answer. */
  lastData: string;
  version: number;
  /** The message of `lastData`, framed once: the same bytes go to every member. */
  message: Buffer;
  /** The network `lastData` was rendered on. */
  network: Network;
}

interface OpenStream {
  readonly res: ServerResponse;
  /** The request: its key is charged again per minute. */
  readonly request: FastifyRequest;
  readonly keyId: string;
  readonly group: StreamGroup;
  /** The version of the group's answer this stream holds; NOT_HELD: another one (`heldData`). */
  version: number;
  /** The answer it holds when that is not one of the group's (it resumed, or opened between two renders). */
  heldData: string | undefined;
  /** The network its last answer was rendered on: another one is announced by `event: netwerk`. */
  network: Network;
  /** performance.now() since when its socket takes no more, or undefined: it reads. */
  behindSinceMs: number | undefined;
  chargedMs: number;
  charging: boolean;
  open: boolean;
}

/** The stream holds an answer the group never rendered. */
const NOT_HELD = -1;
const NETWERK_MESSAGE = Buffer.from(`event: netwerk\ndata: ${JSON.stringify({ bericht: "het netwerk is vernieuwd" })}\n\n`);
const HEARTBEAT_MESSAGE = Buffer.from(": heartbeat\n\n");

const eventStreams: FastifyPluginAsync<EventStreamsOptions> = async (app, opts) => {
  const streamsPerWorker = opts.streamsPerWorker ?? STREAMS_PER_WORKER;
  const streamsPerKey = opts.streamsPerKey ?? STREAMS_PER_KEY;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const streams = new Set<OpenStream>();
  const byResponse = new WeakMap<ServerResponse, OpenStream>();
  const groups = new Map<string, StreamGroup>();
  const perKey = new Map<string, number>();
  // What the streams last saw; read only while a stream is open: a timer's read would be one more read of the
  // network during whatever request runs (test/api/http-snapshot-reads.test.ts counts them).
  let seenNetwork: Network | undefined;
  let seenState: unknown;
  /** Wall-clock epoch ms at which seenState was first seen (the swap, when the source tells), or undefined. */
  let stateMs: number | undefined;
  let closing = false;

  const frame = (event: string, data: string): Buffer =>
    Buffer.from(`${stateMs === undefined ? "" : `: state ${stateMs}\n`}id: ${digest(data)}\nevent: ${event}\ndata: ${data}\n\n`);

  const end = (s: OpenStream) => {
    if (!s.open) return;
    s.open = false;
    streams.delete(s);
    s.group.members.delete(s);
    if (s.group.members.size === 0 && groups.get(s.group.id) === s.group) groups.delete(s.group.id);
    const n = (perKey.get(s.keyId) ?? 1) - 1;
    if (n > 0) perKey.set(s.keyId, n);
    else perKey.delete(s.keyId);
    s.res.end();
  };

  /** Writes what must reach the client whatever it holds (netwerk, fout, quota): small, never skipped. */
  const writeAlways = (s: OpenStream, bytes: Buffer | string) => {
    if (s.open && !s.res.write(bytes)) fellBehind(s);
  };

  function fellBehind(s: OpenStream): void {
    if (s.behindSinceMs !== undefined) return;
    s.behindSinceMs = performance.now();
    s.res.once("drain", onDrain);
  }

  /** A slow reader took what was buffered: it gets the group's answer now, when it holds another. */
  function onDrain(this: ServerResponse): void {
    const s = byResponse.get(this);
    if (s === undefined || !s.open) return;
    s.behindSinceMs = undefined;
    if (s.version !== s.group.version && s.network === s.group.network) sendAnswer(s);
  }

  /** The group's answer to one member, unless its socket takes no more (then it gets the latest once it drains). */
  const sendAnswer = (s: OpenStream) => {
    if (!s.open || s.behindSinceMs !== undefined) return;
    s.version = s.group.version;
    s.heldData = undefined;
    if (!s.res.write(s.group.message)) fellBehind(s);
  };

  /**
   * Renders the group's answer on `network` and sends it to the members that hold another; the members not yet on
   * `network` get `event: netwerk` first, then the answer even when unchanged (a client may start over on it).
   * Returns the members written to.
   */
  const renderGroup = (g: StreamGroup, network: Network): Iterable<OpenStream> => {
    let data: string;
    try {
      data = JSON.stringify(g.render(network));
    } catch (err) {
      const e = err instanceof LijnwijzerError ? { statusCode: err.status, message: err.message } : { statusCode: 500, message: "internal error" };
      const fout = `event: fout\ndata: ${JSON.stringify(e)}\n\n`;
      for (const s of [...g.members]) {
        writeAlways(s, fout);
        end(s);
      }
      return [];
    }
    g.network = network;
    if (data !== g.lastData) {
      g.lastData = data;
      g.version++;
      g.message = frame(g.event, data);
    }
    return g.members;
  };

  /** After renderGroup: what one member gets. */
  const deliver = (s: OpenStream, network: Network) => {
    const g = s.group;
    if (s.network !== network) {
      s.network = network;
      writeAlways(s, NETWERK_MESSAGE);
      s.version = NOT_HELD; // the answer follows, the same or not
    } else if (s.version === g.version) return;
    else if (s.version === NOT_HELD && s.heldData === g.lastData) {
      s.version = g.version;
      s.heldData = undefined;
      return;
    }
    sendAnswer(s);
  };

  // One round at a time over every group; a change during a round asks for one more round after it.
  let roundRunning = false;
  let roundWanted = false;
  let heartbeatWanted = false;
  let renderWanted = false;
  const requestRound = (heartbeat: boolean) => {
    roundWanted = true;
    heartbeatWanted ||= heartbeat;
    renderWanted ||= !heartbeat;
    if (!roundRunning) void runRounds();
  };
  const runRounds = async () => {
    roundRunning = true;
    try {
      while (roundWanted && !closing) {
        const heartbeat = heartbeatWanted;
        const render = renderWanted;
        roundWanted = false;
        heartbeatWanted = false;
        renderWanted = false;
        await round(heartbeat, render);
      }
    } catch (err) {
      app.log.error({ err }, "event stream round failed");
    } finally {
      roundRunning = false;
    }
  };

  /** performance.now() when the last round that rendered every group began. */
  let renderedAllAt = Number.NEGATIVE_INFINITY;

  /**
   * Every group rendered on the network of now and its members written, in slices of SLICE_MS. A heartbeat round
   * renders for the clock only when no round has rendered every group within HEARTBEAT_MS (with a real-time feed
   * polled more often, the state's rounds already do): else it only writes the heartbeat.
   */
  const round = async (heartbeat: boolean, renderAsked: boolean) => {
    const started = performance.now();
    const render = renderAsked || started - renderedAllAt >= heartbeatMs - Math.min(CHECK_MS, heartbeatMs / 2);
    if (render) renderedAllAt = started;
    let sliceStart = started;
    const yieldIfDue = async () => {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await new Promise<void>((r) => setImmediate(r));
      sliceStart = performance.now();
    };
    const stalledBefore = performance.now() - heartbeatMs;
    for (const g of [...groups.values()]) {
      if (closing) return;
      if (g.members.size === 0) continue;
      // The network of now, for each group: a reload during the round reaches the groups after it at once.
      const network = opts.source.current();
      let written = 0;
      for (const s of render ? renderGroup(g, network) : g.members) {
        if (heartbeat && s.behindSinceMs !== undefined && s.behindSinceMs < stalledBefore) {
          // Not drained for a whole heartbeat: a reader that stopped. Its reconnection gets the answer of now.
          end(s);
          s.res.destroy();
          continue;
        }
        if (render) deliver(s, network);
        if (heartbeat && s.behindSinceMs === undefined) writeAlways(s, HEARTBEAT_MESSAGE);
        if (++written % WRITES_PER_CLOCK_LOOK === 0) await yieldIfDue();
      }
      await yieldIfDue();
    }
  };

  const check = () => {
    if (streams.size === 0) return;
    const network = opts.source.current();
    const state = opts.realtime?.current(network);
    const networkChanged = network !== seenNetwork;
    if (!networkChanged && state === seenState) return;
    seenNetwork = network;
    if (state !== seenState) stateMs = state === undefined ? undefined : Date.now();
    seenState = state;
    requestRound(false);
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
        writeAlways(s, `event: quota\ndata: ${JSON.stringify({ statusCode: 429, message: "the key's quota is used up: the stream ends" })}\n\n`);
        end(s);
      });
    }
  };

  const checkTimer = setInterval(() => {
    check();
    chargeDue();
  }, CHECK_MS);
  checkTimer.unref();
  const heartbeatTimer = setInterval(() => {
    if (streams.size > 0) requestRound(true);
  }, heartbeatMs);
  heartbeatTimer.unref();
  const unsubscribe = opts.realtime?.subscribe?.(check);

  // Streams never end by themselves: a server that closes ends them first, or it would wait for every client.
  app.addHook("preClose", (done) => {
    closing = true;
    clearInterval(checkTimer);
    clearInterval(heartbeatTimer);
    unsubscribe?.();
    for (const s of [...streams]) end(s);
    done();
  });

  app.decorate("openEventStream", (request: FastifyRequest, reply: FastifyReply, spec: EventStreamSpec) => {
    const network = opts.source.current();
    if (streams.size === 0) {
      seenNetwork = network;
      const state = opts.realtime?.current(network);
      if (state !== seenState) stateMs = undefined;
      seenState = state;
    }
    // The first answer before anything is written: its 404 goes out as JSON, as the route's would.
    const first = JSON.stringify(spec.render(network));
    const keyId = streamKeyOf(request);
    const held = perKey.get(keyId) ?? 0;
    if (streams.size >= streamsPerWorker) {
      reply.header("retry-after", "30");
      throw STREAMS_PER_WORKER_EXCEEDED(String(streams.size));
    }
    if (held >= streamsPerKey) throw STREAMS_PER_KEY_EXCEEDED(String(held));

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
    const groupId = `${spec.event} ${request.protocol}://${request.host} ${dropKeyParameters(request.url)}`;
    let group = groups.get(groupId);
    if (group === undefined) {
      group = { id: groupId, event: spec.event, render: spec.render, members: new Set(), lastData: first, version: 0, message: frame(spec.event, first), network };
      groups.set(groupId, group);
    }
    const holdsGroups = group.lastData === first && network === group.network;
    const stream: OpenStream = {
      res,
      request,
      keyId,
      group,
      version: holdsGroups ? group.version : NOT_HELD,
      heldData: holdsGroups ? undefined : first,
      network,
      behindSinceMs: undefined,
      chargedMs: opts.now(),
      charging: false,
      open: true,
    };
    streams.add(stream);
    group.members.add(stream);
    byResponse.set(res, stream);
    res.once("close", onClose);
    const resumed = request.headers["last-event-id"];
    if (resumed !== undefined && resumed === digest(first)) writeAlways(stream, ": resumed\n\n");
    else writeAlways(stream, Buffer.concat([RETRY_MESSAGE, holdsGroups ? group.message : frame(spec.event, first)]));
  });

  function onClose(this: ServerResponse): void {
    const s = byResponse.get(this);
    if (s !== undefined) end(s);
  }
};

const RETRY_MESSAGE = Buffer.from("retry: 2000\n");

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
