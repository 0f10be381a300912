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
 * Headers are set in `onRequest`, the first hook, so that errors answered later keep them. Register this plugin
 * before the routes: it records them for allowed-methods.ts as they are added.
 */
import type { FastifyPluginCallback, onRequestHookHandler, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";
import { installAllowedMethods } from "./allowed-methods.js";
import { addCorsHeaders, type CorsOrigins } from "./cors.js";
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

const hygiene: FastifyPluginCallback<HttpHygieneOptions> = (app, opts, done) => {
  const answerUnrouted = installAllowedMethods(app, opts);
  // A callback hook, not an async one: it runs on every request.
  const onRequest: onRequestHookHandler = (request, reply, next) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.headers(SECURITY_HEADERS);
    addCorsHeaders(opts.corsOrigins, request, reply);
    if (!request.is404) return next();
    try {
      if (!answerUnrouted(request, reply)) next();
    } catch (err) {
      next(err as Error);
    }
  };
  app.addHook("onRequest", onRequest);
  // In onSend, not onRequest: a request that arrived before the shutdown began must close its connection too.
  const onSend: onSendHookHandler = (_request, reply, payload, next) => {
    if (opts.closing()) reply.header("connection", "close");
    next(null, payload);
  };
  app.addHook("onSend", onSend);
  done();
};

/** The headers and method answers every request gets, as a named plugin; register it before the routes. */
export const httpHygienePlugin = fp(hygiene, { name: "lijnwijzer-http-hygiene", fastify: "5.x" });
