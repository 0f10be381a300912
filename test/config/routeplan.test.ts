/**
 * The route planner's settings (E1): ROUTEPLAN_WALK_RADIUS_METERS and ROUTEPLAN_BUDGET_MS, validated once.
 */
import { describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../src/errors.js";
import { loadConfig } from "../../src/config/load-config.js";

const refused = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    expect((e as LijnwijzerError).code).toBe("LW_CONFIG_INVALID");
    return (e as Error).message;
  }
  throw new Error("loadConfig accepted an invalid configuration");
};

describe("loadConfig - route planning", () => {
  it("loadConfig - without ROUTEPLAN_* the planner's defaults apply (routeplan undefined)", () => {
    expect(loadConfig({}).routeplan).toBeUndefined();
  });

  it("loadConfig - ROUTEPLAN_WALK_RADIUS_METERS and ROUTEPLAN_BUDGET_MS, each defaulting when the other is set", () => {
    expect(loadConfig({ ROUTEPLAN_WALK_RADIUS_METERS: " 600 " }).routeplan).toEqual({ walkRadiusMeters: 600, budgetMs: 1000 });
    expect(loadConfig({ ROUTEPLAN_BUDGET_MS: "250" }).routeplan).toEqual({ walkRadiusMeters: 1000, budgetMs: 250 });
  });

  it("loadConfig - a radius or budget out of bounds names the variable and the bounds", () => {
    expect(refused({ ROUTEPLAN_WALK_RADIUS_METERS: "0" })).toBe(
      'Invalid configuration: ROUTEPLAN_WALK_RADIUS_METERS must be a whole number of metres from 1 to 5000, got "0"',
    );
    expect(refused({ ROUTEPLAN_WALK_RADIUS_METERS: "1.5km" })).toBe(
      'Invalid configuration: ROUTEPLAN_WALK_RADIUS_METERS must be a whole number of metres from 1 to 5000, got "1.5km"',
    );
    expect(refused({ ROUTEPLAN_BUDGET_MS: "60001" })).toBe(
      'Invalid configuration: ROUTEPLAN_BUDGET_MS must be a whole number of milliseconds from 10 to 60000, got "60001"',
    );
  });
});
