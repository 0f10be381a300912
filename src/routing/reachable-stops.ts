/**
 * Reachability as a pure query: from a point (or a stop) at a moment, every stop reachable within a time limit, with
 * its earliest arrival and transfers; over a window of departure minutes, the median travel time per stop, as
 * analysts measure access (docs.conveyal.com, "Travel time percentiles"). The search is reach.ts over the view of
 * the network (network-view.ts); the walks from the point are E1's (walk-access.ts stopAccesses, the same radius).
 *
 * The median over a window of W minutes: per stop, the travel times of the W departures (a departure that does not
 * reach the stop within the limit counts as infinite), sorted; the lower median, element floor((W - 1) / 2), so that
 * it is always the time of one real departure (the first with that time), whose arrival and transfers are given with
 * it. A stop is reached when that median lies within the limit: reached by at least half the departures. One minute
 * is a single departure.
 */
import type { EpochMs } from "../lib/zoned-time.js";
import type { Network, StopIdx } from "../network/model.js";
import type { RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { createNetworkView } from "./network-view.js";
import { type PlanPoint, pointPosition } from "./plan-point.js";
import { reachTable } from "./reach.js";
import { stopAccesses, type WalkParameters, walkParameters } from "./walk-access.js";

/** The default limit: "how far do I get in 30 minutes". */
export const DEFAULT_REACH_MINUTES = 30;
/** The longest limit asked, and the longest window: two hours keep one answer within the benchmark's bounds. */
export const MAX_REACH_MINUTES = 120;

export interface ReachParams {
  from: PlanPoint;
  /** The (first) departure from the point; rounded down to the second. */
  timeMs: EpochMs;
  /** Minutes from the departure within which a stop counts as reached (1 .. MAX_REACH_MINUTES). */
  limitMinutes: number;
  /** Departure minutes of the window, timeMs and every minute after (1 .. MAX_REACH_MINUTES); default 1. */
  windowMinutes?: number;
  /** Straight-line radius of the walks from a coordinate (E1's ROUTEPLAN_WALK_RADIUS_METERS). */
  walkRadiusMeters?: number;
  maxTransfers?: number;
}

export interface ReachedStop {
  stop: StopIdx;
  /** The departure from the point of the journey given: the median's departure minute over a window. */
  departureMs: EpochMs;
  arrivalMs: EpochMs;
  /** arrivalMs - departureMs: the travel time (the median over a window). */
  travelSeconds: number;
  /** Vehicles boarded minus one; 0 as well for a stop reached on foot. */
  transfers: number;
  /** Vehicles boarded: 0 for a stop walked to from the point. */
  rides: number;
}

export interface ReachResult {
  departureMs: EpochMs;
  limitSeconds: number;
  windowMinutes: number;
  /** Nearest in time first, then in stop order. */
  stops: ReachedStop[];
  /** The walking model, for the reachable area (reach-area.ts). */
  walk: WalkParameters;
  origin: { lat: number; lon: number };
}

const SECOND = 1000;

/** The stops reachable from `params.from` within the limit. Never throws for want of stops: the list is then empty. */
export function reachableStops(network: Network, realtime: RealtimeOverlay | undefined, params: ReachParams): ReachResult {
  const walk = walkParameters(network, params.walkRadiusMeters);
  const departureMs = Math.floor(params.timeMs / SECOND) * SECOND;
  const limitSeconds = Math.round(params.limitMinutes * 60);
  const windowMinutes = Math.max(1, Math.floor(params.windowMinutes ?? 1));
  const origins = stopAccesses(network, params.from, walk, "origin");
  const result: ReachResult = { departureMs, limitSeconds, windowMinutes, stops: [], walk, origin: pointPosition(network, params.from) };
  if (origins.length === 0) return result;
  const lastMs = departureMs + (windowMinutes - 1) * 60 * SECOND + limitSeconds * SECOND;
  const view = createNetworkView(network, { fromMs: departureMs, toMs: lastMs, realtime });
  const start = Math.round((departureMs - view.originMs) / SECOND);
  const table = reachTable(view, { origins, start, minutes: windowMinutes, limitSeconds, maxTransfers: params.maxTransfers });
  const travel = new Float64Array(windowMinutes);
  const order = new Int32Array(windowMinutes);
  const median = (windowMinutes - 1) >> 1;
  for (let i = 0; i < table.stops.length; i++) {
    for (let m = 0; m < windowMinutes; m++) {
      const a = table.arrival[i * windowMinutes + m];
      travel[m] = a > start + 60 * m + limitSeconds ? Infinity : a - (start + 60 * m);
      order[m] = m;
    }
    // Sorting minute numbers by their times keeps a minute for the median: the departure whose journey is given
    // (the first minute of those whose time is the median).
    order.sort((x, y) => travel[x] - travel[y] || x - y);
    const t = travel[order[median]];
    if (t === Infinity) continue;
    let m = 0;
    while (travel[m] !== t) m++;
    const rides = table.rides[i * windowMinutes + m];
    const leave = departureMs + 60 * m * SECOND;
    result.stops.push({
      stop: table.stops[i],
      departureMs: leave,
      arrivalMs: leave + travel[m] * SECOND,
      travelSeconds: travel[m],
      transfers: Math.max(0, rides - 1),
      rides,
    });
  }
  result.stops.sort((a, b) => a.travelSeconds - b.travelSeconds || a.stop - b.stop);
  return result;
}
