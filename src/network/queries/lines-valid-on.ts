import type { LineIdx, Network, ServiceDate } from "../model.js";
import { isLineValidOn } from "./valid-on.js";

/** Every line valid on `date`, in key order (the compiler stores lines sorted by entity, then line number). */
export function linesValidOn(net: Network, date: ServiceDate): LineIdx[] {
  const out: LineIdx[] = [];
  for (let l = 0; l < net.lines.count; l++) if (isLineValidOn(net, l, date)) out.push(l);
  return out;
}
