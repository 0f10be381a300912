import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../src/errors.js";
import { loadConfig } from "../../src/lib/config.js";

const keysFile = (text: string) => {
  const dir = mkdtempSync(join(tmpdir(), "lw-config-"));
  const path = join(dir, "keys.txt");
  writeFileSync(path, text);
  return path;
};

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(LijnwijzerError);
    expect((e as LijnwijzerError).code).toBe("LW_CONFIG_INVALID");
    return (e as Error).message;
  }
  throw new Error("loadConfig accepted an invalid configuration");
};

describe("loadConfig", () => {
  it("loadConfig - defaults: port 8080, all interfaces, the operator's prefixes, the demo key with a warning", () => {
    const c = loadConfig({});
    expect(c).toEqual({
      port: 8080,
      host: "0.0.0.0",
      corePrefix: "/DLKernOpenData",
      searchPrefix: "/DLZoekOpenData",
      publicBaseUrl: undefined,
      apiKeys: ["demo"],
      apiKeysSource: "demo",
      trustProxy: false,
      logLevel: "info",
      gtfsRtPath: "/gtfs/v3/realtime",
      realtime: { feeds: undefined, intervalSeconds: 30, timeoutSeconds: 10, maxAgeSeconds: 300, maxBytes: 33_554_432 },
      warnings: ["no API keys configured: the key 'demo' works (set API_KEYS or API_KEYS_FILE)"],
      quota: { keysFile: undefined, store: "memory", redisUrl: undefined, redisFailure: "open", redisTimeoutMs: 100 },
      server: {
        workers: availableParallelism(),
        shutdownTimeoutSeconds: 10,
        snapshotWatch: false,
        adminPort: undefined,
        corsOrigins: "*",
        metrics: "loopback",
        readyRealtimeMaxAgeSeconds: 300,
        requestTimeoutSeconds: 30,
        headersTimeoutSeconds: 10,
        keepAliveTimeoutSeconds: 72,
      },
      feeds: { sources: [], refreshSeconds: 21_600, maxBytes: 1024 ** 3, timeoutSeconds: 60, importArgs: [] },
      validityWarningDays: 7,
    });
  });

  it("loadConfig - API_KEYS is comma-separated, trimmed, deduplicated; the demo key no longer works", () => {
    const c = loadConfig({ API_KEYS: " k1 , k2,,k1 " });
    expect(c.apiKeys).toEqual(["k1", "k2"]);
    expect(c.apiKeysSource).toBe("env");
    expect(c.warnings).toEqual([]);
  });

  it("loadConfig - API_KEYS_FILE holds one key per line, with blank lines and # comments", () => {
    const path = keysFile("# team A\nalpha\n\n  beta  \n# old: gamma\n");
    expect(loadConfig({ API_KEYS_FILE: path }).apiKeys).toEqual(["alpha", "beta"]);
    const both = loadConfig({ API_KEYS_FILE: path, API_KEYS: "delta" });
    expect(both.apiKeys).toEqual(["delta", "alpha", "beta"]);
    expect(both.apiKeysSource).toBe("env+file");
  });

  it("loadConfig - prefixes lose trailing slashes; '/' serves at the root", () => {
    const c = loadConfig({ CORE_PREFIX: "/kern/", SEARCH_PREFIX: "/" });
    expect(c.corePrefix).toBe("/kern");
    expect(c.searchPrefix).toBe("");
  });

  it("loadConfig - GTFS_RT_PATH is a path like the prefixes, never the root", () => {
    expect(loadConfig({ GTFS_RT_PATH: "/rt/feed/" }).gtfsRtPath).toBe("/rt/feed");
    expect(failure({ GTFS_RT_PATH: "/" })).toBe('Invalid configuration: GTFS_RT_PATH must be a path below the root, e.g. /gtfs/v3/realtime; got "/"');
  });

  it("loadConfig - PUBLIC_BASE_URL keeps scheme, host and path, without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://transit.example.org/lw/" }).publicBaseUrl).toBe(
      "https://transit.example.org/lw",
    );
  });

  it("loadConfig - rejects bad values with a message naming the variable and what to give", () => {
    expect(failure({ PORT: "80a" })).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535, got "80a"');
    expect(failure({ PORT: "70000" })).toContain("PORT must be a whole number from 0 to 65535");
    expect(failure({ CORE_PREFIX: "kern" })).toBe(
      'Invalid configuration: CORE_PREFIX must start with "/", e.g. /DLKernOpenData; got "kern"',
    );
    expect(failure({ CORE_PREFIX: "/a", SEARCH_PREFIX: "/a/" })).toContain("CORE_PREFIX and SEARCH_PREFIX are both");
    expect(failure({ PUBLIC_BASE_URL: "transit.example.org" })).toContain("PUBLIC_BASE_URL must be an absolute URL");
    expect(failure({ PUBLIC_BASE_URL: "ftp://x.org" })).toContain("must start with http:// or https://");
    expect(failure({ LOG_LEVEL: "loud" })).toContain("LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
    expect(failure({ TRUST_PROXY: "maybe" })).toBe('Invalid configuration: TRUST_PROXY must be true or false, got "maybe"');
    expect(failure({ API_KEYS: "good,bad key" })).toContain('API_KEYS: key "bad key" may only hold letters, digits');
    expect(failure({ API_KEYS_FILE: "/nonexistent/keys.txt" })).toContain("API_KEYS_FILE /nonexistent/keys.txt cannot be read");
    expect(failure({ API_KEYS_FILE: keysFile("# nobody\n") })).toContain("holds no key: write one key per line");
    expect(failure({ HOST: "  " })).toBe("Invalid configuration: HOST is set but empty: give a value or unset it");
  });
});

