/**
 * The planner's default search: RAPTOR (raptor.ts) over the view of a Network (network-view.ts), the view prepared
 * once per page and searched once per window.
 */
import type { Network } from "../network/model.js";
import type { JourneySearch, SearchScope } from "./plan-journeys.js";

export function defaultSearchFactory(_network: Network, _scope: SearchScope): JourneySearch {
  throw new Error("raptor.ts has not landed yet");
}
