/**
 * Counts calls in Redis (QUOTA_STORE=redis), shared by every process and replica that uses the same Redis:
 * N concurrent calls against a limit L are allowed exactly min(N, L) times, wherever they arrive.
 *
 * - Atomic: one Lua script reads a key's minute and day counters, grants what fits both limits, increments
 *   both and sets their expiry, all in one step (Redis runs a script alone). Counters are named by the key's id
 *   and the window's number (`lw:quota:<id>:m:<minute>`, `lw:quota:<id>:d:<day>`), expire after their window
 *   plus a margin, and are never reset by hand.
 * - Batched: one script call at a time is under way. The calls that arrive meanwhile wait for it and then go
 *   together in the next one, whatever their keys, n calls of a key at once: the script grants each key
 *   k = min(n, what is left) and its first k calls are allowed. Still exact (Redis grants each call at most once);
 *   the busier the server, the larger the batches: a round trip costs this process about 9 µs of CPU, a call in a
 *   batch a few (docs/BENCHMARKS.md, Quotas). When idle, a call goes at once (after the current turn of the event
 *   loop, which may bring others). One script call touches the counters of several keys, so the store needs one
 *   Redis (with replicas or Sentinel if wished), not a Redis Cluster, whose slots would split them.
 * - Bounded: each script call times out after QUOTA_REDIS_TIMEOUT_MS (ioredis' commandTimeout); when it fails,
 *   the calls waiting for it fail with it, so no call waits more than about twice the timeout. While the
 *   connection is down nothing is queued (enableOfflineQueue: false): a charge fails at once, and
 *   guarded-quota-store.ts applies QUOTA_REDIS_FAILURE. ioredis reconnects by itself (every 0.1 to 1 s).
 */
import { Redis, type RedisOptions } from "ioredis";
import type { ChargeCallback, QuotaCharge, RemoteQuotaStore } from "./quota-store.js";
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

/** The most keys one script call counts; more waiting keys go in several calls at once. */
const MAX_KEYS_PER_CALL = 256;
/** Counters live this long past their window: room for clocks of replicas a little apart. */
const EXPIRY_MARGIN_MS = MINUTE_MS;
/** Counter names start with this. */
export const REDIS_KEY_PREFIX = "lw:quota:";

export interface RedisQuotaStoreOptions {
  url: string;
  /** The longest a script call may take (QUOTA_REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  /** Connection events, for guarded-quota-store.ts: ready, or an error with its message. */
  onConnection?(event: { ready: true } | { ready: false; error: string }): void;
}

export interface RedisQuotaStore extends RemoteQuotaStore {
  /** Resolves true when connected, false after `waitMs` or at the first connection error. */
  connected(waitMs: number): Promise<boolean>;
  /** The connection, for tests and the benchmark. */
  readonly redis: Redis;
}

interface Batch {
  limits: QuotaLimits;
  nowMs: number;
  callbacks: ChargeCallback[];
}

/** The number of keys, the keys, the arguments, in one list. */
type ChargeCommand = (numberOfKeysKeysAndArgs: Array<string | number>) => Promise<number[]>;

