import type { Network, ServiceDate } from "../network/model.js";
import { serviceDayActive, serviceDayIndex } from "./is-service-active.js";

/** ServiceIdx -> 1 when the service runs on the date: one pass over the bitsets. */
export function activeServices(network: Network, date: ServiceDate): Uint8Array {
  const out = new Uint8Array(network.services.count);
  const day = serviceDayIndex(network, date);
  if (day < 0) return out;
  for (let s = 0; s < out.length; s++) out[s] = serviceDayActive(network, s, day) ? 1 : 0;
  return out;
}
