import { MICRODEGREES } from "../compile-shapes.js";
import type { MunicipalityIdx, Network } from "../model.js";
import { simplifyPath } from "../simplify-path.js";
import { type Position, rounder } from "./pattern-path.js";

/** GeoJSON MultiPolygon coordinates: polygons of rings of positions, each polygon's exterior ring first. */
export type MultiPolygonCoordinates = Position[][][];

/**
 * A municipality's outline as compiled from the reference data (compile-shapes.ts, simplified at
 * geometry.outlineToleranceMeters); empty when the snapshot has none (no reference data, or a municipality without
 * a boundary). `toleranceMeters` above the compiled tolerance simplifies further: rings that would fall below a
 * triangle are then left out (the map's overview has no use for a 50 m enclave), and a polygon without its
 * exterior ring with them.
 */
export function municipalityOutline(
  net: Network,
  m: MunicipalityIdx,
  options: { toleranceMeters?: number; decimals?: number } = {},
): MultiPolygonCoordinates {
  const g = net.geometry;
  const round = rounder(options.decimals ?? 6);
  const tolerance = options.toleranceMeters;
  const coarser = tolerance !== undefined && tolerance > g.outlineToleranceMeters;
  const polygons: MultiPolygonCoordinates = [];
  let dropped = false;
  for (let r = g.municipalityRingStart[m]; r < g.municipalityRingStart[m + 1]; r++) {
    const shape = g.ringShape[r];
    const from = g.shapeStart[shape];
    const to = g.shapeStart[shape + 1];
    const kept = coarser ? simplifyPath(g.lat, g.lon, from, to, tolerance, MICRODEGREES) : Array.from({ length: to - from }, (_, i) => from + i);
    const hole = g.ringHole[r] === 1;
    if (!hole) dropped = false;
    if (kept.length < 4 || dropped) {
      if (!hole) dropped = true;
      continue;
    }
    const ring = kept.map((i): Position => [round(g.lon[i] / MICRODEGREES), round(g.lat[i] / MICRODEGREES)]);
    if (hole) polygons[polygons.length - 1].push(ring);
    else polygons.push([ring]);
  }
  return polygons;
}
