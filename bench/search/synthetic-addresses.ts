/**
 * Synthetic addresses for the search benchmark: a CSV in the BeST Address layout (the Belgian address register's
 * open export, read by src/reference/read-addresses.ts) with N current addresses, by default 3,500,000 — the size of
 * Flanders' register — written into the git-ignored bench/.data/search/.
 *
 *   npx tsx bench/search/synthetic-addresses.ts [--count 3500000] [--seed lijnwijzer] [--out file.csv]
 *
 * What it looks like, seeded so every run writes the same bytes:
 * - Streets are laid over Flanders' real municipalities (data/reference/flanders): a street's centre is drawn
 *   uniformly over the region's bounding box and kept when it lies in a municipality, so municipalities get streets
 *   by area. About 35 addresses a street (a long-tailed spread, 1 to 400), odd numbers on one side and even on the
 *   other of a straight street of 15 m a house; some numbers with a letter (12A) and some buildings with boxes
 *   (12 bus 1 .. 12 bus 8), as the register has flats.
 * - Street names are Flemish-looking, made of common parts (Kerkstraat, Oude Molenweg, Guido Gezellelaan, ...),
 *   so the same name occurs in many municipalities as in the real register; unique within a municipality.
 * - Postcodes are invented per municipality in the right range for its province (2xxx Antwerp, 3xxx Flemish
 *   Brabant and Limburg, 8xxx West, 9xxx East Flanders); municipality_id is the NIS code.
 * - 2 % more rows are not current (retired, proposed), which the reader skips; the Lambert 72 columns are filled
 *   with an approximate projection (lambert72 below), as the real file has them though lijnwijzer does not read them.
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createPrng, type Prng } from "../../src/demo/prng.js";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { findMunicipality } from "../../src/reference/find-municipality.js";
import { readReference } from "../../src/reference/read-reference.js";
import type { ReferenceMunicipality } from "../../src/reference/types.js";
import { benchDataDir } from "../lib/bench-paths.js";

/** Addresses in Flanders' register (2025): the benchmark's default scale. */
export const SYNTHETIC_ADDRESS_COUNT = 3_500_000;
export const SYNTHETIC_ADDRESS_SEED = "lijnwijzer";

export const BEST_HEADER = [
  "EPSG:31370_x", "EPSG:31370_y", "EPSG:4326_lat", "EPSG:4326_lon", "address_id", "box_number", "house_number",
  "municipality_id", "municipality_name_de", "municipality_name_fr", "municipality_name_nl", "postcode", "postname_fr",
  "postname_nl", "street_id", "streetname_de", "streetname_fr", "streetname_nl", "region_code", "status",
];

/** Where the CSV of `count` addresses and `seed` lives. */
export function syntheticAddressesPath(count = SYNTHETIC_ADDRESS_COUNT, seed = SYNTHETIC_ADDRESS_SEED): string {
  return join(benchDataDir, "search", `synthetic-addresses-${count}-${seed}.csv`);
}

