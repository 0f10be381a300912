/**
 * Reads the Belgian address register's open CSV export (BeST Address: openaddress-bevlg.csv for Flanders,
 * -bebru and -bewal for Brussels and Wallonia) into an AddressTable of columns, for `lijnwijzer import --addresses`.
 *
 * The published layout, one address a row:
 *   EPSG:31370_x, EPSG:31370_y, EPSG:4326_lat, EPSG:4326_lon, address_id, box_number, house_number,
 *   municipality_id, municipality_name_de, municipality_name_fr, municipality_name_nl, postcode, postname_fr,
 *   postname_nl, street_id, streetname_de, streetname_fr, streetname_nl, region_code, status
 * Columns are found by header name, in any order and any case (the export has changed the case of the EPSG
 * columns before). Required: EPSG:4326_lat, EPSG:4326_lon, house_number, street_id, streetname_nl,
 * municipality_name_nl, postcode, status; a file without them is refused naming the missing ones.
 *
 * Choices:
 * - Names are Dutch, else French, else German (a Brussels or Walloon row has an empty Dutch name).
 * - Only current addresses are kept (status "current", any case; the Flemish register's own "in gebruik" too);
 *   proposed, retired and rejected ones are counted as not current.
 * - A bad row is skipped, counted and its first examples kept, as the GTFS reader's warnings are: a coordinate
 *   that is no number, out of range or 0,0 (the export writes 0 for an address without a position), no house
 *   number, no street name.
 * - One street per region_code + street_id (ids are the region's own), named by its first row.
 * - Streaming, with the GTFS reader's CSV tokenizer (src/lib/csv-records.ts): no row is kept as an object.
 *   Strings are interned (3.5 million Flemish addresses share some 100,000 street names and house numbers), the
 *   rest are typed arrays grown by doubling: some 32 bytes an address.
 */
import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { plainDecimal } from "../lib/csv-fields.js";
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from "../lib/csv-records.js";
import { StringPool } from "../lib/string-pool.js";
import type { AddressTable, PlacesFileSummary, PlacesWarning, PlacesWarnings } from "./types.js";

/** Examples kept per warning code: the compiler keeps as many in meta.warnings (WARNING_EXAMPLES). */
export const PLACES_WARNING_EXAMPLES = 5;

/** Bytes read at a time: a big register is ~500 MB, and every chunk costs a stream round trip. */
const CHUNK_BYTES = 256 * 1024;

/**
 * A places file that cannot be read at all (not the layout, not CSV or GeoJSON, missing): names the file, the line
 * (0 when not tied to one) and the problem, like GtfsError.
 */
export class PlacesFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(line > 0 ? `${file} line ${line}: ${problem}` : `${file}: ${problem}`);
    this.name = "PlacesFileError";
  }
}

/** Collects skipped rows: every one counted, the first PLACES_WARNING_EXAMPLES of a code kept. */
export class PlacesWarningLog implements PlacesWarnings {
  readonly warnings: PlacesWarning[] = [];
  readonly warningCounts: Record<string, number> = {};

  add(code: string, file: string, line: number, message: string): void {
    const n = (this.warningCounts[code] ?? 0) + 1;
    this.warningCounts[code] = n;
    if (n <= PLACES_WARNING_EXAMPLES) this.warnings.push({ code, file, line, message });
  }
}

/** Progress of one file: bytes read of its size. */
export type PlacesProgress = (file: string, bytesDone: number, bytesTotal: number) => void;

/** The columns read, by their published names (matched in any case). */
const COLUMNS = {
  lat: "EPSG:4326_lat",
  lon: "EPSG:4326_lon",
  box: "box_number",
  house: "house_number",
  municipalityNl: "municipality_name_nl",
  municipalityFr: "municipality_name_fr",
  municipalityDe: "municipality_name_de",
  postcode: "postcode",
  streetId: "street_id",
  streetNl: "streetname_nl",
  streetFr: "streetname_fr",
  streetDe: "streetname_de",
  region: "region_code",
  status: "status",
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: readonly Column[] = ["lat", "lon", "house", "streetId", "streetNl", "municipalityNl", "postcode", "status"];

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Streets and addresses of one or more BeST Address CSV files, as one table (streets of all files together). */
export async function readAddresses(paths: readonly string[], onProgress?: PlacesProgress): Promise<AddressTable> {
  const builder = new AddressTableBuilder();
  for (const path of paths) {
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      throw new PlacesFileError(path, 0, "no such file: give the BeST Address CSV export (e.g. openaddress-bevlg.csv)");
    }
    const file = basename(path);
    let done = 0;
    await builder.readCsv(file, createReadStream(path, { highWaterMark: CHUNK_BYTES }), (bytes) => {
      done += bytes;
      onProgress?.(file, done, size);
    });
  }
  return builder.table();
}

