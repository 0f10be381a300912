/**
 * The area reachable within a reach query's limit (reachable-stops.ts), as GeoJSON (RFC 7946): around the point and
 * around each stop reached, the circle a person walks in the time left, at the walking model's pace and detour
 * (walk-access.ts: straight-line metres = seconds x pace / detour), capped by the walk radius, as a stop's access
 * is. The circles are not dissolved into one outline: a MultiPolygon of CIRCLE_VERTICES-gons, which a map fills as
 * their union (a union costs more than the search on a large network; a client that needs one outline merges them,
 * e.g. turf's union). docs/COMPATIBILITY.md P27.
 */
import type { ReachResult } from "./reachable-stops.js";
import type { Network } from "../network/model.js";

/** Vertices of each circle: 16 keep a 1 km circle within 20 m of round and a large answer small. */
export const CIRCLE_VERTICES = 16;

const METERS_PER_DEGREE_LAT = 111_320;

/** A GeoJSON MultiPolygon: per circle one ring of [longitude, latitude] positions, closed. */
export interface ReachArea {
  type: "MultiPolygon";
  coordinates: number[][][][];
}

/** The reachable area of a reach result; empty coordinates when nothing is reachable. */
export function reachArea(network: Network, result: ReachResult): ReachArea {
  const { walk, limitSeconds } = result;
  const radiusOf = (secondsLeft: number) => Math.min(walk.radiusMeters, (secondsLeft * walk.walkMetersPerSecond) / walk.detourFactor);
  const coordinates: number[][][][] = [];
  const add = (lat: number, lon: number, meters: number) => {
    if (meters >= 1) coordinates.push([circle(lat, lon, meters)]);
  };
  add(result.origin.lat, result.origin.lon, radiusOf(limitSeconds));
  const { lat, lon } = network.stops;
  for (const s of result.stops) add(lat[s.stop], lon[s.stop], radiusOf(limitSeconds - s.travelSeconds));
  return { type: "MultiPolygon", coordinates };
}

/** A closed ring, counterclockwise as RFC 7946 asks of an exterior ring, 6 decimals (about 10 cm). */
function circle(lat: number, lon: number, meters: number): number[][] {
  const dLat = meters / METERS_PER_DEGREE_LAT;
  const dLon = meters / (METERS_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
  const ring: number[][] = [];
  for (let i = 0; i < CIRCLE_VERTICES; i++) {
    const a = (2 * Math.PI * i) / CIRCLE_VERTICES;
    ring.push([round6(lon + dLon * Math.cos(a)), round6(lat + dLat * Math.sin(a))]);
  }
  ring.push(ring[0]);
  return ring;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
