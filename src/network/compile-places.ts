/**
 * The places of the location search (E8; PlaceColumns in model.ts), in the order of PLACE_KINDS:
 * - hoofdgemeente, deelgemeente: the reference data's municipalities (at their centres) and sub-municipalities,
 *   when the reference data covers the network's stops; in the reference's order.
 * - station: the reference's railway stations (same condition), then the feeds' parent stations (GTFS
 *   location_type 1), which is how a generic network such as New York's gets its stations. A feed station within
 *   DUPLICATE_STATION_METERS of a reference station is that station (a railway feed over Flanders), and one with the
 *   name of a feed station already taken within that distance is the same place (the MTA lists Times Sq-42 St once
 *   per subway line): both are left out.
 * - herkenningspunt: points of interest (`import --pois`), in file order, their kind in `category`.
 * - straat: one per street of the address register (`import --addresses`), placed at its middle address — the one
 *   nearest the mean of its addresses, which lies on the street even where the street bends — with that address's
 *   postcode and municipality.
 * - adres: the addresses, grouped by street in the streets' order and in house-number order within a street
 *   ("2" < "10" < "10A" < "10 bus 2"), so a street's addresses are one run of PlaceIdx.
 * The municipality of a station, point of interest or address is the reference municipality whose boundary holds
 * it, when the reference covers the network; otherwise (or outside every boundary) none, with the name the file
 * gives.
 *
 * Memory: Flanders' register has 3.5 million addresses; they go from the reader's columns (AddressTable) straight
 * into PlaceColumns, with a few typed arrays of scratch (street middles, the sort order), never an object each.
 */
import { findMunicipality } from "../reference/find-municipality.js";
import type { AddressTable, PlacesWarnings, PoiTable } from "../reference/types.js";
import type { CompileContext } from "./compile-context.js";
import { NONE16, NONE32 } from "./constants.js";
import { type MunicipalityInfo, PLACE_KINDS, type PlaceColumns, type PlaceKind } from "./model.js";
import type { StringPool } from "../lib/string-pool.js";
import { haversineMeters } from "./queries/stops-near.js";

/** One place before it is packed into columns. */
export interface PlaceDraft {
  kind: PlaceKind;
  name: string;
  houseNumber?: string;
  postcode?: string;
  municipalityName?: string;
  /** MunicipalityIdx of meta.municipalities. */
  municipality?: number;
  category?: string;
  lat: number;
  lon: number;
  /** An address's street: the index of a straat draft in the same list. */
  street?: number;
}

/** What `import` adds to the reference data's places. */
export interface PlaceInputs {
  /** Streets and addresses (readAddresses). */
  addresses?: AddressTable;
  /** Points of interest (readPois). */
  pois?: PoiTable;
}

/**
 * Two stations closer than this are one: a feed's parent station and the reference's railway station it stands for
 * lie some tens of metres apart, and no two railway stations lie within 300 m (Brussels-Central and -Congress: 600 m).
 */
export const DUPLICATE_STATION_METERS = 300;

const STRAAT = PLACE_KINDS.indexOf("straat");
const ADRES = PLACE_KINDS.indexOf("adres");

/** Every place of the network: the reference's, the feeds' stations, points of interest, streets and addresses. */
export function compilePlaces(ctx: CompileContext, municipalities: readonly MunicipalityInfo[], inputs: PlaceInputs = {}): PlaceColumns {
  addReaderWarnings(ctx, inputs.pois);
  addReaderWarnings(ctx, inputs.addresses);
  const locate = municipalityLocator(ctx, municipalities);
  const reference = referencePlaces(ctx, municipalities);
  const drafts = [
    ...reference,
    ...feedStations(ctx, municipalities, reference.filter((d) => d.kind === "station"), locate),
    ...poiPlaces(inputs.pois, municipalities, locate),
  ];
  const addresses = inputs.addresses;
  const cols = emptyPlaceColumns(drafts.length + (addresses ? addresses.streetCount + addresses.count : 0));
  fillDrafts(ctx.pool, cols, 0, drafts);
  if (addresses) fillStreetsAndAddresses(ctx.pool, cols, drafts.length, addresses, municipalities, locate);
  return cols;
}

