/**
 * REALTIME_* and `--realtime` / `--no-realtime` (src/config/realtime.ts), through loadConfig.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { failure, tempFile } from "./support/config-failure.js";

/** A file that exists, for a feed read from a file. */
const existingFile = tempFile;

describe("loadConfig - real-time", () => {
  it("loadConfig - REALTIME_FEEDS lists URLs, files and the simulator; URL feeds take REALTIME_HEADERS and are named without their query", () => {
    const path = existingFile("");
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
