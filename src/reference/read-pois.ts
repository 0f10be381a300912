/**
 * Reads points of interest (herkenningspunten: museums, hospitals, town halls, ...) for `lijnwijzer import --pois`,
 * from either of two layouts, told apart by the content (a GeoJSON file starts with `{`):
 * - CSV with a header: `name`, `kind` (or `category`), `lat`, `lon`, optionally `municipality` and `postcode`;
 *   columns in any order and any case, through the GTFS reader's CSV tokenizer.
 * - GeoJSON: a FeatureCollection (or one Feature) of Point features with `properties.name` and
 *   `properties.kind` (or `category`), optionally `municipality` and `postcode`; coordinates [lon, lat] (RFC 7946).
 *
 * A bad row or feature (no name, a bad coordinate, a geometry other than a Point) is skipped, counted and its
 * first examples kept; a file that is neither layout is refused naming what is missing. Points of interest are few
 * (thousands, not millions), so they are read whole and kept as objects.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { CsvSyntaxError, parseCsvText } from "../lib/csv-records.js";
import { PlacesFileError, PlacesWarningLog } from "./read-addresses.js";
import type { PlacesFileSummary, PoiRow, PoiTable } from "./types.js";

/** The points of interest of one or more files, in file order. */
export function readPois(paths: readonly string[]): PoiTable {
  const log = new PlacesWarningLog();
  const pois: PoiRow[] = [];
  const files: PlacesFileSummary[] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      throw new PlacesFileError(path, 0, "no such file: give a CSV (name,kind,lat,lon) or GeoJSON file of points of interest");
    }
    const file = basename(path);
    const summary: PlacesFileSummary = { file, rows: 0, kept: 0, notCurrent: 0, bad: 0 };
    const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
    const candidates = text.trimStart().startsWith("{") ? geojsonPois(file, text) : csvPois(file, bytes);
    for (const c of candidates) {
      summary.rows++;
      const problem = checkPoi(c);
      if (problem) {
        summary.bad++;
        log.add(problem.code, file, c.line, c.feature === undefined ? problem.message : `feature ${c.feature}: ${problem.message}`);
        continue;
      }
      pois.push(c.poi);
      summary.kept++;
    }
    files.push(summary);
  }
  return { pois, files, warnings: log.warnings, warningCounts: log.warningCounts };
}

/** A row or feature before it is checked. */
interface Candidate {
  /** The CSV line; 0 for a GeoJSON feature. */
  line: number;
  /** A GeoJSON feature's position in the file, 1-based. */
  feature?: number;
  poi: PoiRow;
  /** Set by the GeoJSON reader for a feature that is no Point. */
  notPoint?: string;
  latText: string;
  lonText: string;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function checkPoi(c: Candidate): { code: string; message: string } | undefined {
  if (c.notPoint !== undefined) return { code: "poi_not_a_point", message: `geometry ${c.notPoint} is not a Point` };
  if (c.poi.name === "") return { code: "poi_no_name", message: "no name" };
  const { lat, lon } = c.poi;
  if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180) || (lat === 0 && lon === 0)) {
    return { code: "poi_bad_coordinate", message: `bad coordinate ${c.latText}, ${c.lonText} of ${JSON.stringify(c.poi.name)}` };
  }
  return undefined;
}

function csvPois(file: string, bytes: Buffer): Candidate[] {
  let records;
  try {
    records = parseCsvText(bytes);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new PlacesFileError(file, e.line, e.problem);
    throw e;
  }
  if (records.length === 0) throw new PlacesFileError(file, 0, "empty: expected a header name,kind,lat,lon (CSV) or a GeoJSON FeatureCollection");
  const header = records[0].fields.map((h) => h.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  const col = { name: at("name"), kind: at("kind") >= 0 ? at("kind") : at("category"), lat: at("lat"), lon: at("lon") };
  const missing = Object.entries(col)
    .filter(([, i]) => i < 0)
    .map(([k]) => (k === "kind" ? "kind (or category)" : k));
  if (missing.length > 0) {
    throw new PlacesFileError(
      file,
      1,
      `not a points-of-interest CSV: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (header: ${records[0].fields.join(",")}); or give a GeoJSON FeatureCollection`,
    );
  }
  const municipality = at("municipality");
  const postcode = at("postcode");
  return records.slice(1).map(({ line, fields }) => {
    const f = (i: number) => (i >= 0 && i < fields.length ? fields[i] : "");
    const latText = f(col.lat);
    const lonText = f(col.lon);
    return {
      line,
      latText: JSON.stringify(latText),
      lonText: JSON.stringify(lonText),
      poi: {
        name: f(col.name),
        kind: f(col.kind),
        lat: DECIMAL.test(latText) ? Number(latText) : NaN,
        lon: DECIMAL.test(lonText) ? Number(lonText) : NaN,
        municipality: f(municipality),
        postcode: f(postcode),
      },
    };
  });
}

function geojsonPois(file: string, text: string): Candidate[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new PlacesFileError(file, 0, `not JSON (${(e as Error).message})`);
  }
  const root = value as { type?: unknown; features?: unknown };
  let features: unknown[];
  if (root.type === "FeatureCollection" && Array.isArray(root.features)) features = root.features;
  else if (root.type === "Feature") features = [root];
  else throw new PlacesFileError(file, 0, 'not a GeoJSON FeatureCollection of points of interest (expected "type": "FeatureCollection" and "features")');
  return features.map((raw, i) => {
    const feature = (raw ?? {}) as { geometry?: { type?: unknown; coordinates?: unknown } | null; properties?: Record<string, unknown> | null };
    const p = feature.properties ?? {};
    const text = (k: string) => (typeof p[k] === "string" || typeof p[k] === "number" ? String(p[k]).trim() : "");
    const g = feature.geometry;
    const coords = Array.isArray(g?.coordinates) ? (g.coordinates as unknown[]) : [];
    const num = (v: unknown) => (typeof v === "number" ? v : NaN);
    return {
      line: 0,
      feature: i + 1,
      notPoint: g?.type === "Point" ? undefined : JSON.stringify(g?.type ?? null),
      latText: JSON.stringify(coords[1] ?? null),
      lonText: JSON.stringify(coords[0] ?? null),
      poi: {
        name: text("name"),
        kind: text("kind") || text("category"),
        lat: num(coords[1]),
        lon: num(coords[0]),
        municipality: text("municipality"),
        postcode: text("postcode"),
      },
    };
  });
}
