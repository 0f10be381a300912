/**
 * The feed faults end to end: the real app on a port, the demo network, the real builder, a real feed (the
 * simulator's, as protobuf) served by the misbehaving server. Whatever the feed does, the API answers 200 in
 * time; the last good state stays until the maximum age, then the schedule answers (GEENREALTIME).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Network } from "../../src/network/model.js";
import { createFeedManager } from "../../src/realtime/create-feed-manager.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import type { FeedLog, FeedManager } from "../../src/realtime/feed-manager.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { get, TEST_KEY, type TestServer } from "../api/support/server.js";
import { SUITE_NOW_MS, suiteNetwork } from "../api/support/suite-network.js";
import { type MisbehavingServer, startMisbehavingServer } from "./support/misbehaving-server.js";

const lines: string[] = [];
/** The fault of each warn line (the fields a log search would filter on). */
const faultsLogged: string[] = [];
const log: FeedLog = {
  debug: () => undefined,
  info: (_f, m) => void lines.push(`info: ${m}`),
  warn: (f, m) => {
    lines.push(`warn: ${m}`);
    faultsLogged.push((f as { fault?: string }).fault ?? "-");
  },
  error: (_f, m) => void lines.push(`error: ${m}`),
};

let net: Network;
let feed: MisbehavingServer;
let manager: FeedManager;
let server: TestServer;
/** The manager's clock moves on with the polls; the app's stays, so that its answers can be compared whole. */
const clock = { now: SUITE_NOW_MS };
const appClock = { now: SUITE_NOW_MS };
/** The stop whose real-time answer the tests read: one a delayed trip of the simulated feed serves next. */
let stopPath: string;

beforeAll(async () => {
  net = await suiteNetwork();
  const message = simulateFeed(net, SUITE_NOW_MS);
  feed = await startMisbehavingServer({ kind: "serve", bytes: encodeFeedMessage(message) });
  const config = loadConfig({
    API_KEYS: TEST_KEY,
    LOG_LEVEL: "silent",
    REALTIME_FEEDS: feed.url,
    REALTIME_TIMEOUT_SECONDS: "1",
    REALTIME_MAX_AGE_SECONDS: "120",
  });
  const network = { current: () => net };
  manager = createFeedManager({ config: config.realtime, network, demo: false, log, clock: () => clock.now })!;
  const app = await buildApp({ network, config, realtime: manager, clock: () => appClock.now });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  server = { app, origin: `http://127.0.0.1:${port}`, close: () => app.close() };

  // A trip that reports a delay, and the stop of its last update: its passage there is still to come.
  const update = message.entity.find((e) => e.tripUpdate && !e.tripUpdate.trip.scheduleRelationship && e.tripUpdate.stopTimeUpdate.length > 2)!.tripUpdate!;
  const stopId = update.stopTimeUpdate.at(-1)!.stopId!;
  const found = await get(`${server.origin}/DLKernOpenData/api/v1/haltes/gtfs/${stopId}`);
  const halte = found.body.haltes[0];
  stopPath = `/DLKernOpenData/api/v1/haltes/${halte.entiteitnummer}/${halte.haltenummer}/real-time?maxAantalDoorkomsten=50`;
});
afterAll(async () => {
  await manager?.stop();
  await server?.close();
  await feed?.close();
});

type Doorkomst = { predictionStatussen: string[]; "real-timeTijdstip"?: string };
async function passages(): Promise<Doorkomst[]> {
  const started = Date.now();
  const res = await get(`${server.origin}${stopPath}`);
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1000);
  return res.body.halteDoorkomsten[0].doorkomsten;
}

describe("feed faults over HTTP", () => {
  it("feed faults - the API answers 200 at once through every fault, keeps the last good state, then falls back to the schedule", async () => {
    expect((await passages()).every((d) => d.predictionStatussen.join() === "GEENREALTIME")).toBe(true);
    await manager.pollAll();
    const live = await passages();
    expect(live.some((d) => d.predictionStatussen.includes("REALTIME") && d["real-timeTijdstip"])).toBe(true);

    const bytes = encodeFeedMessage(simulateFeed(net, SUITE_NOW_MS));
    const faults = [
      { kind: "status", status: 503 },
      { kind: "hang" },
      { kind: "trickle", everyMs: 100 },
      { kind: "reset" },
      { kind: "serve", bytes: bytes.subarray(0, bytes.length >> 1) },
      { kind: "huge", bytes: 40 * 1024 * 1024 },
      { kind: "serve", bytes: encodeFeedMessage({ header: { gtfsRealtimeVersion: "2.0", timestamp: SUITE_NOW_MS / 1000 - 60 }, entity: [] }) },
    ] as const;
    for (const behaviour of faults) {
      feed.behaviour = behaviour;
      clock.now += 10_000;
      // Requests while the poll is under way (a hanging feed included) are answered at once, from the state held.
      const poll = manager.pollAll();
      expect(await passages()).toEqual(live);
      await poll;
      expect(await passages()).toEqual(live);
    }
    // One line per change of fault: a hanging and a trickling server are both a timeout.
    expect(faultsLogged).toEqual(["http_status", "timeout", "unreachable", "corrupt", "too_large", "older_header"]);
    expect(manager.feedHealth().feeds[0].lastError?.kind).toBe("older_header");

    // 120 s after the message arrived it is still served; a moment later the schedule answers.
    clock.now = SUITE_NOW_MS + 120_000;
    expect(await passages()).toEqual(live);
    clock.now += 1;
    await manager.pollAll();
    expect((await passages()).every((d) => d.predictionStatussen.join() === "GEENREALTIME")).toBe(true);
    appClock.now = clock.now;
    const health = await get(`${server.origin}/health`);
    expect(health.body.realtime.feeds[0]).toMatchObject({ serving: false, ageSeconds: 120 });
    expect(lines.at(-1)).toBe(
      `warn: realtime feed ${new URL(feed.url).host}/gtfs-rt/tripupdates: no new message for over 120 s: its passages fall back to the schedule (GEENREALTIME)`,
    );
  });
});

