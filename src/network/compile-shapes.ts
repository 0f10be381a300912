/**
 * Geometry for the map (docs/COMPATIBILITY.md W5-W9): each pattern's shapes.txt path and the municipality outlines, simplified and
 * stored as microdegrees (GeometryColumns).
 *
 * A pattern takes the shape most of its trips name (ties: the shape met first); patterns sharing a shape share its
 * points. Paths are simplified at SHAPE_TOLERANCE_METERS: a map at street level cannot show 5 m, and of the MTA's
 * 814,900 points of the shapes its patterns use 105,908 stay (13 %: 0.87 MB, 0.9 % of its snapshot). A pattern
 * without a shape stores nothing: it is drawn along its stops. Outlines come from the reference data when it covers the network (the municipalities
 * served), at OUTLINE_TOLERANCE_METERS (Flanders: 68,891 points -> 47,086, 0.39 MB, 8 % of the demo's snapshot);
 * a ring that simplification would reduce below a triangle keeps its points.
 */
import type { ReferenceMunicipality } from "../reference/types.js";
import type { CompileContext } from "./compile-context.js";
import type { TripTable } from "./compile-trips.js";
import { NONE32 } from "./constants.js";
import type { GeometryColumns, MunicipalityInfo } from "./model.js";
import { simplifyPath } from "./simplify-path.js";

/** Tolerance of the patterns' paths (metres): below what a street map shows. */
export const SHAPE_TOLERANCE_METERS = 5;
/** Tolerance of the municipality outlines (metres): the reference boundaries are already simplified. */
export const OUTLINE_TOLERANCE_METERS = 20;

/** Microdegrees per degree: the unit of GeometryColumns.lat/lon. */
export const MICRODEGREES = 1e6;

export function compileShapes(ctx: CompileContext, tripTable: TripTable, municipalities: readonly MunicipalityInfo[]): GeometryColumns {
  const { inputs } = ctx;
  const { patterns, trips, tripCopies } = tripTable;
  const lat: number[] = [];
  const lon: number[] = [];
  const shapeStart: number[] = [0];
  const addShape = (fromLat: ArrayLike<number>, fromLon: ArrayLike<number>, kept: readonly number[]) => {
    for (const i of kept) {
      lat.push(Math.round(fromLat[i] * MICRODEGREES));
      lon.push(Math.round(fromLon[i] * MICRODEGREES));
    }
    shapeStart.push(lat.length);
    return shapeStart.length - 2;
  };

  // Votes per pattern for a shape, numbered across the feeds: global number -> [feed, the feed's shape index].
  const shapeRefs: Array<readonly [number, number]> = [];
  const votes = new Map<number, Map<number, number>>();
  inputs.forEach(({ feed }, f) => {
    const shapes = feed.shapes;
    if (!shapes || shapes.ids.length === 0) return;
    const offset = shapeRefs.length;
    shapes.ids.forEach((_, s) => shapeRefs.push([f, s]));
    const shapeOf = new Map(shapes.ids.map((id, s) => [id, s]));
    for (const [feedTrip, copies] of tripCopies[f]) {
      const s = shapeOf.get(feed.trips[feedTrip].shapeId);
      if (s === undefined || shapes.start[s + 1] - shapes.start[s] < 2) continue;
      for (const t of copies) {
        const p = trips.pattern[t];
        let perShape = votes.get(p);
        if (!perShape) votes.set(p, (perShape = new Map()));
        perShape.set(offset + s, (perShape.get(offset + s) ?? 0) + 1);
      }
    }
  });

  const patternShape = new Uint32Array(patterns.count).fill(NONE32);
  const shapeIdxOf = new Map<number, number>();
  let shapePointsRead = 0;
  for (let p = 0; p < patterns.count; p++) {
    const perShape = votes.get(p);
    if (!perShape) continue;
    let best = -1;
    let bestVotes = 0;
    for (const [g, n] of perShape) if (n > bestVotes) [best, bestVotes] = [g, n];
    let idx = shapeIdxOf.get(best);
    if (idx === undefined) {
      const [f, s] = shapeRefs[best];
      const shapes = inputs[f].feed.shapes!;
      const from = shapes.start[s];
      const to = shapes.start[s + 1];
      shapePointsRead += to - from;
      idx = addShape(shapes.lat, shapes.lon, simplifyPath(shapes.lat, shapes.lon, from, to, SHAPE_TOLERANCE_METERS));
      shapeIdxOf.set(best, idx);
    }
    patternShape[p] = idx;
  }

  // Outlines of the municipalities served, by NIS code from the reference data.
  const refByNis = new Map<number, ReferenceMunicipality>((ctx.ref?.municipalities ?? []).map((m) => [m.nis, m]));
  const municipalityRingStart = new Uint32Array(municipalities.length + 1);
  const ringShape: number[] = [];
  const ringHole: number[] = [];
  municipalities.forEach((m, i) => {
    municipalityRingStart[i] = ringShape.length;
    for (const polygon of refByNis.get(m.nis)?.polygons ?? []) {
      polygon.forEach((ring, r) => {
        const ringLat = ring.map((c) => c[1]);
        const ringLon = ring.map((c) => c[0]);
        let kept = simplifyPath(ringLat, ringLon, 0, ring.length, OUTLINE_TOLERANCE_METERS);
        if (kept.length < 4) kept = ring.map((_, k) => k);
        ringShape.push(addShape(ringLat, ringLon, kept));
        ringHole.push(r === 0 ? 0 : 1);
      });
    }
  });
  municipalityRingStart[municipalities.length] = ringShape.length;

  return {
    count: shapeStart.length - 1,
    shapeToleranceMeters: SHAPE_TOLERANCE_METERS,
    outlineToleranceMeters: OUTLINE_TOLERANCE_METERS,
    shapePointsRead,
    shapeStart: Uint32Array.from(shapeStart),
    lat: Int32Array.from(lat),
    lon: Int32Array.from(lon),
    patternShape,
    municipalityRingStart,
    ringShape: Uint32Array.from(ringShape),
    ringHole: Uint8Array.from(ringHole),
  };
}
