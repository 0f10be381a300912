/**
 * What every answer gets, whatever the route or status (docs/OPERATIONS.md "HTTP: CORS, security headers, methods,
 * timeouts"; docs/COMPATIBILITY.md O10-O14):
 * - `X-Request-Id`, the id the request's log lines carry (request-id.ts);
 * - security headers for a JSON API: `X-Content-Type-Options: nosniff` (a browser never runs an answer as a
 *   script or a page), `X-Frame-Options: DENY` and `Referrer-Policy: no-referrer`. No Content-Security-Policy:
 *   it governs documents, and JSON is none (a page served beside the API sets its own);
 * - CORS headers (cors.ts);
 * - `Connection: close` once the server is shutting down, so that a keep-alive client finishes its request here
 *   and opens its next connection elsewhere (the listener is closed by then: another worker or replica).
 * And for a request no route took: 405 with `Allow` for a method the path lacks, 204 for OPTIONS of an existing
 * path (allowed-methods.ts); other unknown paths go on to the 404 of error-handler.ts.
 *
 * Pipelining (RFC 9112 9.3.2): a client may send requests on one connection without reading the answers. Node
 * parses them all at once and hands each to the app, which would build every answer and buffer it in memory behind
 * the unsent ones (a client that never reads: gigabytes). Here a request waits, before any other hook, until the
 * answers before it on its connection are handed to the operating system (Node assigns the connection to its
 * answer then): one answer per connection is built at a time, and a client that does not read stops the work on
 * its connection. More than MAX_PIPELINED requests waiting on one connection close it: no client needs that many.
 *
 * Closing such a connection must cost little, since the client may open the next one at once. Node parses every
 * request of the bytes it has read (64 KB: about 500 short GETs) whatever happens to the connection meanwhile, and
 * on its close gives each request not answered an error (ECONNRESET) whose stack trace it formats: measured with
 * 30 connections pipelining /haltes, this was a third of the server's time, and the routing of the requests parsed
 * after the close 12 % (docs/BENCHMARKS.md "Hostile clients"). So a request that arrives on a connection already
 * closed goes no further than Node (no routing, no hooks), and the errors of the requests dropped with a
 * connection this module closed are made without a stack trace.
 *
 * Headers are set in `onRequest`, the first hook, so that errors answered later keep them. Register this plugin
 * before the routes: it records them for allowed-methods.ts as they are added.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyPluginCallback, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";
import { installAllowedMethods } from "./allowed-methods.js";
import { type CorsOrigins, corsHeaders } from "./cors.js";
import { REQUEST_ID_HEADER } from "./request-id.js";

export interface HttpHygieneOptions {
  corsOrigins: CorsOrigins;
  ignoreTrailingSlash: boolean;
  maxParamLength: number;
  /** True once the server is shutting down. */
  closing: () => boolean;
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
} as const;

/**
 * The headers every answer gets besides its request id: the security headers and CORS (cors.ts), one block per
 * Origin, made once. Both ways of answering write the block this gives: the onRequest hook below, and the lane of
 * answers already rendered (rendered-lane.ts).
 */
export function hygieneHeaders(origins: CorsOrigins): (origin: string | undefined) => Readonly<Record<string, string>> {
  if (origins === "*") {
    const block = Object.freeze({ ...SECURITY_HEADERS, ...corsHeaders("*", undefined) });
    return () => block;
  }
  const blocks = new Map(origins.map((o) => [o, Object.freeze({ ...SECURITY_HEADERS, ...corsHeaders(origins, o) })]));
  const other = Object.freeze({ ...SECURITY_HEADERS, ...corsHeaders(origins, undefined) });
  return (origin) => (origin === undefined ? other : (blocks.get(origin) ?? other));
}

/** Requests that may wait on one connection behind an answer not yet sent (see the module comment). */
export const MAX_PIPELINED = 32;

/** Per connection: the requests waiting behind an answer not yet sent. */
const waiting = Symbol("lijnwijzer.pipelined");
type PipelinedSocket = Socket & { [waiting]?: number };