/** The reference data's places; none when the reference does not cover the network (`municipalities` empty). */
export function referencePlaces(ctx: CompileContext, municipalities: readonly MunicipalityInfo[]): PlaceDraft[] {
  const { ref } = ctx;
  if (!ref || municipalities.length === 0) return [];
  const byNis = new Map(municipalities.map((m, i) => [m.nis, i]));
  const out: PlaceDraft[] = [];
  for (const [i, m] of municipalities.entries()) {
    out.push({ kind: "hoofdgemeente", name: m.name, municipalityName: m.name, municipality: i, lat: m.lat, lon: m.lon });
  }
  for (const s of ref.submunicipalities) {
    const i = byNis.get(s.municipalityNis);
    if (i === undefined) continue;
    out.push({ kind: "deelgemeente", name: s.name, municipalityName: municipalities[i].name, municipality: i, lat: s.lat, lon: s.lon });
  }
  for (const s of ref.stations) {
    const m = findMunicipality(ref, s.lat, s.lon);
    const i = m ? byNis.get(m.nis) : undefined;
    out.push({ kind: "station", name: s.name, municipalityName: i === undefined ? "" : municipalities[i].name, municipality: i, lat: s.lat, lon: s.lon });
  }
  return out;
}

/** Packs drafts into columns, strings into the compiler's pool. */
export function placeColumns(ctx: CompileContext, drafts: readonly PlaceDraft[]): PlaceColumns {
  const cols = emptyPlaceColumns(drafts.length);
  fillDrafts(ctx.pool, cols, 0, drafts);
  return cols;
}

/** MunicipalityIdx of the boundary holding a point, NONE16 for none (or when the reference does not cover the network). */
type Locate = (lat: number, lon: number) => number;

/**
 * findMunicipality for millions of points. A grid of cells of GRID_DEGREES over the boundaries: a cell that no
 * boundary edge's bounding box touches lies wholly inside the same municipalities (even-odd parity cannot change
 * without crossing an edge), so its centre's answer, found once, is every point's; only points in cells near an edge
 * ask findMunicipality. The same answers (up to points exactly on an edge, which findMunicipality places on either
 * side). 3.5 million synthetic Flemish addresses: the places stage took 3.8 s of CPU without the grid, 1.1 s with it.
 */
function municipalityLocator(ctx: CompileContext, municipalities: readonly MunicipalityInfo[]): Locate {
  const ref = ctx.ref;
  if (!ref || municipalities.length === 0) return () => NONE16;
  const byNis = new Map(municipalities.map((m, i) => [m.nis, i]));
  const exact: Locate = (lat, lon) => {
    const m = findMunicipality(ref, lat, lon);
    return m ? (byNis.get(m.nis) ?? NONE16) : NONE16;
  };
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const m of ref.municipalities) {
    if (m.polygons.length === 0) continue;
    minLon = Math.min(minLon, m.bbox[0]);
    minLat = Math.min(minLat, m.bbox[1]);
    maxLon = Math.max(maxLon, m.bbox[2]);
    maxLat = Math.max(maxLat, m.bbox[3]);
  }
  if (minLon === Infinity) return exact;
  const columns = Math.floor((maxLon - minLon) / GRID_DEGREES) + 1;
  const rows = Math.floor((maxLat - minLat) / GRID_DEGREES) + 1;
  if (columns * rows > GRID_MAX_CELLS) return exact;
  /** Cell -> MunicipalityIdx or NONE16 once known, CELL_UNKNOWN before, CELL_EDGE near an edge. */
  const cells = new Int32Array(columns * rows).fill(CELL_UNKNOWN);
  const col = (lon: number) => Math.floor((lon - minLon) / GRID_DEGREES);
  const row = (lat: number) => Math.floor((lat - minLat) / GRID_DEGREES);
  for (const m of ref.municipalities) {
    for (const polygon of m.polygons) {
      for (const ring of polygon) {
        for (let k = 0; k < ring.length; k++) {
          const [lon1, lat1] = ring[k];
          const [lon2, lat2] = ring[(k + 1) % ring.length];
          for (let y = row(Math.min(lat1, lat2)); y <= row(Math.max(lat1, lat2)); y++) {
            for (let x = col(Math.min(lon1, lon2)); x <= col(Math.max(lon1, lon2)); x++) cells[y * columns + x] = CELL_EDGE;
          }
        }
      }
    }
  }
  return (lat, lon) => {
    const x = col(lon);
    const y = row(lat);
    if (!(x >= 0 && x < columns && y >= 0 && y < rows)) return NONE16; // outside every boundary's box
    const c = y * columns + x;
    const known = cells[c];
    if (known >= 0) return known;
    if (known === CELL_EDGE) return exact(lat, lon);
    return (cells[c] = exact(minLat + (y + 0.5) * GRID_DEGREES, minLon + (x + 0.5) * GRID_DEGREES));
  };
}

