/**
 * Reads a reference-data folder (data/reference/<region>, described in its README.md) into
 * `ReferenceData`. Every problem is reported as LW_REFERENCE_INVALID naming the file, the line
 * and the column, because these folders are written by hand for new regions.
 *
 * Required: region.json, entities.csv, transport_regions.csv, municipalities.csv.
 * Optional (absent = empty): municipalities.geojson, submunicipalities.csv, colours.csv,
 * stations.csv, leuven_stops.csv.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { REFERENCE_INVALID } from "../errors.js";
import { CsvSyntaxError, parseCsvText as parseCsv } from "../lib/csv-records.js";
import type {
  Polygon,
  ReferenceColour,
  ReferenceData,
  ReferenceEntity,
  ReferenceMunicipality,
  ReferenceRegion,
  ReferenceStation,
  ReferenceStop,
  ReferenceSubmunicipality,
  Ring,
} from "./types.js";

const ACCESSIBILITY_VALUES = new Set(["MOTORISCHE_BEPERKING", "MOTORISCH_MET_ASSIST", "VISUELE_BEPERKING"]);

export async function readReference(dir: string): Promise<ReferenceData> {
  const fail = (where: string, message: string) => REFERENCE_INVALID(dir, `${where}: ${message}`);

  const region = await readRegionJson(dir, fail);

  const entities: ReferenceEntity[] = [];
  const entityNumbers = new Set<string>();
  for (const row of await readTable(dir, "entities.csv", ["number", "code", "name"], true, fail)) {
    const number = row.text("number");
    if (entityNumbers.has(number)) throw row.fail("number", `entity ${number} is listed twice`);
    entityNumbers.add(number);
    entities.push({ number, code: row.text("code"), name: row.text("name") });
  }

  const regions: ReferenceRegion[] = [];
  const regionCodes = new Set<string>();
  for (const row of await readTable(dir, "transport_regions.csv", ["code", "number", "name"], true, fail)) {
    const code = row.text("code");
    if (regionCodes.has(code)) throw row.fail("code", `region ${code} is listed twice`);
    regionCodes.add(code);
    regions.push({ code, number: row.text("number"), name: row.text("name") });
  }

  const municipalities: ReferenceMunicipality[] = [];
  const byNis = new Map<number, ReferenceMunicipality>();
  const municipalityColumns = ["nis", "name", "region_code", "entity_number", "lat", "lon"];
  for (const row of await readTable(dir, "municipalities.csv", municipalityColumns, true, fail)) {
    const nis = row.positiveInt("nis");
    if (byNis.has(nis)) throw row.fail("nis", `municipality ${nis} is listed twice`);
    const regionCode = row.raw("region_code");
    if (regionCode !== "" && !regionCodes.has(regionCode)) {
      throw row.fail("region_code", `${regionCode} is not a region of transport_regions.csv`);
    }
    const entityNumber = row.raw("entity_number");
    if (entityNumber !== "" && !entityNumbers.has(entityNumber)) {
      throw row.fail("entity_number", `${entityNumber} is not an entity of entities.csv`);
    }
    const lat = row.latitude("lat");
    const lon = row.longitude("lon");
    const m: ReferenceMunicipality = {
      nis,
      name: row.text("name"),
      regionCode,
      entityNumber,
      lat,
      lon,
      polygons: [],
      bbox: [lon, lat, lon, lat],
    };
    byNis.set(nis, m);
    municipalities.push(m);
  }

  await readBoundaries(dir, byNis, fail);

  const submunicipalities: ReferenceSubmunicipality[] = [];
  const subColumns = ["code", "name", "municipality_nis", "lat", "lon"];
  for (const row of await readTable(dir, "submunicipalities.csv", subColumns, false, fail)) {
    const municipalityNis = row.positiveInt("municipality_nis");
    if (!byNis.has(municipalityNis)) {
      throw row.fail("municipality_nis", `${municipalityNis} is not a municipality of municipalities.csv`);
    }
    submunicipalities.push({
      code: row.text("code"),
      name: row.text("name"),
      municipalityNis,
      lat: row.latitude("lat"),
      lon: row.longitude("lon"),
    });
  }

  const colours: ReferenceColour[] = [];
  for (const row of await readTable(dir, "colours.csv", ["code", "name", "hex", "red", "green", "blue"], false, fail)) {
    const hex = row.text("hex").toUpperCase();
    if (!/^[0-9A-F]{6}$/.test(hex)) throw row.fail("hex", `${hex} is not six hex digits`);
    const r = row.byte("red");
    const g = row.byte("green");
    const b = row.byte("blue");
    if (parseInt(hex, 16) !== (r << 16) + (g << 8) + b) {
      throw row.fail("hex", `${hex} does not match red, green, blue ${r}, ${g}, ${b}`);
    }
    colours.push({ code: row.text("code"), name: row.text("name"), hex, r, g, b });
  }

  const stations: ReferenceStation[] = [];
  for (const row of await readTable(dir, "stations.csv", ["id", "name", "lat", "lon"], false, fail)) {
    stations.push({ id: row.text("id"), name: row.text("name"), lat: row.latitude("lat"), lon: row.longitude("lon") });
  }

  const stops: ReferenceStop[] = [];
  const stopColumns = ["entity", "stop_number", "name", "long_name", "municipality", "lat", "lon", "accessibility"];
  const stopKeys = new Set<string>();
  for (const row of await readTable(dir, "leuven_stops.csv", stopColumns, false, fail)) {
    const entity = row.text("entity");
    if (!entityNumbers.has(entity)) throw row.fail("entity", `${entity} is not an entity of entities.csv`);
    const stopNumber = row.text("stop_number");
    if (stopKeys.has(`${entity}_${stopNumber}`)) throw row.fail("stop_number", `stop ${stopNumber} is listed twice`);
    stopKeys.add(`${entity}_${stopNumber}`);
    const accessibilityText = row.raw("accessibility");
    const accessibility = accessibilityText === "" ? [] : accessibilityText.split(";");
    for (const a of accessibility) {
      if (!ACCESSIBILITY_VALUES.has(a)) {
        throw row.fail("accessibility", `${a} is none of ${[...ACCESSIBILITY_VALUES].join(", ")}`);
      }
    }
    stops.push({
      entity,
      stopNumber,
      name: row.text("name"),
      longName: row.text("long_name"),
      municipality: row.text("municipality"),
      lat: row.latitude("lat"),
      lon: row.longitude("lon"),
      accessibility,
    });
  }

  return {
    dir,
    timezone: region.timezone,
    entities,
    regions,
    municipalities,
    submunicipalities,
    colours,
    stations,
    stops,
  };
}

type Fail = (where: string, message: string) => Error;

async function readOptionalText(dir: string, file: string): Promise<string | undefined> {
  try {
    return await readFile(join(dir, file), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

async function readRegionJson(dir: string, fail: Fail): Promise<{ name: string; timezone: string }> {
  const text = await readOptionalText(dir, "region.json");
  if (text === undefined) {
    throw fail("region.json", 'missing; it holds the region\'s name and time zone, e.g. {"name":"Flanders","timezone":"Europe/Brussels"}');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw fail("region.json", `not JSON (${(e as Error).message})`);
  }
  const o = value as { name?: unknown; timezone?: unknown };
  if (typeof o !== "object" || o === null) throw fail("region.json", "must be an object");
  if (typeof o.name !== "string" || o.name === "") throw fail("region.json", "name must be a non-empty string");
  if (typeof o.timezone !== "string") throw fail("region.json", 'timezone must be an IANA time zone such as "Europe/Brussels"');
  try {
    new Intl.DateTimeFormat("en", { timeZone: o.timezone });
  } catch {
    throw fail("region.json", `timezone ${JSON.stringify(o.timezone)} is not an IANA time zone`);
  }
  return { name: o.name, timezone: o.timezone };
}

interface Row {
  /** The field as written (may be empty). */
  raw(column: string): string;
  /** A non-empty field. */
  text(column: string): string;
  positiveInt(column: string): number;
  byte(column: string): number;
  latitude(column: string): number;
  longitude(column: string): number;
  fail(column: string, message: string): Error;
}

