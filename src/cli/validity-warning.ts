import type { Network } from "../network/model.js";
import { type NetworkValidity, networkToday, networkValidity, validityWarnings } from "../network/queries/network-validity.js";

/**
 * The network's validity today and what is worth a warning about it (an expired network, one not yet valid or
 * without trips, a feed of several outside the day lists answer for): `messages` is empty when all is well.
 */
export function validityWarning(net: Network, nowMs: number = Date.now()): { validity: NetworkValidity; messages: string[] } {
  const today = networkToday(net, nowMs);
  return { validity: networkValidity(net, today), messages: validityWarnings(net, today) };
}
