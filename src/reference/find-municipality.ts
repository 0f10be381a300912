/**
 * Point in municipality: bbox prefilter per municipality and per polygon, then the even-odd
 * rule over all rings of a polygon, so holes (Baarle-Hertog's Dutch counter-enclaves) work.
 * Rings are copied once per ReferenceData into flat Float64Arrays (cached in a WeakMap), which
 * keeps the hot loop free of array-of-array indexing.
 */
import type { ReferenceData, ReferenceMunicipality } from "./types.js";

interface PolygonIndex {
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: Float64Array;
  /** One flat [lon0, lat0, lon1, lat1, ...] array per ring. */
  rings: Float64Array[];
}

interface MunicipalityIndex {
  municipality: ReferenceMunicipality;
  polygons: PolygonIndex[];
}

const cache = new WeakMap<ReferenceData, MunicipalityIndex[]>();

/**
 * The municipality whose boundary contains (lat, lon), in file order when simplified boundaries
 * overlap; undefined outside every municipality (and for municipalities without a boundary).
 * Points exactly on an edge may fall on either side.
 */
export function findMunicipality(ref: ReferenceData, lat: number, lon: number): ReferenceMunicipality | undefined {
  let index = cache.get(ref);
  if (!index) {
    index = buildIndex(ref);
    cache.set(ref, index);
  }
  for (const m of index) {
    const b = m.municipality.bbox;
    if (lon < b[0] || lon > b[2] || lat < b[1] || lat > b[3]) continue;
    for (const p of m.polygons) {
      const pb = p.bbox;
      if (lon < pb[0] || lon > pb[2] || lat < pb[1] || lat > pb[3]) continue;
      if (insideEvenOdd(p.rings, lat, lon)) return m.municipality;
    }
  }
  return undefined;
}

function buildIndex(ref: ReferenceData): MunicipalityIndex[] {
  return ref.municipalities
    .filter((m) => m.polygons.length > 0)
    .map((municipality) => ({
      municipality,
      polygons: municipality.polygons.map((polygon) => {
        const bbox = new Float64Array([Infinity, Infinity, -Infinity, -Infinity]);
        const rings = polygon.map((ring) => {
          const flat = new Float64Array(ring.length * 2);
          ring.forEach(([lon, lat], i) => {
            flat[2 * i] = lon;
            flat[2 * i + 1] = lat;
            if (lon < bbox[0]) bbox[0] = lon;
            if (lat < bbox[1]) bbox[1] = lat;
            if (lon > bbox[2]) bbox[2] = lon;
            if (lat > bbox[3]) bbox[3] = lat;
          });
          return flat;
        });
        return { bbox, rings };
      }),
    }));
}

/** Ray casting towards +lon; a crossing of any ring toggles. */
function insideEvenOdd(rings: Float64Array[], lat: number, lon: number): boolean {
  let inside = false;
  for (const r of rings) {
    const n = r.length;
    // hot: no allocation
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const yi = r[i + 1];
      const yj = r[j + 1];
      if (yi > lat !== yj > lat) {
        const xi = r[i];
        const x = xi + ((lat - yi) * (r[j] - xi)) / (yj - yi);
        if (lon < x) inside = !inside;
      }
    }
  }
  return inside;
}
