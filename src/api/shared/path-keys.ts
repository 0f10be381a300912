/**
 * List keys in paths: parts joined with "_" (DESIGN.md, Keys). Stops `1_201302_5_502454`, lines `1_500_1_550`,
 * line directions `1_500_HEEN_1_550_TERUG`, municipalities `24062_23088`.
 * The route schemas check the form (see params.schemas.ts); these parsers split it and enforce the count.
 */
import { BAD_PARAMETER } from "../../errors.js";
import { shownValue } from "../http/shown-value.js";

/** The most keys one list may hold. */
export const MAX_LIST_KEYS = 100;

export interface StopKey {
  entity: string;
  stop: string;
}
export interface LineKey {
  entity: string;
  line: string;
}
export interface LineDirectionKey {
  entity: string;
  line: string;
  direction: "HEEN" | "TERUG";
}

/** Regular expressions of the list forms, also used as schema patterns (OpenAPI shows them). */
export const STOP_KEYS_PATTERN = "^\\d{1,9}_\\d{1,9}(_\\d{1,9}_\\d{1,9})*$";
export const LINE_KEYS_PATTERN = STOP_KEYS_PATTERN;
export const LINE_DIRECTION_KEYS_PATTERN = "^\\d{1,9}_\\d{1,9}_(HEEN|TERUG)(_\\d{1,9}_\\d{1,9}_(HEEN|TERUG))*$";
export const MUNICIPALITY_NUMBERS_PATTERN = "^\\d{1,9}(_\\d{1,9})*$";

export const STOP_KEYS_HINT =
  "give stop keys entiteitnummer_haltenummer joined with _, e.g. 3_300483_3_300484";
export const LINE_KEYS_HINT = "give line keys entiteitnummer_lijnnummer joined with _, e.g. 3_302_3_303";
export const LINE_DIRECTION_KEYS_HINT =
  "give line direction keys entiteitnummer_lijnnummer_HEEN|TERUG joined with _, e.g. 3_302_HEEN_3_303_TERUG";
export const MUNICIPALITY_NUMBERS_HINT = "give municipality numbers joined with _, e.g. 24062_24009";

function checkCount(name: string, count: number): void {
  if (count > MAX_LIST_KEYS) {
    throw BAD_PARAMETER(`${name} holds ${count} keys, at most ${MAX_LIST_KEYS} are allowed: split the request`);
  }
}

function pairs(name: string, text: string, pattern: string, hint: string): Array<[string, string]> {
  if (!new RegExp(pattern).test(text)) throw BAD_PARAMETER(`${name} ${shownValue(text)} is malformed: ${hint}`);
  const parts = text.split("_");
  checkCount(name, parts.length / 2);
  const out: Array<[string, string]> = [];
  for (let i = 0; i < parts.length; i += 2) out.push([parts[i], parts[i + 1]]);
  return out;
}

export function parseStopKeys(text: string, name = "haltesleutels"): StopKey[] {
  return pairs(name, text, STOP_KEYS_PATTERN, STOP_KEYS_HINT).map(([entity, stop]) => ({ entity, stop }));
}

export function parseLineKeys(text: string, name = "lijnsleutels"): LineKey[] {
  return pairs(name, text, LINE_KEYS_PATTERN, LINE_KEYS_HINT).map(([entity, line]) => ({ entity, line }));
}

export function parseLineDirectionKeys(text: string, name = "lijnrichtingsleutels"): LineDirectionKey[] {
  if (!new RegExp(LINE_DIRECTION_KEYS_PATTERN).test(text)) {
    throw BAD_PARAMETER(`${name} ${shownValue(text)} is malformed: ${LINE_DIRECTION_KEYS_HINT}`);
  }
  const parts = text.split("_");
  checkCount(name, parts.length / 3);
  const out: LineDirectionKey[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    out.push({ entity: parts[i], line: parts[i + 1], direction: parts[i + 2] as "HEEN" | "TERUG" });
  }
  return out;
}

export function parseMunicipalityNumbers(text: string, name = "gemeenteNummers"): number[] {
  if (!new RegExp(MUNICIPALITY_NUMBERS_PATTERN).test(text)) {
    throw BAD_PARAMETER(`${name} ${shownValue(text)} is malformed: ${MUNICIPALITY_NUMBERS_HINT}`);
  }
  const parts = text.split("_");
  checkCount(name, parts.length);
  return parts.map(Number);
}

/** HEEN -> 0, TERUG -> 1 (GTFS direction_id). */
export function directionIndex(richting: "HEEN" | "TERUG"): 0 | 1 {
  return richting === "HEEN" ? 0 : 1;
}

export function directionName(direction: number): "HEEN" | "TERUG" {
  return direction === 0 ? "HEEN" : "TERUG";
}

export const LAT_LNG_PATTERN = "^\\s*-?\\d{1,3}(\\.\\d+)?\\s*,\\s*-?\\d{1,3}(\\.\\d+)?\\s*$";
export const LAT_LNG_HINT = "give <latitude>,<longitude> in decimal degrees, e.g. 50.8798,4.7005";

/** "<latitude>,<longitude>" in decimal degrees; throws 400 when malformed or out of range. */
export function parseLatLng(text: string, name = "latlng"): { lat: number; lon: number } {
  if (!new RegExp(LAT_LNG_PATTERN).test(text)) throw BAD_PARAMETER(`${name} ${shownValue(text)} is malformed: ${LAT_LNG_HINT}`);
  const [lat, lon] = text.split(",").map((p) => Number(p.trim()));
  if (lat < -90 || lat > 90) throw BAD_PARAMETER(`${name} ${shownValue(text)}: latitude ${lat} is out of range, it must lie from -90 to 90`);
  if (lon < -180 || lon > 180) throw BAD_PARAMETER(`${name} ${shownValue(text)}: longitude ${lon} is out of range, it must lie from -180 to 180`);
  return { lat, lon };
}
