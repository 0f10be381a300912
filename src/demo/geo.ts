/**
 * Small-distance geometry for the generator. Flanders spans 200 km, so an equirectangular
 * projection around the points involved is accurate to well under 1 % and needs no trigonometry
 * beyond one cosine.
 */
const METERS_PER_DEGREE = 111_195;

export interface LatLon {
  lat: number;
  lon: number;
}

export function distanceMeters(a: LatLon, b: LatLon): number {
  const k = Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  const dx = (b.lon - a.lon) * k;
  const dy = b.lat - a.lat;
  return Math.sqrt(dx * dx + dy * dy) * METERS_PER_DEGREE;
}

/** Vector from a to b in meters (x east, y north). */
export function offsetMeters(a: LatLon, b: LatLon): { x: number; y: number } {
  const k = Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  return { x: (b.lon - a.lon) * k * METERS_PER_DEGREE, y: (b.lat - a.lat) * METERS_PER_DEGREE };
}

/** The point `east` and `north` meters away from p. */
export function moveMeters(p: LatLon, east: number, north: number): LatLon {
  const k = Math.cos(p.lat * (Math.PI / 180));
  return { lat: p.lat + north / METERS_PER_DEGREE, lon: p.lon + east / (METERS_PER_DEGREE * k) };
}

export function interpolate(a: LatLon, b: LatLon, t: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t };
}

/** Distance from p to segment ab and the position t (0..1) of the nearest point on it. */
export function distanceToSegment(p: LatLon, a: LatLon, b: LatLon): { meters: number; t: number } {
  const ab = offsetMeters(a, b);
  const ap = offsetMeters(a, p);
  const len2 = ab.x * ab.x + ab.y * ab.y;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (ap.x * ab.x + ap.y * ab.y) / len2));
  const dx = ap.x - ab.x * t;
  const dy = ap.y - ab.y * t;
  return { meters: Math.sqrt(dx * dx + dy * dy), t };
}

/** Rounds a coordinate to 6 decimals (about 0.1 m), as the operator publishes them. */
export function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
