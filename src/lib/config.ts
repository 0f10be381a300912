import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { CONFIG_INVALID, LijnwijzerError } from "../errors.js";
import { type KeysFile, readKeysFile as readKeysJson } from "./keys-file.js";

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
  /** Path of the GTFS-Realtime output (GTFS_RT_PATH, default "/gtfs/v3/realtime", the operator's GTFS-RT v3 API). */
  gtfsRtPath: string;
  /** GTFS-Realtime feeds and how they are polled (REALTIME_*, `--realtime` and `--no-realtime`). */
  realtime: RealtimeConfig;
  /** Route planning (E1) when ROUTEPLAN_* is set; undefined: the planner's defaults (src/routing/plan-journeys.ts). */
  routeplan?: RouteplanConfig;
  /** Keys with products and quotas (KEYS_FILE, QUOTA_*, REDIS_URL; issue 11; parseQuota below). */
  quota: QuotaConfig;
  /** Things worth a warning line in the startup log, e.g. that the demo key works. */
  warnings: string[];
  /** Workers, reload, shutdown, HTTP timeouts, CORS, /metrics and /ready (issue 11; parseServer below). */
  server: ServerConfig;
  /** GTFS feeds that `serve` keeps current (FEEDS, FEED_*, `--feed`, `--refresh`, `--feed-header`; parseFeeds below). */
  feeds: FeedsConfig;
  /**
   * Days before the network's last service day from which /health and the log warn that it runs out
   * (VALIDITY_WARNING_DAYS, default 7; 0: only once it has run out).
   */
  validityWarningDays: number;
  /**
   * The subscription key the demo page at / calls the API with, given to every visitor by /web-config.json
   * (WEB_API_KEY; src/api/docs/web-page.ts). Unset: the page gets `demo` when no key is configured, else none (the
   * visitor types one).
   */
  webApiKey?: string;
}

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
}

/** One GTFS-Realtime feed to poll. Its name is unique: /health, the logs and the match figures use it. */
export type RealtimeFeedConfig =
  | {
      kind: "url";
      name: string;
      url: string;
      /** Request headers, e.g. a subscription key (REALTIME_HEADERS, or per feed in a JSON list). */
      headers: Record<string, string>;
      intervalSeconds: number;
      timeoutSeconds: number;
    }
  | { kind: "file"; name: string; path: string; intervalSeconds: number }
  /** The built-in demo simulator (simulate-feed.ts) for the network served. */
  | { kind: "simulator"; name: string; intervalSeconds: number };

export interface RealtimeConfig {
  /**
   * The feeds (REALTIME_FEEDS, or `--realtime` on serve and start, which replaces it); "none" when real-time is
   * turned off (REALTIME_FEEDS=none, `--no-realtime`); undefined when nothing is said, and then `start` (the demo
   * network) runs the simulator and `serve` of another network runs none.
   */
  feeds: RealtimeFeedConfig[] | "none" | undefined;
  /** Seconds between polls of a feed that does not give its own (REALTIME_INTERVAL_SECONDS, default 30). */
  intervalSeconds: number;
  /** Seconds a URL may take to answer in whole (REALTIME_TIMEOUT_SECONDS, default 10). */
  timeoutSeconds: number;
  /** Seconds a feed's last good message is served after it arrived (REALTIME_MAX_AGE_SECONDS, default 300). */
  maxAgeSeconds: number;
  /** The largest feed read, in bytes; a larger one is refused (REALTIME_MAX_BYTES, default 32 MiB). */
  maxBytes: number;
}

export interface RouteplanConfig {
  /** Straight-line radius around a coordinate for stops to walk to and from (ROUTEPLAN_WALK_RADIUS_METERS, 1 to 5000, default 1000). */
  walkRadiusMeters: number;
  /** Milliseconds of work a route plan may take before it answers with what it has (ROUTEPLAN_BUDGET_MS, 10 to 60000, default 1000). */
  budgetMs: number;
}

/** What the command line says about real-time; it replaces REALTIME_FEEDS. */
export interface RealtimeOverrides {
  /** `--realtime <url|file|simulator>`, repeatable. */
  feeds?: string[];
  /** `--no-realtime`. */
  off?: boolean;
}

