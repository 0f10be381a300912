import type { LineDirIdx, Network, StopIdx } from "../network/model.js";

/**
 * The line directions with at least one pattern through a stop, ascending, on any day (diversions
 * concern a stop through its line directions whatever the day; network/queries/line-directions-at-stop.ts
 * keeps only those valid on a date).
 */
export function lineDirectionsThroughStop(network: Network, stop: StopIdx): LineDirIdx[] {
  const { stops, patterns } = network;
  const set = new Set<number>();
  for (let r = stops.patternStart[stop]; r < stops.patternStart[stop + 1]; r++) {
    const p = stops.patternRefs[r];
    set.add(patterns.line[p] * 2 + patterns.direction[p]);
  }
  return [...set].sort((a, b) => a - b);
}
