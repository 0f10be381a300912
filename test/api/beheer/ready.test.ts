import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { FeedManager } from "../../../src/realtime/feed-manager.js";
import { functionFeedSource } from "../../../src/realtime/feed-source.js";
import { standInBuild } from "../../realtime/support/stand-in-build.js";
import { suiteNetwork } from "../support/suite-network.js";

/** /ready (docs/COMPATIBILITY.md O15), the readiness a load balancer asks, beside /health (liveness). */

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let net: Network;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  net = await suiteNetwork();
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function appWith(env: Record<string, string>, extra: Partial<Parameters<typeof buildApp>[0]> = {}) {
  const app = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ LOG_LEVEL: "silent", ...env }), ...extra });
  apps.push(app);
  return app;
}

/** A feed manager over one function feed, on a clock the test moves. */
function oneFeed(clock: { now: number }, works: { ok: boolean }) {
  const message = () => ({ header: { gtfsRealtimeVersion: "2.0", timestamp: Math.floor(clock.now / 1000) }, entity: [] });
  const source = functionFeedSource({
    name: "trips",
    intervalMs: 30_000,
    maxBytes: 1000,
    produce: () => {
      if (!works.ok) throw new Error("down");
      return message();
    },
  });
  return new FeedManager({ network: staticNetworkSource(net), sources: [source], maxAgeMs: 300_000, build: standInBuild(), log: silent, clock: () => clock.now });
}

describe("/ready", () => {
  it("ready - 200 without a key, never cached, naming the snapshot served, while the server runs and no feed is configured", async () => {
    const app = await appWith({ API_KEYS: "k" });
    const res = await app.inject({ url: "/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      ready: true,
      checks: {
        snapshot: { ok: true, detail: `snapshot of ${net.meta.createdAt} served: ${net.stops.count} stops, ${net.trips.count} trips` },
        shutdown: { ok: true, detail: "running" },
        realtime: { ok: true, detail: "no GTFS-Realtime feed configured" },
      },
    });
  });

  it("ready - 503 {statusCode, message, checks} once the server is shutting down; /health stays 200", async () => {
    let closing = false;
    const app = await appWith({}, { closing: () => closing });
    expect((await app.inject({ url: "/ready" })).statusCode).toBe(200);
    closing = true;
    const res = await app.inject({ url: "/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      ready: false,
      statusCode: 503,
      message: "Not ready: shutting down: finishing the requests in flight",
      checks: { shutdown: { ok: false } },
    });
    expect((await app.inject({ url: "/health" })).statusCode).toBe(200);
  });

  it("ready - with a feed: 503 before its first message, 200 while it is fresh, 503 once older than READY_REALTIME_MAX_AGE_SECONDS", async () => {
    const clock = { now: Date.parse("2026-03-10T07:00:00Z") };
    const works = { ok: true };
    const manager = oneFeed(clock, works);
    const app = await appWith({ READY_REALTIME_MAX_AGE_SECONDS: "60" }, { realtime: manager, clock: () => clock.now });
    const before = await app.inject({ url: "/ready" });
    expect([before.statusCode, before.json().message]).toEqual([503, "Not ready: feed trips has no message yet"]);
    await manager.pollAll();
    expect((await app.inject({ url: "/ready" })).json()).toMatchObject({
      ready: true,
      checks: { realtime: { ok: true, detail: "every feed has a message younger than 60 s" } },
    });
    works.ok = false;
    clock.now += 61_000;
    await manager.pollAll();
    const stale = await app.inject({ url: "/ready" });
    expect([stale.statusCode, stale.json().message]).toEqual([503, "Not ready: feed trips: its message is 61 s old (at most 60 s)"]);
    // The API itself still answers (with the schedule): only the readiness says so.
    expect((await app.inject({ url: "/health" })).statusCode).toBe(200);
  });

  it("ready - READY_REALTIME_MAX_AGE_SECONDS=off leaves real-time out", async () => {
    const clock = { now: Date.parse("2026-03-10T07:00:00Z") };
    const manager = oneFeed(clock, { ok: false });
    const app = await appWith({ READY_REALTIME_MAX_AGE_SECONDS: "off" }, { realtime: manager, clock: () => clock.now });
    await manager.pollAll();
    const res = await app.inject({ url: "/ready" });
    expect([res.statusCode, res.json().checks.realtime]).toEqual([200, { ok: true, detail: "not checked (READY_REALTIME_MAX_AGE_SECONDS=off)" }]);
  });
});