async function readTable(dir: string, file: string, columns: string[], required: boolean, fail: Fail): Promise<Row[]> {
  const text = await readOptionalText(dir, file);
  if (text === undefined) {
    if (required) throw fail(file, "missing");
    return [];
  }
  let records;
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw fail(`${file} line ${e.line}`, e.message.replace(/^line \d+: /, ""));
    throw e;
  }
  if (records.length === 0) throw fail(file, "empty: expected a header row");
  const header = records[0].fields.map((h) => h.trim());
  const index = new Map<string, number>();
  for (const c of columns) {
    const at = header.indexOf(c);
    if (at < 0) throw fail(file, `missing column ${c} (header: ${header.join(",")})`);
    index.set(c, at);
  }
  return records.slice(1).map((record) => {
    if (record.fields.length !== header.length) {
      throw fail(`${file} line ${record.line}`, `${record.fields.length} fields, the header has ${header.length}`);
    }
    const failAt = (column: string, message: string) => fail(`${file} line ${record.line} column ${column}`, message);
    const raw = (column: string) => record.fields[index.get(column)!].trim();
    const number = (column: string) => {
      const t = raw(column);
      const v = Number(t);
      if (t === "" || !Number.isFinite(v)) throw failAt(column, `${JSON.stringify(t)} is not a number`);
      return v;
    };
    const row: Row = {
      raw,
      text(column) {
        const t = raw(column);
        if (t === "") throw failAt(column, "is empty");
        return t;
      },
      positiveInt(column) {
        const t = raw(column);
        if (!/^\d+$/.test(t) || Number(t) <= 0) throw failAt(column, `${JSON.stringify(t)} is not a positive integer`);
        return Number(t);
      },
      byte(column) {
        const t = raw(column);
        if (!/^\d+$/.test(t) || Number(t) > 255) throw failAt(column, `${JSON.stringify(t)} is not an integer 0..255`);
        return Number(t);
      },
      latitude(column) {
        const v = number(column);
        if (v < -90 || v > 90) throw failAt(column, `${v} is not a latitude (-90..90)`);
        return v;
      },
      longitude(column) {
        const v = number(column);
        if (v < -180 || v > 180) throw failAt(column, `${v} is not a longitude (-180..180)`);
        return v;
      },
      fail: failAt,
    };
    return row;
  });
}

