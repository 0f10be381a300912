/**
 * Walking at both ends of a journey: from the origin to the stops near it (access), from the stops near the
 * destination to it (egress), and the whole way (a walking-only itinerary).
 *
 * Distance is the straight line times a detour factor, walked at a steady pace: the model the snapshot's footpaths
 * between stops were built with (build-footpaths.ts, kept in meta.footpaths), so that a walk to a stop and a walk
 * between stops cost the same per metre. With the defaults, 1.3 x the straight line at 1.25 m/s (4.5 km/h): the
 * default access radius of 1 km straight is a walk of about 17 minutes.
 */
import { FOOTPATH_PARAMETERS } from "../network/build-footpaths.js";
import type { Network, StopIdx } from "../network/model.js";
import { haversineMeters, stopsNear } from "../network/queries/stops-near.js";
import { type PlanPoint, pointPosition } from "./plan-point.js";
import type { StopAccess } from "./raptor-types.js";

/** Default straight-line radius around a coordinate within which stops are walked to or from (ROUTEPLAN_WALK_RADIUS_METERS). */
export const DEFAULT_WALK_RADIUS_METERS = 1000;

/**
 * The most stops a coordinate is joined to: a kilometre around Times Square holds 271 stops of the MTA's nine feeds;
 * this bound only keeps a pathological feed in check.
 */
export const MAX_ACCESS_STOPS = 1000;

export interface WalkParameters {
  /** Straight-line radius searched around a coordinate. */
  radiusMeters: number;
  /** Ratio of walked to straight-line distance. */
  detourFactor: number;
  walkMetersPerSecond: number;
}

/** The walking model of a network's footpaths with an access radius. */
export function walkParameters(network: Network, radiusMeters: number = DEFAULT_WALK_RADIUS_METERS): WalkParameters {
  const f = network.meta.footpaths ?? FOOTPATH_PARAMETERS;
  return { radiusMeters, detourFactor: f.detourFactor, walkMetersPerSecond: f.walkMetersPerSecond };
}

/** Whole seconds to walk a straight-line distance (rounded up, as the footpaths are). */
export function walkSeconds(straightMeters: number, p: WalkParameters): number {
  return Math.ceil((straightMeters * p.detourFactor) / p.walkMetersPerSecond);
}

/**
 * The stops a journey may start from (`side` "origin") or end at ("destination"), with the walk to or from each.
 * A coordinate: every stop within the radius, nearest first, at most MAX_ACCESS_STOPS. (Keeping only the nearest
 * stop of each pattern, and the first it passes, made E1 on the MTA a quarter faster, but lost journeys: where the
 * nearest stop of a line lies beyond the destination on a loop, the one in between is the one to take.)
 * A stop: that stop at 0 s, and the stops its footpaths join it to (other platforms of a station, a stop across the
 * street) at their footpath's time, so that a search need not relax footpaths before its first round.
 */
export function stopAccesses(network: Network, point: PlanPoint, p: WalkParameters, side: "origin" | "destination"): StopAccess[] {
  if (point.kind === "place") {
    return stopsNear(network, point.lat, point.lon, p.radiusMeters, MAX_ACCESS_STOPS).map(({ stop, meters }) => ({
      stop,
      seconds: walkSeconds(meters, p),
      meters,
    }));
  }
  const { footpathStart, footpathTo, footpathSeconds } = network.stops;
  const s = point.stop;
  const out: StopAccess[] = [{ stop: s, seconds: 0, meters: 0 }];
  for (let i = footpathStart[s]; i < footpathStart[s + 1]; i++) {
    const o = footpathTo[i];
    // Footpaths are directed (transfers.txt may set one way only): egress needs the path from o to s.
    const seconds = side === "origin" ? footpathSeconds[i] : footpathFrom(network, o, s);
    if (seconds !== undefined) out.push({ stop: o, seconds, meters: stopDistance(network, s, o) });
  }
  return out;
}

function footpathFrom(network: Network, from: StopIdx, to: StopIdx): number | undefined {
  const { footpathStart, footpathTo, footpathSeconds } = network.stops;
  for (let i = footpathStart[from]; i < footpathStart[from + 1]; i++) if (footpathTo[i] === to) return footpathSeconds[i];
  return undefined;
}

/** Straight-line metres between two stops. */
export function stopDistance(network: Network, a: StopIdx, b: StopIdx): number {
  const { lat, lon } = network.stops;
  return haversineMeters(lat[a], lon[a], lat[b], lon[b]);
}

/** The walk straight from one point to the other: straight-line metres and walking seconds. */
export function walkBetween(network: Network, from: PlanPoint, to: PlanPoint, p: WalkParameters): { meters: number; seconds: number } {
  const a = pointPosition(network, from);
  const b = pointPosition(network, to);
  const meters = haversineMeters(a.lat, a.lon, b.lat, b.lon);
  return { meters, seconds: walkSeconds(meters, p) };
}
