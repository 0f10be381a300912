import type { EntityIdx, LineIdx, Network, ServiceDate } from "../model.js";
import { isLineValidOn } from "./valid-on.js";

/** The lines of an entity valid on `date`, in key order. */
export function linesOfEntity(net: Network, entity: EntityIdx, date: ServiceDate): LineIdx[] {
  const out: LineIdx[] = [];
  for (let l = 0; l < net.lines.count; l++) if (net.lines.entity[l] === entity && isLineValidOn(net, l, date)) out.push(l);
  return out;
}
