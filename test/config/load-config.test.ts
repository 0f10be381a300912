import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { failure, tempFile } from "./support/config-failure.js";

const keysFile = tempFile;

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
      logFormat: "auto",
      gtfsRtPath: "/gtfs/v3/realtime",
      realtime: { feeds: undefined, intervalSeconds: 30, timeoutSeconds: 10, maxAgeSeconds: 300, maxBytes: 33_554_432 },
      warnings: ["no API keys configured: the key 'demo' works (set API_KEYS or API_KEYS_FILE)"],
      quota: { keysFile: undefined, store: "memory", redisUrl: undefined, redisFailure: "open", redisTimeoutMs: 100, redisShare: availableParallelism() },
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
        streamsPerWorker: 500,
        streamsPerKey: 10,
        heapGrowingPercent: 50,
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

  it("loadConfig - HEAP_GROWING_PERCENT: whole percent from 0 (V8's own policy) to 300, default 50", () => {
    expect([loadConfig({}).server.heapGrowingPercent, loadConfig({ HEAP_GROWING_PERCENT: "0" }).server.heapGrowingPercent]).toEqual([50, 0]);
    expect(failure({ HEAP_GROWING_PERCENT: "-5" })).toBe('Invalid configuration: HEAP_GROWING_PERCENT must be a whole number of percent from 0 to 300, got "-5"');
  });

  it("loadConfig - STREAMS_PER_WORKER and STREAMS_PER_KEY bound the event streams; whole numbers from 1", () => {
    const c = loadConfig({ STREAMS_PER_WORKER: "6000", STREAMS_PER_KEY: " 6000 " });
    expect([c.server.streamsPerWorker, c.server.streamsPerKey]).toEqual([6000, 6000]);
    expect(failure({ STREAMS_PER_WORKER: "0" })).toBe('Invalid configuration: STREAMS_PER_WORKER must be a whole number of event streams from 1 to 1000000, got "0"');
    expect(failure({ STREAMS_PER_KEY: "ten" })).toBe('Invalid configuration: STREAMS_PER_KEY must be a whole number of event streams from 1 to 1000000, got "ten"');
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
