/**
 * Key -> index lookups over a Network: the API's keys (entity number, line number, stop number,
 * NIS code, region code, colour code) to the compiled indices.
 *
 * The maps are built lazily, once per Network object, and cached in a WeakMap so that a swapped-out
 * network takes its indexes with it. Building them for a country-sized network costs tens of
 * milliseconds; after that a lookup is one Map.get.
 */
import {
  COLOUR_NOT_FOUND,
  ENTITY_NOT_FOUND,
  LINE_DIRECTION_NOT_FOUND,
  LINE_NOT_FOUND,
  MUNICIPALITY_NOT_FOUND,
  REGION_NOT_FOUND,
  STOP_NOT_FOUND,
} from "../errors.js";
import type {
  ColourIdx,
  EntityIdx,
  LineDirIdx,
  LineIdx,
  MunicipalityIdx,
  Network,
  RegionIdx,
  StopIdx,
} from "./model.js";

export interface NetworkLookup {
  /** "<entity number>_<stop number>" -> StopIdx */
  readonly stopByKey: ReadonlyMap<string, StopIdx>;
  /** "<entity number>_<line number>" -> LineIdx */
  readonly lineByKey: ReadonlyMap<string, LineIdx>;
  /** entity number -> EntityIdx */
  readonly entityByNumber: ReadonlyMap<string, EntityIdx>;
  /** NIS code -> MunicipalityIdx */
  readonly municipalityByNis: ReadonlyMap<number, MunicipalityIdx>;
  /** upper-case region code -> RegionIdx */
  readonly regionByCode: ReadonlyMap<string, RegionIdx>;
  /** upper-case colour code -> ColourIdx */
  readonly colourByCode: ReadonlyMap<string, ColourIdx>;
}

const cache = new WeakMap<Network, NetworkLookup>();

/** The lookup maps of a network, built on first use. */
export function networkLookup(net: Network): NetworkLookup {
  let l = cache.get(net);
  if (!l) {
    l = buildLookup(net);
    cache.set(net, l);
  }
  return l;
}

/**
 * Key numbers compare by value, as the operator's int32 path parameters do: "0302" is line 302.
 * Anything that is not a plain number is kept as it is.
 */
export function normaliseKeyNumber(text: string): string {
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, "") : text;
}

function buildLookup(net: Network): NetworkLookup {
  const { stops, lines, meta, strings } = net;
  const entityNumbers = meta.entities.map((e) => normaliseKeyNumber(e.number));

  const stopByKey = new Map<string, StopIdx>();
  for (let s = 0; s < stops.count; s++) {
    stopByKey.set(`${entityNumbers[stops.entity[s]]}_${normaliseKeyNumber(strings.get(stops.number[s]))}`, s);
  }
  const lineByKey = new Map<string, LineIdx>();
  for (let l = 0; l < lines.count; l++) {
    lineByKey.set(`${entityNumbers[lines.entity[l]]}_${normaliseKeyNumber(strings.get(lines.number[l]))}`, l);
  }
  const entityByNumber = new Map<string, EntityIdx>(entityNumbers.map((n, i) => [n, i]));
  const municipalityByNis = new Map<number, MunicipalityIdx>(meta.municipalities.map((m, i) => [m.nis, i]));
  const regionByCode = new Map<string, RegionIdx>(meta.regions.map((r, i) => [r.code.toUpperCase(), i]));
  const colourByCode = new Map<string, ColourIdx>(meta.colours.map((c, i) => [c.code.toUpperCase(), i]));
  return { stopByKey, lineByKey, entityByNumber, municipalityByNis, regionByCode, colourByCode };
}

export function findStop(net: Network, entity: string, stop: string): StopIdx | undefined {
  return networkLookup(net).stopByKey.get(`${normaliseKeyNumber(entity)}_${normaliseKeyNumber(stop)}`);
}

export function findLine(net: Network, entity: string, line: string): LineIdx | undefined {
  return networkLookup(net).lineByKey.get(`${normaliseKeyNumber(entity)}_${normaliseKeyNumber(line)}`);
}

export function findEntity(net: Network, entity: string): EntityIdx | undefined {
  return networkLookup(net).entityByNumber.get(normaliseKeyNumber(entity));
}

export function findMunicipality(net: Network, nis: number): MunicipalityIdx | undefined {
  return networkLookup(net).municipalityByNis.get(nis);
}

export function findRegion(net: Network, code: string): RegionIdx | undefined {
  return networkLookup(net).regionByCode.get(code.toUpperCase());
}

export function findColour(net: Network, code: string): ColourIdx | undefined {
  return networkLookup(net).colourByCode.get(code.toUpperCase());
}

// --- the same, throwing the catalogue's 404 errors ------------------------------------------------------

export function requireStop(net: Network, entity: string, stop: string): StopIdx {
  const s = findStop(net, entity, stop);
  if (s === undefined) throw STOP_NOT_FOUND(stop, entity);
  return s;
}

export function requireLine(net: Network, entity: string, line: string): LineIdx {
  const l = findLine(net, entity, line);
  if (l === undefined) throw LINE_NOT_FOUND(line, entity);
  return l;
}

/** A line direction that has trips; `direction` 0 = HEEN, 1 = TERUG. */
export function requireLineDirection(net: Network, entity: string, line: string, direction: 0 | 1): LineDirIdx {
  const ld = requireLine(net, entity, line) * 2 + direction;
  if (net.lineDirections.exists[ld] !== 1) throw LINE_DIRECTION_NOT_FOUND(line, entity, direction === 0 ? "HEEN" : "TERUG");
  return ld;
}

export function requireEntity(net: Network, entity: string): EntityIdx {
  const e = findEntity(net, entity);
  if (e === undefined) throw ENTITY_NOT_FOUND(entity);
  return e;
}

export function requireMunicipality(net: Network, nis: number): MunicipalityIdx {
  const m = findMunicipality(net, nis);
  if (m === undefined) throw MUNICIPALITY_NOT_FOUND(nis);
  return m;
}

export function requireRegion(net: Network, code: string): RegionIdx {
  const r = findRegion(net, code);
  if (r === undefined) throw REGION_NOT_FOUND(code);
  return r;
}

export function requireColour(net: Network, code: string): ColourIdx {
  const c = findColour(net, code);
  if (c === undefined) throw COLOUR_NOT_FOUND(code);
  return c;
}
