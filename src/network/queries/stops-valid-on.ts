import type { Network, ServiceDate, StopIdx } from "../model.js";
import { stopsValidOn } from "./valid-on.js";

/** Every stop valid on `date`, in key order (the compiler stores stops sorted by entity, then stop number). */
export function allStopsValidOn(net: Network, date: ServiceDate): StopIdx[] {
  const mask = stopsValidOn(net, date);
  const out: StopIdx[] = [];
  for (let s = 0; s < mask.length; s++) if (mask[s] === 1) out.push(s);
  return out;
}
