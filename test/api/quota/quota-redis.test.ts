/**
 * The Redis quota store against a real redis-server of the test's own (a free loopback port, no persistence):
 * exact counts under concurrency, in one store, across two stores and across two app instances over HTTP; and
 * Redis unreachable (a closed port), killed while serving, and hung (SIGSTOP): answers come within the bound,
 * as QUOTA_REDIS_FAILURE says, logged once per change of condition and counted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { quotaCounters } from "../../../src/api/quota/quota-counters.js";
import type { QuotaCharge } from "../../../src/api/quota/quota-store.js";
import type { QuotaLimits } from "../../../src/api/quota/quota-windows.js";
import { redisQuotaStore, type RedisQuotaStore } from "../../../src/api/quota/redis-quota-store.js";
import { freePort } from "../../cli/support/run-cli.js";
import { keysFileWith, logLines, NO_REDIS, quotaApp, startRedis, type TestRedis, V1 } from "./support/quota-fixtures.js";

if (NO_REDIS) console.warn(NO_REDIS);

/** The store's callback as a promise. */
const charge = (store: RedisQuotaStore, keyId: string, limits: QuotaLimits, nowMs: number) =>
  new Promise<QuotaCharge>((resolve, reject) => store.charge(keyId, limits, nowMs, (err, c) => (err ? reject(err) : resolve(c!))));

/** 2026-03-10 08:00:15 UTC. */
const T0 = Date.UTC(2026, 2, 10, 8, 0, 15);
const LIMITS = { small: { perMinute: 137, perDay: 1000 }, daily: { perMinute: 1000, perDay: 61 }, wide: { perMinute: 100_000, perDay: 1_000_000 } };

