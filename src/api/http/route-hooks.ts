/**
 * A route's hooks as a list: Fastify's route options hold none, one function or an array. The plugins that equip each
 * route as it is added (onRoute: the key check, the quota, the cost gate) read and write them through this.
 */
import type { RouteOptions } from "fastify";

type HookName = "onRequest" | "preHandler";

/** The route's hooks of this kind, as a new array. */
export function routeHooks(route: RouteOptions, name: HookName): unknown[] {
  const existing = route[name] as unknown;
  return existing === undefined ? [] : Array.isArray(existing) ? [...existing] : [existing];
}

/** Puts `hook` first among the route's hooks of this kind. */
export function prependRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  (route as unknown as Record<HookName, unknown[]>)[name] = [hook, ...routeHooks(route, name)];
}