/** What the command line says about the GTFS feeds `serve` keeps current; each replaces its variable. */
export interface FeedOverrides {
  /** `--feed <url|file>`, repeatable: replaces FEEDS. */
  gtfsFeeds?: string[];
  /** `--refresh <interval>`: replaces FEED_REFRESH. */
  refresh?: string;
  /** `--feed-header "Name: value"`, repeatable: replaces FEED_HEADERS. */
  feedHeaders?: string[];
}

/** One GTFS feed kept current: a URL fetched conditionally, or a zip file another program replaces. */
export type GtfsFeedConfig =
  | {
      kind: "url";
      /** Host and path, without the query (where a key often travels): logs, /health and /metrics use it. */
      name: string;
      url: string;
      headers: Record<string, string>;
    }
  | { kind: "file"; name: string; path: string };

export interface FeedsConfig {
  /** The feeds, in the order they are imported (FEEDS comma-separated, or `--feed` repeated); empty: none. */
  sources: GtfsFeedConfig[];
  /**
   * Seconds between two checks of every feed (FEED_REFRESH or `--refresh`: `15m`, `6h`, `1d` or seconds; default
   * 6 h); undefined (`off`): the feeds are checked once, at start.
   */
  refreshSeconds: number | undefined;
  /** The largest feed downloaded (FEED_MAX_BYTES, default 1G). */
  maxBytes: number;
  /** Seconds a feed's server may stay silent, before answering or within the body (FEED_TIMEOUT_SECONDS, default 60). */
  timeoutSeconds: number;
  /** More options of `lijnwijzer import` for every refresh (FEED_IMPORT_ARGS, e.g. "--profile generic --reference none"). */
  importArgs: string[];
}

/** Environment variables read by `loadConfig`. */
export type ConfigEnv = Record<string, string | undefined>;

/**
 * Reads and validates the configuration from environment variables. Throws LW_CONFIG_INVALID naming the
 * variable and what to fix; never returns a half-valid config.
 */
export function loadConfig(env: ConfigEnv = process.env, overrides: RealtimeOverrides & FeedOverrides = {}): AppConfig {
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
  const quota = parseQuota(env, warnings);
  if (apiKeys.length === 0 && quota.keysFile === undefined) {
    apiKeys = [DEMO_API_KEY];
    apiKeysSource = "demo";
    warnings.push(`no API keys configured: the key '${DEMO_API_KEY}' works (set API_KEYS or API_KEYS_FILE)`);
  }
  const gtfsRtPath = parsePrefix("GTFS_RT_PATH", env.GTFS_RT_PATH, "/gtfs/v3/realtime");
  if (gtfsRtPath === "") throw CONFIG_INVALID('GTFS_RT_PATH must be a path below the root, e.g. /gtfs/v3/realtime; got "/"');
  const realtime = parseRealtime(env, overrides, warnings);
  const routeplan = parseRouteplan(env);
  const server = parseServer(env, realtime);
  const webApiKey = parseWebApiKey(env.WEB_API_KEY, apiKeys, apiKeysSource, quota.keysFile !== undefined, warnings);
  const feeds = parseFeeds(env, overrides);
  const validityWarningDays = parseWhole("VALIDITY_WARNING_DAYS", env.VALIDITY_WARNING_DAYS, 7, 0, 366, "days");
  return {
    port,
    host,
    corePrefix,
    searchPrefix,
    publicBaseUrl,
    apiKeys,
    apiKeysSource,
    trustProxy,
    logLevel,
    gtfsRtPath,
    realtime,
    routeplan,
    quota,
    warnings,
    server,
    feeds,
    validityWarningDays,
    webApiKey,
  };
}

/** WEB_API_KEY: one of the accepted keys, public by design (every visitor of / receives it): give it its own quota. */
function parseWebApiKey(
  value: string | undefined,
  apiKeys: string[],
  source: AppConfig["apiKeysSource"],
  keysFile: boolean,
  warnings: string[],
): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const [key] = parseKeyList("WEB_API_KEY", [value]);
  if (source === "demo" && key !== DEMO_API_KEY) {
    throw CONFIG_INVALID(`WEB_API_KEY is no accepted key: with no key configured only '${DEMO_API_KEY}' works; add it to API_KEYS or unset WEB_API_KEY`);
  }
  // A keys file holds hashes only: a key of it cannot be checked here.
  if (source !== "demo" && !keysFile && !apiKeys.includes(key)) {
    warnings.push("WEB_API_KEY is not among API_KEYS / API_KEYS_FILE: the demo page's calls will be refused (401)");
  }
  return key;
}

// --- keys file and quotas (issue 11) -------------------------------------------------------

