/**
 * Key -> index lookups over a Network: the API's keys (entity number, line number, stop number,
 * NIS code, region code, colour code) to the compiled indices.
 *
 * The maps are built lazily, once per Network object, and cached per network (derived-index.ts) so that a
 * swapped-out network takes its indexes with it. Building them for a country-sized network costs tens of
 * milliseconds; after that a lookup is one Map.get.
 */
import {
  COLOUR_NOT_FOUND,
  ENTITY_NOT_FOUND,
  ENTITY_REMOVED,
  LINE_DIRECTION_NOT_FOUND,
  LINE_DIRECTION_REMOVED,
  LINE_NOT_FOUND,
  LINE_REMOVED,
  MUNICIPALITY_NOT_FOUND,
  REGION_NOT_FOUND,
  STOP_NOT_FOUND,
  STOP_REMOVED,
} from "../errors.js";
import { NONE16 } from "./constants.js";
import { derivedIndex } from "./derived-index.js";
import { recordKey } from "./key-history.js";
import { KEY_KINDS, type KeyKind } from "./model.js";
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

/** The lookup maps of a network, built on first use. */
export const networkLookup = derivedIndex("API keys and reference codes -> stops, lines, line directions, entities, municipalities, regions, colours", buildLookup);

/**
 * "<kind>:<key>" of a removed key of the key history ("stop:1_49", "lineDirection:1_5_TERUG", numbers normalised) ->
 * the index in meta.imports of the import that removed it (the latest, when a key went more than once). Built on
 * the first 404 that asks, not with the lookup: most networks never need it. A key given again is found by the
 * lookup before this is asked.
 */
const removedKeys = derivedIndex("removed keys of the key history -> the import that removed them", (net: Network) => {
  const { keyHistory: h, strings } = net;
  const out = new Map<string, number>();
  for (let i = 0; i < h.count; i++) {
    if (h.removed[i] === NONE16) continue;
    const kind = KEY_KINDS[h.kind[i]];
    const key = recordKey({
      kind,
      entity: normaliseKeyNumber(strings.get(h.entity[i])),
      number: normaliseKeyNumber(strings.get(h.number[i])),
      direction: h.direction[i],
    });
    const k = `${kind}:${key}`;
    if ((out.get(k) ?? -1) < h.removed[i]) out.set(k, h.removed[i]);
  }
  return out;
});

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

/** When a removed key (as recordKey writes it) went: "on 2026-11-26 (feed version 20261120)", from meta.imports. */
export function removalText(net: Network, kind: KeyKind, key: string): string | undefined {
  const at = removedKeys(net).get(`${kind}:${key}`);
  if (at === undefined) return undefined;
  const imp = net.meta.imports[at];
  if (!imp) return "by an earlier import";
  const versions = imp.feeds.filter((f) => f.version).map((f) => (imp.feeds.length > 1 ? `${f.source} ${f.version}` : f.version));
  const version = versions.length ? ` (feed version${versions.length > 1 ? "s" : ""} ${versions.join(", ")})` : "";
  return `on ${imp.createdAt.slice(0, 10)}${version}`;
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

// A key the key history removed answers that it was removed and when (LW_*_REMOVED), never "does not exist".

export function requireStop(net: Network, entity: string, stop: string): StopIdx {
  const s = findStop(net, entity, stop);
  if (s !== undefined) return s;
  const removed = removalText(net, "stop", `${normaliseKeyNumber(entity)}_${normaliseKeyNumber(stop)}`);
  throw removed ? STOP_REMOVED(stop, entity, removed) : STOP_NOT_FOUND(stop, entity);
}

export function requireLine(net: Network, entity: string, line: string): LineIdx {
  const l = findLine(net, entity, line);
  if (l !== undefined) return l;
  const removed = removalText(net, "line", `${normaliseKeyNumber(entity)}_${normaliseKeyNumber(line)}`);
  throw removed ? LINE_REMOVED(line, entity, removed) : LINE_NOT_FOUND(line, entity);
}

/** A line direction that has trips; `direction` 0 = HEEN, 1 = TERUG. */
export function requireLineDirection(net: Network, entity: string, line: string, direction: 0 | 1): LineDirIdx {
  const ld = requireLine(net, entity, line) * 2 + direction;
  if (net.lineDirections.exists[ld] === 1) return ld;
  const name = direction === 0 ? "HEEN" : "TERUG";
  const removed = removalText(net, "lineDirection", `${normaliseKeyNumber(entity)}_${normaliseKeyNumber(line)}_${name}`);
  throw removed ? LINE_DIRECTION_REMOVED(line, entity, name, removed.replace(/^on /, "")) : LINE_DIRECTION_NOT_FOUND(line, entity, name);
}

export function requireEntity(net: Network, entity: string): EntityIdx {
  const e = findEntity(net, entity);
  if (e !== undefined) return e;
  const removed = removalText(net, "entity", normaliseKeyNumber(entity));
  throw removed ? ENTITY_REMOVED(entity, removed) : ENTITY_NOT_FOUND(entity);
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
