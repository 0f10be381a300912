/**
 * The contract of the quota stores (memory-quota-store.ts, redis-quota-store.ts): count one call of a key
 * against its limits, atomically, in the windows of `nowMs` (quota-windows.ts). A call over a limit is refused
 * and not counted, so a client that keeps calling while refused gets its quota back when the window ends.
 */
import type { QuotaLimits } from "./quota-windows.js";

export interface QuotaCharge {
  /** The call is within both limits and was counted. */
  allowed: boolean;
  /** Calls counted in the current UTC minute and day, this one included when it was allowed. */
  minuteUsed: number;
  dayUsed: number;
}

export interface QuotaStore {
  /**
   * Counts one call of `keyId` when it fits both limits. The memory store answers at once (no promise: it runs on
   * every request); a remote store answers with a promise and rejects when it cannot count.
   */
  charge(keyId: string, limits: QuotaLimits, nowMs: number): QuotaCharge | Promise<QuotaCharge>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}
