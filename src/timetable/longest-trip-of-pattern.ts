import type { Network } from "../network/model.js";

const cache = new WeakMap<Network, Uint32Array>();

/**
 * PatternIdx -> the longest trip of the pattern: arrival at its last stop minus departure at its first (seconds;
 * 0 when none is positive), computed once per network. With the trips of a pattern sorted by departure at the first
 * stop (model.ts), the trips still running at a moment are found by a binary search from that moment minus this.
 */
export function longestTripOfPattern(network: Network): Uint32Array {
  let longest = cache.get(network);
  if (longest === undefined) {
    const { patterns, trips, stopTimes } = network;
    longest = new Uint32Array(patterns.count);
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
    cache.set(network, longest);
  }
  return longest;
}
