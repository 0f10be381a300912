/**
 * FEEDS, FEED_* and `serve --feed ... --refresh ... --feed-header ...`: the GTFS feeds `serve` keeps current
 * (src/cli/feed-refresh.ts).
 */
import { CONFIG_INVALID } from "../errors.js";
import { type ConfigEnv, parseByteSize, parseHeaders, parseInterval, parseWhole } from "./values.js";

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

/** Default largest feed: New York's bus feeds are 20 to 60 MB zipped; a whole country's a few hundred. */
const DEFAULT_FEED_MAX_BYTES = 1024 ** 3;
/** Default interval: an operator publishes weekly or so, and a check that finds nothing new is one 304. */
const DEFAULT_REFRESH_SECONDS = 6 * 3600;
/** Options of `lijnwijzer import` a refresh may pass on; --out and --previous are the refresh's own. */
const IMPORT_OPTIONS_WITH_VALUE = ["--profile", "--reference", "--walk-radius", "--walk-budget", "--walk-speed", "--addresses", "--pois"];

/** The command line replaces each variable it gives; feeds are checked for repeats and their names made unique. */
export function parseFeeds(env: ConfigEnv, overrides: FeedOverrides): FeedsConfig {
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
        throw CONFIG_INVALID(`${where}: ${item.length} characters that are no valid URL (not repeated here: a URL may hold a key)`);
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
