/**
 * E1, the route plan, as a pure query: places in, a page of itineraries out (plain objects, no HTTP, no field names
 * of the API: plan-types.ts). The search itself is RAPTOR over a view of the network (raptor-search.ts); which
 * searches a page takes is plan-pages.ts's, and turning their journeys into itineraries assemble-itinerary.ts's.
 *
 * Walking: when walking the whole way (straight line x detour, walk-access.ts) is at most 2 km, a journey that takes
 * as long or longer is never proposed, and the walk itself is, on the first page, when it arrives first (walkingOnly).
 *
 * Wheelchair (docs/COMPATIBILITY.md P21, wheelchair-access.ts): the page of known-accessible trips and stops
 * first. When the network has trips or served stops of unknown access (GTFS 0), the page that may also use them
 * (never a known-inaccessible one) is made too, and shown instead when the known page is empty or its best match
 * arrives more than UNKNOWN_ACCESS_GAIN_MS later (backwards: departs that much earlier), a transfer counting
 * TRANSFER_PENALTY_MS as in bestIndex; its rides of unknown access are marked (assemble-itinerary.ts). So a wheelchair
 * request is never empty while an accessible-or-unknown trip between stops of accessible-or-unknown access connects,
 * and it costs a second page only on a feed that leaves values unknown.
 */
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network } from "../network/model.js";
import { passageMaker } from "../timetable/make-passage.js";
import type { RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { assembleItinerary, walkable, walkingOnly } from "./assemble-itinerary.js";
import { backwardPage, forwardPage, lastArrivalMs, TRANSFER_PENALTY_MS } from "./plan-pages.js";
import type { Itinerary, PlanContext, PlanParams, PlanResult } from "./plan-types.js";
import type { Journey } from "./raptor-types.js";
import { stopAccesses, walkBetween, walkParameters } from "./walk-access.js";
import { hasUnknownWheelchairAccess } from "./wheelchair-access.js";

// The planner's contract (plan-types.ts), re-exported: a caller that only plans needs this module alone.
export { type Itinerary, PLAN_MODES, type PlanMode, type PlanPlace, type PlanResult, type PlanStep } from "./plan-types.js";

/**
 * How much sooner the page that may use unknown wheelchair access must arrive (backwards: leave later) than the page
 * of known-accessible trips and stops to be shown instead: half an hour, beyond a usual headway's wait, so that a
 * known-accessible bus a few minutes later stays the answer and one two hours later does not.
 */
export const UNKNOWN_ACCESS_GAIN_MS = 30 * 60_000;

/** The time budget of a whole plan (ROUTEPLAN_BUDGET_MS): past it, searches answer with what they have. */
export const DEFAULT_PLAN_BUDGET_MS = 1000;

const SECOND = 1000;

/** The route plan of E1 (pages: plan-pages.ts). Never throws for want of stops or trips: the page is then empty. */
export function planJourneys(network: Network, realtime: RealtimeOverlay | undefined, params: PlanParams): PlanResult {
  const walk = walkParameters(network, params.walkRadiusMeters);
  const ctx: PlanContext = {
    network,
    params,
    scope: { realtime, modes: params.modes, wheelchair: params.wheelchair },
    origins: stopAccesses(network, params.from, walk, "origin"),
    destinations: stopAccesses(network, params.to, walk, "destination"),
    walkAllMs: walkable(network, params, walk) ? walkBetween(network, params.from, params.to, walk).seconds * SECOND : Infinity,
    startedMs: performance.now(),
    budgetMs: params.budgetMs ?? DEFAULT_PLAN_BUDGET_MS,
    complete: true,
  };
  const page = params.page ?? "first";
  const t = Math.floor(params.timeMs / SECOND) * SECOND;
  const backward = page === "earlier" || page === "last" || (page === "first" && params.arriveBy === true);
  let journeys = pageJourneys(ctx, t, backward);
  if (params.wheelchair === true && hasUnknownWheelchairAccess(network)) {
    // The same budget: the second page gets what the first left.
    const wider: PlanContext = { ...ctx, scope: { ...ctx.scope, wheelchairUnknown: true }, complete: true };
    const widerJourneys = pageJourneys(wider, t, backward);
    const score = (js: Journey[]) => Math.min(...js.map((j) => (backward ? -j.departureMs : j.arrivalMs) + TRANSFER_PENALTY_MS * j.transfers));
    if (widerJourneys.length > 0 && (journeys.length === 0 || score(journeys) - score(widerJourneys) > UNKNOWN_ACCESS_GAIN_MS)) {
      journeys = widerJourneys;
      ctx.complete = wider.complete;
    }
  }
  const zone = zonedTime(network.meta.timezone);
  const maker = passageMaker(network);
  const itineraries = journeys.map((j) => assembleItinerary(ctx, j, realtime, zone, maker));
  if (page === "first") {
    const w = walkingOnly(ctx, itineraries, t, params.arriveBy === true, walk.radiusMeters);
    if (w) itineraries.push(w);
  }
  itineraries.sort((a, b) => a.departureMs - b.departureMs || a.arrivalMs - b.arrivalMs || a.transfers - b.transfers);
  const best = bestIndex(itineraries, backward);
  if (best >= 0) itineraries[best].best = true;
  return {
    itineraries,
    earlierMs: itineraries.length ? Math.min(...itineraries.map((i) => i.arrivalMs)) : undefined,
    laterMs: itineraries.length ? Math.max(...itineraries.map((i) => i.departureMs)) : undefined,
    complete: ctx.complete,
  };
}

/** The journeys of the page asked (plan-pages.ts), through ctx's view. */
function pageJourneys(ctx: PlanContext, t: EpochMs, backward: boolean): Journey[] {
  // No journey can beat the walk when walking to the nearest stop and from the nearest one takes as long.
  const shortestWalksMs = (Math.min(...ctx.origins.map((o) => o.seconds)) + Math.min(...ctx.destinations.map((d) => d.seconds))) * SECOND;
  if (ctx.origins.length === 0 || ctx.destinations.length === 0 || shortestWalksMs >= ctx.walkAllMs) return [];
  const page = ctx.params.page ?? "first";
  if (page === "first") return backward ? backwardPage(ctx, t) : forwardPage(ctx, t);
  if (page === "later") return forwardPage(ctx, t + SECOND);
  if (page === "earlier") return backwardPage(ctx, t - SECOND);
  const end = lastArrivalMs(ctx, t);
  return end === undefined ? [] : backwardPage(ctx, end);
}

/**
 * The best match of a page: forwards (the first page departing after the moment, a later page) the itinerary
 * arriving first, a transfer counted as TRANSFER_PENALTY_MS; backwards (the first page arriving by the moment, an
 * earlier page, the last page) the one departing last, a transfer counted the same.
 * Ties: fewer transfers, then less walking, then the shorter (later departure, earlier arrival). -1 when empty.
 */
export function bestIndex(its: readonly Itinerary[], backward: boolean): number {
  let best = -1;
  const score = (i: Itinerary) => (backward ? -i.departureMs : i.arrivalMs) + TRANSFER_PENALTY_MS * i.transfers;
  for (let k = 0; k < its.length; k++) {
    if (best < 0) {
      best = k;
      continue;
    }
    const a = its[k];
    const b = its[best];
    const d =
      score(a) - score(b) ||
      a.transfers - b.transfers ||
      a.walkSeconds - b.walkSeconds ||
      a.arrivalMs - a.departureMs - (b.arrivalMs - b.departureMs);
    if (d < 0) best = k;
  }
  return best;
}
