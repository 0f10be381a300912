/**
 * QUOTA_REDIS_FAILURE: what a call gets when Redis cannot count it (down, refusing, or later than
 * QUOTA_REDIS_TIMEOUT_MS). No call waits for Redis more than about twice that bound (redis-quota-store.ts).
 * - "open" (the default): the call is served, and counted meanwhile by this process's memory store, against this
 *   process's share of what the key had left: (limit - the count Redis last gave for the key in this window) /
 *   QUOTA_REDIS_SHARE (the processes that share a key's calls: by default this replica's workers). So across an
 *   outage a key gets at most what it had left, when every process it calls is counted in the share, and never
 *   more than `share` times that. An open-data API stays up when its counter does not. When Redis answers again,
 *   the calls served meanwhile are added to its counters (RemoteQuotaStore.record), so the day's count is whole.
 *   A charge that timed out while Redis hung may still run when it wakes: such a call counts twice, so a key may
 *   lose a few calls of its window to an outage, never gain any.
 * - "closed": the call is answered 503 with `Retry-After: 1` (nothing can be counted, so nothing is served).
 * After a failure Redis is left alone for a second (every call meanwhile takes the policy at once, without
 * waiting for another timeout), then tried again. A change of condition (Redis stops answering, answers again)
 * is logged once; every call that took the policy is counted (quota-counters.ts, quotaStoreErrors).
 */
import { countStoreError } from "./quota-counters.js";
import type { LocalQuotaStore, QuotaCharge, RemoteQuotaStore } from "./quota-store.js";
import { MINUTE_MS, type QuotaLimits, quotaWindows } from "./quota-windows.js";

/** What a guarded charge answers: a count, or "unavailable" (policy closed, Redis not counting). */
export type GuardedCharge = QuotaCharge | "unavailable";

export interface GuardedQuotaStore {
  /** Calls `done` once, at once when Redis is left alone, else when it answers or fails. */
  charge(keyId: string, limits: QuotaLimits, nowMs: number, done: (charge: GuardedCharge) => void): void;
  /** Redis' condition changed: ready, or an error (from the connection's events). */
  connection(event: { ready: true } | { ready: false; error: string }): void;
  close(): Promise<void>;
}

export interface QuotaLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface GuardOptions {
  policy: "open" | "closed";
  /** Counts while the remote store does not (policy open): the memory store. */
  fallback: LocalQuotaStore;
  /** The processes that share a key's calls while the remote store does not count (QUOTA_REDIS_SHARE); default 1. */
  share?: number;
  log: QuotaLog;
  /** How long the remote store is left alone after a failure (ms, default 1000). */
  pauseMs?: number;
  /** Monotonic milliseconds, for the pause (the quota's clock may be pinned in tests). */
  monotonic?: () => number;
}

export function guardedQuotaStore(remote: () => RemoteQuotaStore, options: GuardOptions): GuardedQuotaStore {
  const { policy, fallback, log } = options;
  const pauseMs = options.pauseMs ?? 1000;
  const monotonic = options.monotonic ?? (() => performance.now());
  let down = false;
  let pausedUntil = 0;

  const markDown = (reason: string) => {
    pausedUntil = monotonic() + pauseMs;
    if (down) return;
    down = true;
    log.warn(
      policy === "open"
        ? `quota store: Redis does not answer (${reason}): calls are served and counted by this process alone (QUOTA_REDIS_FAILURE=open) until it answers again`
        : `quota store: Redis does not answer (${reason}): calls are answered 503 (QUOTA_REDIS_FAILURE=closed) until it answers again`,
    );
  };
  const markUp = () => {
    pausedUntil = 0;
    if (owed.size > 0) settle();
    if (!down) return;
    down = false;
    log.info("quota store: Redis answers again: calls are counted in Redis");
  };
  const share = Math.max(1, options.share ?? 1);
  /** Per key, the counts Redis last gave and their windows: what a key had used when Redis stopped answering. */
  const known = new Map<string, { minute: number; minuteUsed: number; day: number; dayUsed: number }>();
  /** Per key and minute (its number), the calls served while Redis did not count, to record when it answers. */
  const owed = new Map<string, Map<number, number>>();
  const remember = (keyId: string, charge: QuotaCharge, nowMs: number) => {
    const w = quotaWindows(nowMs);
    const k = known.get(keyId);
    if (k === undefined) known.set(keyId, { minute: w.minute, minuteUsed: charge.minuteUsed, day: w.day, dayUsed: charge.dayUsed });
    else {
      k.minute = w.minute;
      k.minuteUsed = charge.minuteUsed;
      k.day = w.day;
      k.dayUsed = charge.dayUsed;
    }
  };
  const fail = (keyId: string, limits: QuotaLimits, nowMs: number): GuardedCharge => {
    countStoreError(policy);
    if (policy === "closed") return "unavailable";
    const w = quotaWindows(nowMs);
    const k = known.get(keyId);
    const minuteUsed = k !== undefined && k.minute === w.minute ? k.minuteUsed : 0;
    const dayUsed = k !== undefined && k.day === w.day ? k.dayUsed : 0;
    const local = fallback.charge(
      keyId,
      {
        perMinute: Math.floor(Math.max(0, limits.perMinute - minuteUsed) / share),
        perDay: Math.floor(Math.max(0, limits.perDay - dayUsed) / share),
      },
      nowMs,
    );
    if (local.allowed) {
      let minutes = owed.get(keyId);
      if (minutes === undefined) owed.set(keyId, (minutes = new Map()));
      minutes.set(w.minute, (minutes.get(w.minute) ?? 0) + 1);
    }
    return { allowed: local.allowed, minuteUsed: minuteUsed + local.minuteUsed, dayUsed: dayUsed + local.dayUsed };
  };
  /** Adds the calls served while Redis did not count to its counters; what fails to be added stays owed. */
  const settle = () => {
    const debts = [...owed];
    owed.clear();
    for (const [keyId, minutes] of debts) {
      for (const [minute, calls] of minutes) {
        remote().record(keyId, minute * MINUTE_MS, calls, (err) => {
          if (err === null) return;
          let m = owed.get(keyId);
          if (m === undefined) owed.set(keyId, (m = new Map()));
          m.set(minute, (m.get(minute) ?? 0) + calls);
        });
      }
    }
  };

  return {
    charge(keyId, limits, nowMs, done) {
      if (down && monotonic() < pausedUntil) return done(fail(keyId, limits, nowMs));
      remote().charge(keyId, limits, nowMs, (err, charge) => {
        if (err !== null) {
          markDown(err.message);
          return done(fail(keyId, limits, nowMs));
        }
        if (down || owed.size > 0) markUp();
        if (policy === "open") remember(keyId, charge!, nowMs);
        done(charge!);
      });
    },
    connection(event) {
      if (event.ready) markUp();
      else markDown(event.error);
    },
    async close() {
      await Promise.all([remote().close(), fallback.close()]);
    },
  };
}
