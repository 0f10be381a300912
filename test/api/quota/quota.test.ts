/**
 * Quotas with the memory store (QUOTA_STORE=memory, the default): the headers on every answer, the 429s of the
 * minute and the day, windows that pass, keys counted apart, keys without quota, and the keys file re-read by a
 * running app.
 */
import { rmSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { memoryQuotaStore } from "../../../src/api/quota/memory-quota-store.js";
import { quotaCounters } from "../../../src/api/quota/quota-counters.js";
import { hhmmss, quotaWindows, retryAfterSeconds } from "../../../src/api/quota/quota-windows.js";
import { keysFileWith, logLines, quotaApp, V1 } from "./support/quota-fixtures.js";

const LIMITS = { tiny: { perMinute: 3, perDay: 5 }, wide: { perMinute: 1000, perDay: 100_000 } };
/** 2026-03-10 08:00:15 UTC: 45 s left in the minute, 15 h 59 min 45 s in the day. */
const T0 = Date.UTC(2026, 2, 10, 8, 0, 15);

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function app(env: Record<string, string>, clock?: () => number, log?: { write(line: string): void }) {
  const a = await quotaApp(env, clock, log);
  apps.push(a);
  return a;
}

const call = (a: FastifyInstance, key: string, path = `${V1}/lijnen/3/302`) => a.inject({ url: path, headers: { "ocp-apim-subscription-key": key } });
const quotaHeaders = (res: { headers: Record<string, unknown> }) => ({
  limitMinute: res.headers["x-ratelimit-limit-minute"],
  remainingMinute: res.headers["x-ratelimit-remaining-minute"],
  limitDay: res.headers["x-ratelimit-limit-day"],
  remainingDay: res.headers["x-ratelimit-remaining-day"],
});

describe("quota windows", () => {
  it("quotaWindows - UTC minutes and days, with the milliseconds left in each", () => {
    expect(quotaWindows(T0)).toEqual({
      minute: Math.floor(T0 / 60_000),
      day: Math.floor(T0 / 86_400_000),
      minuteLeftMs: 45_000,
      dayLeftMs: (15 * 3600 + 59 * 60 + 45) * 1000,
    });
    expect(retryAfterSeconds(44_001)).toBe(45);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(hhmmss(15 * 3600 + 59 * 60 + 45)).toBe("15:59:45");
  });

  it("memory store - counts up to the limits, refuses without counting, starts again in the next window", () => {
    const store = memoryQuotaStore();
    const limits = { perMinute: 2, perDay: 3 };
    const at = (ms: number) => store.charge("k", limits, ms);
    expect([at(T0), at(T0 + 1), at(T0 + 2)]).toEqual([
      { allowed: true, minuteUsed: 1, dayUsed: 1 },
      { allowed: true, minuteUsed: 2, dayUsed: 2 },
      { allowed: false, minuteUsed: 2, dayUsed: 2 },
    ]);
    expect(at(T0 + 60_000)).toEqual({ allowed: true, minuteUsed: 1, dayUsed: 3 });
    expect(at(T0 + 120_000)).toEqual({ allowed: false, minuteUsed: 0, dayUsed: 3 });
    expect(at(T0 + 86_400_000)).toEqual({ allowed: true, minuteUsed: 1, dayUsed: 1 });
    expect(store.charge("other", limits, T0)).toEqual({ allowed: true, minuteUsed: 1, dayUsed: 1 });
  });
});

describe("quotas over HTTP (memory store)", () => {
  it("quota headers - every answer of a key of the keys file carries its limits and what is left, 200s and errors alike", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-wide": { product: "wide" } });
    const a = await app({ KEYS_FILE }, () => T0);
    const first = await call(a, "key-wide");
    expect(first.statusCode).toBe(200);
    expect(quotaHeaders(first)).toEqual({ limitMinute: "1000", remainingMinute: "999", limitDay: "100000", remainingDay: "99999" });
    const notFound = await call(a, "key-wide", `${V1}/lijnen/3/999999`);
    expect(notFound.statusCode).toBe(404);
    expect(quotaHeaders(notFound)).toEqual({ limitMinute: "1000", remainingMinute: "998", limitDay: "100000", remainingDay: "99998" });
    const bad = await call(a, "key-wide", `${V1}/lijnen/x/302`);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["x-ratelimit-remaining-minute"]).toBe("997");
    // No key, a wrong key, an unknown path, and routes without a key check: no quota to show.
    for (const res of [
      await a.inject({ url: `${V1}/lijnen/3/302` }),
      await call(a, "wrong"),
      await call(a, "key-wide", "/nothing/here"),
      await a.inject({ url: "/health" }),
      await a.inject({ url: "/DLKernOpenData/openapi.json" }),
    ]) {
      expect([res.statusCode, quotaHeaders(res)]).toEqual([res.statusCode, { limitMinute: undefined, remainingMinute: undefined, limitDay: undefined, remainingDay: undefined }]);
    }
  });

  it("429 - the call over the minute's limit: Retry-After until the next minute, the gateway's message; refused calls are not counted", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-tiny": { product: "tiny" } });
    let now = T0;
    const a = await app({ KEYS_FILE }, () => now);
    const before = quotaCounters().quotaRejections;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(a, "key-tiny")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await call(a, "key-tiny");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ statusCode: 429, message: "Rate limit is exceeded. Try again in 45 seconds." });
    expect(refused.headers["retry-after"]).toBe("45");
    expect(quotaHeaders(refused)).toEqual({ limitMinute: "3", remainingMinute: "0", limitDay: "5", remainingDay: "2" });
    expect(quotaCounters().quotaRejections - before).toBe(3);

    now = T0 + 45_000; // 08:01:00: a new minute; the day has counted 3 calls, not 6
    const next = await call(a, "key-tiny");
    expect(next.statusCode).toBe(200);
    expect(quotaHeaders(next)).toEqual({ limitMinute: "3", remainingMinute: "2", limitDay: "5", remainingDay: "1" });
  });

  it("429 - over the day's limit: Retry-After until 00:00 UTC, the gateway's quota message in hh:mm:ss", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-tiny": { product: "tiny" } });
    let now = T0;
    const a = await app({ KEYS_FILE }, () => now);
    for (let i = 0; i < 3; i++) expect((await call(a, "key-tiny")).statusCode).toBe(200);
    now += 60_000;
    for (let i = 0; i < 2; i++) expect((await call(a, "key-tiny")).statusCode).toBe(200);
    const refused = await call(a, "key-tiny");
    expect(refused.statusCode).toBe(429);
    // 08:01:15 UTC: 15 h 58 min 45 s to midnight.
    expect(refused.json()).toEqual({ statusCode: 429, message: "Out of call volume quota. Quota will be replenished in 15:58:45." });
    expect(refused.headers["retry-after"]).toBe(String(15 * 3600 + 58 * 60 + 45));
    expect(quotaHeaders(refused)).toEqual({ limitMinute: "3", remainingMinute: "1", limitDay: "5", remainingDay: "0" });
    now = Date.UTC(2026, 2, 11, 0, 0, 0);
    expect((await call(a, "key-tiny")).statusCode).toBe(200);
  });

  it("quota - each key counts its own calls against its product's limits, in the header or the query", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-a": { product: "tiny" }, "key-b": { product: "tiny" } });
    const a = await app({ KEYS_FILE }, () => T0);
    for (let i = 0; i < 3; i++) expect((await call(a, "key-a")).statusCode).toBe(200);
    expect((await call(a, "key-a")).statusCode).toBe(429);
    expect((await a.inject({ url: `${V1}/lijnen/3/302?subscription-key=key-a` })).statusCode).toBe(429);
    const b = await a.inject({ url: `${V1}/lijnen/3/302?subscription-key=key-b` });
    expect([b.statusCode, b.headers["x-ratelimit-remaining-minute"]]).toEqual([200, "2"]);
  });

  it("quota - keys of API_KEYS have no quota beside a keys file; with KEYS_FILE the demo key does not work", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-tiny": { product: "tiny" } });
    const a = await app({ KEYS_FILE, API_KEYS: "legacy" }, () => T0);
    for (let i = 0; i < 10; i++) {
      const res = await call(a, "legacy");
      expect([res.statusCode, quotaHeaders(res).remainingMinute]).toEqual([200, undefined]);
    }
    const b = await app({ KEYS_FILE }, () => T0);
    expect((await call(b, "demo")).statusCode).toBe(401);
    expect((await call(b, "key-tiny")).statusCode).toBe(200);
  });

  it("quota - a HEAD and a 304 are counted like any call", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-wide": { product: "wide" } });
    const a = await app({ KEYS_FILE }, () => T0);
    const headers = { "ocp-apim-subscription-key": "key-wide" };
    const head = await a.inject({ method: "HEAD", url: `${V1}/lijnen/3/302`, headers });
    expect([head.statusCode, head.headers["x-ratelimit-remaining-minute"]]).toEqual([200, "999"]);
    // E6 (all stops) answers with an ETag; asked again with it, a 304.
    const all = await a.inject({ url: `${V1}/haltes`, headers });
    expect([all.statusCode, all.headers["x-ratelimit-remaining-minute"]]).toEqual([200, "998"]);
    const again = await a.inject({ url: `${V1}/haltes`, headers: { ...headers, "if-none-match": all.headers.etag as string } });
    expect([again.statusCode, again.headers["x-ratelimit-remaining-minute"]]).toEqual([304, "997"]);
  });
});

