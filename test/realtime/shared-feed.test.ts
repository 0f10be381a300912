/**
 * REALTIME_SHARE=redis: replicas that share a Redis elect one poller by a lease; it shares each poll (RelayedPoll)
 * with the others, whose feed managers read it as a cluster's workers read their primary's. A real redis-server
 * and a local feed server that counts its requests.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import type { Network } from "../../src/network/model.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { FeedManager, type FeedLog } from "../../src/realtime/feed-manager.js";
import { urlFeedSource } from "../../src/realtime/feed-source.js";
import { relayedFeedSource } from "../../src/realtime/relayed-feed.js";
import { type SharedFeedRelay, sharedFeedRelay } from "../../src/realtime/shared-feed.js";
import { NO_REDIS, startRedis, type TestRedis } from "../api/quota/support/quota-fixtures.js";
import { type StandInState, standInBuild } from "./support/stand-in-build.js";

const INTERVAL_MS = 300;
const LEASE_MS = 900;
const net = { name: "network A" } as unknown as Network;
const silent: FeedLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `check` holds, checking every 20 ms; fails after `withinMs`. */
async function until(check: () => boolean, withinMs: number, what: string): Promise<void> {
  const end = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(20);
  }
}

let redis: TestRedis;
let feed: Server;
let feedUrl: string;
/** Every request the feed server answered, with when (epoch ms). */
const requests: number[] = [];
/** The header timestamp of the message served: one second more at every request, so each is a new message. */
let served = Math.floor(Date.now() / 1000) - 60;

beforeAll(async () => {
  if (NO_REDIS) return;
  redis = await startRedis();
  feed = createServer((_req, res) => {
    requests.push(Date.now());
    served++;
    res.end(encodeFeedMessage({ header: { gtfsRealtimeVersion: "2.0", timestamp: served }, entity: [{ id: "1", tripUpdate: { trip: { tripId: `t${served}` }, stopTimeUpdate: [] } }] }));
  });
  await new Promise<void>((r) => feed.listen(0, "127.0.0.1", () => r()));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rt.pb`;
});
afterAll(async () => {
  if (NO_REDIS) return;
  feed.close();
  await redis.kill();
});

interface Replica {
  manager: FeedManager;
  relay: SharedFeedRelay;
}
const replicas: Replica[] = [];
afterEach(async () => {
  for (const r of replicas.splice(0)) {
    r.relay.abandon();
    await r.manager.stop();
  }
});

/** One replica as serve runs it with REALTIME_SHARE=redis: a stand-in of the URL feed, fed by the shared relay. */
function replica(prefix: string): Replica {
  const source = urlFeedSource({ name: "rt", url: feedUrl, intervalMs: INTERVAL_MS, timeoutMs: 1000, maxBytes: 1 << 20 });
  const stand = relayedFeedSource(source);
  const manager = new FeedManager({ network: { current: () => net }, sources: [stand], maxAgeMs: 300_000, build: standInBuild(), log: silent });
  const relay = sharedFeedRelay({ redisUrl: redis.url, sources: [source], deliver: (poll) => stand.deliver(poll), leaseMs: LEASE_MS, prefix, log: silent });
  void manager.start();
  relay.start();
  const r = { manager, relay };
  replicas.push(r);
  return r;
}
const tripOf = (r: Replica) => (r.manager.current(net) as StandInState | undefined)?.messages.rt?.entity[0]?.tripUpdate?.trip.tripId;

describe.skipIf(NO_REDIS)("REALTIME_SHARE=redis", () => {
  it("shared feed - two replicas: one polls, the source sees one request per interval, both serve each message", async () => {
    const a = replica("test1:");
    const b = replica("test1:");
    await until(() => a.relay.polling() || b.relay.polling(), 2000, "a replica polls");
    const from = requests.length;
    const fromMs = Date.now();
    await sleep(10 * INTERVAL_MS);
    const polled = requests.length - from;
    const elapsed = Date.now() - fromMs;
    expect([a.relay.polling(), b.relay.polling()].filter(Boolean)).toHaveLength(1);
    // One poller: at most one request per interval (each poll starts an interval after the previous one ended).
    expect(polled).toBeGreaterThanOrEqual(3);
    expect(polled).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL_MS) + 1);
    // Both serve the message of the last request, or the one before while the last is on its way.
    await until(() => tripOf(a) === `t${served}` && tripOf(b) === `t${served}`, 2 * INTERVAL_MS, "both replicas serve the last message");
  });

  it("shared feed - when the poller dies, the other takes over within the lease and an interval, and a replica that starts gets the last message at once", async () => {
    const a = replica("test2:");
    await until(() => a.relay.polling(), 2000, "the first replica polls");
    const b = replica("test2:");
    // The last message, from Redis, before any poll of its own.
    await until(() => tripOf(b) !== undefined, 1000, "the new replica serves the last message");
    expect(b.relay.polling()).toBe(false);

    a.relay.abandon(); // as a crash: the lease is not given back
    const killed = served;
    await until(() => b.relay.polling(), LEASE_MS + LEASE_MS / 3 + INTERVAL_MS + 500, "the other replica takes over");
    await until(() => served > killed && tripOf(b) === `t${served}`, 2 * INTERVAL_MS + 500, "it polls and serves a new message");
  });
});

describe("REALTIME_SHARE", () => {
  it("REALTIME_SHARE - redis needs REDIS_URL; the lease defaults to 15 s; none, or nothing, shares nothing", () => {
    expect(() => loadConfig({ REALTIME_SHARE: "redis" })).toThrow("REALTIME_SHARE=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379");
    expect(() => loadConfig({ REALTIME_SHARE: "etcd" })).toThrow("REALTIME_SHARE must be none or redis, got etcd");
    expect(loadConfig({ REALTIME_SHARE: "redis", REDIS_URL: "redis://127.0.0.1:6390" }).realtime.share).toEqual({ redisUrl: "redis://127.0.0.1:6390", leaseSeconds: 15 });
    expect(loadConfig({ REALTIME_SHARE: "redis", REDIS_URL: "redis://h:1", REALTIME_SHARE_LEASE_SECONDS: "5" }).realtime.share?.leaseSeconds).toBe(5);
    expect(loadConfig({ REALTIME_SHARE: "none" }).realtime.share).toBeUndefined();
    expect(loadConfig({}).realtime.share).toBeUndefined();
  });
});
