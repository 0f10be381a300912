/**
 * Where and how the HTTP server listens and what it serves at which path (PORT, HOST, *_PREFIX, PUBLIC_BASE_URL,
 * TRUST_PROXY, GTFS_RT_PATH), and the production server (workers, reload, shutdown, HTTP timeouts, CORS, /metrics,
 * /ready, the bounds on event streams).
 */
import { availableParallelism } from "node:os";
import { CONFIG_INVALID } from "../errors.js";
import { type ConfigEnv, parseBoolean, parseChoice, parseSeconds, parseWhole } from "./values.js";

/** PORT, default 8080; 0 picks a free one. */
export function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 8080;
  const v = value.trim();
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 65535) {
    throw CONFIG_INVALID(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return n;
}

/** CORE_PREFIX, SEARCH_PREFIX, GTFS_RT_PATH: path segments without a trailing slash; "/" (or empty) is the root, "". */
export function parsePrefix(name: string, value: string | undefined, fallback: string): string {
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

/** PUBLIC_BASE_URL: scheme, host and path without a trailing slash; undefined: links follow each request. */
export function parseBaseUrl(value: string | undefined): string | undefined {
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
  /**
   * Event streams one process holds open at once (STREAMS_PER_WORKER, default 500; 503 beyond): each costs a socket
   * and its share of the writes of every update (docs/OPERATIONS.md "Event streams", docs/BENCHMARKS.md
   * "5,000 event-stream subscribers (bench:sse)").
   */
  streamsPerWorker: number;
  /** Event streams one key holds open on one process (STREAMS_PER_KEY, default 10; 429 beyond). */
  streamsPerKey: number;
  /**
   * How far V8 lets the old generation grow beyond what the last full collection kept before it collects again, in
   * percent (HEAP_GROWING_PERCENT, default 50; 0: V8's own policy, which lets a small heap grow up to four times).
   * Set in each serving process (heap-growth.ts; docs/OPERATIONS.md "Memory").
   */
  heapGrowingPercent: number;
}

/** The most streams a process may be told to hold: beyond it the file descriptors (ulimit -n) run out first. */
const MAX_STREAMS = 1_000_000;

/** More workers than this is a typo, not a machine. */
const MAX_WORKERS = 256;

/** The production server; /ready's real-time age defaults to REALTIME_MAX_AGE_SECONDS, hence realtimeMaxAgeSeconds. */
export function parseServer(env: ConfigEnv, realtimeMaxAgeSeconds: number): ServerConfig {
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
    readyRealtimeMaxAgeSeconds: parseReadyAge(env.READY_REALTIME_MAX_AGE_SECONDS, realtimeMaxAgeSeconds),
    requestTimeoutSeconds,
    headersTimeoutSeconds,
    keepAliveTimeoutSeconds: parseWhole("HTTP_KEEP_ALIVE_TIMEOUT_SECONDS", env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, 72, 1, 3600, "seconds"),
    streamsPerWorker: parseWhole("STREAMS_PER_WORKER", env.STREAMS_PER_WORKER, 500, 1, MAX_STREAMS, "event streams"),
    streamsPerKey: parseWhole("STREAMS_PER_KEY", env.STREAMS_PER_KEY, 10, 1, MAX_STREAMS, "event streams"),
    heapGrowingPercent: parseWhole("HEAP_GROWING_PERCENT", env.HEAP_GROWING_PERCENT, 50, 0, 300, "percent"),
  };
}

function parseWorkers(value: string | undefined): number {
  const cores = availableParallelism();
  if (value === undefined || value.trim() === "" || value.trim().toLowerCase() === "auto") return cores;
  return parseWhole("WORKERS (or --workers)", value, cores, 1, MAX_WORKERS, "processes (or auto, the number of cores)");
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

