/**
 * REALTIME_* and `--realtime` / `--no-realtime`: the GTFS-Realtime feeds polled
 * (https://gtfs.org/documentation/realtime/reference/) and how.
 */
import { existsSync, readFileSync } from "node:fs";
import { CONFIG_INVALID } from "../errors.js";
import { parseRedisUrl } from "./quotas.js";
import { type ConfigEnv, jsonHeaders, jsonSeconds, parseByteSize, parseHeaders, parseSeconds } from "./values.js";

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
  /** The built-in demo simulator (src/realtime/simulate-feed.ts) for the network served. */
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
  /**
   * REALTIME_SHARE=redis: the replicas that share REDIS_URL elect one poller of the feeds outside the process, which
   * shares each poll with the others (src/realtime/shared-feed.ts); its lease lasts REALTIME_SHARE_LEASE_SECONDS
   * (default 15). Undefined (REALTIME_SHARE=none, the default): each replica polls for itself.
   */
  share: { redisUrl: string; leaseSeconds: number } | undefined;
}

/** What the command line says about real-time; it replaces REALTIME_FEEDS. */
export interface RealtimeOverrides {
  /** `--realtime <url|file|simulator>`, repeatable. */
  feeds?: string[];
  /** `--no-realtime`. */
  off?: boolean;
}

/** Default largest feed: a whole city's TripUpdates are a few MB; decoded, a feed takes about ten times its size. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** REALTIME_FEEDS (or the command line, which replaces it), REALTIME_HEADERS and the REALTIME_* limits. */
export function parseRealtime(env: ConfigEnv, overrides: RealtimeOverrides, warnings: string[]): RealtimeConfig {
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
  return { feeds, intervalSeconds, timeoutSeconds, maxAgeSeconds, maxBytes, share: parseShare(env) };
}

/** REALTIME_SHARE (none | redis) with REDIS_URL, and REALTIME_SHARE_LEASE_SECONDS. */
function parseShare(env: ConfigEnv): RealtimeConfig["share"] {
  const v = env.REALTIME_SHARE?.trim().toLowerCase() ?? "";
  if (v === "" || v === "none") return undefined;
  if (v !== "redis") throw CONFIG_INVALID(`REALTIME_SHARE must be none or redis, got ${env.REALTIME_SHARE}`);
  const redisUrl = parseRedisUrl(env.REDIS_URL);
  if (redisUrl === undefined) throw CONFIG_INVALID("REALTIME_SHARE=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379");
  return { redisUrl, leaseSeconds: parseSeconds("REALTIME_SHARE_LEASE_SECONDS", env.REALTIME_SHARE_LEASE_SECONDS, 15) };
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
    throw CONFIG_INVALID(`${where}: ${value.length} characters that are no valid URL (not repeated here: a URL may hold a key)`);
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
