/**
 * Subscription keys, as the operator's API gateway checks them: the header `Ocp-Apim-Subscription-Key` or the
 * query parameter `subscription-key`. A missing or unknown key answers 401 `{statusCode, message}`.
 * A route opts out with `config: { auth: false }` (only /health and the OpenAPI document do); an unknown path
 * answers 404 whatever the key. Register it before the routes: it equips each route as it is added.
 */
import type { FastifyPluginCallback, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { UNAUTHORIZED } from "../errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: the route answers without a subscription key. */
    auth?: boolean;
  }
}

export interface AuthOptions {
  keys: readonly string[];
}

export const SUBSCRIPTION_KEY_HEADER = "ocp-apim-subscription-key";
export const SUBSCRIPTION_KEY_QUERY = "subscription-key";

const auth: FastifyPluginCallback<AuthOptions> = (app, opts, done) => {
  const keys = new Set(opts.keys);
  // A callback hook, not an async one: it runs on every request and a promise costs measurable throughput.
  const check: onRequestHookHandler = (request, _reply, next) => {
    let key = request.headers[SUBSCRIPTION_KEY_HEADER];
    if (Array.isArray(key)) key = key[0];
    if (key === undefined || key === "") {
      const q = (request.query as Record<string, unknown>)[SUBSCRIPTION_KEY_QUERY];
      key = Array.isArray(q) ? String(q[0]) : typeof q === "string" ? q : undefined;
    }
    if (key !== undefined && keys.has(key)) return next();
    next(UNAUTHORIZED());
  };
  // Decided once per route when it is added, not per request: routes with `config: { auth: false }` get no
  // check, every other route gets it first. The not-found handler is no route, so an unknown path is a 404.
  app.addHook("onRoute", (route) => {
    if (route.config?.auth === false) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [check, ...existing];
  });
  done();
};

/** The subscription-key check, as a named plugin that applies to the whole app. */
export const authPlugin = fp(auth, { name: "lijnwijzer-auth", fastify: "5.x" });