export function redisQuotaStore(options: RedisQuotaStoreOptions): RedisQuotaStore {
  const settings: RedisOptions = {
    commandTimeout: options.timeoutMs,
    connectTimeout: Math.max(1000, options.timeoutMs * 10),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  };
  // A Unix socket (unix:///path) spares both sides the TCP stack: on one machine, the cheapest way to Redis.
  const redis = options.url.startsWith("unix:")
    ? new Redis({ ...settings, path: decodeURIComponent(new URL(options.url).pathname) })
    : new Redis(options.url, settings);
  // The number of keys is given per call: all the keys waiting go in one call.
  redis.defineCommand("lwCharge", { lua: CHARGE_SCRIPT });
  const chargeCommand = (redis as unknown as { lwCharge: ChargeCommand }).lwCharge.bind(redis);
  redis.on("ready", () => options.onConnection?.({ ready: true }));
  // An 'error' event without a listener would be printed by Node; the guard logs it once per change instead.
  redis.on("error", (err: Error) => options.onConnection?.({ ready: false, error: err.message }));

  let waiting = new Map<string, Batch>();
  let underWay = 0;
  let scheduled = false;

  /**
   * Sends what waits when nothing is under way, after this turn of the event loop (every request read in it
   * joins). No pause beyond that: a client with a few connections waits for each answer before asking again, so a
   * pause would cap its rate (10 connections and 1 ms: 10,000 calls a second at most).
   */
  const schedule = () => {
    if (scheduled || underWay > 0 || waiting.size === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  const fail = (batches: Iterable<Batch>, err: Error) => {
    for (const batch of batches) for (const done of batch.callbacks) done(err);
  };

  const flush = () => {
    scheduled = false;
    if (underWay > 0 || waiting.size === 0) return;
    const batches = [...waiting.entries()];
    waiting = new Map();
    for (let i = 0; i < batches.length; i += MAX_KEYS_PER_CALL) send(batches.slice(i, i + MAX_KEYS_PER_CALL));
  };

  const finished = (err: Error | null) => {
    underWay--;
    if (underWay > 0) return;
    if (err === null) return schedule();
    // Redis failed this call: the calls that waited for it would most likely wait as long. They fail now.
    const batches = waiting.values();
    waiting = new Map();
    fail(batches, err);
  };

  const send = (batches: Array<[string, Batch]>) => {
    // One list: the number of keys, the keys, then the arguments (ioredis flattens it into the command).
    const n = batches.length;
    const command: Array<string | number> = new Array(1 + 7 * n);
    command[0] = 2 * n;
    for (let b = 0; b < n; b++) {
      const [keyId, { limits, nowMs, callbacks }] = batches[b];
      const w = quotaWindows(nowMs);
      command[1 + 2 * b] = `${REDIS_KEY_PREFIX}${keyId}:m:${w.minute}`;
      command[2 + 2 * b] = `${REDIS_KEY_PREFIX}${keyId}:d:${w.day}`;
      const a = 1 + 2 * n + 5 * b;
      command[a] = callbacks.length;
      command[a + 1] = limits.perMinute;
      command[a + 2] = limits.perDay;
      command[a + 3] = w.minuteLeftMs + EXPIRY_MARGIN_MS;
      command[a + 4] = w.dayLeftMs + EXPIRY_MARGIN_MS;
    }
    underWay++;
    chargeCommand(command).then(
      (counts) => {
        // The bookkeeping first, so that a throwing callback (a bug) cannot leave the store waiting forever.
        try {
          answer(batches, counts);
        } finally {
          finished(null);
        }
      },
      (err: Error) => {
        fail(
          batches.map(([, b]) => b),
          err,
        );
        finished(err);
      },
    );
  };

  /** Calls each waiting call back with its count: the first `granted` calls of a key allowed, the rest refused. */
  const answer = (batches: Array<[string, Batch]>, counts: number[]) => {
    for (let b = 0; b < batches.length; b++) {
      const callbacks = batches[b][1].callbacks;
      const granted = counts[3 * b];
      const minuteCount = counts[3 * b + 1];
      const dayCount = counts[3 * b + 2];
      for (let i = 0; i < callbacks.length; i++) {
        const charge: QuotaCharge =
          i < granted
            ? { allowed: true, minuteUsed: minuteCount - granted + i + 1, dayUsed: dayCount - granted + i + 1 }
            : { allowed: false, minuteUsed: minuteCount, dayUsed: dayCount };
        callbacks[i](null, charge);
      }
    }
  };

  return {
    redis,
    charge(keyId, limits, nowMs, done) {
      if (redis.status !== "ready") return done(new Error(`no connection (${redis.status})`));
      let batch = waiting.get(keyId);
      if (batch === undefined) {
        batch = { limits, nowMs, callbacks: [] };
        waiting.set(keyId, batch);
      } else {
        // A later call of the batch: its clock and the limits it was given (the keys file may just have changed).
        batch.limits = limits;
        batch.nowMs = nowMs;
      }
      batch.callbacks.push(done);
      schedule();
    },
    record(keyId, atMs, calls, done) {
      if (redis.status !== "ready") return done(new Error(`no connection (${redis.status})`));
      const w = quotaWindows(atMs);
      const unlimited = Number.MAX_SAFE_INTEGER;
      const expiry = (leftMs: number) => Math.max(1, leftMs - (Date.now() - atMs)) + EXPIRY_MARGIN_MS;
      chargeCommand([
        2,
        `${REDIS_KEY_PREFIX}${keyId}:m:${w.minute}`,
        `${REDIS_KEY_PREFIX}${keyId}:d:${w.day}`,
        calls,
        unlimited,
        unlimited,
        expiry(w.minuteLeftMs),
        expiry(w.dayLeftMs),
      ]).then(
        () => done(null),
        (err: Error) => done(err),
      );
    },
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
      fail(waiting.values(), new Error("the quota store is closing"));
      waiting = new Map();
      redis.disconnect();
    },
  };
}
