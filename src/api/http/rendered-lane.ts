/**
 * The lane of answers already rendered: a GET whose answer the app has made before, byte for byte the same for
 * this request, is answered in Node's request listener, before Fastify's routing and hooks, with one
 * `res.writeHead` and one `res.end`. E3 (a line by key, the call apps make most) was at about half the requests a
 * second of a bare Fastify route with every production feature on, the gap being Fastify's request and reply
 * objects, its hook stages and our hooks rather than any one cost (docs/BENCHMARKS.md "A cheap request stays
 * cheap"); an answer in this lane costs about what a bare Fastify route's does.
 *
 * The answer is the app's own: a route keeps its 200 answer here (`keepForRenderedLane`) once it has made it, for
 * what decides it: the network, the URL (path only: a request with a query string never takes this lane) and the
 * headers the links are built from (Host, and X-Forwarded-Host and -Proto, read behind a trusted proxy). Every
 * request is still checked as the hooks check it, by the same functions: the subscription key (auth.ts `keyOf`; in
 * the header, since the URL has no query), the quota, charged once (quota-plugin.ts `quotaHeadersNow`), the request
 * id (request-id.ts), the security and CORS headers (http-hygiene.ts `hygieneHeaders`), /metrics' series (metrics.ts
 * `countAnswer`). Whatever those would answer differently from a plain 200 goes to Fastify, which answers it as
 * always:
 * - a method other than GET (HEAD, OPTIONS, a preflight), or an answer not kept for this URL and these headers;
 * - no key, an unknown key, a call over its quota (not counted here: a refused call never is), a quota store that
 *   cannot answer at once (Redis);
 * - a request that must wait for its connection (pipelining, http-hygiene.ts), a server shutting down
 *   (`Connection: close`), two Host header lines (error-handler.ts);
 * - request log lines on (LOG_LEVEL info, debug or trace): Fastify's request handling writes them, and the lane
 *   skips it.
 * Only answers below COMPRESS_THRESHOLD_BYTES are kept, so that Accept-Encoding never changes them, and the
 * headers come out in the order the hooks set them: the lane's answer is the Fastify lane's, byte for byte, but its
 * Date and request id (test/api/http/rendered-lane.test.ts compares the two).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Network } from "../../network/model.js";
import type { CorsOrigins } from "./cors.js";
import { COMPRESS_THRESHOLD_BYTES } from "./content-encoding.js";
import { hostLines } from "./error-handler.js";
import { hygieneHeaders } from "./http-hygiene.js";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.js";
import type { NetworkSource } from "../shared/network-source.js";
import { anyKeptAnswer, keepAnswer, keptAnswer } from "../shared/rendered-answers.js";

export interface RenderedLaneOptions {
  source: NetworkSource;
  corsOrigins: CorsOrigins;
  /** True once the server is shutting down: answers then close their connection, which Fastify's lane does. */
  closing: () => boolean;
}

/** Log levels at which Fastify writes a line per request (pino's; src/config/log-level.ts). */
const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

/** What an answer kept in the lane depends on besides the network: the URL and the headers links are built from. */
function requestKey(url: string, headers: IncomingHttpHeaders): string {
  const forwardedHost = headers["x-forwarded-host"] ?? "";
  const forwardedProto = headers["x-forwarded-proto"] ?? "";
  return `${headers.host}\n${forwardedHost}\n${forwardedProto}\n${url}`;
}

/**
 * Keeps `text`, the 200 answer a route made for this GET, for the lane: call it from a route whose answer depends on
 * the network, the URL and the link base only. Answers to URLs with a query, without Host, or of
 * COMPRESS_THRESHOLD_BYTES and more are not kept (see the module comment).
 */
export function keepForRenderedLane(request: FastifyRequest, net: Network, text: string, type: string): void {
  const url = request.raw.url;
  if (request.method !== "GET" || url === undefined || url.includes("?") || typeof request.headers.host !== "string") return;
  const length = Buffer.byteLength(text);
  if (length >= COMPRESS_THRESHOLD_BYTES) return;
  keepAnswer(net, requestKey(url, request.headers), () => ({
    text,
    type,
    length: String(length),
    routeConfig: request.routeOptions.config,
    route: request.routeOptions.url,
  }));
}

const renderedLane: FastifyPluginCallback<RenderedLaneOptions> = (app, opts, done) => {
  const headersFor = hygieneHeaders(opts.corsOrigins);
  let closed = false;
  app.addHook("preClose", (next) => {
    closed = true;
    next();
  });

  // The hygiene blocks are made once (one per Origin), and so is each one's list of names and values.
  const flatBlocks = new WeakMap<object, string[]>();
  const flat = (block: Readonly<Record<string, string>>): string[] => {
    let list = flatBlocks.get(block);
    if (list === undefined) flatBlocks.set(block, (list = Object.entries(block).flat()));
    return list;
  };

  /** Answers the request if it may take the lane; false leaves it to Fastify, untouched. */
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const startMs = performance.now();
    if (req.method !== "GET" || req.socket.destroyed || res.socket === null || closed || opts.closing()) return false;
    if (REQUEST_LOG_LEVELS.has(app.log.level)) return false;
    const { headers } = req;
    if (typeof headers.host !== "string" || !anyKeptAnswer()) return false;
    const kept = keptAnswer(opts.source.current(), requestKey(req.url!, headers));
    if (kept === undefined || hostLines(req.rawHeaders) > 1) return false;
    const key = app.keyOf(req);
    if (key === undefined) return false;
    const quota = app.quotaHeadersNow(key);
    if (quota === undefined) return false;
    // hot: the hooks' order (request id, hygiene, quota, then the route's type and Fastify's length).
    const out = [REQUEST_ID_HEADER, requestIdOf(req), ...flat(headersFor(headers.origin))];
    for (const name in quota) out.push(name, quota[name]);
    out.push("content-type", kept.type, "content-length", kept.length);
    res.writeHead(200, out);
    res.end(kept.text);
    app.countAnswer(kept.routeConfig, kept.route, "GET", 200, (performance.now() - startMs) / 1000);
    return true;
  };

  // Fastify's request listener is on the server once the app exists; this one goes in front of it (app.inject() goes
  // through neither).
  app.addHook("onReady", (ready) => {
    const server = app.server;
    const handlers = server.listeners("request") as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    server.removeAllListeners("request");
    for (const handler of handlers) {
      server.on("request", (req: IncomingMessage, res: ServerResponse) => {
        if (!answer(req, res)) handler(req, res);
      });
    }
    ready();
  });
  done();
};

/** The lane as a named plugin: register it after the key check, the quota and /metrics, whose functions it calls. */
export const renderedLanePlugin = fp(renderedLane, {
  name: "lijnwijzer-rendered-lane",
  fastify: "5.x",
  dependencies: ["lijnwijzer-http-hygiene", "lijnwijzer-auth", "lijnwijzer-quota", "lijnwijzer-metrics"],
});
