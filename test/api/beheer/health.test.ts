import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import type { FeedRefreshHealth } from "../../../src/api/beheer/health.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { FeedManager } from "../../../src/realtime/feed-manager.js";
import { functionFeedSource } from "../../../src/realtime/feed-source.js";
import { standInBuild } from "../../realtime/support/stand-in-build.js";
import { startServer, TEST_KEY, type TestServer } from "../support/server.js";
import { suiteNetwork } from "../support/suite-network.js";

let server: TestServer;
let net: Network;
let now: number;

beforeAll(async () => {
  net = await suiteNetwork();
  // One hour and a half second after the snapshot was written.
  now = Date.parse(net.meta.createdAt) + 3_600_500;
  server = await startServer(net, {}, () => now);
});
afterAll(async () => {
  await server?.close();
});

describe("/health", () => {
  it("health - a client neither on this machine nor with a key gets the status and validity only; /ready the checks' outcome", async () => {
    const ymd = (d: number) => `${String(d).slice(0, 4)}-${String(d).slice(4, 6)}-${String(d).slice(6)}`;
    const publicBody = {
      status: "ok",
      network: { validFrom: ymd(net.meta.validFrom), validTo: ymd(net.meta.validTo) },
      detail: "counts, feeds, real-time feeds and warnings answer a client on this machine, or one that sends a subscription key",
    };
    const remote = await server.app.inject({ url: "/health", remoteAddress: "203.0.113.9" });
    expect(remote.json()).toEqual(publicBody);
    // Through a proxy on this machine (its marks on the request) it is a remote client all the same.
    const proxied = await fetch(`${server.origin}/health`, { headers: { "x-real-ip": "203.0.113.9" } });
    expect(await proxied.json()).toEqual(publicBody);
    const keyed = await server.app.inject({ url: "/health", remoteAddress: "203.0.113.9", headers: { "ocp-apim-subscription-key": TEST_KEY } });
    expect(keyed.json().network.counts.stops).toBe(net.stops.count);
    const ready = await server.app.inject({ url: "/ready", remoteAddress: "203.0.113.9" });
    expect(ready.json()).toEqual({
      ready: true,
      checks: { snapshot: { ok: true, detail: "ok" }, shutdown: { ok: true, detail: "ok" }, realtime: { ok: true, detail: "ok" } },
    });
  });

  it("health - answers a client on this machine without a key with the network's counts, validity, zone, feeds and age", async () => {
    const res = await fetch(`${server.origin}/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    let directions = 0;
    for (const e of net.lineDirections.exists) directions += e;
    const ymd = (d: number) => `${String(d).slice(0, 4)}-${String(d).slice(4, 6)}-${String(d).slice(6)}`;
    expect(body).toEqual({
      status: "ok",
      network: {
        counts: {
          stops: net.stops.count,
          lines: net.lines.count,
          lineDirections: directions,
          patterns: net.patterns.count,
          trips: net.trips.count,
          stopTimes: net.stopTimes.count,
        },
        validFrom: ymd(net.meta.validFrom),
        validTo: ymd(net.meta.validTo),
        timezone: "Europe/Brussels",
        feeds: net.meta.feeds.map((f) => ({ source: f.source, profile: f.profile, ...(f.publisher ? { publisher: f.publisher } : {}), ...(f.version ? { version: f.version } : {}) })),
        createdAt: net.meta.createdAt,
        ageSeconds: 3600,
      },
    });
  });
});

describe("/health with GTFS-Realtime feeds", () => {
  it("health - reports each feed: serving, last success, age, last error, entities matched and unmatched", async () => {
    const t0 = Date.parse("2026-03-10T07:00:00Z");
    const clock = { now: t0 };
    let fail = false;
    const message = {
      header: { gtfsRealtimeVersion: "2.0", timestamp: t0 / 1000 - 5 },
      entity: ["t1", "unknown-1"].map((tripId, i) => ({ id: String(i), tripUpdate: { trip: { tripId }, stopTimeUpdate: [] } })),
    };
    const sources = [
      functionFeedSource({
        name: "trips",
        intervalMs: 30_000,
        maxBytes: 1000,
        produce: () => {
          if (fail) throw new Error("simulator down");
          return message;
        },
      }),
      functionFeedSource({ name: "vehicles", intervalMs: 30_000, maxBytes: 1000, produce: () => { throw new Error("no vehicles"); } }),
    ];
    const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    const manager = new FeedManager({ network: staticNetworkSource(net), sources, maxAgeMs: 300_000, build: standInBuild(), log: silent, clock: () => clock.now });
    const app = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ LOG_LEVEL: "silent" }), realtime: manager, clock: () => clock.now });
    await manager.pollAll();
    clock.now += 40_000;
    fail = true;
    await manager.pollAll();
    clock.now += 2_000;
    const body = (await app.inject("/health")).json();
    const since = "2026-03-10T07:00:40.000Z";
    expect(body.realtime).toEqual({
      maxAgeSeconds: 300,
      builtAt: "2026-03-10T07:00:00.000Z",
      buildMs: expect.any(Number),
      feeds: [
        {
          name: "trips",
          kind: "function",
          location: "(in process)",
          intervalSeconds: 30,
          serving: true,
          lastPoll: since,
          lastSuccess: "2026-03-10T07:00:00.000Z",
          ageSeconds: 47, // from the header timestamp, 5 s before it arrived
          headerTimestamp: "2026-03-10T06:59:55.000Z",
          entities: 2,
          matched: 1,
          unmatched: 1,
          unmatchedByReason: { unknown_trip: 1 },
          lastError: { kind: "producer_error", message: "trips failed: simulator down", since, at: since, polls: 1 },
        },
        {
          name: "vehicles",
          kind: "function",
          location: "(in process)",
          intervalSeconds: 30,
          serving: false,
          lastPoll: since,
          lastError: { kind: "producer_error", message: "vehicles failed: no vehicles", since: "2026-03-10T07:00:00.000Z", at: since, polls: 2 },
        },
      ],
    });
    expect(body.warnings).toContain(
      "realtime feed vehicles: no usable message yet: its passages follow the schedule (last error since 2026-03-10T07:00:00.000Z: vehicles failed: no vehicles)",
    );
    clock.now += 300_000;
    await manager.pollAll();
    const later = (await app.inject("/health")).json();
    expect(later.realtime.builtAt).toBeUndefined();
    expect(later.realtime.feeds[0]).toMatchObject({ serving: false, ageSeconds: 347 });
    expect(later.warnings).toContain(
      "realtime feed trips: its last good message is 347 s old, over the maximum of 300 s: its passages follow the schedule (last error since 2026-03-10T07:00:40.000Z: trips failed: simulator down)",
    );
    await app.close();
  });
});

describe("/health ahead of the network's last service day", () => {
  /** Noon UTC, `days` days before the network's last service day. */
  const before = (days: number) => {
    const d = String(net.meta.validTo);
    return Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6))) + 12 * 3_600_000 - days * 86_400_000;
  };
  const lastDay = () => `${String(net.meta.validTo).slice(0, 4)}-${String(net.meta.validTo).slice(4, 6)}-${String(net.meta.validTo).slice(6)}`;

  it("health - warns VALIDITY_WARNING_DAYS ahead, naming the last day; not before, and not with 0", async () => {
    const app = async (days: string, nowMs: number) => {
      const a = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ LOG_LEVEL: "silent", VALIDITY_WARNING_DAYS: days }), clock: () => nowMs });
      const body = (await a.inject("/health")).json();
      await a.close();
      return body as { warnings?: string[]; network: { validity?: unknown } };
    };
    const soon = await app("7", before(3));
    expect(soon.warnings).toEqual([
      `the network runs out soon: its last service day is ${lastDay()} (in 3 days); import a newer feed before then (VALIDITY_WARNING_DAYS warns 7 days ahead)`,
    ]);
    // Still valid: the validity field stays absent, as for any healthy server.
    expect(soon.network.validity).toBeUndefined();
    expect((await app("7", before(0))).warnings?.[0]).toMatch(/its last service day is \S+ \(today\)/);
    expect((await app("7", before(1))).warnings?.[0]).toMatch(/\(tomorrow\)/);
    expect((await app("7", before(7))).warnings).toBeUndefined();
    expect((await app("0", before(3))).warnings).toBeUndefined();
  });
});

describe("/health with serve --feed", () => {
  it("health - reports each feed kept current, the version served, a refused version and a failing check, in fields and in words", async () => {
    const t = Date.parse("2026-03-10T07:00:00Z");
    const report: FeedRefreshHealth = {
      intervalSeconds: 3600,
      running: false,
      lastRunMs: t,
      lastSwapMs: t - 86_400_000,
      lastImport: { atMs: t - 60_000, ok: false, seconds: 1.234, peakRssBytes: 123_456_789, message: "trips.txt line 2: unknown route_id \"R9\"" },
      feeds: net.meta.feeds.map((f, i) => ({
        name: `feed ${i}`,
        kind: "url" as const,
        location: `https://example.org/${i}.zip?key=...`,
        lastCheckMs: t,
        lastSuccessMs: i === 0 ? t : t - 3_600_000,
        lastChangeMs: t - 86_400_000,
        etag: `"e${i}"`,
        lastModified: "Mon, 09 Mar 2026 07:00:00 GMT",
        bytes: 1000,
        ...(i === 0
          ? { rejected: { message: 'trips.txt line 2: unknown route_id "R9"', atMs: t - 60_000 } }
          : { lastError: { message: "Feed https://example.org/1.zip?key=... cannot be downloaded: HTTP 503", sinceMs: t - 3_600_000, atMs: t, checks: 2 } }),
      })),
    };
    const a = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ LOG_LEVEL: "silent" }), clock: () => now, feedRefresh: () => report });
    const body = (await a.inject("/health")).json();
    await a.close();
    expect(body.feedRefresh).toMatchObject({
      intervalSeconds: 3600,
      running: false,
      lastRun: "2026-03-10T07:00:00.000Z",
      lastSwap: "2026-03-09T07:00:00.000Z",
      lastImport: { at: "2026-03-10T06:59:00.000Z", ok: false, seconds: 1.2, peakMemoryBytes: 123_456_789, message: 'trips.txt line 2: unknown route_id "R9"' },
    });
    expect(body.feedRefresh.feeds[0]).toEqual({
      name: "feed 0",
      kind: "url",
      location: "https://example.org/0.zip?key=...",
      lastCheck: "2026-03-10T07:00:00.000Z",
      lastSuccess: "2026-03-10T07:00:00.000Z",
      lastChange: "2026-03-09T07:00:00.000Z",
      ...(net.meta.feeds[0].version ? { versionServed: net.meta.feeds[0].version } : {}),
      etag: '"e0"',
      lastModified: "Mon, 09 Mar 2026 07:00:00 GMT",
      bytes: 1000,
      rejected: { message: 'trips.txt line 2: unknown route_id "R9"', at: "2026-03-10T06:59:00.000Z" },
    });
    expect(body.warnings).toContain(
      'feed feed 0: its new version was refused at 2026-03-10T06:59:00.000Z: trips.txt line 2: unknown route_id "R9"; the network served stays until the feed changes again',
    );
    if (net.meta.feeds.length > 1) {
      expect(body.feedRefresh.feeds[1].lastError).toEqual({
        message: "Feed https://example.org/1.zip?key=... cannot be downloaded: HTTP 503",
        since: "2026-03-10T06:00:00.000Z",
        at: "2026-03-10T07:00:00.000Z",
        checks: 2,
      });
      expect(body.warnings).toContain(
        "feed feed 1: 2 check(s) in a row failed since 2026-03-10T06:00:00.000Z: Feed https://example.org/1.zip?key=... cannot be downloaded: HTTP 503; the network served stays",
      );
    }
  });
});
