/**
 * Counts calls in Redis (QUOTA_STORE=redis), shared by every process and replica that uses the same Redis:
 * N concurrent calls against a limit L are allowed exactly min(N, L) times, wherever they arrive.
 *
 * - Atomic: one Lua script reads the key's minute and day counters, grants what fits both limits, increments
 *   both and sets their expiry, all in one step (Redis runs a script alone). Counters are named by the key's id
 *   and the window's number (`lw:quota:{<id>}:m:<minute>`, `...:d:<day>`; the braces keep both in one slot of a
 *   Redis Cluster), expire after their window plus a margin, and are never reset by hand.
 * - Batched: the calls of one key that arrive in the same turn of the event loop ask Redis once, for n calls;
 *   the script grants k = min(n, what is left) and the first k are allowed. Still exact (Redis grants each call
 *   at most once) and, under load, far fewer round trips than calls (docs/BENCHMARKS.md, Quotas).
 * - Bounded: each command times out after QUOTA_REDIS_TIMEOUT_MS (commandTimeout), and while the connection is
 *   down nothing is queued (enableOfflineQueue: false): a charge fails at once and guarded-quota-store.ts applies
 *   QUOTA_REDIS_FAILURE. ioredis reconnects by itself (every 0.1 to 1 s).
 */
import { Redis } from "ioredis";
import type { QuotaCharge, QuotaStore } from "./quota-store.js";
import { MINUTE_MS, type QuotaLimits, quotaWindows } from "./quota-windows.js";

/**
 * KEYS[1] the minute's counter, KEYS[2] the day's; ARGV: calls asked, minute limit, day limit, expiry of the
 * minute's counter (ms), of the day's. Returns {granted, minute count, day count}, the counts after granting.
 */
const CHARGE_SCRIPT = `
local n = tonumber(ARGV[1])
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
local k = math.min(n, tonumber(ARGV[2]) - m, tonumber(ARGV[3]) - d)
if k <= 0 then return {0, m, d} end
m = redis.call('INCRBY', KEYS[1], k)
if m == k then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
d = redis.call('INCRBY', KEYS[2], k)
if d == k then redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
return {k, m, d}
`;

/** Counters live this long past their window: room for clocks of replicas a little apart. */
const EXPIRY_MARGIN_MS = MINUTE_MS;
/** Counter names start with this. */
export const REDIS_KEY_PREFIX = "lw:quota:";

export interface RedisQuotaStoreOptions {
  url: string;
  /** The longest a command may take (QUOTA_REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  /** Connection events, for guarded-quota-store.ts: ready, or an error with its message. */
  onConnection?(event: { ready: true } | { ready: false; error: string }): void;
}

export interface RedisQuotaStore extends QuotaStore {
  /** The connection is up: a charge now reaches Redis (else it fails at once). */
  ready(): boolean;
  /** Resolves when connected, or false after `waitMs` or the first connection error. */
  connected(waitMs: number): Promise<boolean>;
  /** The connection, for tests and the benchmark. */
  readonly redis: Redis;
}

interface Waiter {
  resolve(charge: QuotaCharge): void;
  reject(err: Error): void;
}

interface Batch {
  limits: QuotaLimits;
  nowMs: number;
  waiters: Waiter[];
}

type ChargeCommand = (minuteKey: string, dayKey: string, ...args: Array<string | number>) => Promise<[number, number, number]>;

export function redisQuotaStore(options: RedisQuotaStoreOptions): RedisQuotaStore {
  const redis = new Redis(options.url, {
    commandTimeout: options.timeoutMs,
    connectTimeout: Math.max(1000, options.timeoutMs * 10),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  });
  redis.defineCommand("lwCharge", { numberOfKeys: 2, lua: CHARGE_SCRIPT });
  const chargeCommand = (redis as unknown as { lwCharge: ChargeCommand }).lwCharge.bind(redis);
  redis.on("ready", () => options.onConnection?.({ ready: true }));
  // An 'error' event without a listener would be printed by Node; the guard logs it once per change instead.
  redis.on("error", (err: Error) => options.onConnection?.({ ready: false, error: err.message }));

  let pending = new Map<string, Batch>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batches = pending;
    pending = new Map();
    for (const [keyId, batch] of batches) send(keyId, batch);
  };

  const send = (keyId: string, { limits, nowMs, waiters }: Batch) => {
    const w = quotaWindows(nowMs);
    const base = `${REDIS_KEY_PREFIX}{${keyId}}`;
    chargeCommand(
      `${base}:m:${w.minute}`,
      `${base}:d:${w.day}`,
      waiters.length,
      limits.perMinute,
      limits.perDay,
      w.minuteLeftMs + EXPIRY_MARGIN_MS,
      w.dayLeftMs + EXPIRY_MARGIN_MS,
    ).then(
      ([granted, minuteCount, dayCount]) => {
        const minuteBefore = minuteCount - granted;
        const dayBefore = dayCount - granted;
        for (let i = 0; i < waiters.length; i++) {
          if (i < granted) waiters[i].resolve({ allowed: true, minuteUsed: minuteBefore + i + 1, dayUsed: dayBefore + i + 1 });
          else waiters[i].resolve({ allowed: false, minuteUsed: minuteCount, dayUsed: dayCount });
        }
      },
      (err: Error) => {
        for (const waiter of waiters) waiter.reject(err);
      },
    );
  };

  return {
    redis,
    charge(keyId, limits, nowMs) {
      return new Promise<QuotaCharge>((resolve, reject) => {
        let batch = pending.get(keyId);
        if (batch === undefined) {
          batch = { limits, nowMs, waiters: [] };
          pending.set(keyId, batch);
        } else {
          // A later call of the batch: its clock and the limits it was given (the keys file may just have changed).
          batch.limits = limits;
          batch.nowMs = nowMs;
        }
        batch.waiters.push({ resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // After the poll phase: every request read in this turn of the event loop joins the batch.
          setImmediate(flush);
        }
      });
    },
    ready: () => redis.status === "ready",
    connected(waitMs) {
      if (redis.status === "ready") return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          redis.off("ready", onReady);
          redis.off("error", onError);
          resolve(ok);
        };
        const onReady = () => done(true);
        const onError = () => done(false);
        const timer = setTimeout(() => done(false), waitMs);
        redis.once("ready", onReady);
        redis.once("error", onError);
      });
    },
    async close() {
      if (scheduled) flush();
      redis.disconnect();
    },
  };
}
