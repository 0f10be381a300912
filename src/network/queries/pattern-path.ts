import { MICRODEGREES } from "../compile-shapes.js";
import { NONE32 } from "../constants.js";
import type { Network, PatternIdx } from "../model.js";
import { simplifyPath } from "../simplify-path.js";

/** A path as GeoJSON positions: [longitude, latitude] in WGS84 degrees (RFC 7946 order). */
export type Position = [number, number];

export interface PatternPath {
  /** Where the points come from: the feed's shapes.txt, or the pattern's stops in order when it has no shape. */
  source: "shapes" | "haltes";
  coordinates: Position[];
}

/**
 * The path a pattern's vehicles travel: its shapes.txt shape as compiled (compile-shapes.ts, simplified at
 * geometry.shapeToleranceMeters), else the line through its stops. `toleranceMeters` above the compiled tolerance
 * simplifies further (the map's overview); `decimals` rounds the degrees (6: the stored precision).
 */
export function patternPath(net: Network, p: PatternIdx, options: { toleranceMeters?: number; decimals?: number } = {}): PatternPath {
  const { geometry, patterns, stops } = net;
  const round = rounder(options.decimals ?? 6);
  const shape = geometry.patternShape[p];
  if (shape !== NONE32) {
    const from = geometry.shapeStart[shape];
    const to = geometry.shapeStart[shape + 1];
    const kept = coarser(options.toleranceMeters, geometry.shapeToleranceMeters)
      ? simplifyPath(geometry.lat, geometry.lon, from, to, options.toleranceMeters!, MICRODEGREES)
      : range(from, to);
    return { source: "shapes", coordinates: kept.map((i) => [round(geometry.lon[i] / MICRODEGREES), round(geometry.lat[i] / MICRODEGREES)]) };
  }
  const a = patterns.stopStart[p];
  const b = patterns.stopStart[p + 1];
  const lat = Array.from(patterns.stops.subarray(a, b), (s) => stops.lat[s]);
  const lon = Array.from(patterns.stops.subarray(a, b), (s) => stops.lon[s]);
  const kept = coarser(options.toleranceMeters, 0) ? simplifyPath(lat, lon, 0, lat.length, options.toleranceMeters!) : range(0, lat.length);
  return { source: "haltes", coordinates: kept.map((i) => [round(lon[i]), round(lat[i])]) };
}

/** A function rounding degrees to `decimals` places. */
export function rounder(decimals: number): (v: number) => number {
  const k = 10 ** decimals;
  return (v) => Math.round(v * k) / k;
}

function coarser(tolerance: number | undefined, compiled: number): boolean {
  return tolerance !== undefined && tolerance > compiled;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
