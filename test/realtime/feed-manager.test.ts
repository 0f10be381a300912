import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { FeedManager, type FeedLog } from "../../src/realtime/feed-manager.js";
import { fileFeedSource, functionFeedSource, urlFeedSource, type FeedSource } from "../../src/realtime/feed-source.js";
import type { RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import { type MisbehavingServer, startMisbehavingServer } from "./support/misbehaving-server.js";
import { type StandInState, standInBuild } from "./support/stand-in-build.js";

const T0 = Date.UTC(2026, 2, 10, 7, 0);
const net = { name: "network A" } as unknown as Network;

/** A feed message with a header timestamp (seconds after T0) and trip updates for these trip_ids. */
function feed(secondsAfterT0: number, ...tripIds: string[]): RtFeedMessage {
  return {
    header: { gtfsRealtimeVersion: "2.0", timestamp: T0 / 1000 + secondsAfterT0 },
    entity: tripIds.map((tripId, i) => ({ id: String(i), tripUpdate: { trip: { tripId }, stopTimeUpdate: [{ stopSequence: 1, arrival: { delay: 60 } }] } })),
  };
}

/** Log lines as the manager wrote them: level and message. */
function recordingLog(): FeedLog & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (_fields: object, message: string) => void lines.push(`${level}: ${message}`);
  return { lines, debug: () => undefined, info: at("info"), warn: at("warn"), error: at("error") };
}

let server: MisbehavingServer | undefined;
let manager: FeedManager | undefined;
afterEach(async () => {
  await manager?.stop();
  await server?.close();
  manager = server = undefined;
});

function setup(sources: FeedSource[], maxAgeMs = 300_000, build = standInBuild()) {
  const clock = { now: T0 };
  const log = recordingLog();
  const network = { net };
  manager = new FeedManager({ network: { current: () => network.net }, sources, maxAgeMs, build, log, clock: () => clock.now });
  return { m: manager, clock, log, network };
}

const held = (m: FeedManager, name = "rt") => (m.current(net) as StandInState | undefined)?.messages[name];

