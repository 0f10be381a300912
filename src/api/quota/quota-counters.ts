/**
 * The quota module's counters, for /metrics (src/api/beheer/metrics.ts registers them as Prometheus counters):
 * - `quotaRejections`: calls answered 429, over a minute's or a day's limit;
 * - `quotaStoreErrors`: calls whose quota the store could not count (Redis down, refusing or later than
 *   QUOTA_REDIS_TIMEOUT_MS), each answered as QUOTA_REDIS_FAILURE says (open: served; closed: 503).
 * Totals of this process since it started, readable at any time (`quotaCounters()`, e.g. in a prom-client
 * `collect()`), and each event with its labels as it happens (`onQuotaEvent`, e.g. for a labelled counter's
 * `inc()`). Module state, not app state: a process serves one app, and /metrics is per process (per worker).
 */

export type QuotaWindowName = "minute" | "day";

export type QuotaEvent =
  | { kind: "rejection"; window: QuotaWindowName; product: string }
  | { kind: "storeError"; policy: "open" | "closed" };

export interface QuotaCounters {
  quotaRejections: number;
  quotaStoreErrors: number;
}

const totals: QuotaCounters = { quotaRejections: 0, quotaStoreErrors: 0 };
const listeners = new Set<(event: QuotaEvent) => void>();

/** A copy of the totals. */
export function quotaCounters(): QuotaCounters {
  return { ...totals };
}

/** Calls `listener` with every later event; returns the function that stops it. */
export function onQuotaEvent(listener: (event: QuotaEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function countRejection(window: QuotaWindowName, product: string): void {
  totals.quotaRejections++;
  if (listeners.size > 0) emit({ kind: "rejection", window, product });
}

export function countStoreError(policy: "open" | "closed"): void {
  totals.quotaStoreErrors++;
  if (listeners.size > 0) emit({ kind: "storeError", policy });
}

function emit(event: QuotaEvent): void {
  for (const listener of listeners) listener(event);
}