describe.skipIf(NO_REDIS)("Redis quota store", () => {
  let redis: TestRedis;
  const stores: RedisQuotaStore[] = [];
  const apps: FastifyInstance[] = [];
  const newStore = async () => {
    // A generous timeout: these tests are about counting, and the machine may be busy (the bound is tested below).
    const s = redisQuotaStore({ url: redis.url, timeoutMs: 2000 });
    stores.push(s);
    expect(await s.connected(5000)).toBe(true);
    return s;
  };
  const listen = async (env: Record<string, string>, log?: { write(line: string): void }, clock: () => number = () => T0) => {
    const a = await quotaApp(env, clock, log);
    apps.push(a);
    await a.listen({ port: 0, host: "127.0.0.1" });
    return { app: a, origin: `http://127.0.0.1:${(a.server.address() as { port: number }).port}` };
  };
  const get = async (origin: string, key: string) => {
    const started = performance.now();
    const res = await fetch(`${origin}${V1}/entiteiten/3`, { headers: { "ocp-apim-subscription-key": key } });
    await res.arrayBuffer();
    return { status: res.status, headers: res.headers, ms: performance.now() - started };
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await redis?.kill();
  });

  it("redis store - 500 concurrent charges against a limit of 137 allow exactly 137, each count once", async () => {
    const store = await newStore();
    const charges = await Promise.all(Array.from({ length: 500 }, () => charge(store, "exact-1", LIMITS.small, T0)));
    const allowed = charges.filter((c) => c.allowed);
    expect(allowed).toHaveLength(137);
    expect(allowed.map((c) => c.minuteUsed).sort((x, y) => x - y)).toEqual(Array.from({ length: 137 }, (_, i) => i + 1));
    expect(charges.filter((c) => !c.allowed).every((c) => c.minuteUsed === 137 && c.dayUsed === 137)).toBe(true);
  });

  it("redis store - two stores (two connections, as two processes) share the counts: 2 x 300 calls, limit 137", async () => {
    const [a, b] = [await newStore(), await newStore()];
    const charges = await Promise.all(Array.from({ length: 600 }, (_, i) => charge(i % 2 ? a : b, "exact-2", LIMITS.small, T0)));
    expect(charges.filter((c) => c.allowed)).toHaveLength(137);
    // The next minute starts from zero; the day goes on (137 of 1000 used).
    const next = await charge(a, "exact-2", LIMITS.small, T0 + 60_000);
    expect(next).toEqual({ allowed: true, minuteUsed: 1, dayUsed: 138 });
  });

  it("redis store - the calls of one turn, of several keys, go in one script call, and each key is exact", async () => {
    const store = await newStore();
    const limits = [
      { perMinute: 3, perDay: 100 },
      { perMinute: 50, perDay: 20 },
      { perMinute: 1000, perDay: 1000 },
    ];
    const scriptCalls = async () => {
      const info = await store.redis.info("commandstats");
      return [...info.matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce((a, m) => a + Number(m[1]), 0);
    };
    const before = await scriptCalls();
    const charges = await Promise.all(Array.from({ length: 300 }, (_, i) => charge(store, `multi-${i % 3}`, limits[i % 3], T0)));
    const allowed = [0, 1, 2].map((k) => charges.filter((c, i) => i % 3 === k && c.allowed).length);
    expect(allowed).toEqual([3, 20, 100]);
    // One EVALSHA (and an EVAL when Redis did not know the script yet) for 300 calls.
    expect((await scriptCalls()) - before).toBeLessThanOrEqual(2);
  });

  it("redis store - counters expire after their window and a margin, and are named by key and window", async () => {
    const store = await newStore();
    await charge(store, "named", LIMITS.small, Date.now());
    const names = (await store.redis.keys("lw:quota:named:*")).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^lw:quota:named:d:\d+$/);
    expect(names[1]).toMatch(/^lw:quota:named:m:\d+$/);
    const minuteTtl = await store.redis.pttl(names[1]);
    expect(minuteTtl).toBeGreaterThan(60_000);
    expect(minuteTtl).toBeLessThanOrEqual(120_000);
    const dayTtl = await store.redis.pttl(names[0]);
    expect(dayTtl).toBeGreaterThan(60_000);
    expect(dayTtl).toBeLessThanOrEqual(86_400_000 + 60_000);
  });

  it("two app instances sharing one Redis - 300 concurrent HTTP calls of one key over both, limit 137: exactly 137 answered 200", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "shared-key": { product: "small" } });
    const env = { KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: redis.url, QUOTA_REDIS_TIMEOUT_MS: "2000" };
    const [one, two] = [await listen(env), await listen(env)];
    const before = quotaCounters();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => get(i % 2 ? one.origin : two.origin, "shared-key")));
    expect(quotaCounters().quotaStoreErrors).toBe(before.quotaStoreErrors); // every call was counted by Redis
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(137);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(163);
    expect(quotaCounters().quotaRejections - before.quotaRejections).toBe(163);
    // Each accepted call was told a different remaining count: 136 down to 0.
    const remaining = ok.map((r) => Number(r.headers.get("x-ratelimit-remaining-minute"))).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 137 }, (_, i) => i));
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get("retry-after")).toBe("45");
    expect(refused.headers.get("x-ratelimit-remaining-minute")).toBe("0");
  });

  it("REDIS_URL unix:///path - an instance on the Unix socket and one on TCP share the counts", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "socket-key": { product: "small" } });
    const env = { KEYS_FILE, QUOTA_STORE: "redis", QUOTA_REDIS_TIMEOUT_MS: "2000" };
    const [tcp, unix] = [await listen({ ...env, REDIS_URL: redis.url }), await listen({ ...env, REDIS_URL: redis.socketUrl })];
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => get(i % 2 ? tcp.origin : unix.origin, "socket-key")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(137);
  });

  it("two app instances sharing one Redis - the day's limit is shared too", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "daily-key": { product: "daily" } });
    const env = { KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: redis.url, QUOTA_REDIS_TIMEOUT_MS: "2000" };
    let now = T0;
    const [one, two] = [await listen(env, undefined, () => now), await listen(env, undefined, () => now)];
    const first = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 ? one.origin : two.origin, "daily-key")));
    expect(first.every((r) => r.status === 200)).toBe(true);
    now += 3 * 60_000;
    const second = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 ? one.origin : two.origin, "daily-key")));
    expect(second.filter((r) => r.status === 200)).toHaveLength(21);
    expect(second.filter((r) => r.status === 429).every((r) => r.headers.get("x-ratelimit-remaining-day") === "0")).toBe(true);
  });

  it("Redis unreachable (a closed port) - open: served and counted by the process within the bound; logged once, counted", async () => {
    const closed = await freePort();
    const KEYS_FILE = keysFileWith(LIMITS, { "key-open": { product: "small" } });
    const log = logLines();
    const errorsBefore = quotaCounters().quotaStoreErrors;
    const env = { KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: `redis://127.0.0.1:${closed}`, LOG_LEVEL: "info", QUOTA_REDIS_SHARE: "1" };
    const { origin } = await listen(env, log);
    const answers = await Promise.all(Array.from({ length: 150 }, () => get(origin, "key-open")));
    // Counted in memory meanwhile: the limit still holds, this process's share of it (QUOTA_REDIS_SHARE=1: all).
    expect(answers.filter((r) => r.status === 200)).toHaveLength(137);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(13);
    expect(Math.max(...answers.map((r) => r.ms))).toBeLessThan(5_000); // no hang: nothing waits for a connection
    expect(quotaCounters().quotaStoreErrors - errorsBefore).toBe(150);
    expect(log.find("quota store: Redis does not answer")).toHaveLength(1);
    expect(log.find("quota store: Redis does not answer")[0].msg).toContain("QUOTA_REDIS_FAILURE=open");
    expect(log.lines.join("\n")).not.toContain("key-open");
  });

  it("Redis unreachable (a closed port) - closed: 503 with Retry-After 1 and no quota headers", async () => {
    const closed = await freePort();
    const KEYS_FILE = keysFileWith(LIMITS, { "key-closed": { product: "small" } });
    const { origin } = await listen({ KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: `redis://127.0.0.1:${closed}`, QUOTA_REDIS_FAILURE: "closed" });
    const res = await fetch(`${origin}${V1}/entiteiten/3`, { headers: { "ocp-apim-subscription-key": "key-closed" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("x-ratelimit-remaining-minute")).toBeNull();
    expect(await res.json()).toEqual({
      statusCode: 503,
      message: "The service cannot count calls at the moment (its quota store does not answer), so it answers none: try again in a few seconds",
    });
    // A wrong key is still a 401, and routes without a key check still answer.
    expect((await get(origin, "wrong")).status).toBe(401);
    expect((await fetch(`${origin}/health`)).status).toBe(200);
  });
});

