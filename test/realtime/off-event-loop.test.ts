/**
 * Real-time work off the event loop: the feed manager decodes and builds in slices (run-in-slices.ts), giving the
 * event loop turns between them, and swaps a state only when it is complete; the GTFS-RT output of a state is
 * encoded by the manager after the swap (prepared-feed.ts), never on the path of the request that asks for it.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { DEFAULT_GTFS_RT_PATH } from "../../src/api/gtfs-rt/gtfs-realtime.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { loadConfig } from "../../src/config/load-config.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network } from "../../src/network/model.js";
import { buildRealtimeState } from "../../src/realtime/build-realtime-state.js";
import { encodeFeedMessage, feedMessageToJson } from "../../src/realtime/feed-codec.js";
import { FeedManager, type FeedLog } from "../../src/realtime/feed-manager.js";
import { functionFeedSource } from "../../src/realtime/feed-source.js";
import type { RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import { preparedFeed } from "../../src/realtime/prepared-feed.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { runInSlices, Superseded } from "../../src/realtime/run-in-slices.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import * as stateToFeedModule from "../../src/realtime/state-to-feed.js";
import { demoNetwork } from "../support/demo-network.js";
import { type StandInState, standInBuild } from "./support/stand-in-build.js";

/** Counts the calls of stateToFeed (the request path's encoder of a filtered answer) and of feedEntitiesOf. */
const calls = vi.hoisted(() => ({ stateToFeed: 0, feedEntitiesOf: 0 }));
vi.mock("../../src/realtime/state-to-feed.js", async (original) => {
  const real = await original<typeof import("../../src/realtime/state-to-feed.js")>();
  return {
    ...real,
    stateToFeed: (...args: Parameters<typeof real.stateToFeed>) => {
      calls.stateToFeed++;
      return real.stateToFeed(...args);
    },
    feedEntitiesOf: (...args: Parameters<typeof real.feedEntitiesOf>) => {
      calls.feedEntitiesOf++;
      return real.feedEntitiesOf(...args);
    },
  };
});

const T0 = Date.UTC(2026, 2, 10, 7, 0);
const silent: FeedLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A TripUpdates message of `n` trips with 20 stop updates each: about 2.5 MB for 20,000. */
function bigFeed(n: number, secondsAfterT0 = 0): RtFeedMessage {
  return {
    header: { gtfsRealtimeVersion: "2.0", timestamp: T0 / 1000 + secondsAfterT0 },
    entity: Array.from({ length: n }, (_, i) => ({
      id: `e${i}`,
      tripUpdate: {
        trip: { tripId: `trip-${i}`, startDate: "20260310" },
        stopTimeUpdate: Array.from({ length: 20 }, (_, s) => ({ stopSequence: s + 1, arrival: { time: T0 / 1000 + 60 * s } })),
      },
    })),
  };
}

let manager: FeedManager | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await manager?.stop();
  await app?.close();
  manager = app = undefined;
});

describe("real-time off the event loop", () => {
  it("FeedManager - gives the event loop turns while it decodes a message of 20,000 entities, and swaps the state only once it is complete", async () => {
    const net = { name: "network A" } as unknown as Network;
    const bytes = encodeFeedMessage(bigFeed(20_000));
    manager = new FeedManager({
      network: { current: () => net },
      sources: [functionFeedSource({ name: "rt", intervalMs: 60_000, maxBytes: 64 << 20, produce: () => bytes })],
      maxAgeMs: 300_000,
      build: standInBuild(),
      log: silent,
      clock: () => T0,
    });
    // Scheduled before the poll: it runs at the event loop's next turn, which a poll done in one go never gives.
    const seen: Array<number | "no state"> = [];
    const look = () => {
      const s = manager!.current(net) as StandInState | undefined;
      seen.push(s === undefined ? "no state" : s.messages.rt.entity.length);
    };
    setImmediate(look);
    const polled = manager.pollAll();
    const ticker = setInterval(look, 1);
    await polled;
    clearInterval(ticker);
    expect(seen[0]).toBe("no state");
    // Every look saw no state or the whole message: never a part of it.
    expect(new Set(seen)).toEqual(new Set(["no state", ...(seen.includes(20_000) ? [20_000] : [])]));
    expect((manager.current(net) as StandInState).messages.rt.entity.length).toBe(20_000);
  });

  it("runInSlices - a run whose work was superseded stops at its next turn", async () => {
    let superseded = false;
    let steps = 0;
    function* work() {
      for (;;) {
        steps++;
        yield;
      }
    }
    const run = runInSlices(work(), () => superseded, 0);
    setImmediate(() => (superseded = true));
    await expect(run).rejects.toBeInstanceOf(Superseded);
    expect(steps).toBeGreaterThan(0);
  });

  describe("the GTFS-RT output of the demo network's simulated feed", () => {
    let net: Network;
    beforeAll(async () => {
      net = await demoNetwork();
    });

    it("gtfs-realtime - a request right after a swap takes the bytes the manager encoded, and encodes nothing on its own path", async () => {
      const nowMs = zonedTime(net.meta.timezone).localToEpochMs(net.meta.calendarStart + 2, 8 * 3600) // a Wednesday;
      const message = simulateFeed(net, nowMs);
      manager = new FeedManager({
        network: { current: () => net },
        sources: [functionFeedSource({ name: "simulator", intervalMs: 60_000, maxBytes: 64 << 20, produce: () => encodeFeedMessage(message) })],
        maxAgeMs: 300_000,
        build: buildRealtimeState,
        log: silent,
        clock: () => nowMs,
      });
      app = await buildApp({ network: staticNetworkSource(net), config: loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent" }), clock: () => nowMs, realtime: manager });
      await manager.pollAll();
      const state = manager.current(net) as RealtimeState;
      expect(state.stats[0]).toMatchObject({ tripUpdates: 1051, vehiclePositions: 684, matched: 1735, unmatched: 0 });
      calls.stateToFeed = calls.feedEntitiesOf = 0;

      const res = await app.inject({ url: DEFAULT_GTFS_RT_PATH, headers: { "ocp-apim-subscription-key": "k" } });
      expect(res.statusCode).toBe(200);
      // The manager started the encoding at the swap; the request only awaited it.
      expect(calls).toEqual({ stateToFeed: 0, feedEntitiesOf: 0 });
      const whole = stateToFeedModule.stateToFeed(state, nowMs);
      expect(Buffer.compare(res.rawPayload, Buffer.from(encodeFeedMessage(whole)))).toBe(0);
      expect(Buffer.compare(res.rawPayload, (await preparedFeed(state, "protobuf")) as Buffer)).toBe(0);

      // JSON: made in slices at the first request for it, the same text as the whole message's.
      const json = await app.inject({ url: `${DEFAULT_GTFS_RT_PATH}?json=true`, headers: { "ocp-apim-subscription-key": "k" } });
      expect(json.body).toBe(JSON.stringify(feedMessageToJson(whole)));
    });
  });
});