/** Fills the columns file after file; `table()` hands them over. */
export class AddressTableBuilder {
  private readonly strings = new StringPool();
  private readonly log = new PlacesWarningLog();
  private readonly files: PlacesFileSummary[] = [];
  private readonly streetByKey = new Map<string, number>();
  private count = 0;
  private lat = new Float64Array(1 << 12);
  private lon = new Float64Array(1 << 12);
  private street = new Uint32Array(1 << 12);
  private houseNumber = new Uint32Array(1 << 12);
  private postcode = new Uint32Array(1 << 12);
  private municipalityName = new Uint32Array(1 << 12);
  private streetCount = 0;
  private streetName = new Uint32Array(1 << 10);

  /** Reads one CSV file of the BeST layout from its byte chunks; `file` names it in messages. */
  async readCsv(file: string, chunks: AsyncIterable<Buffer>, onChunk?: (bytes: number) => void): Promise<void> {
    const summary: PlacesFileSummary = { file, rows: 0, kept: 0, notCurrent: 0, bad: 0 };
    let col: Record<Column, number> | undefined;
    // The export lists a street's addresses together: most rows repeat the previous row's street, postcode and
    // municipality, which then cost a comparison of bytes instead of a string and a lookup.
    const lastStreetId = new RepeatedField();
    const lastRegion = new RepeatedField();
    const lastPostcode = new RepeatedField();
    const lastMunicipality = new RepeatedField();
    let street = 0;
    let postcode = 0;
    let municipality = 0;
    const bad = (r: CsvRecord, code: string, message: string) => {
      summary.bad++;
      this.log.add(code, file, r.line, message);
    };
    // hot: every row of a 3.5-million-row file
    const onRecord = (r: CsvRecord) => {
      if (!col) {
        col = headerColumns(file, r.fields());
        return;
      }
      summary.rows++;
      if (!isCurrent(r, col.status)) {
        summary.notCurrent++;
        return;
      }
      const lat = decimalField(r, col.lat);
      const lon = decimalField(r, col.lon);
      if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180) || (lat === 0 && lon === 0)) {
        const latText = JSON.stringify(r.field(col.lat));
        const lonText = JSON.stringify(r.field(col.lon));
        bad(r, "address_bad_coordinate", `bad coordinate ${latText}, ${lonText} in ${COLUMNS.lat}, ${COLUMNS.lon}`);
        return;
      }
      if (r.isEmpty(col.house)) {
        bad(r, "address_no_house_number", "no house_number");
        return;
      }
      const hasId = !r.isEmpty(col.streetId);
      if (!(hasId && lastStreetId.same(r, col.streetId) && lastRegion.same(r, col.region))) {
        const key = hasId ? `${r.field(col.region)}\u0000${r.field(col.streetId)}` : "";
        let found = hasId ? this.streetByKey.get(key) : undefined;
        if (found === undefined) {
          const name = firstNonEmpty(r, col.streetNl, col.streetFr, col.streetDe);
          if (name === "") {
            bad(r, "address_no_street", "no street name in streetname_nl, streetname_fr or streetname_de");
            return;
          }
          // Without a street_id, a street is its name within its postcode.
          const byName = hasId ? key : `\u0001${name}\u0000${r.field(col.postcode)}`;
          found = this.streetByKey.get(byName) ?? this.addStreet(byName, this.strings.intern(name));
        }
        street = found;
        // only a row with a street_id stands for its street's next rows
        if (hasId) lastStreetId.remember(r, col.streetId);
        else lastStreetId.forget();
        lastRegion.remember(r, col.region);
      }
      if (!lastPostcode.same(r, col.postcode)) {
        lastPostcode.remember(r, col.postcode);
        postcode = this.strings.intern(r.field(col.postcode));
      }
      // a row without a Dutch name takes the French or German one, which the Dutch column does not tell apart
      if (r.isEmpty(col.municipalityNl) || !lastMunicipality.same(r, col.municipalityNl)) {
        lastMunicipality.remember(r, col.municipalityNl);
        municipality = this.strings.intern(firstNonEmpty(r, col.municipalityNl, col.municipalityFr, col.municipalityDe));
      }
      const house = r.field(col.house);
      const box = r.field(col.box);
      this.push(lat, lon, street, this.strings.intern(box === "" ? house : `${house} bus ${box}`), postcode, municipality);
      summary.kept++;
    };
    try {
      await readCsvRecords(chunks, onRecord, onChunk);
    } catch (e) {
      if (e instanceof CsvSyntaxError) throw new PlacesFileError(file, e.line, e.problem);
      throw e;
    }
    if (!col) throw new PlacesFileError(file, 0, `empty: expected the BeST Address header (${Object.values(COLUMNS).join(", ")})`);
    this.files.push(summary);
  }

  table(): AddressTable {
    const n = this.count;
    return {
      strings: this.strings.list,
      count: n,
      lat: this.lat.subarray(0, n),
      lon: this.lon.subarray(0, n),
      street: this.street.subarray(0, n),
      houseNumber: this.houseNumber.subarray(0, n),
      postcode: this.postcode.subarray(0, n),
      municipalityName: this.municipalityName.subarray(0, n),
      streetCount: this.streetCount,
      streetName: this.streetName.subarray(0, this.streetCount),
      files: this.files,
      warnings: this.log.warnings,
      warningCounts: this.log.warningCounts,
    };
  }

  private addStreet(key: string, name: number): number {
    const s = this.streetCount++;
    if (s === this.streetName.length) this.streetName = grown(this.streetName);
    this.streetName[s] = name;
    this.streetByKey.set(key, s);
    return s;
  }

  private push(lat: number, lon: number, street: number, houseNumber: number, postcode: number, municipalityName: number): void {
    const i = this.count++;
    if (i === this.lat.length) {
      this.lat = grown(this.lat);
      this.lon = grown(this.lon);
      this.street = grown(this.street);
      this.houseNumber = grown(this.houseNumber);
      this.postcode = grown(this.postcode);
      this.municipalityName = grown(this.municipalityName);
    }
    this.lat[i] = lat;
    this.lon[i] = lon;
    this.street[i] = street;
    this.houseNumber[i] = houseNumber;
    this.postcode[i] = postcode;
    this.municipalityName[i] = municipalityName;
  }
}

