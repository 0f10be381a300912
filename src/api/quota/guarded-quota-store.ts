/**
 * QUOTA_REDIS_FAILURE: what a call gets when Redis cannot count it (down, refusing, or later than
 * QUOTA_REDIS_TIMEOUT_MS). No call waits for Redis more than about twice that bound (redis-quota-store.ts).
 * - "open" (the default): the call is served, and counted meanwhile by this process's memory store, so a key
 *   still meets its limits per process (up to the limit times the processes across replicas). An open-data API
 *   stays up when its counter does not, and no client gets more than a process allows.
 * - "closed": the call is answered 503 with `Retry-After: 1` (nothing can be counted, so nothing is served).
 * After a failure Redis is left alone for a second (every call meanwhile takes the policy at once, without
 * waiting for another timeout), then tried again. A change of condition (Redis stops answering, answers again)
 * is logged once; every call that took the policy is counted (quota-counters.ts, quotaStoreErrors).
 */
import { countStoreError } from "./quota-counters.js";
import type { LocalQuotaStore, QuotaCharge, RemoteQuotaStore } from "./quota-store.js";
import type { QuotaLimits } from "./quota-windows.js";

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
    if (!down) return;
    down = false;
    log.info("quota store: Redis answers again: calls are counted in Redis");
  };
  const fail = (keyId: string, limits: QuotaLimits, nowMs: number): GuardedCharge => {
    countStoreError(policy);
    return policy === "open" ? fallback.charge(keyId, limits, nowMs) : "unavailable";
  };

  return {
    charge(keyId, limits, nowMs, done) {
      if (down && monotonic() < pausedUntil) return done(fail(keyId, limits, nowMs));
      remote().charge(keyId, limits, nowMs, (err, charge) => {
        if (err !== null) {
          markDown(err.message);
          return done(fail(keyId, limits, nowMs));
        }
        if (down) markUp();
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