function parseQuota(env: ConfigEnv, warnings: string[]): QuotaConfig {
  const path = nonEmpty("KEYS_FILE", env.KEYS_FILE);
  let keysFile: QuotaConfig["keysFile"];
  if (path !== undefined) {
    try {
      keysFile = { path, content: readKeysJson(path) };
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
  return { keysFile, store, redisUrl, redisFailure: failure, redisTimeoutMs };
}

function parseRedisUrl(value: string | undefined): string | undefined {
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

function parseRouteplan(env: ConfigEnv): RouteplanConfig | undefined {
  const radius = env.ROUTEPLAN_WALK_RADIUS_METERS;
  const budget = env.ROUTEPLAN_BUDGET_MS;
  if ((radius === undefined || radius.trim() === "") && (budget === undefined || budget.trim() === "")) return undefined;
  return {
    walkRadiusMeters: parseWhole("ROUTEPLAN_WALK_RADIUS_METERS", radius, 1000, 1, 5000, "metres"),
    budgetMs: parseWhole("ROUTEPLAN_BUDGET_MS", budget, 1000, 10, 60_000, "milliseconds"),
  };
}

function parseWhole(name: string, value: string | undefined, fallback: number, min: number, max: number, unit: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim();
  if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) {
    throw CONFIG_INVALID(`${name} must be a whole number of ${unit} from ${min} to ${max}, got "${value}"`);
  }
  return Number(v);
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

// --- GTFS-Realtime feeds ----------------------------------------------------------------

/** Default largest feed: a whole city's TripUpdates are a few MB; decoded, a feed takes about ten times its size. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

function parseRealtime(env: ConfigEnv, overrides: RealtimeOverrides, warnings: string[]): RealtimeConfig {
  const intervalSeconds = parseSeconds("REALTIME_INTERVAL_SECONDS", env.REALTIME_INTERVAL_SECONDS, 30);
  const timeoutSeconds = parseSeconds("REALTIME_TIMEOUT_SECONDS", env.REALTIME_TIMEOUT_SECONDS, 10);
  const maxAgeSeconds = parseSeconds("REALTIME_MAX_AGE_SECONDS", env.REALTIME_MAX_AGE_SECONDS, 300);
  const maxBytes = parseByteSize("REALTIME_MAX_BYTES", env.REALTIME_MAX_BYTES, DEFAULT_MAX_BYTES);
  const defaults = { intervalSeconds, timeoutSeconds, headers: parseHeaders("REALTIME_HEADERS", env.REALTIME_HEADERS) };

  let feeds: RealtimeFeedConfig[] | "none" | undefined;
  if (overrides.off) {
    if (overrides.feeds?.length) throw CONFIG_INVALID("--realtime and --no-realtime contradict each other: give one");
    feeds = "none";
  } else if (overrides.feeds?.length) {
    feeds = parseFeedList("--realtime", overrides.feeds, defaults, warnings);
  } else {
    const v = env.REALTIME_FEEDS?.trim();
    if (v === undefined || v === "") feeds = undefined;
    else if (v.toLowerCase() === "none") feeds = "none";
    else if (v.startsWith("[")) feeds = parseFeedJson("REALTIME_FEEDS", v, defaults, warnings);
    else feeds = parseFeedList("REALTIME_FEEDS", v.split(","), defaults, warnings);
  }
  if (Array.isArray(feeds)) {
    for (const f of feeds) {
      if (f.intervalSeconds > maxAgeSeconds) {
        throw CONFIG_INVALID(
          `REALTIME_MAX_AGE_SECONDS (${maxAgeSeconds}) is shorter than the polling interval of feed "${f.name}" (${f.intervalSeconds} s): its messages would expire between polls; raise the age or poll more often`,
        );
      }
    }
  }
  return { feeds, intervalSeconds, timeoutSeconds, maxAgeSeconds, maxBytes };
}

interface FeedDefaults {
  intervalSeconds: number;
  timeoutSeconds: number;
  headers: Record<string, string>;
}

/** Comma-separated entries: http(s) URLs, file paths, `simulator`, or one JSON file listing the feeds. */
function parseFeedList(where: string, entries: string[], defaults: FeedDefaults, warnings: string[]): RealtimeFeedConfig[] {
  const items = entries.map((e) => e.trim()).filter((e) => e !== "");
  if (items.length === 1 && items[0].toLowerCase().endsWith(".json")) {
    let text: string;
    try {
      text = readFileSync(items[0], "utf8");
    } catch (e) {
      throw CONFIG_INVALID(`${where}: the feed list ${items[0]} cannot be read: ${(e as Error).message}`);
    }
    return parseFeedJson(`${where} ${items[0]}`, text, defaults, warnings);
  }
  if (items.length === 0) throw CONFIG_INVALID(`${where} names no feed: give URLs or files, comma-separated, or none`);
  const feeds = items.map((item): RealtimeFeedConfig => {
    if (item.toLowerCase() === "simulator") return { kind: "simulator", name: "simulator", intervalSeconds: defaults.intervalSeconds };
    if (item.toLowerCase() === "none") throw CONFIG_INVALID(`${where}: none turns real-time off and goes alone, not beside feeds`);
    if (item.toLowerCase().endsWith(".json")) throw CONFIG_INVALID(`${where}: a JSON feed list (${item}) goes alone, not beside other feeds`);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(item)) {
      const url = parseFeedUrl(where, item);
      return { kind: "url", name: urlName(url), url, headers: defaults.headers, ...pick(defaults) };
    }
    warnMissingFile(where, item, warnings);
    return { kind: "file", name: item, path: item, intervalSeconds: defaults.intervalSeconds };
  });
  return uniqueNames(feeds);
}

const FEED_KEYS = ["name", "url", "file", "simulator", "intervalSeconds", "timeoutSeconds", "headers"];

/** A JSON array of {name?, url | file | simulator: true, intervalSeconds?, timeoutSeconds?, headers?}. */
function parseFeedJson(where: string, text: string, defaults: FeedDefaults, warnings: string[]): RealtimeFeedConfig[] {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (e) {
    throw CONFIG_INVALID(`${where} is no valid JSON: ${(e as Error).message}`);
  }
  const example = '[{"name": "trips", "url": "https://...", "intervalSeconds": 30, "headers": {"Ocp-Apim-Subscription-Key": "..."}}]';
  if (!Array.isArray(list) || list.length === 0) throw CONFIG_INVALID(`${where} must be a non-empty JSON array of feeds, e.g. ${example}`);
  const names = new Set<string>();
  const feeds = list.map((raw, i): RealtimeFeedConfig => {
    const at = `${where}, feed ${i + 1}`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw CONFIG_INVALID(`${at} must be an object, e.g. ${example}`);
    const o = raw as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !FEED_KEYS.includes(k));
    if (unknown.length) throw CONFIG_INVALID(`${at} has unknown field(s) ${unknown.join(", ")}: the fields are ${FEED_KEYS.join(", ")}`);
    const kinds = ["url", "file", "simulator"].filter((k) => o[k] !== undefined);
    if (kinds.length !== 1) throw CONFIG_INVALID(`${at} must have exactly one of url, file or simulator, it has ${kinds.length ? kinds.join(" and ") : "none"}`);
    if (o.name !== undefined && (typeof o.name !== "string" || o.name.trim() === "")) throw CONFIG_INVALID(`${at}: name must be a non-empty string`);
    const intervalSeconds = jsonSeconds(`${at}: intervalSeconds`, o.intervalSeconds, defaults.intervalSeconds);
    let feed: RealtimeFeedConfig;
    if (o.url !== undefined) {
      if (typeof o.url !== "string") throw CONFIG_INVALID(`${at}: url must be a string`);
      const url = parseFeedUrl(at, o.url.trim());
      const headers = { ...defaults.headers, ...jsonHeaders(`${at}: headers`, o.headers) };
      const timeoutSeconds = jsonSeconds(`${at}: timeoutSeconds`, o.timeoutSeconds, defaults.timeoutSeconds);
      feed = { kind: "url", name: urlName(url), url, headers, intervalSeconds, timeoutSeconds };
    } else {
      if (o.headers !== undefined || o.timeoutSeconds !== undefined) throw CONFIG_INVALID(`${at}: headers and timeoutSeconds apply to a url only`);
      if (o.file !== undefined) {
        if (typeof o.file !== "string" || o.file.trim() === "") throw CONFIG_INVALID(`${at}: file must be a non-empty string`);
        warnMissingFile(at, o.file.trim(), warnings);
        feed = { kind: "file", name: o.file.trim(), path: o.file.trim(), intervalSeconds };
      } else {
        if (o.simulator !== true) throw CONFIG_INVALID(`${at}: simulator must be true`);
        feed = { kind: "simulator", name: "simulator", intervalSeconds };
      }
    }
    if (typeof o.name === "string") {
      feed.name = o.name.trim();
      if (names.has(feed.name)) throw CONFIG_INVALID(`${at}: the name "${feed.name}" is taken by another feed: give each its own`);
      names.add(feed.name);
    }
    return feed;
  });
  return uniqueNames(feeds);
}

function pick(d: FeedDefaults) {
  return { intervalSeconds: d.intervalSeconds, timeoutSeconds: d.timeoutSeconds };
}

function parseFeedUrl(where: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw CONFIG_INVALID(`${where}: "${value}" is no valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw CONFIG_INVALID(`${where}: a feed URL must start with http:// or https://, got "${url.protocol}//..."`);
  }
  return url.href;
}

/** A URL feed's default name: host and path, without the query (where a key often travels). */
function urlName(url: string): string {
  const u = new URL(url);
  return `${u.host}${u.pathname === "/" ? "" : u.pathname}`;
}

/** Names left to their defaults may repeat (one host, the same path with other queries): number the repeats. */
function uniqueNames(feeds: RealtimeFeedConfig[]): RealtimeFeedConfig[] {
  const seen = new Map<string, number>();
  for (const f of feeds) {
    const n = (seen.get(f.name) ?? 0) + 1;
    seen.set(f.name, n);
    if (n > 1) f.name = `${f.name} (${n})`;
  }
  return feeds;
}

function warnMissingFile(where: string, path: string, warnings: string[]): void {
  // A file another program will write is no error: the feed polls it until it exists, and /health says so.
  if (!existsSync(path)) warnings.push(`${where}: the feed file ${path} does not exist (yet): it is polled until it does`);
}

/** Whole seconds from 1 to one day. */
function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim();
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 86_400) {
    throw CONFIG_INVALID(`${name} must be a whole number of seconds from 1 to 86400, got "${value}"`);
  }
  return Number(v);
}

