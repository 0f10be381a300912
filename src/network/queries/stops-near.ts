import KDBush from "kdbush";
import { derivedIndex } from "../derived-index.js";
import type { Network, ServiceDate, StopIdx } from "../model.js";
import { stopsValidOn } from "./valid-on.js";

export interface NearStop {
  stop: StopIdx;
  /** Great-circle distance, metres. */
  meters: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const METERS_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_METERS) / 180;

/** kdbush over (lon, lat) degrees, built on first use per network (about 10 ms per 100,000 stops). */
const stopIndex = derivedIndex("stops near a point (kdbush over stop positions)", (net: Network): KDBush => {
  const idx = new KDBush(net.stops.count);
  for (let s = 0; s < net.stops.count; s++) idx.add(net.stops.lon[s], net.stops.lat[s]);
  idx.finish();
  return idx;
});

export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The stops within `radiusMeters` of a point, nearest first (ties by key), at most `max`; with `date`, only
 * stops valid that day. A bounding box in degrees preselects candidates; the exact distance decides.
 */
export function stopsNear(
  net: Network,
  lat: number,
  lon: number,
  radiusMeters: number,
  max: number,
  date?: ServiceDate,
): NearStop[] {
  if (net.stops.count === 0 || max <= 0) return [];
  const dLat = radiusMeters / METERS_PER_DEGREE_LAT;
  const cos = Math.cos((Math.min(89.9, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLon = Math.min(180, dLat / cos);
  const mask = date === undefined ? undefined : stopsValidOn(net, date);
  const out: NearStop[] = [];
  for (const s of stopIndex(net).range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
    if (mask && mask[s] !== 1) continue;
    const meters = haversineMeters(lat, lon, net.stops.lat[s], net.stops.lon[s]);
    if (meters <= radiusMeters) out.push({ stop: s, meters });
  }
  out.sort((a, b) => a.meters - b.meters || a.stop - b.stop);
  return out.length > max ? out.slice(0, max) : out;
}
