/**
 * The contract of the quota stores (memory-quota-store.ts, redis-quota-store.ts): count one call of a key
 * against its limits, atomically, in the windows of `nowMs` (quota-windows.ts). A call over a limit is refused
 * and not counted, so a client that keeps calling while refused gets its quota back when the window ends.
 * The memory store answers at once; the Redis store through a callback (no promise per call: the check runs on
 * every request), with an error when it cannot count.
 */
import type { QuotaLimits } from "./quota-windows.js";

export interface QuotaCharge {
  /** The call is within both limits and was counted. */
  allowed: boolean;
  /** Calls counted in the current UTC minute and day, this one included when it was allowed. */
  minuteUsed: number;
  dayUsed: number;
}

/** Counts in this process, at once. */
export interface LocalQuotaStore {
  charge(keyId: string, limits: QuotaLimits, nowMs: number): QuotaCharge;
  close(): Promise<void>;
}

export type ChargeCallback = (err: Error | null, charge?: QuotaCharge) => void;

/** Counts elsewhere: `done` is called once, with the count or with the reason it could not count. */
export interface RemoteQuotaStore {
  charge(keyId: string, limits: QuotaLimits, nowMs: number, done: ChargeCallback): void;
  /**
   * Adds calls served without it (while it did not answer) to the windows of `atMs`, whatever the limits; `done`
   * once, with null or the reason it could not.
   */
  record(keyId: string, atMs: number, calls: number, done: (err: Error | null) => void): void;
  close(): Promise<void>;
}