describe("feeds that name what the network lacks, or nothing", () => {
  it("feed faults - unknown trips and stops are counted on /health; the known rest is served", async () => {
    const message = simulateFeed(net, SUITE_NOW_MS);
    const known = message.entity.filter((e) => e.tripUpdate).length;
    const realTrip = message.entity.find((e) => e.tripUpdate && e.tripUpdate.stopTimeUpdate.length > 0)!.tripUpdate!;
    // Newer than the messages before, and within the allowance ahead of the manager's clock (FUTURE_ALLOWANCE_MS).
    message.header.timestamp = SUITE_NOW_MS / 1000 + 200;
    message.entity.push(
      { id: "x1", tripUpdate: { trip: { tripId: "no-such-trip", startDate: "20260310" }, stopTimeUpdate: [{ stopId: "1", arrival: { delay: 60 } }] } },
      { id: "x2", tripUpdate: { trip: { tripId: "no-such-trip-2", startDate: "20260310" }, stopTimeUpdate: [] } },
      { id: "x3", tripUpdate: { trip: realTrip.trip, stopTimeUpdate: [{ stopId: "no-such-stop", arrival: { delay: 60 } }] } },
    );
    feed.behaviour = { kind: "serve", bytes: encodeFeedMessage(message) };
    clock.now = appClock.now = SUITE_NOW_MS;
    await manager.pollAll();
    expect((await passages()).some((d) => d.predictionStatussen.includes("REALTIME"))).toBe(true);
    const h = (await get(`${server.origin}/health`)).body.realtime.feeds[0];
    expect(h).toMatchObject({ serving: true, entities: message.entity.length });
    expect(h.unmatchedByReason.unknown_trip).toBe(2);
    expect(h.unmatchedByReason.unknown_stop).toBeGreaterThanOrEqual(1);
    expect(h.matched).toBeGreaterThanOrEqual(known - 1);
    expect(lines.at(-1)).toMatch(/match nothing of the network \(.*unknown_trip 2/);
  });

  it("feed faults - a feed none of whose entities matches (another network's) is said on /health and /ready, which stays 200", async () => {
    const foreign = {
      header: { gtfsRealtimeVersion: "2.0", timestamp: SUITE_NOW_MS / 1000 + 220 },
      entity: ["elsewhere-1", "elsewhere-2"].map((tripId, i) => ({
        id: String(i),
        tripUpdate: { trip: { tripId, startDate: "20260310" }, stopTimeUpdate: [{ stopSequence: 1, arrival: { delay: 60 } }] },
      })),
    };
    feed.behaviour = { kind: "serve", bytes: encodeFeedMessage(foreign) };
    await manager.pollAll();
    const said = `realtime feed ${new URL(feed.url).host}/gtfs-rt/tripupdates: none of its 2 entities matches the network served (unknown_trip 2): is it this network's feed?`;
    expect((await get(`${server.origin}/health`)).body.warnings).toContain(said);
    const ready = await get(`${server.origin}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.checks.realtime).toEqual({ ok: true, detail: `every feed has a message younger than 120 s; ${said}` });
  });

  it("feed faults - an empty feed is a valid, empty state: every passage follows the schedule, no fault", async () => {
    const empty = { header: { gtfsRealtimeVersion: "2.0", timestamp: SUITE_NOW_MS / 1000 + 250 }, entity: [] };
    feed.behaviour = { kind: "serve", bytes: encodeFeedMessage(empty) };
    await manager.pollAll();
    expect(manager.current(net)?.stats[0]).toMatchObject({ matched: 0, unmatched: 0 });
    expect((await passages()).every((d) => d.predictionStatussen.join() === "GEENREALTIME")).toBe(true);
    const h = (await get(`${server.origin}/health`)).body.realtime.feeds[0];
    expect(h).toMatchObject({ serving: true, entities: 0, matched: 0, unmatched: 0 });
    expect(h.lastError).toBeUndefined();
  });
});
