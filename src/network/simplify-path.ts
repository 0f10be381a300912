/**
 * Douglas-Peucker simplification of a path of WGS84 points, in metres: a point is kept when leaving it out would
 * move the path by more than the tolerance. Distances are measured in a local equirectangular projection around
 * the path's first point (at a city's or a region's scale the error is far below a metre), to the segment between
 * the two points kept (clamped to its ends, so a path that turns back on itself keeps its turning point). Iterative,
 * so that a path of 100,000 points needs no deep recursion.
 *
 * Used by the compiler (shapes.txt at 5 m, municipality outlines at 20 m: compile-shapes.ts) and by the map answer
 * (coarser tolerances, src/api/core/kaart/geometrie.ts).
 */

/** Metres per degree of latitude (mean Earth radius 6,371,008.8 m). */
const METERS_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/**
 * The indices of the points kept, first and last always included, in order. `lat`/`lon` are in degrees times
 * `scale` (1 for degrees, 1e6 for the snapshot's microdegrees); the path is points from..to-1.
 */
export function simplifyPath(
  lat: ArrayLike<number>,
  lon: ArrayLike<number>,
  from: number,
  to: number,
  toleranceMeters: number,
  scale = 1,
): number[] {
  const n = to - from;
  if (n <= 2) return Array.from({ length: Math.max(n, 0) }, (_, i) => from + i);
  const ky = METERS_PER_DEGREE / scale;
  const kx = ky * Math.cos(((lat[from] / scale) * Math.PI) / 180);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = lon[from + i] * kx;
    y[i] = lat[from + i] * ky;
  }
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const tolerance2 = toleranceMeters * toleranceMeters;
  const stack = [0, n - 1];
  while (stack.length > 0) {
    const b = stack.pop()!;
    const a = stack.pop()!;
    let worst = -1;
    let worstD2 = tolerance2;
    const dx = x[b] - x[a];
    const dy = y[b] - y[a];
    const len2 = dx * dx + dy * dy;
    for (let i = a + 1; i < b; i++) {
      let px = x[i] - x[a];
      let py = y[i] - y[a];
      if (len2 > 0) {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        px -= t * dx;
        py -= t * dy;
      }
      const d2 = px * px + py * py;
      if (d2 > worstD2) {
        worstD2 = d2;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push(a, worst, worst, b);
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i] === 1) out.push(from + i);
  return out;
}