function jsonSeconds(where: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 86_400) {
    throw CONFIG_INVALID(`${where} must be a whole number of seconds from 1 to 86400, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Bytes, or with a binary unit: 500000, 512k, 32M, 1G (k, M, G are 1024, 1024², 1024³; "KiB" and "MB" read alike). */
function parseByteSize(name: string, value: string | undefined, fallback: number): number {
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
function parseHeaders(name: string, value: string | undefined): Record<string, string> {
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

function jsonHeaders(where: string, value: unknown): Record<string, string> {
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

// --- the production server (issue 11): workers, reload, shutdown, HTTP, /metrics, /ready -------------------

/** Who may read /metrics: loopback clients only (not through a proxy), anyone, or nobody (the route is absent). */
export type MetricsAccess = "loopback" | "open" | "off";

export interface ServerConfig {
  /** Processes that serve (WORKERS, or `--workers`; default the number of cores; 1 = one process, no cluster). */
  workers: number;
  /** Seconds SIGTERM waits for the requests in flight before it closes what is left and exits (SHUTDOWN_TIMEOUT_SECONDS, default 10). */
  shutdownTimeoutSeconds: number;
  /** Reload the snapshot when its file is replaced (SNAPSHOT_WATCH=true|false, default false). */
  snapshotWatch: boolean;
  /** Loopback port of the admin endpoint `lijnwijzer reload` posts to (ADMIN_PORT); undefined: none. */
  adminPort: number | undefined;
  /** Origins browsers may call from (CORS_ORIGINS: `*` (default), origins comma-separated, or `none`). */
  corsOrigins: "*" | readonly string[];
  /** Who may read /metrics (METRICS: loopback (default), open, off). */
  metrics: MetricsAccess;
  /**
   * The oldest real-time message /ready accepts, per configured feed, in seconds (READY_REALTIME_MAX_AGE_SECONDS;
   * default REALTIME_MAX_AGE_SECONDS); undefined ("off"): /ready does not look at real-time.
   */
  readyRealtimeMaxAgeSeconds: number | undefined;
  /** Seconds a client may take to send a whole request (HTTP_REQUEST_TIMEOUT_SECONDS, default 30). */
  requestTimeoutSeconds: number;
  /** Seconds a client may take to send the request's headers (HTTP_HEADERS_TIMEOUT_SECONDS, default 10, at most the request timeout). */
  headersTimeoutSeconds: number;
  /** Seconds an idle keep-alive connection stays open (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, default 72: longer than a proxy's usual 60). */
  keepAliveTimeoutSeconds: number;
}

/** More workers than this is a typo, not a machine. */
const MAX_WORKERS = 256;

function parseServer(env: ConfigEnv, realtime: RealtimeConfig): ServerConfig {
  const requestTimeoutSeconds = parseWhole("HTTP_REQUEST_TIMEOUT_SECONDS", env.HTTP_REQUEST_TIMEOUT_SECONDS, 30, 1, 3600, "seconds");
  const headersTimeoutSeconds = parseWhole("HTTP_HEADERS_TIMEOUT_SECONDS", env.HTTP_HEADERS_TIMEOUT_SECONDS, Math.min(10, requestTimeoutSeconds), 1, 3600, "seconds");
  // Node refuses a headers timeout longer than the request timeout: say so here, not as a stack at listen().
  if (headersTimeoutSeconds > requestTimeoutSeconds) {
    throw CONFIG_INVALID(
      `HTTP_HEADERS_TIMEOUT_SECONDS (${headersTimeoutSeconds}) is longer than HTTP_REQUEST_TIMEOUT_SECONDS (${requestTimeoutSeconds}): the headers are part of the request; lower the one or raise the other`,
    );
  }
  const adminPort = env.ADMIN_PORT === undefined || env.ADMIN_PORT.trim() === "" ? undefined : parseWhole("ADMIN_PORT", env.ADMIN_PORT, 0, 1, 65535, "a TCP port");
  return {
    workers: parseWorkers(env.WORKERS),
    shutdownTimeoutSeconds: parseWhole("SHUTDOWN_TIMEOUT_SECONDS", env.SHUTDOWN_TIMEOUT_SECONDS, 10, 1, 3600, "seconds"),
    snapshotWatch: parseBoolean("SNAPSHOT_WATCH", env.SNAPSHOT_WATCH, false),
    adminPort,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    metrics: parseChoice("METRICS", env.METRICS, ["loopback", "open", "off"] as const, "loopback"),
    readyRealtimeMaxAgeSeconds: parseReadyAge(env.READY_REALTIME_MAX_AGE_SECONDS, realtime.maxAgeSeconds),
    requestTimeoutSeconds,
    headersTimeoutSeconds,
    keepAliveTimeoutSeconds: parseWhole("HTTP_KEEP_ALIVE_TIMEOUT_SECONDS", env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, 72, 1, 3600, "seconds"),
  };
}

function parseWorkers(value: string | undefined): number {
  const cores = availableParallelism();
  if (value === undefined || value.trim() === "" || value.trim().toLowerCase() === "auto") return cores;
  return parseWhole("WORKERS (or --workers)", value, cores, 1, MAX_WORKERS, "processes (or auto, the number of cores)");
}

function parseChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined || value.trim() === "") return fallback;
  const v = value.trim().toLowerCase() as T;
  if (!choices.includes(v)) throw CONFIG_INVALID(`${name} must be one of ${choices.join(", ")}, got "${value}"`);
  return v;
}

function parseReadyAge(value: string | undefined, realtimeMaxAge: number): number | undefined {
  if (value !== undefined && value.trim().toLowerCase() === "off") return undefined;
  return parseSeconds("READY_REALTIME_MAX_AGE_SECONDS", value, realtimeMaxAge);
}

/** `*`, `none`, or origins such as https://app.example.org (scheme, host and port; no path). */
function parseCorsOrigins(value: string | undefined): "*" | readonly string[] {
  if (value === undefined || value.trim() === "" || value.trim() === "*") return "*";
  if (value.trim().toLowerCase() === "none") return [];
  const origins: string[] = [];
  for (const raw of value.split(",")) {
    const v = raw.trim();
    if (v === "") continue;
    if (v === "*") throw CONFIG_INVALID('CORS_ORIGINS: "*" goes alone, not beside origins');
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      throw CONFIG_INVALID(`CORS_ORIGINS must be *, none, or origins such as https://app.example.org, comma-separated; "${v}" is none`);
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== v.replace(/\/$/, "")) {
      throw CONFIG_INVALID(`CORS_ORIGINS: "${v}" is no origin: give scheme, host and port only, e.g. https://app.example.org`);
    }
    origins.push(url.origin);
  }
  return origins;
}

