/**
 * The server's log as a newcomer reads it (lib/log-lines.ts, startup-banner.ts): readable lines with LOG_FORMAT=pretty
 * (the default on a terminal), JSON otherwise; one banner with the URLs of the page, /docs and /health; each startup
 * warning once per server, not once per worker.
 */
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readableLine, readableLogs } from "../../src/lib/log-lines.js";
import { fixture, runCli, tempDir } from "./support/run-cli.js";
import { type ServeProcess, startServe } from "./support/serve-process.js";

describe("readableLine", () => {
  const time = new Date(2026, 2, 17, 8, 5, 9).getTime();

  it("time, level, process, message, then the other fields; a request as method, path, status and time", () => {
    expect(readableLine(JSON.stringify({ level: 30, time, pid: 42, hostname: "h", msg: "network loaded", stops: 12, snapshot: "/a b.snapshot" }))).toBe(
      '08:05:09 INFO  [pid 42] network loaded  stops=12 snapshot="/a b.snapshot"',
    );
    expect(
      readableLine(JSON.stringify({ level: 30, time, pid: 42, hostname: "h", reqId: "r1", res: { statusCode: 200 }, responseTime: 3.14159, req: { method: "GET", url: "/health" }, msg: "request completed" })),
    ).toBe("08:05:09 INFO  [pid 42] GET /health 200 3.1 ms request completed");
    expect(readableLine(JSON.stringify({ level: 40, time, pid: 7, hostname: "h", role: "primary", msg: "a worker exited" }))).toBe("08:05:09 WARN  [primary] a worker exited");
    expect(readableLine("not json")).toBe("not json");
  });

  it("readable with pretty, and with auto on a terminal only", () => {
    expect([readableLogs("pretty", {}), readableLogs("json", { isTTY: true }), readableLogs("auto", { isTTY: true }), readableLogs("auto", {})]).toEqual([true, false, true, false]);
  });
});

describe("serve's log", () => {
  let snapshot = "";
  let serve: ServeProcess | undefined;
  beforeAll(() => {
    snapshot = join(tempDir(), "expired.snapshot");
    expect(runCli(["import", fixture("expired"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
  });
  afterEach(async () => {
    await serve?.stop();
    serve = undefined;
  });

  it("LOG_FORMAT=pretty, two workers: readable lines, one banner, the expiry warning once", async () => {
    serve = await startServe(["--network", snapshot, "--workers", "2", "--no-realtime"], { LOG_FORMAT: "pretty" });
    await fetch(`${serve.origin}/health`);
    await serve.logOnce((l) => l.includes(" serves ") && l.includes("request completed"));
    await new Promise((r) => setTimeout(r, 300)); // time for a second banner or warning, were there one
    const lines = serve.log().split("\n").filter(Boolean);
    expect(lines.filter((l) => l.startsWith("{"))).toEqual([]);
    expect(lines.every((l) => /^\d\d:\d\d:\d\d (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \[(primary|pid \d+)\] /.test(l))).toBe(true);
    const banners = lines.filter((l) => l.includes("serves "));
    expect(banners).toEqual([
      expect.stringMatching(new RegExp(`\\[primary\\] lijnwijzer \\d+\\.\\d+\\.\\d+ serves ${snapshot.replace(/[.]/g, "\\.")}: the page http://127\\.0\\.0\\.1:${serve.port}/, the API reference http://127\\.0\\.0\\.1:${serve.port}/docs, health http://127\\.0\\.0\\.1:${serve.port}/health$`)),
    ]);
    expect(lines.filter((l) => l.includes("the network expired"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("no API keys configured"))).toHaveLength(0); // API_KEYS is set
    expect(lines.some((l) => /\] GET \/health incoming request$/.test(l))).toBe(true);
    expect(lines.some((l) => /\] 200 [\d.]+ ms request completed$/.test(l))).toBe(true);
  }, 120_000);

  it("without a terminal the lines stay JSON, and a process alone says its banner itself", async () => {
    serve = await startServe(["--network", snapshot, "--workers", "1", "--no-realtime"]);
    await serve.logOnce((l) => l.includes(" serves "));
    const lines = serve.log().split("\n").filter(Boolean);
    expect(lines.every((l) => l.startsWith("{"))).toBe(true);
    const banner = lines.map((l) => JSON.parse(l) as { msg: string }).filter((l) => l.msg.includes(" serves "));
    expect(banner).toHaveLength(1);
    expect(banner[0].msg).toContain(`/docs, health http://127.0.0.1:${serve.port}/health`);
  }, 120_000);
});