describe("FeedManager", () => {
  it("FeedManager - survives every fault of a misbehaving server, keeps the last good message and logs each change once", async () => {
    server = await startMisbehavingServer({ kind: "serve", bytes: encodeFeedMessage(feed(0, "t1")) });
    const { m, clock, log } = setup([urlFeedSource({ name: "rt", url: server.url, intervalMs: 1000, timeoutMs: 200, maxBytes: 50_000 })]);
    expect(m.current(net)).toBeUndefined();
    await m.pollAll();
    expect(held(m)).toEqual(feed(0, "t1"));

    const poll = async (times: number, secondsLater = 10) => {
      for (let i = 0; i < times; i++) {
        clock.now += secondsLater * 1000;
        await m.pollAll();
      }
    };
    server.behaviour = { kind: "status", status: 503 };
    await poll(3);
    server.behaviour = { kind: "status", status: 500 };
    await poll(1);
    server.behaviour = { kind: "hang" };
    await poll(2);
    server.behaviour = { kind: "reset" };
    await poll(2);
    const good = encodeFeedMessage(feed(60, "t1", "t2"));
    server.behaviour = { kind: "serve", bytes: good.subarray(0, good.length - 5) };
    await poll(2);
    server.behaviour = { kind: "huge", bytes: 200_000 };
    await poll(2);
    server.behaviour = { kind: "serve", bytes: encodeFeedMessage(feed(-60, "t0")) };
    await poll(2);
    // Through all of that the first message is still served: 150 s old, under the 300 s maximum.
    expect(held(m)).toEqual(feed(0, "t1"));
    expect(m.feedHealth().feeds[0].lastError).toMatchObject({ kind: "older_header", polls: 2, sinceMs: T0 + 130_000 });

    server.behaviour = { kind: "serve", bytes: good };
    await poll(1);
    expect(held(m)).toEqual(feed(60, "t1", "t2"));
    const empty: RtFeedMessage = { header: { gtfsRealtimeVersion: "2.0", timestamp: T0 / 1000 + 180 }, entity: [] };
    server.behaviour = { kind: "serve", bytes: encodeFeedMessage(empty) };
    await poll(1);
    expect(held(m)).toEqual(empty);
    expect(m.feedHealth().feeds[0].lastError).toBeUndefined();

    // The decoder's own words for a truncated message are its business: "FeedMessage: <detail>;".
    expect(log.lines.map((l) => l.replace(/\d+\.\d+\.\d+\.\d+:\d+/, "HOST").replace(/FeedMessage: [^;]*;/, "FeedMessage: …;"))).toEqual([
      "info: realtime feed rt: first message, 1 entities",
      "warn: realtime feed rt: HTTP 503 Service Unavailable from http://HOST/gtfs-rt/tripupdates?key=…; keeping its last good message (10 s old)",
      "warn: realtime feed rt: HTTP 500 Internal Server Error from http://HOST/gtfs-rt/tripupdates?key=…; keeping its last good message (40 s old)",
      "warn: realtime feed rt: no complete answer from http://HOST/gtfs-rt/tripupdates?key=… within 0.2 s; keeping its last good message (50 s old)",
      "warn: realtime feed rt: cannot reach http://HOST/gtfs-rt/tripupdates?key=…: the server closed the connection; keeping its last good message (70 s old)",
      "warn: realtime feed rt: not a GTFS-Realtime FeedMessage: …; keeping its last good message (90 s old)",
      "warn: realtime feed rt: http://HOST/gtfs-rt/tripupdates?key=… sent more than 50000 bytes, more than the maximum of 50000 (REALTIME_MAX_BYTES): refused; keeping its last good message (110 s old)",
      "warn: realtime feed rt: header timestamp 2026-03-10T06:59:00.000Z is older than the message held (2026-03-10T07:00:00.000Z): kept the newer; keeping its last good message (130 s old)",
      "info: realtime feed rt: recovered after 2 failed poll(s) (older_header)",
    ]);
  });

  it("FeedManager - a message past the maximum age leaves the state: passages fall back to the schedule, logged once", async () => {
    const message = encodeFeedMessage(feed(0, "t1"));
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m, clock, log } = setup([source], 60_000);
    await m.pollAll();
    clock.now += 60_000;
    expect(held(m)).toBeDefined();
    clock.now += 1;
    // Past the age the state is no longer served, even before the manager polls again.
    expect(m.current(net)).toBeUndefined();
    // The same message again (same header timestamp) does not make it young: a frozen feed expires as a silent one.
    await m.pollAll();
    await m.pollAll();
    expect(m.current(net)).toBeUndefined();
    const h = m.feedHealth().feeds[0];
    expect([h.serving, h.lastSuccessMs, h.receivedMs, h.lastError]).toEqual([false, T0 + 60_001, T0, undefined]);
    expect(log.lines).toEqual([
      "info: realtime feed rt: first message, 1 entities",
      "warn: realtime feed rt: no new message for over 60 s: its passages fall back to the schedule (GEENREALTIME)",
    ]);
  });

  it("FeedManager - subscribe: a listener hears each state served and the state dropped, with current() already answering the new one", async () => {
    let message = feed(0, "t1");
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m, clock } = setup([source], 60_000);
    const heard: Array<string[] | undefined> = [];
    const unsubscribe = m.subscribe(() => heard.push(held(m)?.entity.map((e) => e.tripUpdate!.trip.tripId!)));
    await m.pollAll();
    message = feed(10, "t1", "t2");
    clock.now += 10_000;
    await m.pollAll();
    // The same message again: nothing new is served, nobody is told.
    await m.pollAll();
    clock.now += 70_001;
    await m.pollAll();
    unsubscribe();
    m.networkChanged();
    expect(heard).toEqual([["t1"], ["t1", "t2"], undefined]);
  });

  it("FeedManager - a message older than one that expired is refused: its content is staler still", async () => {
    let message = feed(0, "t1");
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m, clock } = setup([source], 60_000);
    await m.pollAll();
    clock.now += 61_000;
    message = feed(-30, "t0");
    await m.pollAll();
    expect(m.current(net)).toBeUndefined();
    expect(m.feedHealth().feeds[0].lastError?.message).toBe(
      "header timestamp 2026-03-10T06:59:30.000Z is older than the last message received (2026-03-10T07:00:00.000Z), which expired: refused",
    );
    message = feed(61, "t2");
    await m.pollAll();
    expect(held(m)).toEqual(feed(61, "t2"));
  });

  it("FeedManager - a message dated beyond the allowance ahead of the clock is not believed; the next correct one is served", async () => {
    let message = feed(0, "t1");
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m, clock, log } = setup([source], 300_000);
    await m.pollAll();
    clock.now += 10_000;
    message = feed(24 * 3600, "future");
    await m.pollAll();
    expect(held(m)).toEqual(feed(0, "t1"));
    expect(m.feedHealth().feeds[0].lastError).toMatchObject({ kind: "future_header" });
    // Within the allowance (five minutes ahead) a producer's clock is believed.
    clock.now += 10_000;
    message = feed(20 + 299, "t2");
    await m.pollAll();
    expect(held(m)).toEqual(feed(319, "t2"));
    expect(m.feedHealth().feeds[0].lastError).toBeUndefined();
    expect(log.lines).toEqual([
      "info: realtime feed rt: first message, 1 entities",
      "warn: realtime feed rt: header timestamp 2026-03-11T07:00:00.000Z is 86390 s ahead of this server's clock, more than the allowance of 300 s: not believed; keeping its last good message (10 s old)",
      "info: realtime feed rt: recovered after 1 failed poll(s) (future_header)",
    ]);
  });

  it("FeedManager - the age counts from the header timestamp: a message made 37 days ago is refused, one a minute old is a minute old", async () => {
    let message = feed(-37 * 86_400, "t1");
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m } = setup([source], 300_000);
    await m.pollAll();
    expect(m.current(net)).toBeUndefined();
    expect(m.feedHealth().feeds[0].lastError).toMatchObject({
      kind: "stale_header",
      message: "header timestamp 2026-02-01T07:00:00.000Z is 3196800 s old, over the maximum age of 300 s: refused",
    });
    message = feed(-60, "t1");
    await m.pollAll();
    expect(held(m)).toEqual(feed(-60, "t1"));
    expect(m.feedHealth().feeds[0].receivedMs).toBe(T0 - 60_000);
  });

  it("FeedManager - one feed expiring leaves the others served", async () => {
    let timestamp = 0;
    const a = functionFeedSource({ name: "a", intervalMs: 1000, maxBytes: 50_000, produce: () => feed(timestamp, "t1") });
    const b = functionFeedSource({ name: "b", intervalMs: 1000, maxBytes: 50_000, produce: () => feed(0, "t2") });
    const { m, clock } = setup([a, b], 60_000);
    await m.pollAll();
    expect(Object.keys((m.current(net) as StandInState).messages)).toEqual(["a", "b"]);
    clock.now += 61_000;
    timestamp = 61;
    await m.pollAll();
    expect(Object.keys((m.current(net) as StandInState).messages)).toEqual(["a"]);
    expect(m.feedHealth().feeds.map((f) => f.serving)).toEqual([true, false]);
  });

  it("FeedManager - a feed held as bytes is decoded again when another feed brings a new message", async () => {
    let bTimestamp = 0;
    const a = functionFeedSource({ name: "a", intervalMs: 1000, maxBytes: 50_000, produce: () => encodeFeedMessage(feed(0, "t1")) });
    const b = functionFeedSource({ name: "b", intervalMs: 1000, maxBytes: 50_000, produce: () => encodeFeedMessage(feed(bTimestamp, "t2")) });
    const { m } = setup([a, b]);
    await m.pollAll();
    bTimestamp = 30;
    await m.pollAll();
    expect((m.current(net) as StandInState).messages).toEqual({ a: feed(0, "t1"), b: feed(30, "t2") });
    expect(m.feedHealth().feeds.map((f) => f.bytes)).toEqual([encodeFeedMessage(feed(0, "t1")).length, encodeFeedMessage(feed(30, "t2")).length]);
  });

  it("FeedManager - an equal header timestamp is the same message: nothing is rebuilt", async () => {
    const calls = { count: 0 };
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => feed(0, "t1") });
    const { m } = setup([source], 60_000, standInBuild(calls));
    await m.pollAll();
    await m.pollAll();
    expect(calls.count).toBe(1);
  });

  it("FeedManager - entities that match nothing are counted on /health and logged when the reasons change, not per poll", async () => {
    let message = feed(0, "t1", "unknown-1", "unknown-2");
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m, log } = setup([source]);
    await m.pollAll();
    message = feed(30, "t1", "unknown-1");
    await m.pollAll();
    expect(m.feedHealth().feeds[0].stats).toMatchObject({ matched: 1, unmatched: 1, unmatchedByReason: { unknown_trip: 1 } });
    message = feed(60, "t1");
    await m.pollAll();
    expect(log.lines).toEqual([
      "info: realtime feed rt: first message, 3 entities",
      "warn: realtime feed rt: 2 of 3 entities (or stop updates) match nothing of the network (unknown_trip 2)",
      "info: realtime feed rt: every entity matches the network",
    ]);
  });

  it("FeedManager - a message the state cannot be built from is a fault; the previous state stays", async () => {
    let message = feed(0, "t1");
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => message });
    const { m, log } = setup([source], 300_000, standInBuild(undefined, (msg) => msg.entity.some((e) => e.tripUpdate?.trip.tripId === "boom")));
    await m.pollAll();
    message = feed(30, "boom");
    await m.pollAll();
    expect(held(m)).toEqual(feed(0, "t1"));
    expect(m.feedHealth().feeds[0].lastError?.kind).toBe("build_error");
    expect(log.lines.slice(1)).toEqual([
      "error: realtime feed rt: building the state failed",
      "warn: realtime feed rt: the state could not be built from this message: cannot build rt; keeping its last good message (0 s old)",
    ]);
  });

  it("FeedManager - answers only for the network it was built for; a swapped network gets its own state", async () => {
    const source = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 50_000, produce: () => feed(0, "t1") });
    const { m, network } = setup([source]);
    await m.pollAll();
    const other = { name: "network B" } as unknown as Network;
    network.net = other;
    expect(m.current(other)).toBeUndefined();
    m.networkChanged();
    expect(m.current(net)).toBeUndefined();
    expect(m.current(other)?.network).toBe(other);
  });

  it("FeedManager - polls each source at its interval until stopped", async () => {
    server = await startMisbehavingServer({ kind: "serve", bytes: encodeFeedMessage(feed(0, "t1")) });
    const m = new FeedManager({
      network: { current: () => net },
      sources: [urlFeedSource({ name: "rt", url: server.url, intervalMs: 40, timeoutMs: 1000, maxBytes: 50_000 })],
      maxAgeMs: 60_000,
      build: standInBuild(),
      log: recordingLog(),
      // The messages' header timestamps are T0's: judged by a clock at T0 they are fresh.
      clock: () => T0,
    });
    manager = m;
    await m.start();
    expect(m.current(net)).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    await m.stop();
    const polls = server.requests.length;
    expect(polls).toBeGreaterThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 150));
    expect(server.requests.length).toBe(polls);
  });

  it("FeedManager - a watched file is read again as soon as it is replaced, not at the next interval", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-feed-"));
    const path = join(dir, "feed.pb");
    writeFileSync(path, encodeFeedMessage(feed(0, "t1")));
    const m = new FeedManager({
      network: { current: () => net },
      sources: [fileFeedSource({ name: "rt", path, intervalMs: 60_000, maxBytes: 50_000 })],
      maxAgeMs: 300_000,
      build: standInBuild(),
      log: recordingLog(),
      // The messages' header timestamps are T0's: judged by a clock at T0 they are fresh.
      clock: () => T0,
    });
    manager = m;
    await m.start();
    writeFileSync(`${path}.tmp`, encodeFeedMessage(feed(30, "t2")));
    renameSync(`${path}.tmp`, path);
    const started = Date.now();
    while (held(m)?.entity[0].tripUpdate?.trip.tripId !== "t2" && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 20));
    expect(held(m)).toEqual(feed(30, "t2"));
  });

  it("FeedManager - two sources with one name are refused", () => {
    const s = functionFeedSource({ name: "rt", intervalMs: 1000, maxBytes: 1, produce: () => feed(0) });
    expect(() => setup([s, s])).toThrow('two realtime feeds are named "rt": give each its own name');
  });
});