describe("loadConfig - real-time", () => {
  it("loadConfig - REALTIME_FEEDS lists URLs, files and the simulator; URL feeds take REALTIME_HEADERS and are named without their query", () => {
    const path = keysFile("");
    const c = loadConfig({
      REALTIME_FEEDS: ` https://api.example.org/rt/trips?key=abc , ${path},simulator,https://api.example.org/rt/trips?key=def`,
      REALTIME_HEADERS: "Ocp-Apim-Subscription-Key: k1; X-Client: lijnwijzer",
      REALTIME_INTERVAL_SECONDS: "15",
      REALTIME_TIMEOUT_SECONDS: "5",
      REALTIME_MAX_AGE_SECONDS: "120",
      REALTIME_MAX_BYTES: "8M",
      API_KEYS: "k",
    });
    const headers = { "Ocp-Apim-Subscription-Key": "k1", "X-Client": "lijnwijzer" };
    expect(c.realtime).toEqual({
      feeds: [
        { kind: "url", name: "api.example.org/rt/trips", url: "https://api.example.org/rt/trips?key=abc", headers, intervalSeconds: 15, timeoutSeconds: 5 },
        { kind: "file", name: path, path, intervalSeconds: 15 },
        { kind: "simulator", name: "simulator", intervalSeconds: 15 },
        { kind: "url", name: "api.example.org/rt/trips (2)", url: "https://api.example.org/rt/trips?key=def", headers, intervalSeconds: 15, timeoutSeconds: 5 },
      ],
      intervalSeconds: 15,
      timeoutSeconds: 5,
      maxAgeSeconds: 120,
      maxBytes: 8 * 1024 * 1024,
    });
    expect(c.warnings).toEqual([]);
  });

  it("loadConfig - REALTIME_FEEDS as JSON, inline or in a file, sets name, interval, timeout and headers per feed", () => {
    const json = JSON.stringify([
      { name: "trips", url: "https://rt.example.org/trips", intervalSeconds: 20, headers: { "x-api-key": "s3" } },
      { file: "/nonexistent/vehicles.pb" },
    ]);
    const c = loadConfig({ REALTIME_FEEDS: json, REALTIME_HEADERS: "X-Client: lw" });
    expect(c.realtime.feeds).toEqual([
      { kind: "url", name: "trips", url: "https://rt.example.org/trips", headers: { "X-Client": "lw", "x-api-key": "s3" }, intervalSeconds: 20, timeoutSeconds: 10 },
      { kind: "file", name: "/nonexistent/vehicles.pb", path: "/nonexistent/vehicles.pb", intervalSeconds: 30 },
    ]);
    expect(c.warnings).toContain("REALTIME_FEEDS, feed 2: the feed file /nonexistent/vehicles.pb does not exist (yet): it is polled until it does");
    const dir = mkdtempSync(join(tmpdir(), "lw-config-"));
    writeFileSync(join(dir, "feeds.json"), json);
    expect(loadConfig({ REALTIME_FEEDS: join(dir, "feeds.json"), REALTIME_HEADERS: "X-Client: lw" }).realtime.feeds).toEqual(c.realtime.feeds);
  });

  it("loadConfig - none turns real-time off; --realtime replaces REALTIME_FEEDS and --no-realtime turns it off", () => {
    expect(loadConfig({ REALTIME_FEEDS: "None" }).realtime.feeds).toBe("none");
    const env = { REALTIME_FEEDS: "https://a.example.org/rt" };
    expect(loadConfig(env, { feeds: ["https://b.example.org/rt,x"] }).realtime.feeds).toEqual([
      { kind: "url", name: "b.example.org/rt,x", url: "https://b.example.org/rt,x", headers: {}, intervalSeconds: 30, timeoutSeconds: 10 },
    ]);
    expect(loadConfig(env, { off: true }).realtime.feeds).toBe("none");
  });

  it("loadConfig - rejects bad real-time settings with a message naming the variable and what to give", () => {
    expect(failure({ REALTIME_INTERVAL_SECONDS: "0" })).toBe(
      'Invalid configuration: REALTIME_INTERVAL_SECONDS must be a whole number of seconds from 1 to 86400, got "0"',
    );
    expect(failure({ REALTIME_MAX_BYTES: "lots" })).toBe(
      'Invalid configuration: REALTIME_MAX_BYTES must be a size from 1k to 2G, in bytes or with k, M or G (e.g. 32M), got "lots"',
    );
    expect(failure({ REALTIME_FEEDS: "ftp://x.org/feed" })).toBe(
      'Invalid configuration: REALTIME_FEEDS: a feed URL must start with http:// or https://, got "ftp://..."',
    );
    expect(failure({ REALTIME_FEEDS: "https://x.org/a", REALTIME_INTERVAL_SECONDS: "600" })).toBe(
      'Invalid configuration: REALTIME_MAX_AGE_SECONDS (300) is shorter than the polling interval of feed "x.org/a" (600 s): its messages would expire between polls; raise the age or poll more often',
    );
    expect(failure({ REALTIME_FEEDS: '[{"url": "https://x.org/a", "interval": 5}]' })).toBe(
      "Invalid configuration: REALTIME_FEEDS, feed 1 has unknown field(s) interval: the fields are name, url, file, simulator, intervalSeconds, timeoutSeconds, headers",
    );
    expect(failure({ REALTIME_FEEDS: '[{"url": "https://x.org/a", "file": "a.pb"}]' })).toBe(
      "Invalid configuration: REALTIME_FEEDS, feed 1 must have exactly one of url, file or simulator, it has url and file",
    );
    expect(failure({ REALTIME_FEEDS: "[{" })).toContain("REALTIME_FEEDS is no valid JSON");
    expect(failure({ REALTIME_HEADERS: "Ocp-Apim-Subscription-Key=abc" })).toBe(
      'Invalid configuration: REALTIME_HEADERS must be "Name: value" pairs separated by ";", e.g. "Ocp-Apim-Subscription-Key: abc123"; "Ocp-Apim-Subscription-Key=abc" is none',
    );
    expect(failure({ REALTIME_FEEDS: "https://x.org/a,none" })).toContain("none turns real-time off and goes alone");
    expect(() => loadConfig({}, { feeds: ["simulator"], off: true })).toThrow("--realtime and --no-realtime contradict each other");
  });
});
