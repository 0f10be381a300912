import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/network-source.js";
import { loadConfig } from "../../src/lib/config.js";
import type { Network } from "../../src/network/model.js";
import { FeedManager } from "../../src/realtime/feed-manager.js";
import { functionFeedSource } from "../../src/realtime/feed-source.js";
import { standInBuild } from "../realtime/stand-in-build.js";
import { startServer, type TestServer } from "./server.js";
import { suiteNetwork } from "./suite-network.js";

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
  it("health - answers without a key with the network's counts, validity, zone, feeds and age", async () => {
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
          ageSeconds: 42,
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
    expect(later.realtime.feeds[0]).toMatchObject({ serving: false, ageSeconds: 342 });
    expect(later.warnings).toContain(
      "realtime feed trips: its last good message is 342 s old, over the maximum of 300 s: its passages follow the schedule (last error since 2026-03-10T07:00:40.000Z: trips failed: simulator down)",
    );
    await app.close();
  });
});
