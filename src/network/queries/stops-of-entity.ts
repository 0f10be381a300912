import type { EntityIdx, Network, ServiceDate, StopIdx } from "../model.js";
import { stopsValidOn } from "./valid-on.js";

/** The stops of an entity valid on `date` (see valid-on.ts), in key order. */
export function stopsOfEntity(net: Network, entity: EntityIdx, date: ServiceDate): StopIdx[] {
  const mask = stopsValidOn(net, date);
  const out: StopIdx[] = [];
  for (let s = 0; s < net.stops.count; s++) if (mask[s] === 1 && net.stops.entity[s] === entity) out.push(s);
  return out;
}