/**
 * Closes a connection with too many requests waiting. Node's own 'close' listener (added when the connection
 * opened) gives each request still open an error: ours, around it, turn stack traces off for that moment only.
 */
function closeOverloaded(socket: Socket): void {
  let limit = Error.stackTraceLimit;
  socket.prependOnceListener("close", () => {
    limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    // Whatever happens in between, the limit is back before anything else runs.
    process.nextTick(() => (Error.stackTraceLimit = limit));
  });
  socket.once("close", () => (Error.stackTraceLimit = limit));
  socket.destroy();
}

/**
 * Installs, in front of Fastify's handler, the check that drops a request of a connection already closed: Node
 * still parses the rest of what it had read from it (see the module comment).
 */
function dropRequestsOfClosedConnections(server: Server): void {
  const handlers = server.listeners("request") as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners("request");
  for (const handler of handlers) {
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (req.socket.destroyed) return;
      handler(req, res);
    });
  }
}

/**
 * Calls `go` once the answer of this request has the connection (Node assigns it once the answers before it are
 * sent: http.ServerResponse 'socket'); never when the connection closes first, so no answer is built for nobody.
 * Closes a connection with more than MAX_PIPELINED requests waiting.
 */
function whenConnectionFree(request: FastifyRequest, reply: FastifyReply, go: () => void): void {
  const res = reply.raw;
  const socket = request.raw.socket as PipelinedSocket;
  const count = (socket[waiting] ?? 0) + 1;
  if (count > MAX_PIPELINED) {
    closeOverloaded(socket);
    return;
  }
  // Each waiting request listens for the connection's close: up to MAX_PIPELINED listeners, which Node would
  // report (MaxListenersExceededWarning, a line on stderr per connection a hostile client opens) past 10.
  if (count === 1 && socket.getMaxListeners() < MAX_PIPELINED + 10) socket.setMaxListeners(MAX_PIPELINED + 10);
  socket[waiting] = count;
  const settle = (assigned: boolean) => {
    socket[waiting]! -= 1;
    res.off("socket", onSocket);
    socket.off("close", onClose);
    if (assigned) go();
  };
  const onSocket = () => settle(true);
  const onClose = () => settle(false);
  res.once("socket", onSocket);
  socket.once("close", onClose);
}

const hygiene: FastifyPluginCallback<HttpHygieneOptions> = (app, opts, done) => {
  const answerUnrouted = installAllowedMethods(app, opts);
  // Fastify's handler is on the server once the app exists (app.inject() does not go through it).
  app.addHook("onReady", (ready) => {
    dropRequestsOfClosedConnections(app.server);
    ready();
  });
  const headersFor = hygieneHeaders(opts.corsOrigins);
  // A callback hook, not an async one: it runs on every request.
  const onRequest: onRequestHookHandler = (request, reply, next) => {
    if (reply.raw.socket === null) return whenConnectionFree(request, reply, () => onRequest.call(app, request, reply, next));
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.headers(headersFor(request.headers.origin));
    if (!request.is404) return next();
    try {
      if (!answerUnrouted(request, reply)) next();
    } catch (err) {
      next(err as Error);
    }
  };
  app.addHook("onRequest", onRequest);
  // In onSend, not onRequest: a request that arrived before the shutdown began must close its connection too.
  // Not while pipelined requests wait behind this one on its connection: they arrived before the shutdown too, and
  // Node would drop them with the connection.
  const onSend: onSendHookHandler = (request, reply, payload, next) => {
    if (opts.closing() && !((request.raw.socket as PipelinedSocket)[waiting]! > 0)) reply.header("connection", "close");
    next(null, payload);
  };
  app.addHook("onSend", onSend);
  done();
};

/** The headers and method answers every request gets, as a named plugin; register it before the routes. */
export const httpHygienePlugin = fp(hygiene, { name: "lijnwijzer-http-hygiene", fastify: "5.x" });