describe("the keys file, re-read while serving", () => {
  const until = async (what: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error("timed out waiting for the keys file to be re-read");
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it("keys file - an added key works, a revoked one answers 401, changed limits apply, without a restart", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-one": { product: "wide", label: "one" } });
    const log = logLines();
    const a = await app({ KEYS_FILE, LOG_LEVEL: "info" }, () => T0, log);
    expect((await call(a, "key-two")).statusCode).toBe(401);

    keysFileWith(LIMITS, { "key-one": { product: "wide", label: "one" }, "key-two": { product: "tiny" } }, KEYS_FILE);
    await until(async () => (await call(a, "key-two")).statusCode === 200);
    expect((await call(a, "key-two")).headers["x-ratelimit-limit-minute"]).toBe("3");
    expect(log.find("keys file reloaded: 2 key(s) of 2 product(s)")).toHaveLength(1);

    keysFileWith({ ...LIMITS, tiny: { perMinute: 50, perDay: 60 } }, { "key-two": { product: "tiny" } }, KEYS_FILE);
    await until(async () => (await call(a, "key-one")).statusCode === 401);
    const two = await call(a, "key-two");
    // The counts stay: key-two has made 2 calls this minute before this one, the new limit is 50.
    expect(quotaHeaders(two)).toEqual({ limitMinute: "50", remainingMinute: "47", limitDay: "60", remainingDay: "57" });
  });

  it("keys file - a broken or missing file is refused with one log line each, and the keys read before stay", async () => {
    const KEYS_FILE = keysFileWith(LIMITS, { "key-one": { product: "wide" } });
    const log = logLines();
    const a = await app({ KEYS_FILE, LOG_LEVEL: "info" }, () => T0, log);
    writeFileSync(KEYS_FILE, '{"lijnwijzerKeys": 1, "salt": "');
    await until(async () => log.find("refused").length === 1);
    expect((await call(a, "key-one")).statusCode).toBe(200);
    const [line] = log.find("refused");
    expect(line.level).toBe(50);
    expect(line.msg).toMatch(/^Keys file .*keys\.json: is no valid JSON .*: refused, the keys read before stay in use$/);

    writeFileSync(KEYS_FILE, JSON.stringify({ lijnwijzerKeys: 1, salt: "x".repeat(22), products: {}, keys: [{ fingerprint: "00000000" }] }));
    await until(async () => log.find("refused").length === 2);
    expect(log.find("refused")[1].msg).toContain("key 1: hash must be 64 lowercase hex digits");
    rmSync(KEYS_FILE);
    await until(async () => log.find("refused").length === 3);
    expect(log.find("refused")[2].msg).toContain("cannot be read");
    expect((await call(a, "key-one")).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(log.find("refused")).toHaveLength(3); // once per change, not once per look
  });
});
