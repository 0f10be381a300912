/**
 * The subscription keys a server accepts, as one immutable table: replaced whole when the keys file changes.
 * - Keys of API_KEYS, API_KEYS_FILE and the demo key are compared as they are and have no quota (one process,
 *   tests and benchmarks: no limit; docs/COMPATIBILITY.md O1).
 * - Keys of the keys file (KEYS_FILE) are known by their hash only: a presented key is hashed with the file's
 *   salt and looked up. A key found is remembered by the table (a key string to its entry), so a client's
 *   later calls are one map lookup; only keys of the file are remembered, so the memory is bounded by the file.
 */
import { type KeysFile, hashKey } from "../../lib/keys-file.js";
import type { QuotaLimits } from "./quota-windows.js";

export interface ApiKey {
  /** The key's name in the quota store: 16 hex digits of its hash (64 bits); "" for a key without quota. */
  readonly id: string;
  /** Its fingerprint in the keys file; undefined for keys of API_KEYS, API_KEYS_FILE and the demo key. */
  readonly fingerprint?: string;
  readonly product?: string;
  /** Its product's limits; undefined: no quota. */
  readonly limits?: QuotaLimits;
}

export interface KeyTable {
  /** The key's entry, or undefined when the server does not accept it. */
  lookup(presented: string): ApiKey | undefined;
  /** Keys in the table (both kinds). */
  readonly size: number;
}

/** Longer values are no key of ours (src/config/api-keys.ts and src/lib/keys-file.ts allow at most 200 characters): not even hashed. */
const MAX_KEY_LENGTH = 200;

export function keyTable(plainKeys: readonly string[], file?: KeysFile): KeyTable {
  const plain = new Map<string, ApiKey>(plainKeys.map((k) => [k, { id: "" }]));
  const byHash = new Map<string, ApiKey>();
  if (file) {
    for (const k of file.keys) {
      const { perMinute, perDay } = file.products[k.product];
      byHash.set(k.hash, { id: k.hash.slice(0, 16), fingerprint: k.fingerprint, product: k.product, limits: { perMinute, perDay } });
    }
  }
  const seen = new Map<string, ApiKey>();
  return {
    size: plain.size + byHash.size,
    lookup(presented) {
      const p = plain.get(presented);
      if (p !== undefined || file === undefined) return p;
      const known = seen.get(presented);
      if (known !== undefined) return known;
      if (presented.length > MAX_KEY_LENGTH) return undefined;
      const entry = byHash.get(hashKey(file.salt, presented));
      if (entry !== undefined) seen.set(presented, entry);
      return entry;
    },
  };
}