// --- GTFS feeds kept current: serve --feed ... --refresh ... ------------------------------------------------

/** Default largest feed: New York's bus feeds are 20 to 60 MB zipped; a whole country's a few hundred. */
const DEFAULT_FEED_MAX_BYTES = 1024 ** 3;
/** Default interval: an operator publishes weekly or so, and a check that finds nothing new is one 304. */
const DEFAULT_REFRESH_SECONDS = 6 * 3600;
/** Options of `lijnwijzer import` a refresh may pass on; --out and --previous are the refresh's own. */
const IMPORT_OPTIONS_WITH_VALUE = ["--profile", "--reference", "--walk-radius", "--addresses", "--pois"];

function parseFeeds(env: ConfigEnv, overrides: FeedOverrides): FeedsConfig {
  const fromFlags = overrides.gtfsFeeds?.length ? overrides.gtfsFeeds : undefined;
  const where = fromFlags ? "--feed" : "FEEDS";
  const items = (fromFlags ?? (env.FEEDS ?? "").split(",")).map((f) => f.trim()).filter((f) => f !== "");
  const headers = overrides.feedHeaders?.length
    ? parseHeaders("--feed-header", overrides.feedHeaders.join(";"))
    : parseHeaders("FEED_HEADERS", env.FEED_HEADERS);
  const refreshValue = overrides.refresh ?? env.FEED_REFRESH;
  const refreshName = overrides.refresh !== undefined ? "--refresh" : "FEED_REFRESH";
  if (items.length === 0) {
    if (refreshValue !== undefined && refreshValue.trim() !== "") {
      throw CONFIG_INVALID(`${refreshName} needs feeds to refresh: give them with --feed <url|file> (repeatable) or FEEDS (comma-separated)`);
    }
    if (Object.keys(headers).length) throw CONFIG_INVALID("--feed-header and FEED_HEADERS need feeds: give them with --feed <url|file> or FEEDS");
  }
  const sources = items.map((item): GtfsFeedConfig => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(item) && !/^[a-z]:[\\/]/i.test(item)) {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw CONFIG_INVALID(`${where}: "${item}" is no valid URL`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw CONFIG_INVALID(`${where}: a feed URL must start with http:// or https://, got "${url.protocol}//..."; a file is given by its path`);
      }
      return { kind: "url", name: `${url.host}${url.pathname === "/" ? "" : url.pathname}`, url: url.href, headers };
    }
    return { kind: "file", name: item, path: item };
  });
  const seen = new Set<string>();
  for (const f of sources) {
    const at = f.kind === "url" ? f.url : f.path;
    if (seen.has(at)) throw CONFIG_INVALID(`${where} names ${f.name} twice: give each feed once`);
    seen.add(at);
  }
  // Names left to their defaults may repeat (one host, the same path with other queries): number the repeats.
  const names = new Map<string, number>();
  for (const f of sources) {
    const n = (names.get(f.name) ?? 0) + 1;
    names.set(f.name, n);
    if (n > 1) f.name = `${f.name} (${n})`;
  }
  return {
    sources,
    refreshSeconds: parseInterval(refreshName, refreshValue, DEFAULT_REFRESH_SECONDS),
    maxBytes: parseByteSize("FEED_MAX_BYTES", env.FEED_MAX_BYTES, DEFAULT_FEED_MAX_BYTES),
    timeoutSeconds: parseWhole("FEED_TIMEOUT_SECONDS", env.FEED_TIMEOUT_SECONDS, 60, 1, 3600, "seconds"),
    importArgs: parseImportArgs(env.FEED_IMPORT_ARGS),
  };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90` or `90s`, `15m`, `6h`, `1d`; from 1 s to 30 days; `off`: undefined. */
function parseInterval(name: string, value: string | undefined, fallback: number): number | undefined {
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

/** Options for the import a refresh runs, as pairs `--name value`; only those that shape the network. */
function parseImportArgs(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return [];
  const words = value.trim().split(/\s+/);
  for (let i = 0; i < words.length; i += 2) {
    const option = words[i];
    if (!IMPORT_OPTIONS_WITH_VALUE.includes(option)) {
      throw CONFIG_INVALID(`FEED_IMPORT_ARGS: "${option}" is not one of ${IMPORT_OPTIONS_WITH_VALUE.join(", ")} (each followed by its value); --out and --previous are the refresh's own`);
    }
    if (words[i + 1] === undefined || words[i + 1].startsWith("--")) throw CONFIG_INVALID(`FEED_IMPORT_ARGS: ${option} needs a value`);
  }
  return words;
}
