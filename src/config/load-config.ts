/**
 * The environment and the command line -> one validated configuration, composed of a module per concern
 * (server.ts, api-keys.ts, quotas.ts, realtime.ts, routeplan.ts, feeds.ts, log-level.ts; values.ts parses the
 * values they share). Validated once at startup; the request path only reads it.
 */
import { CONFIG_INVALID } from "../errors.js";
import { type ApiKeysSource, orDemoKey, parseApiKeys, parseWebApiKey } from "./api-keys.js";
import { type FeedOverrides, type FeedsConfig, parseFeeds } from "./feeds.js";
import { type LogFormat, type LogLevel, parseLogFormat, parseLogLevel } from "./log-level.js";
import { parseQuota, type QuotaConfig } from "./quotas.js";
import { parseRealtime, type RealtimeConfig, type RealtimeOverrides } from "./realtime.js";
import { parseRouteplan, type RouteplanConfig } from "./routeplan.js";
import { parseBaseUrl, parsePort, parsePrefix, parseServer, type ServerConfig } from "./server.js";
import { type ConfigEnv, nonEmpty, parseBoolean, parseWhole } from "./values.js";

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
  apiKeysSource: ApiKeysSource;
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=true|false, default false). */
  trustProxy: boolean;
  /** pino level (LOG_LEVEL, default "info"); "info" logs every request. */
  logLevel: LogLevel;
  /** LOG_FORMAT: json, pretty, or auto (default: readable when stdout is a terminal; lib/log-lines.ts). */
  logFormat: LogFormat;
  /** Path of the GTFS-Realtime output (GTFS_RT_PATH, default "/gtfs/v3/realtime", the operator's GTFS-RT v3 API). */
  gtfsRtPath: string;
  /** GTFS-Realtime feeds and how they are polled (REALTIME_*, `--realtime` and `--no-realtime`; realtime.ts). */
  realtime: RealtimeConfig;
  /** Route planning (E1) when ROUTEPLAN_* is set (routeplan.ts); undefined: the planner's defaults (src/routing/plan-journeys.ts). */
  routeplan?: RouteplanConfig;
  /** Keys with products and quotas (KEYS_FILE, QUOTA_*, REDIS_URL; quotas.ts). */
  quota: QuotaConfig;
  /** Things worth a warning line in the startup log, e.g. that the demo key works. */
  warnings: string[];
  /** Workers, reload, shutdown, HTTP timeouts, CORS, /metrics and /ready (server.ts). */
  server: ServerConfig;
  /** GTFS feeds that `serve` keeps current (FEEDS, FEED_*, `--feed`, `--refresh`, `--feed-header`; feeds.ts). */
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
 * Reads and validates the configuration from environment variables. Throws LW_CONFIG_INVALID naming the
 * variable and what to fix; never returns a half-valid config.
 */
export function loadConfig(env: ConfigEnv = process.env, overrides: RealtimeOverrides & FeedOverrides = {}): AppConfig {
  // The order of the checks is the order of the messages: the first wrong value found is the one reported.
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
  const logFormat = parseLogFormat(env.LOG_FORMAT);

  const configuredKeys = parseApiKeys(env);
  const quota = parseQuota(env, warnings);
  const { apiKeys, apiKeysSource } = orDemoKey(configuredKeys, quota.keysFile !== undefined, warnings);
  const gtfsRtPath = parsePrefix("GTFS_RT_PATH", env.GTFS_RT_PATH, "/gtfs/v3/realtime");
  if (gtfsRtPath === "") throw CONFIG_INVALID('GTFS_RT_PATH must be a path below the root, e.g. /gtfs/v3/realtime; got "/"');
  const realtime = parseRealtime(env, overrides, warnings);
  const routeplan = parseRouteplan(env);
  const server = parseServer(env, realtime.maxAgeSeconds);
  // While Redis does not count, a key's remaining calls are shared by this replica's workers unless told otherwise.
  quota.redisShare ??= server.workers;
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
    logFormat,
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
