/**
 * The planner's default search: RAPTOR (raptor.ts) over the view of a Network (network-view.ts), the view prepared
 * once per page and searched once per window.
 */
import type { Network } from "../network/model.js";
import { createNetworkView } from "./network-view.js";
import type { JourneySearch, SearchScope } from "./plan-journeys.js";
import { raptor } from "./raptor.js";

export function defaultSearchFactory(network: Network, scope: SearchScope): JourneySearch {
  const view = createNetworkView(network, scope);
  return (query) => raptor(view, query);
}
