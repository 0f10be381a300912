import type { LineDirIdx, Network, ServiceDate, StopIdx } from "../model.js";
import { isLineDirectionValidOn } from "./valid-on.js";

/** The line directions valid on `date` with a pattern that stops at `stop`, in key order (line, then HEEN before TERUG). */
export function lineDirectionsAtStop(net: Network, stop: StopIdx, date: ServiceDate): LineDirIdx[] {
  const { stops, patterns } = net;
  const found = new Set<LineDirIdx>();
  for (let r = stops.patternStart[stop]; r < stops.patternStart[stop + 1]; r++) {
    const p = stops.patternRefs[r];
    const ld = patterns.line[p] * 2 + patterns.direction[p];
    if (!found.has(ld) && isLineDirectionValidOn(net, ld, date)) found.add(ld);
  }
  return [...found].sort((a, b) => a - b);
}
