import type { LineIdx, Network, ServiceDate, StopIdx } from "../model.js";
import { isLineDirectionValidOn, isLineValidOn } from "./valid-on.js";

/**
 * The lines whose valid line directions stop at any of `stops` on `date`, in key order.
 * Cost: the stops' pattern references, no scan of the network.
 */
export function linesServingStops(net: Network, stops: Iterable<StopIdx>, date: ServiceDate): LineIdx[] {
  const { stops: st, patterns } = net;
  const found = new Set<LineIdx>();
  for (const s of stops) {
    for (let r = st.patternStart[s]; r < st.patternStart[s + 1]; r++) {
      const p = st.patternRefs[r];
      const line = patterns.line[p];
      if (found.has(line)) continue;
      if (isLineDirectionValidOn(net, line * 2 + patterns.direction[p], date) && isLineValidOn(net, line, date)) found.add(line);
    }
  }
  return [...found].sort((a, b) => a - b);
}
