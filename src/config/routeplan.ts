/**
 * ROUTEPLAN_*: the route planner's settings (spec/SERVICE_SPEC.md, E1. Route plan). Unset, the planner's own
 * defaults apply (src/routing/plan-journeys.ts).
 */
import { type ConfigEnv, parseWhole } from "./values.js";

export interface RouteplanConfig {
  /** Straight-line radius around a coordinate for stops to walk to and from (ROUTEPLAN_WALK_RADIUS_METERS, 1 to 5000, default 1000). */
  walkRadiusMeters: number;
  /** Milliseconds of work a route plan may take before it answers with what it has (ROUTEPLAN_BUDGET_MS, 10 to 60000, default 1000). */
  budgetMs: number;
}

/** Undefined when neither ROUTEPLAN_WALK_RADIUS_METERS nor ROUTEPLAN_BUDGET_MS is set; else each, or its default. */
export function parseRouteplan(env: ConfigEnv): RouteplanConfig | undefined {
  const radius = env.ROUTEPLAN_WALK_RADIUS_METERS;
  const budget = env.ROUTEPLAN_BUDGET_MS;
  if ((radius === undefined || radius.trim() === "") && (budget === undefined || budget.trim() === "")) return undefined;
  return {
    walkRadiusMeters: parseWhole("ROUTEPLAN_WALK_RADIUS_METERS", radius, 1000, 1, 5000, "metres"),
    budgetMs: parseWhole("ROUTEPLAN_BUDGET_MS", budget, 1000, 10, 60_000, "milliseconds"),
  };
}