describe.skipIf(NO_REDIS)("Redis stopped or hung while serving", () => {
  it("Redis killed mid-run - calls go on within the bound (open), Redis restarted - counted there again; each change logged once", async () => {
    const redis = await startRedis();
    const KEYS_FILE = keysFileWith(LIMITS, { "key-mid": { product: "wide" } });
    const log = logLines();
    const a = await quotaApp({ KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: redis.url, LOG_LEVEL: "info" }, () => T0, log);
    try {
      await a.listen({ port: 0, host: "127.0.0.1" });
      const origin = `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
      const call = async () => {
        const started = performance.now();
        const res = await fetch(`${origin}${V1}/entiteiten/3`, { headers: { "ocp-apim-subscription-key": "key-mid" } });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started, remaining: Number(res.headers.get("x-ratelimit-remaining-day")) };
      };
      for (let i = 0; i < 5; i++) expect((await call()).status).toBe(200);
      const check = new Redis(redis.url);
      const counted = async () => Number((await check.mget(await check.keys("lw:quota:*:d:*")))[0]);
      expect(await counted()).toBe(5);
      check.disconnect();

      await redis.kill();
      const during = [];
      for (let i = 0; i < 20; i++) during.push(await call());
      expect(during.every((r) => r.status === 200)).toBe(true);
      expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(2_000);
      expect(log.find("quota store: Redis does not answer")).toHaveLength(1);

      const again = await startRedis(redis.port);
      try {
        const deadline = Date.now() + 10_000;
        while (log.find("Redis answers again").length === 0 && Date.now() < deadline) {
          await call();
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(log.find("Redis answers again")).toHaveLength(1);
        // A new Redis (no persistence) counts from zero: this call is its first or one of its first.
        const r = await call();
        expect(r.status).toBe(200);
        expect(r.remaining).toBeGreaterThan(1_000_000 - 50);
        expect(log.find("quota store: Redis does not answer")).toHaveLength(1);
      } finally {
        await again.kill();
      }
    } finally {
      await a.close();
      await redis.kill();
    }
  });

  it("Redis hung (SIGSTOP), open - two processes sharing a key serve at most what it had left between them; SIGCONT - the calls served are added to Redis", async () => {
    const redis = await startRedis();
    const KEYS_FILE = keysFileWith(LIMITS, { "key-share": { product: "small" } });
    const env = { KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: redis.url, QUOTA_REDIS_TIMEOUT_MS: "80", QUOTA_REDIS_SHARE: "2" };
    const a = await quotaApp(env, () => T0);
    const b = await quotaApp(env, () => T0);
    try {
      const origins: string[] = [];
      for (const app of [a, b]) {
        await app.listen({ port: 0, host: "127.0.0.1" });
        origins.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
      }
      const call = async (origin: string) => {
        const res = await fetch(`${origin}${V1}/entiteiten/3`, { headers: { "ocp-apim-subscription-key": "key-share" } });
        await res.arrayBuffer();
        return res.status;
      };
      // 36 calls counted in Redis, seen by both processes.
      for (let i = 0; i < 36; i++) expect(await call(origins[i % 2])).toBe(200);
      redis.process.kill("SIGSTOP");
      const during: number[] = [];
      for (let round = 0; round < 4; round++) {
        during.push(...(await Promise.all(Array.from({ length: 60 }, (_, i) => call(origins[i % 2])))));
      }
      // The one that last saw 35 calls counted serves (137 - 35) / 2 = 51, the one that saw 36 serves 50: 36 + 101
      // is the minute's 137 (without the share each process counted from zero, and served 137 more).
      expect(during.filter((st) => st === 200)).toHaveLength(101);
      expect(during.filter((st) => st === 429)).toHaveLength(139);
      redis.process.kill("SIGCONT");
      const deadline = Date.now() + 10_000;
      const client = new Redis(redis.url);
      try {
        const minuteCount = async () => Number((await client.get((await client.keys("lw:quota:*:m:*"))[0])) ?? 0);
        // Redis counts again once a call gets through; the 100 calls served meanwhile are added to its counters.
        while ((await minuteCount()) < 137 && Date.now() < deadline) {
          await call(origins[0]);
          await call(origins[1]);
          await new Promise((r) => setTimeout(r, 200));
        }
        // At least the calls served: a charge that timed out while Redis hung ran when it woke, and counts twice.
        expect(await minuteCount()).toBeGreaterThanOrEqual(137);
      } finally {
        client.disconnect();
      }
    } finally {
      await a.close();
      await b.close();
      await redis.kill();
    }
  });

  it("Redis hung (SIGSTOP) - each call waits at most about QUOTA_REDIS_TIMEOUT_MS, then the policy answers; SIGCONT - Redis counts again", async () => {
    const redis = await startRedis();
    const KEYS_FILE = keysFileWith(LIMITS, { "key-hung": { product: "wide" } });
    const log = logLines();
    const a = await quotaApp({ KEYS_FILE, QUOTA_STORE: "redis", REDIS_URL: redis.url, QUOTA_REDIS_TIMEOUT_MS: "80", QUOTA_REDIS_FAILURE: "closed", LOG_LEVEL: "info" }, () => T0, log);
    try {
      await a.listen({ port: 0, host: "127.0.0.1" });
      const origin = `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
      const call = async () => {
        const started = performance.now();
        const res = await fetch(`${origin}${V1}/entiteiten/3`, { headers: { "ocp-apim-subscription-key": "key-hung" } });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started };
      };
      expect((await call()).status).toBe(200);
      redis.process.kill("SIGSTOP");
      const during = await Promise.all(Array.from({ length: 20 }, () => call()));
      expect(during.every((r) => r.status === 503)).toBe(true);
      expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(2_000);
      expect(log.find("quota store: Redis does not answer (Command timed out)")).toHaveLength(1);
      redis.process.kill("SIGCONT");
      const deadline = Date.now() + 10_000;
      let last = await call();
      while (last.status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        last = await call();
      }
      expect(last.status).toBe(200);
      expect(log.find("Redis answers again")).toHaveLength(1);
    } finally {
      await a.close();
      await redis.kill();
    }
  });
});