/** The CSV's path, written first when missing (about a minute for 3.5 million on this machine). */
export async function ensureSyntheticAddresses(
  options: { count?: number; seed?: string; log?: (line: string) => void } = {},
): Promise<string> {
  const path = syntheticAddressesPath(options.count, options.seed);
  if (existsSync(path)) return path;
  const started = performance.now();
  const r = await writeSyntheticAddresses(path, options);
  options.log?.(
    `wrote ${path}: ${r.addresses.toLocaleString("en")} addresses on ${r.streets.toLocaleString("en")} streets (+${r.notCurrent.toLocaleString("en")} not current), ` +
      `${(r.bytes / 2 ** 20).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return path;
}

export interface SyntheticAddressesResult {
  addresses: number;
  streets: number;
  notCurrent: number;
  bytes: number;
}

/** Writes the CSV (to a temporary file renamed into place: an interrupted run leaves none). */
export async function writeSyntheticAddresses(
  path: string,
  options: { count?: number; seed?: string } = {},
): Promise<SyntheticAddressesResult> {
  const count = options.count ?? SYNTHETIC_ADDRESS_COUNT;
  const rng = createPrng(`synthetic-addresses:${options.seed ?? SYNTHETIC_ADDRESS_SEED}`);
  const ref = await readReference(defaultReferenceDir());
  const postcodes = inventPostcodes(ref.municipalities);
  const bbox = regionBbox(ref.municipalities);
  const namesTaken = new Map<number, Set<string>>();

  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  let buffer = BEST_HEADER.join(",") + "\n";
  let bytes = 0;
  const flush = (force: boolean) => {
    if (!force && buffer.length < 1 << 20) return;
    bytes += writeSync(fd, buffer);
    buffer = "";
  };
  let addresses = 0;
  let notCurrent = 0;
  let streets = 0;
  let addressId = 1;
  try {
    while (addresses < count) {
      const { lat, lon, m } = pointInRegion(rng, bbox, ref);
      streets++;
      const taken = namesTaken.get(m.nis) ?? namesTaken.set(m.nis, new Set()).get(m.nis)!;
      const name = streetName(rng, taken);
      const houses = Math.min(400, 1 + Math.floor(-Math.log(1 - rng.next()) * 34), count - addresses);
      const heading = rng.next() * Math.PI;
      const metersPerDegLat = 111_200;
      const metersPerDegLon = 111_200 * Math.cos((lat * Math.PI) / 180);
      const length = Math.ceil(houses / 2) * 15;
      const common = `${m.nis},,,${m.name},${postcodes.get(m.nis)},,${m.name},${streets},,,${name},BE-VLG,`;
      for (let h = 0; h < houses && addresses < count; h++) {
        // odd numbers on the left, even on the right, 15 m apart along the street
        const number = h + 1;
        const along = (Math.floor(h / 2) + 0.5) * 15 - length / 2;
        const side = number % 2 === 1 ? -8 : 8;
        const dx = along * Math.cos(heading) - side * Math.sin(heading);
        const dy = along * Math.sin(heading) + side * Math.cos(heading);
        const aLat = lat + dy / metersPerDegLat;
        const aLon = lon + dx / metersPerDegLon;
        const house = rng.chance(0.05) ? `${number}${rng.pick(["A", "B", "C"])}` : String(number);
        const boxes = rng.chance(0.08) ? rng.int(2, 8) : 0;
        for (let b = 0; b <= boxes && addresses < count; b++) {
          if (boxes > 0 && b === 0) continue; // a building with flats: only its boxes are addresses
          buffer += row(aLat, aLon, addressId++, b === 0 ? "" : String(b), house, common, "current");
          addresses++;
          if (rng.chance(0.02)) {
            buffer += row(aLat, aLon, addressId++, "", `${house}${rng.pick(["D", "E"])}`, common, rng.chance(0.7) ? "retired" : "proposed");
            notCurrent++;
          }
          flush(false);
        }
      }
    }
    flush(true);
    closeSync(fd);
    renameSync(tmp, path);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return { addresses, streets, notCurrent, bytes };
}

function row(lat: number, lon: number, id: number, box: string, house: string, common: string, status: string): string {
  const [x, y] = lambert72(lat, lon);
  return `${x.toFixed(3)},${y.toFixed(3)},${lat.toFixed(5)},${lon.toFixed(5)},${id},${box},${house},${common}${status}\n`;
}

/**
 * Belgian Lambert 72 (EPSG:31370) x, y in metres of a WGS84 point: the conformal conic projection on the
 * International 1924 ellipsoid, without the datum shift (so some 100 m off): enough for a synthetic file.
 */
export function lambert72(lat: number, lon: number): [number, number] {
  const a = 6378388;
  const f = 1 / 297;
  const e = Math.sqrt(2 * f - f * f);
  const rad = Math.PI / 180;
  const lat1 = 51.16666723333333 * rad;
  const lat2 = 49.8333339 * rad;
  const lon0 = 4.367486666666666 * rad;
  const m = (p: number) => Math.cos(p) / Math.sqrt(1 - e * e * Math.sin(p) ** 2);
  const t = (p: number) => Math.tan(Math.PI / 4 - p / 2) / ((1 - e * Math.sin(p)) / (1 + e * Math.sin(p))) ** (e / 2);
  const n = (Math.log(m(lat1)) - Math.log(m(lat2))) / (Math.log(t(lat1)) - Math.log(t(lat2)));
  const F = m(lat1) / (n * t(lat1) ** n);
  const rho = a * F * t(lat * rad) ** n;
  const theta = n * (lon * rad - lon0);
  return [150000.013 + rho * Math.sin(theta), 5400088.438 - rho * Math.cos(theta)];
}

function regionBbox(ms: readonly ReferenceMunicipality[]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const m of ms) {
    if (m.polygons.length === 0) continue;
    b[0] = Math.min(b[0], m.bbox[0]);
    b[1] = Math.min(b[1], m.bbox[1]);
    b[2] = Math.max(b[2], m.bbox[2]);
    b[3] = Math.max(b[3], m.bbox[3]);
  }
  return b;
}

function pointInRegion(rng: Prng, b: [number, number, number, number], ref: Awaited<ReturnType<typeof readReference>>) {
  for (;;) {
    const lon = b[0] + rng.next() * (b[2] - b[0]);
    const lat = b[1] + rng.next() * (b[3] - b[1]);
    const m = findMunicipality(ref, lat, lon);
    if (m) return { lat, lon, m };
  }
}

/** Invented postcodes in each province's range, by NIS code (first digit: 1 Antwerp, 2 Flemish Brabant, 3 West, 4 East Flanders, 7 Limburg). */
function inventPostcodes(ms: readonly ReferenceMunicipality[]): Map<number, string> {
  const base: Record<string, number> = { "1": 2000, "2": 3000, "3": 8000, "4": 9000, "7": 3500 };
  const next: Record<string, number> = {};
  const out = new Map<number, string>();
  for (const m of [...ms].sort((x, y) => x.nis - y.nis)) {
    const p = String(m.nis)[0];
    next[p] = (next[p] ?? base[p] ?? 1000) + 10;
    out.set(m.nis, String(Math.min(next[p], 9999)));
  }
  return out;
}

const WORDS = [
  "Kerk", "Molen", "School", "Stations", "Dorps", "Kapel", "Linde", "Beuken", "Eiken", "Berken", "Veld", "Bos", "Heide", "Zand", "Brug", "Markt", "Vijver", "Broek", "Kouter", "Hof", "Kasteel", "Abdij", "Klooster",
  "Meers", "Beek", "Water", "Akker", "Weide", "Dries", "Hoek", "Kruis", "Poort", "Wind", "Zonne", "Rozen", "Tulpen",
  "Sint-Jan", "Sint-Pieter", "Sint-Martinus", "Onze-Lieve-Vrouw", "Sint-Antonius", "Pastorie", "Gemeente", "Spoor", "Vaart",
];
const PEOPLE = [
  "Guido Gezelle", "Hendrik Conscience", "Peter Benoit", "Pieter Paul Rubens", "Koning Albert", "Koningin Astrid",
  "Jan Van Eyck", "Pastoor Cools", "Burgemeester Van Hove", "Dokter Persoons", "Edward Poppe", "Felix Timmermans",
  "Emiel Vliebergh", "Jozef Lieten", "Stijn Streuvels", "Pater Damiaan", "Kardinaal Mercier", "Lodewijk De Raet",
];
const ADJECTIVES = ["", "", "", "", "Oude ", "Nieuwe ", "Kleine ", "Grote ", "Hoge ", "Lange ", "Korte "];
const KINDS = ["straat", "straat", "straat", "laan", "weg", "plein", "dreef", "steenweg", "pad", "baan", "lei", "veld", "hof"];

function streetName(rng: Prng, taken: Set<string>): string {
  for (let tries = 0; ; tries++) {
    const kind = rng.pick(KINDS);
    const name = rng.chance(0.2) ? `${rng.pick(PEOPLE)}${kind}` : `${rng.pick(ADJECTIVES)}${rng.pick(WORDS)}${kind}`;
    const unique = tries < 20 ? name : `${name} ${tries}`;
    if (!taken.has(unique)) {
      taken.add(unique);
      return unique;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { count: { type: "string" }, seed: { type: "string" }, out: { type: "string" } } });
  const count = values.count === undefined ? SYNTHETIC_ADDRESS_COUNT : Number(values.count);
  if (!Number.isInteger(count) || count <= 0) throw new Error(`--count must be a positive integer, not ${values.count}`);
  const seed = values.seed ?? SYNTHETIC_ADDRESS_SEED;
  const out = values.out ?? syntheticAddressesPath(count, seed);
  const started = performance.now();
  const r = await writeSyntheticAddresses(out, { count, seed });
  console.log(
    `wrote ${out}: ${r.addresses.toLocaleString("en")} addresses on ${r.streets.toLocaleString("en")} streets (+${r.notCurrent.toLocaleString("en")} not current rows), ` +
      `${(statSync(out).size / 2 ** 20).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
