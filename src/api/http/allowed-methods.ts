/**
 * Methods a path answers, for what Fastify's router leaves to the not-found handler: a method the path lacks is
 * a 405 with `Allow` (RFC 9110 15.5.6) and a JSON `{statusCode, message}`, OPTIONS of an existing path is a 204
 * with `Allow` (and the CORS preflight headers, cors.ts), and `OPTIONS *` names what the server answers. A path no
 * route has stays a 404 whatever the method.
 *
 * Fastify matches a concrete URL only inside its router, which it does not expose, so the routes are added to a
 * second find-my-way router (Fastify's own, with the same options) as they are registered; it is asked only when
 * Fastify found nothing, never on the path of a served request. HEAD comes with every GET route (exposeHeadRoutes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import findMyWay, { type HTTPVersion } from "find-my-way";
import { METHOD_NOT_ALLOWED } from "../../errors.js";
import { type CorsOrigins, preflightHeaders } from "./cors.js";
import { shortened } from "./shown-value.js";

export interface AllowedMethodsOptions {
  /** The options of the app's router, so that both match the same paths. */
  ignoreTrailingSlash: boolean;
  maxParamLength: number;
  corsOrigins: CorsOrigins;
}

/** The methods a route may be registered with, in the order `Allow` lists them. */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Records every route of `app` (call before the routes are registered) and answers, for requests no route took,
 * 405 or the OPTIONS answer. Returns false when the request is a plain 404, to be answered by the not-found handler.
 */
export function installAllowedMethods(app: FastifyInstance, opts: AllowedMethodsOptions) {
  const router = findMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: opts.ignoreTrailingSlash, maxParamLength: opts.maxParamLength });
  const methodsSeen = new Set<string>();
  app.addHook("onRoute", (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      // A route registered twice (a family prefix of "" and another) is one path: keep the first.
      if (router.hasRoute(method as never, route.url)) continue;
      router.on(method as never, route.url, () => undefined);
      methodsSeen.add(method);
    }
  });

  /** The methods `url` (path and query) answers; empty when no route has that path. */
  const methodsOf = (url: string): string[] => {
    const allowed = METHOD_ORDER.filter((m) => methodsSeen.has(m) && router.find(m as never, url) !== null);
    if (allowed.length > 0 && !allowed.includes("OPTIONS")) allowed.push("OPTIONS");
    return allowed;
  };

  /** Answers a request Fastify found no route for, when its path exists; false for a plain 404. */
  return function answerUnrouted(request: FastifyRequest, reply: FastifyReply): boolean {
    const url = request.raw.url ?? "/";
    if (request.method === "OPTIONS" && url === "*") {
      // OPTIONS * asks about the server as a whole (RFC 9110 9.3.7).
      reply.code(204).header("allow", "GET, HEAD, OPTIONS").send();
      return true;
    }
    const allowed = methodsOf(url);
    if (allowed.length === 0) return false;
    const allow = allowed.join(", ");
    if (request.method === "OPTIONS") {
      const preflight = request.headers["access-control-request-method"] === undefined ? undefined : preflightHeaders(opts.corsOrigins, request, allowed);
      reply.code(204).header("allow", allow);
      if (preflight) reply.headers(preflight);
      reply.send();
      return true;
    }
    const path = url.split("?")[0];
    reply.header("allow", allow);
    throw METHOD_NOT_ALLOWED(shortened(request.method, 20), shortened(path, 200), allowed.join(", ").replace(/, ([^,]*)$/, " and $1"));
  };
}
