/**
 * Wheelchair access in route plans (E1 `rolstoel=true`, docs/COMPATIBILITY.md P19 and P21): what the feed says of a trip and of a stop, with GTFS's three values (gtfs.org/schedule/reference/):
 * - a trip: trips.wheelchair_accessible, 0 (or empty) no information, 1 accessible, 2 not;
 * - a stop: stops.wheelchair_boarding the same, a platform's 0 inheriting its parent station's value (the compiler
 *   does, compile-stops.ts); the MOTORISCHE_BEPERKING bit of the operator's stop_accessibility makes it accessible.
 * A plan rides known-accessible trips between known-accessible stops first; plan-journeys.ts decides when one may
 * also use the unknown ones (never the known-inaccessible ones), and assemble-itinerary.ts marks them.
 */
import type { Network, StopIdx, TripIdx } from "../network/model.js";
import { derivedIndex } from "../network/derived-index.js";

/** GTFS's values: 0 no information, 1 accessible, 2 not accessible. */
export type WheelchairAccess = 0 | 1 | 2;
export const ACCESS_UNKNOWN = 0;
export const ACCESS_YES = 1;

/** A stop's wheelchair access: the MOTORISCHE_BEPERKING bit, else its (inherited) wheelchair_boarding. */
export function stopWheelchairAccess(network: Network, s: StopIdx): WheelchairAccess {
  if ((network.stops.accessibility[s] & 1) === 1) return ACCESS_YES;
  return network.stops.wheelchair[s] as WheelchairAccess;
}

/** A trip's wheelchair access: its wheelchair_accessible. */
export function tripWheelchairAccess(network: Network, t: TripIdx): WheelchairAccess {
  return network.trips.wheelchair[t] as WheelchairAccess;
}

/**
 * Whether a trip or a stop a trip serves is of unknown access: when none is, a plan that may use unknown ones is the
 * plan of the known ones, and is not made (the demo network and the operator's feed give every value). Once per
 * network.
 */
export const hasUnknownWheelchairAccess = derivedIndex("routing: whether a trip or a served stop has unknown wheelchair access", (network): boolean => {
  const { trips, patterns } = network;
  for (let t = 0; t < trips.count; t++) if (trips.wheelchair[t] === ACCESS_UNKNOWN) return true;
  for (let r = 0; r < patterns.stops.length; r++) if (stopWheelchairAccess(network, patterns.stops[r]) === ACCESS_UNKNOWN) return true;
  return false;
});
