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
import type { RaptorQuery, StopAccess } from "./raptor-types.js";
import { raptor } from "./raptor.js";
import type { TransitView } from "./transit-view.js";

export function defaultSearchFactory(network: Network, scope: SearchScope): JourneySearch {
  const view = createNetworkView(network, scope);
  const bounds = searchBounds(view);
  return (query) => raptor(view, query, bounds(query));
}

/**
 * The lower bounds of travel time to a query's targets (its destinations; arrive-by: its origins) over `view`,
 * computed again only when the targets or the direction change: a page's searches share them.
 */
export function searchBounds(view: TransitView): (query: RaptorQuery) => Int32Array {
  let memo: { targets: readonly StopAccess[]; toward: boolean; bounds: Int32Array } | undefined;
  return (query) => {
    const toward = !query.arriveBy;
    const [targets, sources] = toward ? [query.destinations, query.origins] : [query.origins, query.destinations];
    if (memo?.targets !== targets || memo.toward !== toward) {
      memo = { targets, toward, bounds: travelBounds(view, targets, toward, LOWER_BOUND_CAP_SECONDS, sources) };
    }
    return memo.bounds;
  };
}
