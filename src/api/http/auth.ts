/**
 * Subscription keys, as the operator's API gateway checks them: the header `Ocp-Apim-Subscription-Key` or the
 * query parameter `subscription-key`, spelt so (key-parameter.ts). A missing or unknown key answers 401 `{statusCode, message}`.
 * A route opts out with `config: { auth: false }` (only /health and the OpenAPI document do); an unknown path
 * answers 404 whatever the key. Register it before the routes: it equips each route as it is added.
 *
 * The keys: those of API_KEYS / API_KEYS_FILE (or the demo key), without quota, and those of the keys file
 * (KEYS_FILE, src/lib/keys-file.ts), each of a product with limits. The keys file is watched: a change is read,
 * checked and swapped in as a whole table (quota/key-table.ts), or refused with a log line. The key found is
 * `request.apiKey`, for the quota check that follows (quota/quota-plugin.ts).
 *
 * A key is never logged: the request serializer below masks every key-like query parameter in the URL of the
 * request log lines, and the keys file holds hashes only.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyPluginCallback, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { UNAUTHORIZED } from "../../errors.js";
import type { KeysFile } from "../../lib/keys-file.js";
import { type ApiKey, keyTable } from "../quota/key-table.js";
import { watchKeysFile } from "../quota/keys-file-watcher.js";
import { maskKeyParameters, queryKey } from "./key-parameter.js";
import { prependRouteHook } from "./route-hooks.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: the route answers without a subscription key. */
    auth?: boolean;
  }
  interface FastifyRequest {
    /** The subscription key of the request, once the key check passed; null before (and on routes without it). */
    apiKey: ApiKey | null;
  }
  interface FastifyInstance {
    /** The known key a request carries (header or query), undefined without one: for routes without the key check. */
    keyOf(request: KeyedRequest): ApiKey | undefined;
  }
}

export interface AuthOptions {
  /** Keys without quota: API_KEYS and API_KEYS_FILE, or the demo key. */
  keys: readonly string[];
  /** KEYS_FILE: its path and its content as read at startup; the file is watched for changes. */
  keysFile?: { path: string; content: KeysFile };
  /** Milliseconds between two looks at the keys file (default 1000). */
  keysFilePollMs?: number;
}

/** What the key is read from: a Fastify request, or Node's before Fastify has it (rendered-lane.ts). */
export interface KeyedRequest {
  headers: IncomingHttpHeaders;
  url?: string;
}

export const SUBSCRIPTION_KEY_HEADER = "ocp-apim-subscription-key";

/** The key-check hooks, so that the quota check can take its place right after one (quota-plugin.ts). */
const authHooks = new WeakSet<object>();
export const isAuthHook = (hook: unknown): boolean => typeof hook === "function" && authHooks.has(hook);

const auth: FastifyPluginCallback<AuthOptions> = (app, opts, done) => {
  let table = keyTable(opts.keys, opts.keysFile?.content);
  if (opts.keysFile) {
    const { path, content } = opts.keysFile;
    const log = app.log.child({ component: "keys" });
    log.info({ keysFile: path, keys: content.keys.length, products: Object.keys(content.products) }, `keys file: ${content.keys.length} key(s)`);
    // One reference replaced: a request reads the table once, the old or the new one, never half of each.
    const watcher = watchKeysFile(path, { intervalMs: opts.keysFilePollMs, log, onChange: (c) => (table = keyTable(opts.keys, c)) });
    app.addHook("onClose", (_app, next) => {
      watcher.stop();
      next();
    });
  }
  app.decorateRequest("apiKey", null);
  // A callback hook, not an async one: it runs on every request and a promise costs measurable throughput.
  const keyOf = (request: KeyedRequest): ApiKey | undefined => {
    let key = request.headers[SUBSCRIPTION_KEY_HEADER];
    if (Array.isArray(key)) key = key[0];
    // The query's key in its one documented spelling only (key-parameter.ts).
    if (key === undefined || key === "") key = queryKey(request.url ?? "/");
    return key === undefined ? undefined : table.lookup(key);
  };
  app.decorate("keyOf", keyOf);
  const check: onRequestHookHandler = (request, _reply, next) => {
    const found = keyOf(request);
    if (found === undefined) return next(UNAUTHORIZED());
    request.apiKey = found;
    next();
  };
  authHooks.add(check);
  // Decided once per route when it is added, not per request: routes with `config: { auth: false }` get no
  // check, every other route gets it first. The not-found handler is no route, so an unknown path is a 404.
  app.addHook("onRoute", (route) => {
    if (route.config?.auth === false) return;
    prependRouteHook(route, "onRequest", check);
  });
  done();
};

/** The subscription-key check, as a named plugin that applies to the whole app. */
export const authPlugin = fp(auth, { name: "lijnwijzer-auth", fastify: "5.x" });

/**
 * The `req` serializer of the request log lines: Fastify's own fields, with the value of every query parameter that
 * looks like a key (key-parameter.ts: any case, percent-encoding or decoration of `subscription-key`) replaced by
 * `***`.
 */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskKeyParameters(request.url),
    version: request.headers?.["accept-version"] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