/** municipalities.geojson: one Polygon or MultiPolygon feature per municipality, `properties.nis`. */
async function readBoundaries(dir: string, byNis: Map<number, ReferenceMunicipality>, fail: Fail): Promise<void> {
  const file = "municipalities.geojson";
  const text = await readOptionalText(dir, file);
  if (text === undefined) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw fail(file, `not JSON (${(e as Error).message})`);
  }
  const collection = value as { type?: unknown; features?: unknown };
  if (collection?.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
    throw fail(file, "must be a GeoJSON FeatureCollection");
  }
  const seen = new Set<number>();
  collection.features.forEach((f: unknown, i: number) => {
    const feature = f as { properties?: { nis?: unknown }; geometry?: { type?: unknown; coordinates?: unknown } };
    const where = `${file} feature ${i}`;
    const nisValue = feature?.properties?.nis;
    const nis = typeof nisValue === "number" ? nisValue : typeof nisValue === "string" ? Number(nisValue) : NaN;
    if (!Number.isInteger(nis)) throw fail(where, "properties.nis must be a municipality code");
    const m = byNis.get(nis);
    if (!m) throw fail(where, `nis ${nis} is not a municipality of municipalities.csv`);
    if (seen.has(nis)) throw fail(where, `nis ${nis} has a second feature`);
    seen.add(nis);
    const geometry = feature.geometry;
    let polygons: unknown;
    if (geometry?.type === "MultiPolygon") polygons = geometry.coordinates;
    else if (geometry?.type === "Polygon") polygons = [geometry.coordinates];
    else throw fail(where, `geometry must be a Polygon or MultiPolygon, got ${String(geometry?.type)}`);
    if (!Array.isArray(polygons) || polygons.length === 0) throw fail(where, "geometry has no polygons");
    let minLon = Infinity;
    let minLat = Infinity;
    let maxLon = -Infinity;
    let maxLat = -Infinity;
    m.polygons = polygons.map((polygon: unknown, p: number): Polygon => {
      if (!Array.isArray(polygon) || polygon.length === 0) throw fail(where, `polygon ${p} has no rings`);
      return polygon.map((ring: unknown, r: number): Ring => {
        if (!Array.isArray(ring) || ring.length < 4) {
          throw fail(where, `polygon ${p} ring ${r} needs at least 4 positions`);
        }
        return ring.map((position: unknown, k: number): [number, number] => {
          const [lon, lat] = Array.isArray(position) ? (position as unknown[]) : [];
          if (typeof lon !== "number" || typeof lat !== "number" || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
            throw fail(where, `polygon ${p} ring ${r} position ${k} is not [lon, lat]`);
          }
          if (lon < minLon) minLon = lon;
          if (lon > maxLon) maxLon = lon;
          if (lat < minLat) minLat = lat;
          if (lat > maxLat) maxLat = lat;
          return [lon, lat];
        });
      });
    });
    m.bbox = [minLon, minLat, maxLon, maxLat];
  });
}
