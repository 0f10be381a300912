import type { Network } from "../network/model.js";

/**
 * Where the API reads the network: `current()` is called per request and never cached by a route, so a new
 * snapshot can replace the old one by swapping what `current()` returns.
 */
export interface NetworkSource {
  current(): Network;
}

/** A source that always answers the same network. */
export function staticNetworkSource(network: Network): NetworkSource {
  return { current: () => network };
}
