/**
 * Quotas per key (spec 8; docs/OPERATIONS.md "Keys and quotas", docs/COMPATIBILITY.md O1-O9): each call of a key of the keys file is counted against its product's limits per UTC
 * minute and per UTC day (quota-windows.ts), in memory or in Redis (QUOTA_STORE).
 *
 * - Every answer of a route behind the key check carries the key's quota, 200s and errors alike:
 *   `X-RateLimit-Limit-Minute`, `X-RateLimit-Remaining-Minute`, `X-RateLimit-Limit-Day`,
 *   `X-RateLimit-Remaining-Day` (remaining after this call). Keys without quota (API_KEYS, API_KEYS_FILE, demo)
 *   get none of them.
 * - Over a limit: 429 `{statusCode, message}` in the wording of the operator's gateway, with `Retry-After` in
 *   seconds until the window that is full ends (the day's when both are). A refused call is not counted.
 * - Redis not answering: QUOTA_REDIS_FAILURE (guarded-quota-store.ts); "closed" answers 503 with `Retry-After: 1`
 *   and no quota headers (nothing is known).
 * The check runs right after the key check, on the same routes; synchronous with the memory store.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { QUOTA_DAY_EXCEEDED, QUOTA_MINUTE_EXCEEDED, QUOTA_STORE_UNAVAILABLE } from "../../errors.js";
import type { QuotaConfig } from "../../config/quotas.js";
import { isAuthHook } from "../http/auth.js";
import type { ApiKey } from "./key-table.js";
import { routeHooks } from "../http/route-hooks.js";
import { type GuardedCharge, type GuardedQuotaStore, guardedQuotaStore } from "./guarded-quota-store.js";
import { memoryQuotaStore } from "./memory-quota-store.js";
import { countRejection } from "./quota-counters.js";
import { hhmmss, type QuotaLimits, quotaWindows, retryAfterSeconds } from "./quota-windows.js";
import { redisQuotaStore } from "./redis-quota-store.js";

export const QUOTA_HEADERS = {
  limitMinute: "x-ratelimit-limit-minute",
  remainingMinute: "x-ratelimit-remaining-minute",
  limitDay: "x-ratelimit-limit-day",
  remainingDay: "x-ratelimit-remaining-day",
} as const;

export interface QuotaPluginOptions {
  config: QuotaConfig;
  /** Epoch milliseconds; default Date.now. */
  now?: () => number;
}

/** At startup, the longest wait for Redis to connect before serving (then QUOTA_REDIS_FAILURE applies until it does). */
const REDIS_STARTUP_WAIT_MS = 2000;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts one more call of the request's key, for a long-lived answer (an event stream counts once per minute it
     * is open, docs/COMPATIBILITY.md R24); `done(true)` when it was within the key's limits (or the key has none).
     */
    chargeAgain(request: FastifyRequest, done: (allowed: boolean) => void): void;
    /**
     * For an answer made without the hooks (rendered-lane.ts): charges one call of `key` when the store answers at
     * once and the call is within the key's limits, and gives the quota headers of its answer (none for a key
     * without quota); undefined, with nothing counted, when the call is refused or the store cannot answer at once
     * (Redis): the request is then left to the hooks, which charge it and answer.
     */
    quotaHeadersNow(key: ApiKey): Readonly<Record<string, string>> | undefined;
  }
}

