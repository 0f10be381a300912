/**
 * Counts calls in Redis (QUOTA_STORE=redis), shared by every process and replica that uses the same Redis:
 * N concurrent calls against a limit L are allowed exactly min(N, L) times, wherever they arrive.
 *
 * - Atomic: one Lua script reads a key's minute and day counters, grants what fits both limits, increments
 *   both and sets their expiry, all in one step (Redis runs a script alone). Counters are named by the key's id
 *   and the window's number (`lw:quota:<id>:m:<minute>`, `lw:quota:<id>:d:<day>`), expire after their window
 *   plus a margin, and are never reset by hand.
 * - Batched: the calls that arrive in the same turn of the event loop ask Redis once: one script call for all
 *   their keys, n calls of a key at once; the script grants each key k = min(n, what is left) and its first k
 *   calls are allowed. Still exact (Redis grants each call at most once), and under load far fewer round trips
 *   than calls: a round trip costs this process about 9 µs of CPU, a call in a batch 2 to 4 µs
 *   (docs/BENCHMARKS.md, Quotas). One call touches the counters of several keys, so the store needs one Redis
 *   (with replicas or Sentinel if wished), not a Redis Cluster, whose slots would split them.
 * - Bounded: each command times out after QUOTA_REDIS_TIMEOUT_MS (commandTimeout), and while the connection is
 *   down nothing is queued (enableOfflineQueue: false): a charge fails at once and guarded-quota-store.ts applies
 *   QUOTA_REDIS_FAILURE. ioredis reconnects by itself (every 0.1 to 1 s).
 */
import { Redis } from "ioredis";
import type { QuotaCharge, QuotaStore } from "./quota-store.js";
import { MINUTE_MS, type QuotaLimits, quotaWindows } from "./quota-windows.js";

/**
 * For each key i of the call (from 0): KEYS[2i+1] its minute's counter, KEYS[2i+2] its day's; ARGV[5i+1..5i+5]
 * the calls asked, the minute's limit, the day's limit, the expiry of the minute's counter (ms), of the day's.
 * Returns {granted, minute count, day count} per key, the counts after granting, in one flat list.
 */
const CHARGE_SCRIPT = `
local out = {}
for i = 0, #KEYS / 2 - 1 do
  local mk, dk, a = KEYS[2 * i + 1], KEYS[2 * i + 2], 5 * i
  local m = tonumber(redis.call('GET', mk) or '0')
  local d = tonumber(redis.call('GET', dk) or '0')
  local k = math.min(tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]) - m, tonumber(ARGV[a + 3]) - d)
  if k > 0 then
    m = redis.call('INCRBY', mk, k)
    if m == k then redis.call('PEXPIRE', mk, ARGV[a + 4]) end
    d = redis.call('INCRBY', dk, k)
    if d == k then redis.call('PEXPIRE', dk, ARGV[a + 5]) end
  else
    k = 0
  end
  out[3 * i + 1], out[3 * i + 2], out[3 * i + 3] = k, m, d
end
return out
`;

/** The most keys one script call counts (a turn of the event loop with more sends several calls). */
const MAX_KEYS_PER_CALL = 256;

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

type ChargeCommand = (numberOfKeys: number, ...keysAndArgs: Array<string | number>) => Promise<number[]>;

export function redisQuotaStore(options: RedisQuotaStoreOptions): RedisQuotaStore {
  const redis = new Redis(options.url, {
    commandTimeout: options.timeoutMs,
    connectTimeout: Math.max(1000, options.timeoutMs * 10),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  });
  // The number of keys is given per call (all the keys of a turn go in one call).
  redis.defineCommand("lwCharge", { lua: CHARGE_SCRIPT });
  const chargeCommand = (redis as unknown as { lwCharge: ChargeCommand }).lwCharge.bind(redis);
  redis.on("ready", () => options.onConnection?.({ ready: true }));
  // An 'error' event without a listener would be printed by Node; the guard logs it once per change instead.
  redis.on("error", (err: Error) => options.onConnection?.({ ready: false, error: err.message }));

  let pending = new Map<string, Batch>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batches = [...pending];
    pending = new Map();
    for (let i = 0; i < batches.length; i += MAX_KEYS_PER_CALL) send(batches.slice(i, i + MAX_KEYS_PER_CALL));
  };

  const send = (batches: Array<[string, Batch]>) => {
    const keys: string[] = [];
    const args: number[] = [];
    for (const [keyId, { limits, nowMs, waiters }] of batches) {
      const w = quotaWindows(nowMs);
      const base = `${REDIS_KEY_PREFIX}${keyId}`;
      keys.push(`${base}:m:${w.minute}`, `${base}:d:${w.day}`);
      args.push(waiters.length, limits.perMinute, limits.perDay, w.minuteLeftMs + EXPIRY_MARGIN_MS, w.dayLeftMs + EXPIRY_MARGIN_MS);
    }
    chargeCommand(keys.length, ...keys, ...args).then(
      (counts) => {
        for (let b = 0; b < batches.length; b++) {
          const waiters = batches[b][1].waiters;
          const [granted, minuteCount, dayCount] = [counts[3 * b], counts[3 * b + 1], counts[3 * b + 2]];
          for (let i = 0; i < waiters.length; i++) {
            if (i < granted) waiters[i].resolve({ allowed: true, minuteUsed: minuteCount - granted + i + 1, dayUsed: dayCount - granted + i + 1 });
            else waiters[i].resolve({ allowed: false, minuteUsed: minuteCount, dayUsed: dayCount });
          }
        }
      },
      (err: Error) => {
        for (const [, batch] of batches) for (const waiter of batch.waiters) waiter.reject(err);
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
