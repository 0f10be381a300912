/**
 * Counts calls in this process's memory: exact for one process, and what QUOTA_STORE=memory (the default)
 * uses. With several workers or replicas each counts its own calls (QUOTA_STORE=redis counts them together).
 * Also the fallback of the Redis store while Redis does not answer (QUOTA_REDIS_FAILURE=open).
 * One small record per key, overwritten when its window passes: memory grows with the keys, not with time.
 */
import type { LocalQuotaStore, QuotaCharge } from "./quota-store.js";
import { DAY_MS, MINUTE_MS, type QuotaLimits } from "./quota-windows.js";

interface Counts {
  minute: number;
  minuteUsed: number;
  day: number;
  dayUsed: number;
}

export function memoryQuotaStore(): LocalQuotaStore {
  const counts = new Map<string, Counts>();
  return {
    // hot: runs on every request of a key with a quota; synchronous, one map lookup.
    charge(keyId: string, limits: QuotaLimits, nowMs: number): QuotaCharge {
      const minute = Math.floor(nowMs / MINUTE_MS);
      const day = Math.floor(nowMs / DAY_MS);
      let c = counts.get(keyId);
      if (c === undefined) {
        c = { minute, minuteUsed: 0, day, dayUsed: 0 };
        counts.set(keyId, c);
      }
      if (c.minute !== minute) {
        c.minute = minute;
        c.minuteUsed = 0;
      }
      if (c.day !== day) {
        c.day = day;
        c.dayUsed = 0;
      }
      if (c.minuteUsed >= limits.perMinute || c.dayUsed >= limits.perDay) {
        return { allowed: false, minuteUsed: c.minuteUsed, dayUsed: c.dayUsed };
      }
      c.minuteUsed++;
      c.dayUsed++;
      return { allowed: true, minuteUsed: c.minuteUsed, dayUsed: c.dayUsed };
    },
    close: async () => counts.clear(),
  };
}
