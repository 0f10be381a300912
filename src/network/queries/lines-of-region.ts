import type { LineIdx, Network, RegionIdx, ServiceDate } from "../model.js";
import { isLineValidOn } from "./valid-on.js";

/** The lines valid on `date` whose transport region (lines.region) is `region`, in key order. */
export function linesOfRegion(net: Network, region: RegionIdx, date: ServiceDate): LineIdx[] {
  const out: LineIdx[] = [];
  for (let l = 0; l < net.lines.count; l++) if (net.lines.region[l] === region && isLineValidOn(net, l, date)) out.push(l);
  return out;
}
