import type { Network, ServiceSeconds } from "../network/model.js";

const cache = new WeakMap<Network, ServiceSeconds>();

/** The latest arrival or departure of the network (ServiceSeconds), computed once per network. */
export function maxStopTime(network: Network): ServiceSeconds {
  let max = cache.get(network);
  if (max === undefined) {
    max = 0;
    const { arrival, departure } = network.stopTimes;
    for (let i = 0; i < arrival.length; i++) {
      if (arrival[i] > max) max = arrival[i];
      if (departure[i] > max) max = departure[i];
    }
    cache.set(network, max);
  }
  return max;
}
