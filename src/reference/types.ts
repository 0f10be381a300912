/**
 * Reference data of a region (data/reference/<region>): what GTFS does not carry but the API serves.
 * Read by `readReference(dir)` (read-reference.ts).
 */

/** [lon, lat] pairs of one ring, RFC 7946 order; the first ring of a polygon is its exterior. */
export type Ring = Array<[number, number]>;
export type Polygon = Ring[];

export interface ReferenceEntity {
  /** "1".."5" */
  number: string;
  /** "A", "O", "B", "L", "W" */
  code: string;
  name: string;
}

export interface ReferenceRegion {
  /** "LV" */
  code: string;
  /** "07" */
  number: string;
  name: string;
}

export interface ReferenceMunicipality {
  /** NIS code, e.g. 24062 */
  nis: number;
  name: string;
  /** Transport region code, e.g. "LV". */
  regionCode: string;
  /** Entity number, e.g. "3". */
  entityNumber: string;
  /** Centre (address-weighted), WGS84. */
  lat: number;
  lon: number;
  /** MultiPolygon: polygons of rings; empty when the boundary file lacks it. */
  polygons: Polygon[];
  /** [minLon, minLat, maxLon, maxLat] of the polygons. */
  bbox: [number, number, number, number];
}

export interface ReferenceSubmunicipality {
  code: string;
  name: string;
  municipalityNis: number;
  lat: number;
  lon: number;
}

export interface ReferenceColour {
  code: string;
  name: string;
  /** Six upper-case hex digits, no '#'. */
  hex: string;
  r: number;
  g: number;
  b: number;
}

export interface ReferenceStation {
  /** NMBS id, 9 digits with leading zeros. */
  id: string;
  name: string;
  lat: number;
  lon: number;
}

export interface ReferenceStop {
  entity: string;
  stopNumber: string;
  name: string;
  longName: string;
  municipality: string;
  lat: number;
  lon: number;
  /** halteToegankelijkheden values. */
  accessibility: string[];
}

export interface ReferenceData {
  /** Folder it was read from. */
  dir: string;
  /** IANA time zone of the region, e.g. "Europe/Brussels". */
  timezone: string;
  entities: ReferenceEntity[];
  regions: ReferenceRegion[];
  municipalities: ReferenceMunicipality[];
  submunicipalities: ReferenceSubmunicipality[];
  colours: ReferenceColour[];
  stations: ReferenceStation[];
  /** Real stops of the region that the demo generator reuses (Leuven). */
  stops: ReferenceStop[];
}