const quota: FastifyPluginAsync<QuotaPluginOptions> = async (app, opts) => {
  const { config } = opts;
  if (config.keysFile === undefined) {
    app.decorate("chargeAgain", (_request: FastifyRequest, done: (allowed: boolean) => void) => done(true));
    app.decorate("quotaHeadersNow", (): Readonly<Record<string, string>> => NO_QUOTA_HEADERS);
    return;
  }
  const now = opts.now ?? Date.now;
  const log = app.log.child({ component: "quota" });
  const store = await createStore(config, log);
  app.addHook("onClose", async () => store.close());

  const answer = (charge: GuardedCharge, key: ApiKey, nowMs: number, reply: FastifyReply, next: (err?: Error) => void) => {
    if (charge === "unavailable") {
      reply.header("retry-after", "1");
      return next(QUOTA_STORE_UNAVAILABLE());
    }
    const limits = key.limits!;
    reply.headers(quotaHeaders(limits, charge));
    if (charge.allowed) return next();
    const w = quotaWindows(nowMs);
    if (charge.dayUsed >= limits.perDay) {
      const seconds = retryAfterSeconds(w.dayLeftMs);
      reply.header("retry-after", String(seconds));
      countRejection("day", key.product!);
      return next(QUOTA_DAY_EXCEEDED(hhmmss(seconds)));
    }
    const seconds = retryAfterSeconds(w.minuteLeftMs);
    reply.header("retry-after", String(seconds));
    countRejection("minute", key.product!);
    next(QUOTA_MINUTE_EXCEEDED(seconds));
  };

  // A callback hook, and callbacks down to the store: no promise per request. The memory store answers at once,
  // without a callback made per request.
  const check: onRequestHookHandler = (request, reply, next) => {
    const key = request.apiKey;
    if (key === null || key.limits === undefined) return next();
    const nowMs = now();
    if (store.chargeNow !== undefined) return answer(store.chargeNow(key.id, key.limits, nowMs), key, nowMs, reply, next);
    store.charge(key.id, key.limits, nowMs, (charge) => answer(charge, key, nowMs, reply, next));
  };

  app.decorate("quotaHeadersNow", (key: ApiKey): Readonly<Record<string, string>> | undefined => {
    if (key.limits === undefined) return NO_QUOTA_HEADERS;
    if (store.chargeNow === undefined) return undefined;
    const charge = store.chargeNow(key.id, key.limits, now());
    // Refused (not counted) or not countable: the hooks charge it again and answer the 429 or 503.
    if (charge === "unavailable" || !charge.allowed) return undefined;
    return quotaHeaders(key.limits, charge);
  });

  app.decorate("chargeAgain", (request: FastifyRequest, done: (allowed: boolean) => void) => {
    const key = request.apiKey;
    if (key === null || key.limits === undefined) return done(true);
    store.charge(key.id, key.limits, now(), (charge) => done(charge !== "unavailable" && charge.allowed));
  });

  // Right after the key check of each route (auth.ts puts it first): a route without one has no quota either.
  app.addHook("onRoute", (route) => {
    const hooks = routeHooks(route, "onRequest");
    const at = hooks.findIndex(isAuthHook);
    if (at < 0) return;
    hooks.splice(at + 1, 0, check);
    route.onRequest = hooks as typeof route.onRequest;
  });
};

const NO_QUOTA_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The quota headers of an answer after `charge`: both ways of answering write these (the hook above, rendered-lane.ts). */
export function quotaHeaders(limits: QuotaLimits, charge: { minuteUsed: number; dayUsed: number }): Record<string, string> {
  // hot: literal keys (the names of QUOTA_HEADERS), one object shape; computed keys measured 4 % of the lane's time.
  return {
    "x-ratelimit-limit-minute": limitText(limits.perMinute),
    "x-ratelimit-remaining-minute": String(Math.max(0, limits.perMinute - charge.minuteUsed)),
    "x-ratelimit-limit-day": limitText(limits.perDay),
    "x-ratelimit-remaining-day": String(Math.max(0, limits.perDay - charge.dayUsed)),
  };
}

type ChargingStore = Pick<GuardedQuotaStore, "charge" | "close"> & {
  /** The charge at once, for a store that never waits (memory). */
  chargeNow?: (keyId: string, limits: QuotaLimits, nowMs: number) => GuardedCharge;
};

/** A limit as its header shows it: the few limits there are, written once. */
const limitTexts = new Map<number, string>();
function limitText(limit: number): string {
  let text = limitTexts.get(limit);
  if (text === undefined) limitTexts.set(limit, (text = String(limit)));
  return text;
}

async function createStore(config: QuotaConfig, log: { info(m: string): void; warn(m: string): void }): Promise<ChargingStore> {
  if (config.store === "memory") {
    log.info("quota store: memory (calls are counted per process; QUOTA_STORE=redis counts them across processes)");
    const memory = memoryQuotaStore();
    return {
      charge: (keyId, limits, nowMs, done) => done(memory.charge(keyId, limits, nowMs)),
      chargeNow: (keyId, limits, nowMs) => memory.charge(keyId, limits, nowMs),
      close: () => memory.close(),
    };
  }
  const guard = guardedQuotaStore(() => redis, { policy: config.redisFailure, fallback: memoryQuotaStore(), share: config.redisShare, log });
  const redis = redisQuotaStore({ url: config.redisUrl!, timeoutMs: config.redisTimeoutMs, onConnection: (e) => guard.connection(e) });
  const where = redactedRedisUrl(config.redisUrl!);
  if (await redis.connected(REDIS_STARTUP_WAIT_MS)) {
    log.info(`quota store: Redis at ${where} (timeout ${config.redisTimeoutMs} ms, QUOTA_REDIS_FAILURE=${config.redisFailure})`);
  } else {
    log.warn(`quota store: Redis at ${where} is not reachable yet: serving meanwhile as QUOTA_REDIS_FAILURE=${config.redisFailure} says`);
  }
  return guard;
}

/** The URL without its password, for the log. */
function redactedRedisUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.href;
}

/** The quota check, as a named plugin; register it after the key check (auth.ts) and before the routes. */
export const quotaPlugin = fp(quota, { name: "lijnwijzer-quota", fastify: "5.x", dependencies: ["lijnwijzer-auth"] });
