import type { Network } from "../network/model.js";
import { type NetworkValidity, networkToday, networkValidity } from "../network/queries/network-validity.js";

/** The network's validity today, when it is worth a warning (expired, not yet valid, or no trips); else undefined. */
export function validityWarning(net: Network, nowMs: number = Date.now()): NetworkValidity | undefined {
  const v = networkValidity(net, networkToday(net, nowMs));
  return v.state === "valid" ? undefined : v;
}
