/**
 * KEYS_FILE, QUOTA_*, REDIS_URL: keys with products and call limits, and where their calls are counted.
 */
import { CONFIG_INVALID, LijnwijzerError } from "../errors.js";
import { type KeysFile, readKeysFile } from "../lib/keys-file.js";
import { type ConfigEnv, nonEmpty, parseWhole } from "./values.js";

/**
 * Keys with products and call limits (src/lib/keys-file.ts), counted per key in fixed UTC windows by a quota
 * store (src/api/quota/). Keys of API_KEYS, API_KEYS_FILE and the demo key have no limit.
 */
export interface QuotaConfig {
  /** KEYS_FILE: the keys file as read at startup; the server re-reads it when it changes. Undefined: no quota. */
  keysFile?: { path: string; content: KeysFile };
  /** QUOTA_STORE: where calls are counted; "memory" (default) per process, "redis" shared by processes and replicas. */
  store: "memory" | "redis";
  /** REDIS_URL (redis://[user:password@]host:port[/db], rediss:// for TLS, unix:///path for a socket); required with QUOTA_STORE=redis. */
  redisUrl?: string;
  /** QUOTA_REDIS_FAILURE: when Redis does not answer, "open" (default) serves and counts in the process, "closed" answers 503. */
  redisFailure: "open" | "closed";
  /** QUOTA_REDIS_TIMEOUT_MS: the longest a request waits for Redis (10 to 5000, default 100). */
  redisTimeoutMs: number;
  /**
   * QUOTA_REDIS_SHARE: the processes (workers of every replica) that share a key's calls; while Redis does not
   * answer each serves a key at most this share of what it had left (guarded-quota-store.ts). Undefined: the
   * workers of this replica (load-config.ts fills it in).
   */
  redisShare?: number;
}

/** KEYS_FILE, read once here (the server re-reads it when it changes), QUOTA_STORE, REDIS_URL and QUOTA_REDIS_*. */
export function parseQuota(env: ConfigEnv, warnings: string[]): QuotaConfig {
  const path = nonEmpty("KEYS_FILE", env.KEYS_FILE);
  let keysFile: QuotaConfig["keysFile"];
  if (path !== undefined) {
    try {
      keysFile = { path, content: readKeysFile(path) };
    } catch (e) {
      if (!(e instanceof LijnwijzerError)) throw e;
      throw CONFIG_INVALID(`KEYS_FILE: ${e.message}; \`lijnwijzer keys add\` creates the file`);
    }
    if (keysFile.content.keys.length === 0) {
      warnings.push(`KEYS_FILE ${path} holds no key yet: requests answer 401 until \`lijnwijzer keys add\` adds one (the server re-reads the file)`);
    }
  }
  const storeValue = env.QUOTA_STORE?.trim().toLowerCase() || "memory";
  if (storeValue !== "memory" && storeValue !== "redis") throw CONFIG_INVALID(`QUOTA_STORE must be memory or redis, got "${env.QUOTA_STORE}"`);
  const store: QuotaConfig["store"] = storeValue;
  const redisUrl = parseRedisUrl(env.REDIS_URL);
  if (store === "redis" && redisUrl === undefined) {
    throw CONFIG_INVALID("QUOTA_STORE=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379");
  }
  const failure = env.QUOTA_REDIS_FAILURE?.trim().toLowerCase() || "open";
  if (failure !== "open" && failure !== "closed") {
    throw CONFIG_INVALID(`QUOTA_REDIS_FAILURE must be open (serve when Redis does not answer) or closed (answer 503), got "${env.QUOTA_REDIS_FAILURE}"`);
  }
  const redisTimeoutMs = parseWhole("QUOTA_REDIS_TIMEOUT_MS", env.QUOTA_REDIS_TIMEOUT_MS, 100, 10, 5000, "milliseconds");
  if (store === "redis" && keysFile === undefined) {
    warnings.push("QUOTA_STORE=redis counts the calls of the keys in KEYS_FILE, and KEYS_FILE is not set: nothing is counted");
  }
  const redisShare = env.QUOTA_REDIS_SHARE?.trim() ? parseWhole("QUOTA_REDIS_SHARE", env.QUOTA_REDIS_SHARE, 1, 1, 4096, "processes") : undefined;
  return { keysFile, store, redisUrl, redisFailure: failure, redisTimeoutMs, redisShare };
}

/** REDIS_URL checked (also read by REALTIME_SHARE=redis, realtime.ts). */
export function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    // The URL may hold a password: the message never repeats it.
    throw CONFIG_INVALID("REDIS_URL is no valid URL: give redis://host:port, e.g. redis://127.0.0.1:6379");
  }
  if (url.protocol === "unix:") {
    if (url.host !== "" || url.pathname === "" || url.pathname === "/") {
      throw CONFIG_INVALID("REDIS_URL of a Unix socket is unix:// and the socket's absolute path, e.g. unix:///run/redis/redis-server.sock");
    }
    return url.href;
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw CONFIG_INVALID(`REDIS_URL must start with redis://, rediss:// or unix://, got ${url.protocol}//...`);
  }
  return url.href;
}
