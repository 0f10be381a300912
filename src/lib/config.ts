import { readFileSync } from "node:fs";
import { CONFIG_INVALID } from "../errors.js";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The key that works when no key is configured, so that a fresh install answers at once. */
export const DEMO_API_KEY = "demo";

/**
 * The HTTP server's settings, validated once at startup (`loadConfig`); the request path only reads them.
 */
export interface AppConfig {
  /** TCP port (PORT, default 8080; 0 picks a free one). */
  port: number;
  /** Interface to bind (HOST, default "0.0.0.0"). */
  host: string;
  /** Path of the core part (CORE_PREFIX, default "/DLKernOpenData"); "" serves it at the root. */
  corePrefix: string;
  /** Path of the search part (SEARCH_PREFIX, default "/DLZoekOpenData"). */
  searchPrefix: string;
  /**
   * Scheme + host (+ optional path) that links in responses start with (PUBLIC_BASE_URL), without a trailing
   * slash, e.g. "https://transit.example.org". Unset: each link uses the request's own scheme and host.
   */
  publicBaseUrl?: string;
  /** Subscription keys accepted (API_KEYS comma-separated, and/or API_KEYS_FILE one per line); ["demo"] when neither. */
  apiKeys: string[];
  /** Where the keys came from; "demo" means none was configured. */
  apiKeysSource: "env" | "file" | "env+file" | "demo";
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=true|false, default false). */
  trustProxy: boolean;
  /** pino level (LOG_LEVEL, default "info"); "info" logs every request. */
  logLevel: LogLevel;
  /** Things worth a warning line in the startup log, e.g. that the demo key works. */
  warnings: string[];
}

/** Environment variables read by `loadConfig`. */
export type ConfigEnv = Record<string, string | undefined>;

/**
 * Reads and validates the configuration from environment variables. Throws LW_CONFIG_INVALID naming the
 * variable and what to fix; never returns a half-valid config.
 */
export function loadConfig(env: ConfigEnv = process.env): AppConfig {
  const warnings: string[] = [];
  const port = parsePort(env.PORT);
  const host = nonEmpty("HOST", env.HOST) ?? "0.0.0.0";
  const corePrefix = parsePrefix("CORE_PREFIX", env.CORE_PREFIX, "/DLKernOpenData");
  const searchPrefix = parsePrefix("SEARCH_PREFIX", env.SEARCH_PREFIX, "/DLZoekOpenData");
  if (corePrefix === searchPrefix) {
    throw CONFIG_INVALID(`CORE_PREFIX and SEARCH_PREFIX are both "${corePrefix}": give them different paths`);
  }
  const publicBaseUrl = parseBaseUrl(env.PUBLIC_BASE_URL);
  const trustProxy = parseBoolean("TRUST_PROXY", env.TRUST_PROXY, false);
  const logLevel = parseLogLevel(env.LOG_LEVEL);

  const fromEnv = env.API_KEYS !== undefined && env.API_KEYS.trim() !== "" ? parseKeyList("API_KEYS", env.API_KEYS.split(",")) : [];
  const keysFile = nonEmpty("API_KEYS_FILE", env.API_KEYS_FILE);
  const fromFile = keysFile === undefined ? [] : readKeysFile(keysFile);
  let apiKeys = [...new Set([...fromEnv, ...fromFile])];
  let apiKeysSource: AppConfig["apiKeysSource"] =
    fromEnv.length > 0 && keysFile !== undefined ? "env+file" : keysFile !== undefined ? "file" : "env";
  if (keysFile !== undefined && fromFile.length === 0) {
    throw CONFIG_INVALID(`API_KEYS_FILE ${keysFile} holds no key: write one key per line`);
  }
  if (apiKeys.length === 0) {
    apiKeys = [DEMO_API_KEY];
    apiKeysSource = "demo";
    warnings.push(`no API keys configured: the key '${DEMO_API_KEY}' works (set API_KEYS or API_KEYS_FILE)`);
  }
  return { port, host, corePrefix, searchPrefix, publicBaseUrl, apiKeys, apiKeysSource, trustProxy, logLevel, warnings };
}

function nonEmpty(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === "") throw CONFIG_INVALID(`${name} is set but empty: give a value or unset it`);
  return v;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 8080;
  const v = value.trim();
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 65535) {
    throw CONFIG_INVALID(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return n;
}

function parsePrefix(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  let v = value.trim();
  if (v === "" || v === "/") return "";
  if (!v.startsWith("/")) throw CONFIG_INVALID(`${name} must start with "/", e.g. ${fallback}; got "${value}"`);
  while (v.endsWith("/")) v = v.slice(0, -1);
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(v)) {
    throw CONFIG_INVALID(`${name} must be path segments of letters, digits and . _ ~ -, e.g. ${fallback}; got "${value}"`);
  }
  return v;
}

function parseBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw CONFIG_INVALID(`PUBLIC_BASE_URL must be an absolute URL such as https://transit.example.org, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw CONFIG_INVALID(`PUBLIC_BASE_URL must start with http:// or https://, got "${value}"`);
  }
  if (url.search !== "" || url.hash !== "") {
    throw CONFIG_INVALID(`PUBLIC_BASE_URL must have no query or fragment, got "${value}"`);
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1" || v === "yes") return true;
  if (v === "false" || v === "0" || v === "no") return false;
  throw CONFIG_INVALID(`${name} must be true or false, got "${value}"`);
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value.trim() === "") return "info";
  const v = value.trim().toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(v)) throw CONFIG_INVALID(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${value}"`);
  return v;
}

/** A key travels in a header and a query string: keep it to characters that need no escaping anywhere. */
const KEY_FORM = /^[A-Za-z0-9._~-]{1,200}$/;

function parseKeyList(where: string, items: string[]): string[] {
  const keys: string[] = [];
  for (const raw of items) {
    const k = raw.trim();
    if (k === "") continue;
    if (!KEY_FORM.test(k)) {
      throw CONFIG_INVALID(`${where}: key "${k}" may only hold letters, digits and . _ ~ - (at most 200 characters)`);
    }
    keys.push(k);
  }
  return keys;
}

function readKeysFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw CONFIG_INVALID(`API_KEYS_FILE ${path} cannot be read: ${(e as Error).message}`);
  }
  // One key per line; blank lines and # comments let operators annotate who holds which key.
  const lines = text.split(/\r?\n/).filter((l) => !l.trim().startsWith("#"));
  return parseKeyList(`API_KEYS_FILE ${path}`, lines);
}
