import type { Network } from "../network/model.js";
import { type DeparturesAtStopParams, departuresAtStop } from "./departures-at-stop.js";
import { networkLru } from "./network-lru.js";
import type { Passage } from "./types.js";

/**
 * Passages kept per network by the default cache: about 14 MB, measured at 578 bytes of heap a passage (the
 * Passage object, its id and time strings, its slot in the day's array) on the MTA snapshot's busiest stop. That
 * holds the day of some 190 stops of median traffic (130 passages) or 30 of the busiest (844), the stops a
 * real-time service is asked about again and again; a whole day of the network (1.9 million passages on the MTA
 * snapshot) would take about 1.1 GB. Bounded in passages, not entries, since a day's size ranges from one passage
 * to several thousand; a day is rebuilt in about 0.3 ms at worst (docs/BENCHMARKS.md), so a miss costs little.
 * 100,000 (58 MB) let a client asking lists of random stops hold the demo's server at 3.3 times its idle memory
 * (bench:abuse, costly): the cache full, and the garbage of its turnover (docs/BENCHMARKS.md "Where the costly
 * lists' memory went").
 */
export const STOP_DAY_CACHE_PASSAGES = 25_000;

/**
 * Misses remembered by the default cache: a stop's day is kept on its second miss among the last 1,024 (networkLru).
 * A client asking lists of 100 random stops misses almost every day once; with this many remembered about one day
 * in twelve is kept (test/timetable/stop-day-cache.test.ts), where every one was, and the days pushed out became
 * garbage of the old generation at about a megabyte a list. The days asked again and again, the stops a real-time
 * service is asked about, are kept at their second ask within a thousand other misses; the one more miss costs a
 * day's build (0.3 ms at most). Simulated on the demo (Zipf-distributed single stops): 71 % hits instead of 84 %
 * alone, 69 % instead of 37 % beside a hundred random asks each (docs/BENCHMARKS.md "Hostile clients (bench:abuse)").
 */
export const STOP_DAY_CACHE_REMEMBERED_MISSES = 1_024;

/** Stop days as departuresAtStop gives them, shared between requests. */
export interface StopDayCache {
  /**
   * The same passages as departuresAtStop(network, undefined, params), in the same order; the array and its Passage
   * objects are shared with every other caller: read them, never change them. Performance contract: a Map lookup
   * when the day is kept, else departuresAtStop once.
   */
  passages(network: Network, params: DeparturesAtStopParams): readonly Passage[];
  /** What is kept for a network: days and their passages (for tests and monitoring). */
  size(network: Network): { days: number; passages: number };
}

/**
 * A cache of stop days (networkLru): per network, least recently used out first, at most `maxPassages` passages per
 * network, a day kept on its second miss among the last `rememberedMisses` (0: on its first). A stop's day does not depend on the real-time state (departuresAtStop ignores it; predictions are
 * overlaid on each request by withRealtime), so a new state never invalidates it, and a new network is a new key.
 */
export function createStopDayCache(
  maxPassages: number = STOP_DAY_CACHE_PASSAGES,
  rememberedMisses: number = STOP_DAY_CACHE_REMEMBERED_MISSES,
): StopDayCache {
  const lru = networkLru<readonly Passage[]>(
    "stop days: a stop's passages per date (LRU by passages, kept on a second miss)",
    maxPassages,
    (day) => day.length,
    rememberedMisses,
  );
  return {
    passages: (network, params) => lru.get(network, dayKey(network, params), () => departuresAtStop(network, undefined, params)),
    size(network) {
      const { entries, weight } = lru.size(network);
      return { days: entries, passages: weight };
    },
  };
}

/**
 * (date, last-stop flag, stop) as one exact integer: a number key is hashed without building a string. ServiceDate
 * is yyyymmdd (< 10^8), so the largest key is below 2 * 10^8 * stop count, exact for up to 45 million stops.
 */
function dayKey(network: Network, params: DeparturesAtStopParams): number {
  return (params.date * 2 + (params.includeLastStop === true ? 1 : 0)) * network.stops.count + params.stop;
}

/** The process's cache of stop days, used by the real-time queries (upcomingPassages). */
export const stopDayCache: StopDayCache = createStopDayCache();
