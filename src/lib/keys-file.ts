/**
 * The keys file (KEYS_FILE): products with their call limits, and the subscription keys that belong to them,
 * stored hashed. One JSON document, written by `lijnwijzer keys` and read by the server (at startup, and again
 * whenever it changes):
 *
 * ```json
 * {
 *   "lijnwijzerKeys": 1,
 *   "salt": "kT1x8ZcF0u3q9bXyq2dJtA",
 *   "products": { "default": { "perMinute": 6000, "perDay": 864000 } },
 *   "keys": [{ "fingerprint": "3fa94c1e", "hash": "3fa94c1e…(64 hex)", "product": "default",
 *              "label": "dashboard", "created": "2026-11-23T08:50:00.000Z" }]
 * }
 * ```
 *
 * - JSON, not YAML: Node reads it without a dependency, and the file is written by the command more often than by
 *   hand.
 * - A key is stored as HMAC-SHA-256 of the key with the file's random salt. A fast hash is enough because every
 *   key is a random secret of 32 letters and digits (190 bits): no guess list or brute force gets near it,
 *   whatever the hash costs, while a slow hash (scrypt, bcrypt) would cost each request milliseconds. The salt
 *   keeps two files from sharing hashes of the same key. The key itself is shown once, by `keys add`.
 * - The fingerprint (the hash's first 8 hex digits) names a key in `keys list` and `keys revoke`, and in logs;
 *   it tells nothing about the key.
 * - The defaults of a product are the operator's limits (spec part 8): 6,000 calls a minute, 864,000 a day.
 */
