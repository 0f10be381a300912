import { availableParallelism } from "node:os";
/**
 * The keys file (src/lib/keys-file.ts) and the key table built from it (src/api/quota/key-table.ts): what is
 * stored (hashes, never keys), what is refused and how the message says so, and how a presented key is found.
 */
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { keyTable } from "../../../src/api/quota/key-table.js";
import { LijnwijzerError } from "../../../src/errors.js";
import { loadConfig } from "../../../src/config/load-config.js";
import { emptyKeysFile, generateKey, hashKey, parseKeysFile, readKeysFile } from "../../../src/lib/keys-file.js";
import { keysContent, keysFileWith } from "../quota/support/quota-fixtures.js";

const problem = (doc: unknown) => {
  try {
    parseKeysFile(typeof doc === "string" ? doc : JSON.stringify(doc), "k.json");
  } catch (e) {
    expect(e).toBeInstanceOf(LijnwijzerError);
    return (e as Error).message;
  }
  throw new Error("no error thrown");
};

describe("keys file", () => {
  it("keys file - a new file: a random salt, the default product with the operator's limits, no keys", () => {
    const a = emptyKeysFile();
    expect(a).toEqual({ lijnwijzerKeys: 1, salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), products: { default: { perMinute: 6000, perDay: 864000 } }, keys: [] });
    expect(emptyKeysFile().salt).not.toBe(a.salt);
  });

  it("generateKey - 32 letters and digits, never twice the same", () => {
    const keys = new Set(Array.from({ length: 1000 }, generateKey));
    expect(keys.size).toBe(1000);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("keys file - stores HMAC-SHA-256 hashes with the file's salt and fingerprints, never the key; mode 600", () => {
    const path = keysFileWith({ p: { perMinute: 10, perDay: 20 } }, { "secret-key-1": { product: "p", label: "dashboard" } });
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("secret-key-1");
    const file = readKeysFile(path);
    const hash = hashKey(file.salt, "secret-key-1");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(file.keys).toEqual([{ fingerprint: hash.slice(0, 8), hash, product: "p", label: "dashboard", created: "2026-11-01T00:00:00.000Z" }]);
    expect(hashKey("another salt", "secret-key-1")).not.toBe(hash);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("keys file - every mistake is refused naming the file, the place and what to write", () => {
    const good = keysContent({ p: { perMinute: 10, perDay: 20 } }, { k1: { product: "p", label: "a" }, k2: { product: "p", label: "b" } });
    const [k1, k2] = good.keys;
    expect(problem("{")).toMatch(/^Keys file k\.json: is no valid JSON/);
    expect(problem([])).toBe("Keys file k.json: the file must be a JSON object");
    expect(problem({ ...good, lijnwijzerKeys: 2 })).toBe("Keys file k.json: is no lijnwijzer keys file of version 1 (its field lijnwijzerKeys is 2)");
    expect(problem({ ...good, extra: 1 })).toBe("Keys file k.json: the file has unknown field(s) extra: the fields are lijnwijzerKeys, salt, products, keys");
    expect(problem({ ...good, salt: "short" })).toBe("Keys file k.json: salt must be 16 to 128 base64url characters");
    expect(problem({ ...good, products: { "a b": { perMinute: 1, perDay: 1 } } })).toContain('product "a b": a product name is 1 to 64 letters');
    expect(problem({ ...good, products: { p: { perMinute: 0, perDay: 20 } } })).toBe(
      'Keys file k.json: product "p": perMinute must be a whole number of calls from 1 to 1000000000000, got 0',
    );
    expect(problem({ ...good, products: { p: { perMinute: 10, perDay: 2.5 } } })).toContain("perDay must be a whole number");
    expect(problem({ ...good, products: { p: { perMinute: 10 } } })).toContain("perDay must be a whole number of calls from 1 to 1000000000000, got undefined");
    expect(problem({ ...good, keys: [{ ...k1, product: "q" }] })).toBe(`Keys file k.json: key 1 (${k1.fingerprint}): product "q" is not defined under products`);
    expect(problem({ ...good, keys: [{ ...k1, fingerprint: "00000000" }] })).toBe("Keys file k.json: key 1: fingerprint must be the first 8 digits of its hash");
    expect(problem({ ...good, keys: [{ ...k1, hash: "ABC" }] })).toBe("Keys file k.json: key 1: hash must be 64 lowercase hex digits");
    expect(problem({ ...good, keys: [k1, { ...k2, label: "a" }] })).toBe('Keys file k.json: key 2: its label "a" is also another key\'s');
    expect(problem({ ...good, keys: [k1, k1] })).toContain("key 2: its fingerprint");
    expect(problem({ ...good, keys: [{ ...k1, label: "a\nb" }] })).toContain("label must be 1 to 100 characters, no control characters");
    expect(problem({ ...good, keys: [{ ...k1, created: "yesterday" }] })).toContain("created must be an ISO 8601 time");
    expect(problem({ ...good, keys: [{ ...k1, key: "k1" }] })).toContain("key 1 has unknown field(s) key");
  });

  it("KEYS_FILE - read and checked at startup: a missing or broken file stops it with the reason", () => {
    const fail = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    expect(fail({ KEYS_FILE: "/nonexistent/keys.json" })).toMatch(
      /^Invalid configuration: KEYS_FILE: Keys file \/nonexistent\/keys\.json: cannot be read: .*; `lijnwijzer keys add` creates the file$/,
    );
    const path = keysFileWith({}, {});
    const c = loadConfig({ KEYS_FILE: path });
    expect(c.quota.keysFile?.path).toBe(path);
    expect(c.apiKeys).toEqual([]);
    expect(c.warnings).toEqual([
      `KEYS_FILE ${path} holds no key yet: requests answer 401 until \`lijnwijzer keys add\` adds one (the server re-reads the file)`,
    ]);
  });

  it("quota config - QUOTA_STORE, REDIS_URL, QUOTA_REDIS_FAILURE and QUOTA_REDIS_TIMEOUT_MS are checked, a password never repeated", () => {
    const fail = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    expect(loadConfig({ QUOTA_STORE: "Redis", REDIS_URL: "redis://:pw@10.0.0.5:6380/2", QUOTA_REDIS_FAILURE: "closed", QUOTA_REDIS_TIMEOUT_MS: "50" }).quota).toEqual({
      keysFile: undefined,
      store: "redis",
      redisUrl: "redis://:pw@10.0.0.5:6380/2",
      redisFailure: "closed",
      redisTimeoutMs: 50,
      redisShare: availableParallelism(),
    });
    expect(loadConfig({ QUOTA_REDIS_SHARE: "6" }).quota.redisShare).toBe(6);
    expect(fail({ QUOTA_REDIS_SHARE: "0" })).toBe('Invalid configuration: QUOTA_REDIS_SHARE must be a whole number of processes from 1 to 4096, got "0"');
    expect(fail({ QUOTA_STORE: "disk" })).toBe('Invalid configuration: QUOTA_STORE must be memory or redis, got "disk"');
    expect(fail({ QUOTA_STORE: "redis" })).toBe("Invalid configuration: QUOTA_STORE=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379");
    expect(fail({ REDIS_URL: "http://:secretpw@x" })).toBe("Invalid configuration: REDIS_URL must start with redis://, rediss:// or unix://, got http://...");
    expect(loadConfig({ REDIS_URL: "unix:///run/redis/redis-server.sock" }).quota.redisUrl).toBe("unix:///run/redis/redis-server.sock");
    expect(fail({ REDIS_URL: "unix://run/redis.sock" })).toContain("REDIS_URL of a Unix socket is unix:// and the socket's absolute path");
    expect(fail({ REDIS_URL: "redis://:secretpw@[x" })).not.toContain("secretpw");
    expect(fail({ QUOTA_REDIS_FAILURE: "maybe" })).toContain("QUOTA_REDIS_FAILURE must be open (serve when Redis does not answer) or closed (answer 503)");
    expect(fail({ QUOTA_REDIS_TIMEOUT_MS: "5" })).toBe('Invalid configuration: QUOTA_REDIS_TIMEOUT_MS must be a whole number of milliseconds from 10 to 5000, got "5"');
  });
});

describe("key table", () => {
  it("keyTable - plain keys without quota, file keys by hash with their product's limits and a 64-bit id", () => {
    const file = keysContent({ p: { perMinute: 10, perDay: 20 } }, { "file-key": { product: "p" } });
    const table = keyTable(["plain"], file);
    expect(table.size).toBe(2);
    expect(table.lookup("plain")).toEqual({ id: "" });
    const entry = table.lookup("file-key");
    expect(entry).toEqual({ id: file.keys[0].hash.slice(0, 16), fingerprint: file.keys[0].fingerprint, product: "p", limits: { perMinute: 10, perDay: 20 } });
    expect(table.lookup("file-key")).toBe(entry);
    expect(table.lookup("unknown")).toBeUndefined();
    expect(table.lookup(file.keys[0].hash)).toBeUndefined(); // the hash is no key
    expect(table.lookup("x".repeat(5000))).toBeUndefined();
    expect(keyTable(["plain"]).lookup("file-key")).toBeUndefined();
  });
});
