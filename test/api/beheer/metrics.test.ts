import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { staticNetworkSource, swappableNetworkSource } from "../../../src/api/shared/network-source.js";
import { countRejection, countStoreError } from "../../../src/api/quota/quota-counters.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { FeedManager } from "../../../src/realtime/feed-manager.js";
import { functionFeedSource } from "../../../src/realtime/feed-source.js";
import { standInBuild } from "../../realtime/support/stand-in-build.js";
import { TEST_KEY } from "../support/server.js";
import { suiteNetwork } from "../support/suite-network.js";

/** Observability (docs/OPERATIONS.md "Metrics"): /metrics in the Prometheus text format, who may read it, and what it counts. */

const V1 = "/DLKernOpenData/api/v1";
const KEY = { "ocp-apim-subscription-key": TEST_KEY };
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

let net: Network;
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string>, extra: Partial<Parameters<typeof buildApp>[0]> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    network: staticNetworkSource(net),
    config: loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: "silent", ...env }),
    ...extra,
  });
  apps.push(app);
  return app;
}

/** The value of one series of the exposition text: `name{labels} value`. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

beforeAll(async () => {
  net = await suiteNetwork();
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe("/metrics", () => {
  it("metrics - requests by route pattern, method and status, and a latency histogram per route and method", async () => {
    const app = await appWith({});
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: `${V1}/lijnen/3/302`, headers: KEY })).statusCode).toBe(200);
    expect((await app.inject({ url: `${V1}/lijnen/3/999`, headers: KEY })).statusCode).toBe(404);
    expect((await app.inject({ url: `${V1}/lijnen/3/302` })).statusCode).toBe(401);
    expect((await app.inject({ url: `${V1}/bussen/1` })).statusCode).toBe(404);
    expect((await app.inject({ url: `${V1}/bussen/2` })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `${V1}/lijnen/3/302` })).statusCode).toBe(405);
    const res = await app.inject({ url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = res.body;
    const route = `${V1}/lijnen/:entiteitnummer/:lijnnummer`;
    expect(sample(text, `lijnwijzer_http_requests_total{route="${route}",method="GET",status="200"}`)).toBe(3);
    expect(sample(text, `lijnwijzer_http_requests_total{route="${route}",method="GET",status="404"}`)).toBe(1);
    expect(sample(text, `lijnwijzer_http_requests_total{route="${route}",method="GET",status="401"}`)).toBe(1);
    // Unknown paths are one series, whatever was asked: the series stay few.
    expect(sample(text, `lijnwijzer_http_requests_total{route="unmatched",method="GET",status="404"}`)).toBe(2);
    expect(sample(text, `lijnwijzer_http_requests_total{route="unmatched",method="POST",status="405"}`)).toBe(1);
    expect(sample(text, `lijnwijzer_http_request_duration_seconds_count{route="${route}",method="GET"}`)).toBe(5);
    expect(sample(text, `lijnwijzer_http_request_duration_seconds_bucket{le="+Inf",route="${route}",method="GET"}`)).toBe(5);
    expect(text).toContain("# TYPE lijnwijzer_http_request_duration_seconds histogram");
    // The scrape itself is counted once it is answered: the next scrape shows it.
    const again = (await app.inject({ url: "/metrics" })).body;
    expect(sample(again, `lijnwijzer_http_requests_total{route="/metrics",method="GET",status="200"}`)).toBe(1);
  });

  it("metrics - the snapshot served: creation time, age, format and feed versions; with a swappable source, when it was loaded and the reloads", async () => {
    const createdMs = Date.parse(net.meta.createdAt);
    const now = createdMs + 7_200_000;
    const source = swappableNetworkSource(net, createdMs + 60_000);
    const app = await buildApp({ network: source, config: loadConfig({ LOG_LEVEL: "silent" }), clock: () => now });
    apps.push(app);
    source.swap(net, createdMs + 120_000);
    source.refused();
    source.refused();
    const text = (await app.inject({ url: "/metrics" })).body;
    expect(sample(text, "lijnwijzer_snapshot_created_timestamp_seconds")).toBe(createdMs / 1000);
    expect(sample(text, "lijnwijzer_snapshot_age_seconds")).toBe(7200);
    expect(sample(text, "lijnwijzer_snapshot_loaded_timestamp_seconds")).toBe((createdMs + 120_000) / 1000);
    expect(sample(text, 'lijnwijzer_snapshot_reloads_total{result="swapped"}')).toBe(1);
    expect(sample(text, 'lijnwijzer_snapshot_reloads_total{result="refused"}')).toBe(2);
    const versions = net.meta.feeds.map((f) => f.version ?? "").join(",");
    expect(text).toMatch(new RegExp(`lijnwijzer_snapshot_info\\{created_at="${net.meta.createdAt}",format_version="\\d+",feed_versions="${versions}"\\} 1`));
  });

  it("metrics - per real-time feed: the age of its message, whether it is served, failed polls in a row, the last success, entities", async () => {
    const t0 = Date.parse("2026-03-10T07:00:00Z");
    const clock = { now: t0 };
    let fail = false;
    const message = {
      header: { gtfsRealtimeVersion: "2.0", timestamp: t0 / 1000 - 5 },
      entity: ["t1", "unknown-1", "unknown-2"].map((tripId, i) => ({ id: String(i), tripUpdate: { trip: { tripId }, stopTimeUpdate: [] } })),
    };
    const sources = [
      functionFeedSource({
        name: "trips",
        intervalMs: 30_000,
        maxBytes: 1000,
        produce: () => {
          if (fail) throw new Error("down");
          return message;
        },
      }),
      functionFeedSource({ name: "vehicles", intervalMs: 30_000, maxBytes: 1000, produce: () => { throw new Error("no vehicles"); } }),
    ];
    const manager = new FeedManager({ network: staticNetworkSource(net), sources, maxAgeMs: 300_000, build: standInBuild(), log: silent, clock: () => clock.now });
    const app = await appWith({}, { realtime: manager, clock: () => clock.now });
    await manager.pollAll();
    clock.now += 30_000;
    fail = true;
    await manager.pollAll();
    clock.now += 30_000;
    await manager.pollAll();
    clock.now += 5_000;
    const text = (await app.inject({ url: "/metrics" })).body;
    // 65 s since it arrived, 70 since its header timestamp: the age counts from the earlier.
    expect(sample(text, 'lijnwijzer_realtime_feed_age_seconds{feed="trips"}')).toBe(70);
    expect(sample(text, 'lijnwijzer_realtime_feed_age_seconds{feed="vehicles"}')).toBeUndefined();
    expect(sample(text, 'lijnwijzer_realtime_feed_serving{feed="trips"}')).toBe(1);
    expect(sample(text, 'lijnwijzer_realtime_feed_serving{feed="vehicles"}')).toBe(0);
    expect(sample(text, 'lijnwijzer_realtime_feed_failed_polls{feed="trips"}')).toBe(2);
    expect(sample(text, 'lijnwijzer_realtime_feed_failed_polls{feed="vehicles"}')).toBe(3);
    expect(sample(text, 'lijnwijzer_realtime_feed_last_success_timestamp_seconds{feed="trips"}')).toBe(t0 / 1000);
    expect(sample(text, 'lijnwijzer_realtime_feed_entities{feed="trips"}')).toBe(3);
    expect(sample(text, 'lijnwijzer_realtime_feed_unmatched_entities{feed="trips"}')).toBe(2);
  });

  it("metrics - quota rejections by window and product, quota store errors by policy, from the quota module's events", async () => {
    const app = await appWith({});
    countRejection("minute", "basis");
    countRejection("minute", "basis");
    countRejection("day", "pro");
    countStoreError("open");
    const text = (await app.inject({ url: "/metrics" })).body;
    expect(sample(text, 'lijnwijzer_quota_rejections_total{window="minute",product="basis"}')).toBe(2);
    expect(sample(text, 'lijnwijzer_quota_rejections_total{window="day",product="pro"}')).toBe(1);
    expect(sample(text, 'lijnwijzer_quota_store_errors_total{policy="open"}')).toBe(1);
  });

  it("metrics - METRICS=loopback (default): no key needed; a client not on loopback, or one through a proxy, gets a 403 {statusCode, message}", async () => {
    const app = await appWith({});
    expect((await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/metrics", remoteAddress: "::1" })).statusCode).toBe(200);
    for (const [remoteAddress, headers] of [
      ["10.1.2.3", {}],
      ["127.0.0.1", { "x-forwarded-for": "203.0.113.9" }],
      ["127.0.0.1", { forwarded: "for=203.0.113.9" }],
      ["127.0.0.1", { "x-real-ip": "203.0.113.9" }],
      ["127.0.0.1", { via: "1.1 proxy" }],
    ] as const) {
      const res = await app.inject({ url: "/metrics", remoteAddress, headers });
      expect(res.statusCode).toBe(403);
      expect(Object.keys(res.json())).toEqual(["statusCode", "message"]);
      expect(res.json().message).toMatch(/METRICS=open/);
    }
  });

  it("metrics - with TRUST_PROXY the client address the proxy reports decides: a remote client through nginx is refused, a local scrape answered", async () => {
    const app = await appWith({ TRUST_PROXY: "true" });
    expect((await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } })).statusCode).toBe(403);
    expect((await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "127.0.0.1" } })).statusCode).toBe(200);
    expect((await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
  });

  it("metrics - METRICS=open answers anyone, METRICS=off has no route", async () => {
    const open = await appWith({ METRICS: "open" });
    expect((await open.inject({ url: "/metrics", remoteAddress: "10.1.2.3", headers: { "x-forwarded-for": "1.2.3.4" } })).statusCode).toBe(200);
    const off = await appWith({ METRICS: "off" });
    expect((await off.inject({ url: "/metrics" })).statusCode).toBe(404);
  });

  it("metrics - an exposition given by the caller (a cluster worker asks its primary) is what /metrics answers", async () => {
    const app = await appWith({}, { metrics: { exposition: async () => "# every worker's metrics\nx 1\n" } });
    expect((await app.inject({ url: "/metrics" })).body).toBe("# every worker's metrics\nx 1\n");
  });
});