import { createHmac, randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { KEYS_FILE_INVALID } from "../errors.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export const KEYS_FILE_VERSION = 1;
/** The operator's limits per product (spec part 8). */
export const DEFAULT_LIMIT_PER_MINUTE = 6_000;
export const DEFAULT_LIMIT_PER_DAY = 864_000;
/** The product a new file has and `keys add` uses unless told otherwise. */
export const DEFAULT_PRODUCT = "default";
/** The largest limit: far above any real one, and exact in a double (and in Redis' Lua numbers). */
export const MAX_LIMIT = 1_000_000_000_000;

/** Calls a key of the product may make per UTC minute and per UTC day. */
export interface ProductLimits {
  perMinute: number;
  perDay: number;
}

export interface StoredKey {
  /** The hash's first 8 hex digits: the key's public name. */
  fingerprint: string;
  /** HMAC-SHA-256(salt, key), 64 hex digits. */
  hash: string;
  product: string;
  /** Who holds the key, for people; unique in the file. */
  label?: string;
  /** When it was added, ISO 8601 UTC. */
  created: string;
}

export interface KeysFile {
  lijnwijzerKeys: typeof KEYS_FILE_VERSION;
  /** base64url of 16 random bytes. */
  salt: string;
  products: Record<string, ProductLimits>;
  keys: StoredKey[];
}

const NAME_FORM = /^[A-Za-z0-9._-]{1,64}$/;
const HASH_FORM = /^[0-9a-f]{64}$/;
const SALT_FORM = /^[A-Za-z0-9_-]{16,128}$/;
const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const GENERATED_KEY_LENGTH = 32;

/** A new, empty file: a fresh salt and the default product. */
export function emptyKeysFile(): KeysFile {
  return {
    lijnwijzerKeys: KEYS_FILE_VERSION,
    salt: randomBytes(16).toString("base64url"),
    products: { [DEFAULT_PRODUCT]: { perMinute: DEFAULT_LIMIT_PER_MINUTE, perDay: DEFAULT_LIMIT_PER_DAY } },
    keys: [],
  };
}

/** A random key of 32 letters and digits (190 bits), from the system's secure random source. */
export function generateKey(): string {
  let key = "";
  for (let i = 0; i < GENERATED_KEY_LENGTH; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/** HMAC-SHA-256 of the key with the file's salt, in hex. About a microsecond. */
export function hashKey(salt: string, key: string): string {
  return createHmac("sha256", salt).update(key).digest("hex");
}

export function fingerprintOf(hash: string): string {
  return hash.slice(0, 8);
}

export function isProductName(name: string): boolean {
  return NAME_FORM.test(name);
}

/** Reads and checks the file; throws LW_KEYS_FILE_INVALID naming the file and what is wrong. */
export function readKeysFile(path: string): KeysFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw KEYS_FILE_INVALID(path, `cannot be read: ${(e as Error).message}`);
  }
  return parseKeysFile(text, path);
}

/**
 * Writes the file atomically (a temporary file renamed over it), readable by its owner only: a server that
 * re-reads it never sees half a file.
 */
export function writeKeysFile(path: string, file: KeysFile): void {
  parseKeysFile(JSON.stringify(file), path);
  writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}

/** Checks every field; throws LW_KEYS_FILE_INVALID naming `where` and the first problem. */
export function parseKeysFile(text: string, where: string): KeysFile {
  const fail = (problem: string) => KEYS_FILE_INVALID(where, problem);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw fail(`is no valid JSON (${(e as Error).message}); the command \`lijnwijzer keys\` writes it`);
  }
  const o = object(doc, "the file", fail);
  only(o, ["lijnwijzerKeys", "salt", "products", "keys"], "the file", fail);
  if (o.lijnwijzerKeys !== KEYS_FILE_VERSION) {
    throw fail(`is no lijnwijzer keys file of version ${KEYS_FILE_VERSION} (its field lijnwijzerKeys is ${JSON.stringify(o.lijnwijzerKeys)})`);
  }
  if (typeof o.salt !== "string" || !SALT_FORM.test(o.salt)) throw fail("salt must be 16 to 128 base64url characters");
  const products: Record<string, ProductLimits> = {};
  for (const [name, raw] of Object.entries(object(o.products, "products", fail))) {
    const at = `product "${name}"`;
    if (!NAME_FORM.test(name)) throw fail(`${at}: a product name is 1 to 64 letters, digits and . _ -`);
    const p = object(raw, at, fail);
    only(p, ["perMinute", "perDay"], at, fail);
    products[name] = { perMinute: limit(p.perMinute, `${at}: perMinute`, fail), perDay: limit(p.perDay, `${at}: perDay`, fail) };
  }
  if (!Array.isArray(o.keys)) throw fail("keys must be a list");
  const seen = { fingerprint: new Set<string>(), hash: new Set<string>(), label: new Set<string>() };
  const keys = o.keys.map((raw, i): StoredKey => {
    const at = `key ${i + 1}`;
    const k = object(raw, at, fail);
    only(k, ["fingerprint", "hash", "product", "label", "created"], at, fail);
    if (typeof k.hash !== "string" || !HASH_FORM.test(k.hash)) throw fail(`${at}: hash must be 64 lowercase hex digits`);
    if (k.fingerprint !== fingerprintOf(k.hash)) throw fail(`${at}: fingerprint must be the first 8 digits of its hash`);
    if (typeof k.product !== "string" || !Object.hasOwn(products, k.product)) {
      throw fail(`${at} (${k.fingerprint}): product ${JSON.stringify(k.product)} is not defined under products`);
    }
    if (k.label !== undefined && !isLabel(k.label)) throw fail(`${at} (${k.fingerprint}): label must be 1 to 100 characters, no control characters`);
    if (typeof k.created !== "string" || Number.isNaN(Date.parse(k.created))) throw fail(`${at} (${k.fingerprint}): created must be an ISO 8601 time`);
    for (const field of ["fingerprint", "hash", "label"] as const) {
      const v = k[field] as string | undefined;
      if (v === undefined) continue;
      if (seen[field].has(v)) throw fail(`${at}: its ${field} ${field === "hash" ? "" : `${JSON.stringify(v)} `}is also another key's`);
      seen[field].add(v);
    }
    const key: StoredKey = { fingerprint: k.fingerprint, hash: k.hash, product: k.product, created: k.created };
    if (k.label !== undefined) key.label = k.label as string;
    return key;
  });
  return { lijnwijzerKeys: KEYS_FILE_VERSION, salt: o.salt, products, keys };
}

export function isLabel(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "" && value.length <= 100 && !/[\u0000-\u001f\u007f]/.test(value);
}

function object(value: unknown, at: string, fail: (p: string) => Error): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw fail(`${at} must be a JSON object`);
  return value as Record<string, unknown>;
}

function only(o: Record<string, unknown>, fields: string[], at: string, fail: (p: string) => Error): void {
  const unknown = Object.keys(o).filter((k) => !fields.includes(k));
  if (unknown.length) throw fail(`${at} has unknown field(s) ${unknown.join(", ")}: the fields are ${fields.join(", ")}`);
}

function limit(value: unknown, at: string, fail: (p: string) => Error): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_LIMIT) {
    throw fail(`${at} must be a whole number of calls from 1 to ${MAX_LIMIT}, got ${JSON.stringify(value)}`);
  }
  return value;
}
