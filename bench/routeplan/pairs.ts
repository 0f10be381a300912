/**
 * The seeded questions of bench:routeplan (run.ts), of its answer dump (answers.ts) and of the route-planning probes:
 * the same pairs in all, so that a run's figures and a dump's answers are about the same queries.
 */
import type { Network, StopIdx } from "../../src/network/model.js";

/** How far from a served stop a random coordinate may lie. */
const COORDINATE_SPREAD_METERS = 500;

/** mulberry32: a small seeded generator, so that every run asks the same pairs. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stops that some pattern serves (the only ones a stop-to-stop query can start or end at). */
export function servedStops(network: Network): StopIdx[] {
  const out: StopIdx[] = [];
  for (let s = 0; s < network.stops.count; s++) if (network.stops.patternStart[s + 1] > network.stops.patternStart[s]) out.push(s);
  return out;
}

/**
 * A served stop's position moved by up to COORDINATE_SPREAD_METERS in a random direction: uniform points in the
 * bounding box would mostly fall in the Atlantic or in the Catskills, far from any stop, and answer empty at once.
 */
export function coordinateNear(network: Network, s: StopIdx, random: () => number): LatLon {
  const d = COORDINATE_SPREAD_METERS * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  const lat = network.stops.lat[s] + (d * Math.cos(angle)) / 111_320;
  const lon = network.stops.lon[s] + (d * Math.sin(angle)) / (111_320 * Math.cos((network.stops.lat[s] * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)) };
}

/**
 * E1's pairs of places: `count` times a coordinate near a served stop to one near another (coordinateNear), drawn from
 * `random` in the one order every benchmark draws them (from's stop, from, to's stop, to), so that a seed asks the
 * same pages everywhere.
 */
export function placePairs(network: Network, random: () => number, count: number): Array<{ from: LatLon; to: LatLon }> {
  const served = servedStops(network);
  const place = () => coordinateNear(network, served[Math.floor(random() * served.length)], random);
  return Array.from({ length: count }, () => {
    const from = place();
    return { from, to: place() };
  });
}

type LatLon = { lat: number; lon: number };

/** The stop-to-stop benchmark's pairs of distinct served stops (seed + 2000). */
export function stopPairs(network: Network, seed: number, count: number): Array<[StopIdx, StopIdx]> {
  const random = seeded(seed + 2000);
  const served = servedStops(network);
  const pairs: Array<[StopIdx, StopIdx]> = [];
  while (pairs.length < count) {
    const a = served[Math.floor(random() * served.length)];
    const b = served[Math.floor(random() * served.length)];
    if (a !== b) pairs.push([a, b]);
  }
  return pairs;
}