/** Field index of every column (-1 when absent); refuses a header without the required ones. */
function headerColumns(file: string, header: string[]): Record<Column, number> {
  const lower = header.map((h) => h.trim().toLowerCase());
  const col = {} as Record<Column, number>;
  for (const [k, name] of Object.entries(COLUMNS) as Array<[Column, string]>) col[k] = lower.indexOf(name.toLowerCase());
  const missing = REQUIRED.filter((k) => col[k] < 0).map((k) => COLUMNS[k]);
  if (missing.length > 0) {
    throw new PlacesFileError(file, 1, `not the BeST Address CSV layout: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (header: ${header.join(",")})`);
  }
  return col;
}

/** "current" in any case, or the Flemish register's "in gebruik"; compared by bytes for the usual "current". */
function isCurrent(r: CsvRecord, i: number): boolean {
  if (i >= 0 && i < r.count && r.complex[i] === 0 && r.ends[i] - r.starts[i] === 7) {
    const b = r.bytes;
    const s = r.starts[i];
    let k = 0;
    // 0x20 lowers an ASCII letter
    while (k < 7 && (b[s + k] | 0x20) === CURRENT[k]) k++;
    if (k === 7) return true;
  }
  const text = r.field(i).toLowerCase();
  return text === "current" || text === "in gebruik";
}
const CURRENT = Buffer.from("current", "latin1");

/**
 * A decimal field ("50.87890", "-4.1"): plain ones from the bytes (plainDecimal, the same double as Number());
 * anything else (exponents, more digits, quotes) through Number() when DECIMAL allows it; NaN when it is no number.
 */
function decimalField(r: CsvRecord, i: number): number {
  if (i < 0 || i >= r.count) return NaN;
  if (r.complex[i] === 0) {
    const v = plainDecimal(r.bytes, r.starts[i], r.ends[i]);
    if (v === v) return v; // not NaN
  }
  const text = r.field(i);
  return DECIMAL.test(text) ? Number(text) : NaN;
}

/** One column's value in the previous row, kept as bytes: `same` costs a comparison, no string. */
class RepeatedField {
  private bytes = Buffer.alloc(64);
  /** -1: nothing remembered (or a quoted field with escapes, never compared). */
  private length = -1;

  same(r: CsvRecord, i: number): boolean {
    if (this.length < 0) return false;
    if (i < 0 || i >= r.count) return this.length === 0;
    if (r.complex[i] === 1) return false;
    const s = r.starts[i];
    const n = r.ends[i] - s;
    if (n !== this.length) return false;
    const b = r.bytes;
    const mine = this.bytes;
    for (let k = 0; k < n; k++) if (b[s + k] !== mine[k]) return false;
    return true;
  }

  remember(r: CsvRecord, i: number): void {
    if (i < 0 || i >= r.count) {
      this.length = 0;
      return;
    }
    if (r.complex[i] === 1) {
      this.length = -1;
      return;
    }
    const s = r.starts[i];
    const n = r.ends[i] - s;
    if (n > this.bytes.length) this.bytes = Buffer.alloc(n * 2);
    r.bytes.copy(this.bytes, 0, s, s + n);
    this.length = n;
  }

  forget(): void {
    this.length = -1;
  }
}

function firstNonEmpty(r: CsvRecord, a: number, b: number, c: number): string {
  if (!r.isEmpty(a)) return r.field(a);
  if (!r.isEmpty(b)) return r.field(b);
  return r.field(c);
}

function grown<T extends Float64Array | Uint32Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}
