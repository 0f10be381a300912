import { derivedIndex } from "../network/derived-index.js";
import type { Network } from "../network/model.js";

/**
 * PatternIdx -> the longest trip of the pattern: arrival at its last stop minus departure at its first (seconds;
 * 0 when none is positive), computed once per network. With the trips of a pattern sorted by departure at the first
 * stop (model.ts), the trips still running at a moment are found by a binary search from that moment minus this.
 */
export const longestTripOfPattern = derivedIndex("pattern -> its longest trip (seconds, first departure to last arrival)", (network: Network): Uint32Array => {
  const { patterns, trips, stopTimes } = network;
  const longest = new Uint32Array(patterns.count);
  for (let p = 0; p < patterns.count; p++) {
    const last = patterns.stopStart[p + 1] - patterns.stopStart[p] - 1;
    let max = 0;
    for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
      const row0 = trips.stopTimeStart[t];
      const d = stopTimes.arrival[row0 + last] - stopTimes.departure[row0];
      if (d > max) max = d;
    }
    longest[p] = max;
  }
  return longest;
});
