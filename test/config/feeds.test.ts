import { describe, expect, it } from "vitest";
import type { LijnwijzerError } from "../../src/errors.js";
import { loadConfig } from "../../src/config/load-config.js";

const refused = (env: Record<string, string>, overrides = {}): string => {
  try {
    loadConfig(env, overrides);
  } catch (e) {
    expect((e as LijnwijzerError).code).toBe("LW_CONFIG_INVALID");
    return (e as Error).message;
  }
  throw new Error("loadConfig accepted an invalid configuration");
};

describe("loadConfig: GTFS feeds kept current (serve --feed)", () => {
  it("feeds - FEEDS holds URLs and files, comma-separated, with FEED_HEADERS for the URLs; --feed replaces it", () => {
    const c = loadConfig({ FEEDS: "https://example.org/gtfs.zip?key=1, ./local.zip", FEED_HEADERS: "X-Key: abc; Accept: application/zip" });
    expect(c.feeds.sources).toEqual([
      { kind: "url", name: "example.org/gtfs.zip", url: "https://example.org/gtfs.zip?key=1", headers: { "X-Key": "abc", Accept: "application/zip" } },
      { kind: "file", name: "./local.zip", path: "./local.zip" },
    ]);
    const flags = loadConfig({ FEEDS: "https://example.org/a.zip" }, { gtfsFeeds: ["http://127.0.0.1:9/b.zip"], feedHeaders: ["X-Key: k"], refresh: "1" });
    expect(flags.feeds.sources).toEqual([{ kind: "url", name: "127.0.0.1:9/b.zip", url: "http://127.0.0.1:9/b.zip", headers: { "X-Key": "k" } }]);
    expect(flags.feeds.refreshSeconds).toBe(1);
  });

  it("feeds - intervals are seconds or a number with s, m, h or d; off checks at start only; default 6 h", () => {
    const interval = (v: string) => loadConfig({ FEEDS: "a.zip", FEED_REFRESH: v }).feeds.refreshSeconds;
    expect([interval("90"), interval("90s"), interval("15m"), interval("6h"), interval("1d"), interval("off"), interval("")]).toEqual([
      90,
      90,
      900,
      21_600,
      86_400,
      undefined,
      21_600,
    ]);
    expect(refused({ FEEDS: "a.zip", FEED_REFRESH: "soon" })).toBe(
      'Invalid configuration: FEED_REFRESH must be an interval from 1 s to 30 days: seconds, or a number with s, m, h or d (e.g. 15m, 6h, 1d), or off; got "soon"',
    );
    expect(refused({ FEEDS: "a.zip" }, { refresh: "0" })).toMatch(/^Invalid configuration: --refresh must be an interval from 1 s to 30 days/);
    expect(refused({ FEEDS: "a.zip", FEED_REFRESH: "31d" })).toMatch(/FEED_REFRESH must be an interval/);
  });

  it("feeds - refused: a refresh or headers without feeds, a URL other than http(s), a feed twice, bad import options", () => {
    expect(refused({}, { refresh: "1h" })).toBe(
      "Invalid configuration: --refresh needs feeds to refresh: give them with --feed <url|file> (repeatable) or FEEDS (comma-separated)",
    );
    expect(refused({ FEED_HEADERS: "X-Key: a" })).toMatch(/FEED_HEADERS need feeds/);
    expect(refused({ FEEDS: "ftp://example.org/a.zip" })).toBe(
      'Invalid configuration: FEEDS: a feed URL must start with http:// or https://, got "ftp://..."; a file is given by its path',
    );
    expect(refused({ FEEDS: "a.zip,a.zip" })).toBe("Invalid configuration: FEEDS names a.zip twice: give each feed once");
    expect(refused({ FEEDS: "a.zip", FEED_HEADERS: "no colon" })).toMatch(/FEED_HEADERS must be "Name: value" pairs/);
    expect(refused({ FEEDS: "a.zip", FEED_IMPORT_ARGS: "--out x" })).toMatch(/FEED_IMPORT_ARGS: "--out" is not one of --profile, --reference/);
    expect(refused({ FEEDS: "a.zip", FEED_IMPORT_ARGS: "--profile" })).toBe("Invalid configuration: FEED_IMPORT_ARGS: --profile needs a value");
    expect(loadConfig({ FEEDS: "a.zip", FEED_IMPORT_ARGS: "--profile generic  --reference none" }).feeds.importArgs).toEqual([
      "--profile",
      "generic",
      "--reference",
      "none",
    ]);
    expect(refused({ FEEDS: "a.zip", FEED_MAX_BYTES: "lots" })).toMatch(/FEED_MAX_BYTES must be a size/);
  });

  it("VALIDITY_WARNING_DAYS - whole days from 0 (off) to 366, default 7", () => {
    expect(loadConfig({}).validityWarningDays).toBe(7);
    expect(loadConfig({ VALIDITY_WARNING_DAYS: "0" }).validityWarningDays).toBe(0);
    expect(refused({ VALIDITY_WARNING_DAYS: "-1" })).toBe('Invalid configuration: VALIDITY_WARNING_DAYS must be a whole number of days from 0 to 366, got "-1"');
  });
});
