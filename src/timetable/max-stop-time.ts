import { derivedIndex } from "../network/derived-index.js";
import type { Network, ServiceSeconds } from "../network/model.js";

/** The latest arrival or departure of the network (ServiceSeconds), computed once per network. */
export const maxStopTime = derivedIndex("latest arrival or departure of the network (ServiceSeconds)", (network: Network): ServiceSeconds => {
  let max = 0;
  const { arrival, departure } = network.stopTimes;
  for (let i = 0; i < arrival.length; i++) {
    if (arrival[i] > max) max = arrival[i];
    if (departure[i] > max) max = departure[i];
  }
  return max;
});