/** Grid cells of 0.002° (220 m north-south, 140 m east-west in Flanders): 12 % of the synthetic addresses fall near an edge. */
const GRID_DEGREES = 0.002;
/** A region larger than this many cells (Flanders: 690,000, 2.8 MB) is searched without the grid. */
const GRID_MAX_CELLS = 4_000_000;
const CELL_UNKNOWN = -1;
const CELL_EDGE = -2;

/** The feeds' parent stations that are no reference station and no station already taken. */
function feedStations(ctx: CompileContext, municipalities: readonly MunicipalityInfo[], reference: readonly PlaceDraft[], locate: Locate): PlaceDraft[] {
  const out: PlaceDraft[] = [];
  const near = (a: { lat: number; lon: number }, lat: number, lon: number) => haversineMeters(a.lat, a.lon, lat, lon) <= DUPLICATE_STATION_METERS;
  /** Lower-cased name -> the stations taken with it (a country's feed has tens of thousands of stations). */
  const taken = new Map<string, PlaceDraft[]>();
  for (const { feed } of ctx.inputs) {
    for (const s of feed.stops) {
      if (s.locationType !== 1 || s.name === "") continue;
      if (reference.some((r) => near(r, s.lat, s.lon))) continue;
      const name = s.name.toLowerCase();
      const same = taken.get(name) ?? [];
      if (same.some((d) => near(d, s.lat, s.lon))) continue;
      const m = locate(s.lat, s.lon);
      const d: PlaceDraft = { kind: "station", name: s.name, municipalityName: m === NONE16 ? "" : municipalities[m].name, municipality: m === NONE16 ? undefined : m, lat: s.lat, lon: s.lon };
      out.push(d);
      taken.set(name, [...same, d]);
    }
  }
  return out;
}

function poiPlaces(pois: PoiTable | undefined, municipalities: readonly MunicipalityInfo[], locate: Locate): PlaceDraft[] {
  return (pois?.pois ?? []).map((p) => {
    const m = locate(p.lat, p.lon);
    return {
      kind: "herkenningspunt",
      name: p.name,
      category: p.kind,
      postcode: p.postcode,
      municipalityName: m === NONE16 ? p.municipality : municipalities[m].name,
      municipality: m === NONE16 ? undefined : m,
      lat: p.lat,
      lon: p.lon,
    };
  });
}

/** Streets at [base, base + streetCount), then addresses: straight from the reader's columns, no object per address. */
function fillStreetsAndAddresses(
  pool: StringPool,
  cols: PlaceColumns,
  base: number,
  t: AddressTable,
  municipalities: readonly MunicipalityInfo[],
  locate: Locate,
): void {
  const n = t.count;
  const streets = t.streetCount;
  // The table's own string indices -> the pool's, interned on first use.
  const remap = new Int32Array(t.strings.length).fill(-1);
  const str = (i: number) => (remap[i] >= 0 ? remap[i] : (remap[i] = pool.intern(t.strings[i])));
  const municipalityNames = municipalities.map((m) => pool.intern(m.name));
  const municipality = new Uint16Array(n);
  for (let a = 0; a < n; a++) municipality[a] = locate(t.lat[a], t.lon[a]);
  const municipalityName = (a: number) => (municipality[a] === NONE16 ? str(t.municipalityName[a]) : municipalityNames[municipality[a]]);

  const middle = streetMiddles(t);
  for (let s = 0; s < streets; s++) {
    const i = base + s;
    const a = middle[s];
    cols.kind[i] = STRAAT;
    cols.name[i] = str(t.streetName[s]);
    cols.postcode[i] = str(t.postcode[a]);
    cols.municipality[i] = municipality[a];
    cols.municipalityName[i] = municipalityName(a);
    cols.lat[i] = t.lat[a];
    cols.lon[i] = t.lon[a];
    cols.street[i] = NONE32;
  }
  const order = addressOrder(t);
  const first = base + streets;
  // hot: 3.5 million rows for Flanders
  for (let k = 0; k < n; k++) {
    const a = order[k];
    const i = first + k;
    const street = base + t.street[a];
    cols.kind[i] = ADRES;
    cols.name[i] = cols.name[street];
    cols.houseNumber[i] = str(t.houseNumber[a]);
    cols.postcode[i] = str(t.postcode[a]);
    cols.municipality[i] = municipality[a];
    cols.municipalityName[i] = municipalityName(a);
    cols.lat[i] = t.lat[a];
    cols.lon[i] = t.lon[a];
    cols.street[i] = street;
  }
}

