import { NONE32 } from "../constants.js";
import type { LineDirIdx, Network, StopIdx } from "../model.js";

/**
 * The stops of a line direction in travel order: the main pattern (compile-line-directions.ts) as the spine, and
 * every stop that only other patterns visit inserted after the stop it follows in its own pattern. A stop appears
 * once.
 */
export function stopsOfLineDirection(net: Network, ld: LineDirIdx): StopIdx[] {
  const { lineDirections: dirs, patterns } = net;
  const order: StopIdx[] = [];
  const at = new Map<StopIdx, number>();
  const visit = (p: number) => {
    let last = -1;
    for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) {
      const s = patterns.stops[i];
      const pos = at.get(s);
      if (pos !== undefined) {
        last = pos;
        continue;
      }
      order.splice(last + 1, 0, s);
      last++;
      // Positions after the insertion point moved by one.
      for (const [k, v] of at) if (v >= last) at.set(k, v + 1);
      at.set(s, last);
    }
  };
  const main = dirs.mainPattern[ld];
  if (main !== NONE32) visit(main);
  for (let r = dirs.patternStart[ld]; r < dirs.patternStart[ld + 1]; r++) if (dirs.patterns[r] !== main) visit(dirs.patterns[r]);
  return order;
}
