/**
 * The places of the location search (E8; PlaceColumns in model.ts): the reference data's municipalities (at their
 * centres), sub-municipalities and railway stations, when the reference data covers the network's stops. Kept in
 * the order of PLACE_KINDS, each kind in the reference's order.
 */
import { findMunicipality } from "../reference/find-municipality.js";
import type { CompileContext } from "./compile-context.js";
import { NONE16, NONE32 } from "./constants.js";
import { type MunicipalityInfo, PLACE_KINDS, type PlaceColumns, type PlaceKind } from "./model.js";

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
  const n = drafts.length;
  const cols = {
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
  const { pool } = ctx;
  for (const [i, d] of drafts.entries()) {
    cols.kind[i] = PLACE_KINDS.indexOf(d.kind);
    cols.name[i] = pool.intern(d.name);
    cols.houseNumber[i] = pool.intern(d.houseNumber ?? "");
    cols.postcode[i] = pool.intern(d.postcode ?? "");
    cols.municipalityName[i] = pool.intern(d.municipalityName ?? "");
    cols.municipality[i] = d.municipality ?? NONE16;
    cols.category[i] = pool.intern(d.category ?? "");
    cols.lat[i] = d.lat;
    cols.lon[i] = d.lon;
    cols.street[i] = d.street ?? NONE32;
  }
  return cols;
}