/** StreetIdx -> the address nearest the mean position of the street's addresses (the first of equals). */
function streetMiddles(t: AddressTable): Uint32Array {
  const S = t.streetCount;
  const sumLat = new Float64Array(S);
  const sumLon = new Float64Array(S);
  const count = new Uint32Array(S);
  for (let a = 0; a < t.count; a++) {
    const s = t.street[a];
    sumLat[s] += t.lat[a];
    sumLon[s] += t.lon[a];
    count[s]++;
  }
  const cosLat = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    sumLat[s] /= count[s];
    sumLon[s] /= count[s];
    cosLat[s] = Math.cos((sumLat[s] * Math.PI) / 180);
  }
  const best = new Uint32Array(S);
  const bestD = new Float64Array(S).fill(Infinity);
  for (let a = 0; a < t.count; a++) {
    const s = t.street[a];
    const dLat = t.lat[a] - sumLat[s];
    const dLon = (t.lon[a] - sumLon[s]) * cosLat[s];
    const d = dLat * dLat + dLon * dLon;
    if (d < bestD[s]) {
      bestD[s] = d;
      best[s] = a;
    }
  }
  return best;
}

/** Addresses by street (the streets' order), then house number in natural order, then file order: two counting sorts. */
function addressOrder(t: AddressTable): Uint32Array {
  const n = t.count;
  const used = new Uint8Array(t.strings.length);
  for (let a = 0; a < n; a++) used[t.houseNumber[a]] = 1;
  const numbers: number[] = [];
  for (let i = 0; i < used.length; i++) if (used[i]) numbers.push(i);
  const collator = new Intl.Collator("nl", { numeric: true });
  const text = t.strings;
  numbers.sort((x, y) => collator.compare(text[x], text[y]) || (text[x] < text[y] ? -1 : text[x] > text[y] ? 1 : 0));
  const rank = new Uint32Array(text.length);
  numbers.forEach((s, r) => (rank[s] = r));
  const byNumber = countingSort(n, undefined, (a) => rank[t.houseNumber[a]], numbers.length);
  return countingSort(n, byNumber, (a) => t.street[a], t.streetCount);
}

/** The items of `order` (default 0..n-1) stably sorted by key (0..buckets-1). */
function countingSort(n: number, order: Uint32Array | undefined, key: (item: number) => number, buckets: number): Uint32Array {
  const start = new Uint32Array(buckets + 1);
  for (let a = 0; a < n; a++) start[key(a) + 1]++;
  for (let b = 0; b < buckets; b++) start[b + 1] += start[b];
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const a = order ? order[k] : k;
    out[start[key(a)]++] = a;
  }
  return out;
}

function emptyPlaceColumns(n: number): PlaceColumns {
  return {
    count: n,
    kind: new Uint8Array(n),
    name: new Uint32Array(n),
    houseNumber: new Uint32Array(n),
    postcode: new Uint32Array(n),
    municipalityName: new Uint32Array(n),
    municipality: new Uint16Array(n),
    category: new Uint32Array(n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    street: new Uint32Array(n),
  };
}

function fillDrafts(pool: StringPool, cols: PlaceColumns, base: number, drafts: readonly PlaceDraft[]): void {
  for (const [k, d] of drafts.entries()) {
    const i = base + k;
    cols.kind[i] = PLACE_KINDS.indexOf(d.kind);
    cols.name[i] = pool.intern(d.name);
    cols.houseNumber[i] = pool.intern(d.houseNumber ?? "");
    cols.postcode[i] = pool.intern(d.postcode ?? "");
    cols.municipalityName[i] = pool.intern(d.municipalityName ?? "");
    cols.municipality[i] = d.municipality ?? NONE16;
    cols.category[i] = pool.intern(d.category ?? "");
    cols.lat[i] = d.lat;
    cols.lon[i] = d.lon;
    cols.street[i] = d.street === undefined ? NONE32 : base + d.street;
  }
}

/** The readers' skipped rows into meta.warnings: each code's count, with its first examples. */
function addReaderWarnings(ctx: CompileContext, read: PlacesWarnings | undefined): void {
  if (!read) return;
  for (const [code, count] of Object.entries(read.warningCounts)) {
    const examples = read.warnings.filter((w) => w.code === code);
    examples.forEach((w, k) => {
      const text = w.line > 0 ? `${w.file} line ${w.line}: ${w.message}` : `${w.file}: ${w.message}`;
      ctx.warnings.add(code, text, k === 0 ? count - (examples.length - 1) : 1);
    });
  }
}
