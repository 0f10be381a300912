import { derivedIndex } from "../network/derived-index.js";
import type { Network } from "../network/model.js";

/**
 * Pattern stop row -> the fewest and most seconds any trip of the pattern takes from leaving its first stop to
 * leaving (`depMin`, `depMax`) and reaching (`arrMin`, `arrMax`) that stop.
 *
 * Why: with them a trip search on a date bisects the small array of its trips' first departures (DayTrips.departures:
 * one read a step, in cache) down to the few trips whose times at the stop it must read from the timetable, instead
 * of three dependent reads a step across the whole stop-time table (on the MTA the bisection was a fifth of a
 * search). Computed once per network: one pass over the stop times.
 *
 * `hop`: row -> the fewest seconds any trip of the pattern takes from leaving the stop to reaching the next one (0 at
 * the last stop; the largest int32 in a pattern without trips), the edges of the lower bounds of travel time
 * (lower-bounds.ts).
 */
export interface PatternLags {
  readonly depMin: Int32Array;
  readonly depMax: Int32Array;
  readonly arrMin: Int32Array;
  readonly arrMax: Int32Array;
  readonly hop: Int32Array;
}

export const patternLags = derivedIndex("routing: pattern stop row -> fewest and most seconds from the first stop; fastest hop", buildPatternLags);

function buildPatternLags(network: Network): PatternLags {
  const { patterns, trips, stopTimes } = network;
  const rows = patterns.stops.length;
  const lags = {
    depMin: new Int32Array(rows).fill(0x7fff_ffff),
    depMax: new Int32Array(rows).fill(-0x7fff_ffff),
    arrMin: new Int32Array(rows).fill(0x7fff_ffff),
    arrMax: new Int32Array(rows).fill(-0x7fff_ffff),
    hop: new Int32Array(rows).fill(0x7fff_ffff),
  };
  const { depMin, depMax, arrMin, arrMax, hop } = lags;
  for (let p = 0; p < patterns.count; p++) {
    const base = patterns.stopStart[p];
    const length = patterns.stopStart[p + 1] - base;
    for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
      const row0 = trips.stopTimeStart[t];
      const start = stopTimes.departure[row0];
      for (let i = 0; i < length; i++) {
        const d = stopTimes.departure[row0 + i] - start;
        const a = stopTimes.arrival[row0 + i] - start;
        if (d < depMin[base + i]) depMin[base + i] = d;
        if (d > depMax[base + i]) depMax[base + i] = d;
        if (a < arrMin[base + i]) arrMin[base + i] = a;
        if (a > arrMax[base + i]) arrMax[base + i] = a;
        if (i > 0 && a - (stopTimes.departure[row0 + i - 1] - start) < hop[base + i - 1]) hop[base + i - 1] = a - (stopTimes.departure[row0 + i - 1] - start);
      }
    }
    hop[base + length - 1] = 0;
  }
  return lags;
}
