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

/**
 * A row of a places file (addresses, points of interest) that was skipped, reported as the GTFS reader reports its
 * warnings: a stable code, the file, the 1-based line (header = line 1; 0 when not tied to a line) and the problem.
 */
export interface PlacesWarning {
  /** e.g. "address_bad_coordinate", "poi_no_name". */
  code: string;
  file: string;
  line: number;
  message: string;
}

/** What one places file gave: data rows read, rows kept, rows skipped. */
export interface PlacesFileSummary {
  /** The file's name, without its folder. */
  file: string;
  /** Data rows (or GeoJSON features) read. */
  rows: number;
  kept: number;
  /** Addresses left out on purpose: status other than current (proposed, retired, rejected). */
  notCurrent: number;
  /** Bad rows skipped, each counted in `warningCounts` under its code. */
  bad: number;
}

/** The warnings of the places files read together: the first examples per code, and the count of each code. */
export interface PlacesWarnings {
  /** Up to PLACES_WARNING_EXAMPLES per code, in file order. */
  warnings: PlacesWarning[];
  warningCounts: Record<string, number>;
}

/**
 * Streets and addresses of the Belgian address register's CSV export (BeST Address), read by readAddresses
 * (read-addresses.ts), as columns: Flanders has 3.5 million addresses, too many for an object each. Columns hold
 * indices into `strings`, this table's own interned strings (the compiler moves them into its string pool).
 */
export interface AddressTable extends PlacesWarnings {
  /** Interned strings: street names, house numbers, postcodes, municipality names; index 0 is "". */
  strings: readonly string[];
  /** Number of addresses. */
  count: number;
  /** AddressIdx -> latitude, longitude (WGS84 degrees: the EPSG:4326 columns) */
  lat: Float64Array;
  lon: Float64Array;
  /** AddressIdx -> StreetIdx of this table (one street per street_id) */
  street: Uint32Array;
  /** AddressIdx -> house number with its box as "12 bus 3" (index into strings) */
  houseNumber: Uint32Array;
  /** AddressIdx -> postcode (index into strings) */
  postcode: Uint32Array;
  /** AddressIdx -> municipality name as the file has it: Dutch, else French, else German (index into strings) */
  municipalityName: Uint32Array;
  /** Number of streets. */
  streetCount: number;
  /** StreetIdx -> street name: Dutch, else French, else German (index into strings) */
  streetName: Uint32Array;
  /** One summary per file read, in order. */
  files: PlacesFileSummary[];
}

/** A point of interest (herkenningspunt), read by readPois (read-pois.ts). */
export interface PoiRow {
  name: string;
  /** Its kind as the file has it ("museum", "ziekenhuis"); "" when the file gives none. */
  kind: string;
  lat: number;
  lon: number;
  /** Optional columns/properties `municipality` and `postcode`; "" when absent. */
  municipality: string;
  postcode: string;
}

export interface PoiTable extends PlacesWarnings {
  pois: PoiRow[];
  files: PlacesFileSummary[];
}
