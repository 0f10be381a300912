/**
 * The planner's default search: RAPTOR (raptor.ts) over the view of a Network (network-view.ts), the view prepared
 * once per page and searched once per window, with lower bounds of travel time to the targets (lower-bounds.ts)
 * computed once for the page's searches toward the same targets.
 */
import type { Network } from "../network/model.js";
import { LOWER_BOUND_CAP_SECONDS } from "./constants.js";
import { travelBounds } from "./lower-bounds.js";
import { createNetworkView } from "./network-view.js";
import type { JourneySearch, SearchScope } from "./plan-types.js";
import type { StopAccess } from "./raptor-types.js";
import { raptor } from "./raptor.js";

export function defaultSearchFactory(network: Network, scope: SearchScope): JourneySearch {
  const view = createNetworkView(network, scope);
  let memo: { targets: readonly StopAccess[]; toward: boolean; bounds: Int32Array } | undefined;
  return (query) => {
    const toward = !query.arriveBy;
    const [targets, sources] = toward ? [query.destinations, query.origins] : [query.origins, query.destinations];
    if (memo?.targets !== targets || memo.toward !== toward) {
      memo = { targets, toward, bounds: travelBounds(view, targets, toward, LOWER_BOUND_CAP_SECONDS, sources) };
    }
    return raptor(view, query, memo.bounds);
  };
}
