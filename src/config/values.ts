/**
 * The parsing of single values read from the environment or the command line: whole numbers, durations, sizes,
 * booleans, choices and HTTP headers. Each throws LW_CONFIG_INVALID naming the variable and what to give.
 */
import { CONFIG_INVALID } from "../errors.js";

/** Environment variables read by `loadConfig`. */
export type ConfigEnv = Record<string, string | undefined>;

/** A whole number from min to max, in the unit the message names ("seconds", "metres", "a TCP port"). */
export function parseWhole(name: string, value: string | undefined, fallback: number, min: number, max: number, unit: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim();
  if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) {
    throw CONFIG_INVALID(`${name} must be a whole number of ${unit} from ${min} to ${max}, got "${value}"`);
  }
  return Number(v);
}

/** A value that, once set, must say something: unset is the way to leave it out. */
export function nonEmpty(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === "") throw CONFIG_INVALID(`${name} is set but empty: give a value or unset it`);
  return v;
}

/** true, 1, yes or false, 0, no, in any case. */
export function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1" || v === "yes") return true;
  if (v === "false" || v === "0" || v === "no") return false;
  throw CONFIG_INVALID(`${name} must be true or false, got "${value}"`);
}

/** One of a few words, in any case. */
export function parseChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim().toLowerCase() as T;
  if (!choices.includes(v)) throw CONFIG_INVALID(`${name} must be one of ${choices.join(", ")}, got "${value}"`);
  return v;
}

/** Whole seconds from 1 to one day. */
export function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim();
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 86_400) {
    throw CONFIG_INVALID(`${name} must be a whole number of seconds from 1 to 86400, got "${value}"`);
  }
  return Number(v);
}

/** `parseSeconds` for a number of a JSON feed list. */
export function jsonSeconds(where: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 86_400) {
    throw CONFIG_INVALID(`${where} must be a whole number of seconds from 1 to 86400, got ${JSON.stringify(value)}`);
  }
  return value;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90` or `90s`, `15m`, `6h`, `1d`; from 1 s to 30 days; `off`: undefined. */
export function parseInterval(name: string, value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim().toLowerCase();
  if (v === "off") return undefined;
  const m = /^(\d{1,7})\s*([smhd]?)$/.exec(v);
  const seconds = m ? Number(m[1]) * UNIT_SECONDS[m[2] || "s"] : 0;
  if (!m || seconds < 1 || seconds > 30 * 86_400) {
    throw CONFIG_INVALID(`${name} must be an interval from 1 s to 30 days: seconds, or a number with s, m, h or d (e.g. 15m, 6h, 1d), or off; got "${value}"`);
  }
  return seconds;
}

/** Bytes, or with a binary unit: 500000, 512k, 32M, 1G (k, M, G are 1024, 1024², 1024³; "KiB" and "MB" read alike). */
export function parseByteSize(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const m = /^(\d+)\s*(?:([kmg])i?)?b?$/i.exec(value.trim());
  const n = m ? Number(m[1]) * 1024 ** (m[2] ? "kmg".indexOf(m[2].toLowerCase()) + 1 : 0) : 0;
  if (!m || n < 1024 || n > 2 ** 31) {
    throw CONFIG_INVALID(`${name} must be a size from 1k to 2G, in bytes or with k, M or G (e.g. 32M), got "${value}"`);
  }
  return n;
}

/** An HTTP header name is a token (RFC 9110 5.6.2); a value holds no line break. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** "Name: value" pairs separated by ";", e.g. "Ocp-Apim-Subscription-Key: abc123". */
export function parseHeaders(name: string, value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (value === undefined || value.trim() === "") return headers;
  for (const part of value.split(";")) {
    if (part.trim() === "") continue;
    const colon = part.indexOf(":");
    const key = part.slice(0, Math.max(0, colon)).trim();
    if (colon < 0 || !HEADER_NAME.test(key)) {
      throw CONFIG_INVALID(`${name} must be "Name: value" pairs separated by ";", e.g. "Ocp-Apim-Subscription-Key: abc123"; "${part.trim().slice(0, 40)}" is none`);
    }
    headers[key] = checkHeaderValue(name, key, part.slice(colon + 1).trim());
  }
  return headers;
}

/** `parseHeaders` for an object of a JSON feed list: header names and string values. */
export function jsonHeaders(where: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw CONFIG_INVALID(`${where} must be an object of header names and string values`);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!HEADER_NAME.test(k)) throw CONFIG_INVALID(`${where}: "${k}" is no HTTP header name`);
    if (typeof v !== "string") throw CONFIG_INVALID(`${where}: the value of ${k} must be a string`);
    headers[k] = checkHeaderValue(where, k, v);
  }
  return headers;
}

function checkHeaderValue(where: string, key: string, v: string): string {
  // The value is a secret more often than not: the message names the header, never the value.
  if (/[\r\n\0]/.test(v)) throw CONFIG_INVALID(`${where}: the value of ${key} holds a line break`);
  return v;
}

