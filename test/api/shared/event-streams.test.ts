/**
 * Server-Sent Events over a real loopback connection (the app listening, read with fetch) on the stop-sequence
 * fixture: the full message on connect, a message within a second of a new real-time state, resumption with
 * Last-Event-ID, the `netwerk` event of a snapshot reload, the bound per key, and a stream charged against the
 * key's quota once per minute it is open.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { STREAMS_PER_KEY } from "../../../src/api/shared/event-streams.js";
import { swappableNetworkSource } from "../../../src/api/shared/network-source.js";
import type { RealtimeSource } from "../../../src/api/shared/realtime-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import type { RtFeedEntity } from "../../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../../src/realtime/realtime-state.js";
import { keysFileWith } from "../quota/support/quota-fixtures.js";
import { stateOf, stopSequenceNetwork, TUE, tue } from "../../realtime/support/stop-sequence-fixture.js";

const BETA = "/DLKernOpenData/v1/beta";
const NOW_MS = tue("08:04:00");
const LINE1 = `${BETA}/lijnen/3/1/lijnrichtingen/HEEN/voertuigen`;

/** Line 1's trip ZERO0800 `delay` seconds late at Markt. */
const late = (delay: number): RtFeedEntity[] => [
  { id: "zero", tripUpdate: { trip: { tripId: "ZERO0800", startDate: TUE }, stopTimeUpdate: [{ stopSequence: 1, arrival: { delay }, departure: { delay } }] } },
];

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** An open event stream: its status and headers, and its events one at a time. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const next = async (): Promise<SseEvent> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const e: SseEvent = {};
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) e.comment = line.slice(1).trim();
          else {
            const at = line.indexOf(": ");
            const field = line.slice(0, at) as "id" | "event" | "data" | "retry";
            if (field !== "retry") e[field] = line.slice(at + 2);
          }
        }
        return e;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { res, next, close: () => controller.abort() };
}

let net: Network;
let state: RealtimeState | undefined;
const listeners = new Set<() => void>();
/** Calls of realtime.current(): one per render of an answer, and one per look of the streams at the state. */
let currentCalls = 0;
const realtime: RealtimeSource = {
  current: (n) => {
    currentCalls++;
    return n === net ? state : undefined;
  },
  subscribe: (l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
/** Serves a new state and tells the subscribers, as the feed manager's swap does. */
function swapState(next: RealtimeState | undefined) {
  state = next;
  for (const l of listeners) l();
}

const apps: FastifyInstance[] = [];
const closers: Array<() => void> = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function serve(env: Record<string, string>, source = swappableNetworkSource(net), clock: () => number = () => NOW_MS) {
  const app = await buildApp({ network: source, config: loadConfig({ LOG_LEVEL: "silent", ...env }), clock, realtime });
  apps.push(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  return { app, origin: `http://127.0.0.1:${address.port}` };
}

async function stream(url: string, key: string, extra: Record<string, string> = {}) {
  const s = await openStream(url, { "ocp-apim-subscription-key": key, ...extra });
  closers.push(s.close);
  return s;
}

beforeAll(async () => {
  net = await stopSequenceNetwork();
});

describe("event streams", () => {
  it("voertuigen stream - the full message on connect, then a message within a second of a new real-time state", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const { origin } = await serve({ API_KEYS: "k" });
    const s = await stream(`${origin}${LINE1}`, "k");
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.res.headers.get("cache-control")).toBe("no-store");
    expect(s.res.headers.get("content-encoding")).toBeNull();
    const first = await s.next();
    expect(first.event).toBe("voertuigen");
    expect(first.id).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.parse(first.data!).voertuigen.map((v: any) => [v.ritnummer, v.vertragingSeconden, v.geschat])).toEqual([["101", 60, true]]);

    const before = Date.now();
    swapState(stateOf(net, late(180), NOW_MS));
    const update = await s.next();
    expect(update.event).toBe("voertuigen");
    // `: state <ms>`: when the server began serving the state the answer reflects (the swap).
    const stateMs = Number(/^state (\d+)$/.exec(update.comment!)![1]);
    expect(stateMs).toBeGreaterThanOrEqual(before);
    expect(stateMs).toBeLessThanOrEqual(Date.now());
    expect(update.id).not.toBe(first.id);
    // 240 s of the 480 s from perron 1 (08:00) to Markt (08:08 predicted): half way.
    expect(JSON.parse(update.data!).voertuigen.map((v: any) => [v.vertragingSeconden, v.positie])).toEqual([[180, { latitude: 50.88005, longitude: 4.70855 }]]);
  });

  it("stop stream - a stop's departures, resumed with Last-Event-ID: nothing again while unchanged, the full message when not", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const { origin } = await serve({ API_KEYS: "k" });
    const url = `${origin}${BETA}/haltes/3/300002/real-time?maxAantalDoorkomsten=2`;
    const s = await stream(url, "k");
    const first = await s.next();
    expect(first.event).toBe("doorkomsten");
    const body = JSON.parse(first.data!);
    expect(body.halteDoorkomsten[0].doorkomsten.map((d: any) => [d.ritnummer, d["real-timeTijdstip"], d.predictionStatussen])).toEqual([
      ["101", "2024-03-12T08:07:00", ["REALTIME"]],
      ["201", undefined, ["GEENREALTIME"]],
    ]);
    s.close();

    const same = await stream(url, "k", { "last-event-id": first.id! });
    expect(await same.next()).toEqual({ comment: "resumed" });
    const other = await stream(url, "k", { "last-event-id": "0000000000000000" });
    expect(await other.next()).toEqual(first);
  });

  it("voertuigen stream - a snapshot reload: event netwerk, then the answer on the new network", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const source = swappableNetworkSource(net);
    const { origin } = await serve({ API_KEYS: "k" }, source);
    const s = await stream(`${origin}${BETA}/voertuigen`, "k");
    expect(JSON.parse((await s.next()).data!).voertuigen).toHaveLength(1);
    // The same network compiled again is another Network: the state of the old one does not apply to it.
    source.swap({ ...net });
    expect(await s.next()).toEqual({ event: "netwerk", data: JSON.stringify({ bericht: "het netwerk is vernieuwd" }) });
    const after = await s.next();
    expect(after.event).toBe("voertuigen");
    expect(JSON.parse(after.data!).voertuigen).toEqual([]);
  });

  it("streams - a key holds at most STREAMS_PER_KEY at once (429), another key is not counted with it; 404 before any stream", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const { origin } = await serve({ API_KEYS: "k,other" });
    for (let i = 0; i < STREAMS_PER_KEY; i++) await (await stream(`${origin}${LINE1}`, "k")).next();
    const refused = await fetch(`${origin}${LINE1}`, { headers: { accept: "text/event-stream", "ocp-apim-subscription-key": "k" } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(`This key has ${STREAMS_PER_KEY} streams open on this server, the most it may: close one before opening another`);
    expect((await stream(`${origin}${LINE1}`, "other")).res.status).toBe(200);
    const missing = await fetch(`${origin}${BETA}/lijnen/3/999/lijnrichtingen/HEEN/voertuigen`, { headers: { accept: "text/event-stream", "ocp-apim-subscription-key": "other" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });

  it("streams - STREAMS_PER_WORKER bounds the streams of the process (503 with Retry-After), STREAMS_PER_KEY those of a key", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const { origin } = await serve({ API_KEYS: "k,other,third", STREAMS_PER_WORKER: "3", STREAMS_PER_KEY: "2" });
    for (let i = 0; i < 2; i++) await (await stream(`${origin}${LINE1}`, "k")).next();
    expect((await fetch(`${origin}${LINE1}`, { headers: { accept: "text/event-stream", "ocp-apim-subscription-key": "k" } })).status).toBe(429);
    await (await stream(`${origin}${LINE1}`, "other")).next();
    const full = await fetch(`${origin}${LINE1}`, { headers: { accept: "text/event-stream", "ocp-apim-subscription-key": "third" } });
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toBe("30");
  });

  it("streams - the streams that ask the same thing share one render per update and get the same bytes", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const { origin } = await serve({ API_KEYS: "k,other" });
    const same = [];
    for (let i = 0; i < 8; i++) same.push(await stream(`${origin}${LINE1}`, i % 2 === 0 ? "k" : "other"));
    for (const s of same) await s.next();
    currentCalls = 0;
    swapState(stateOf(net, late(180), NOW_MS));
    const updates = await Promise.all(same.map((s) => s.next()));
    expect(new Set(updates.map((u) => JSON.stringify(u))).size).toBe(1);
    expect(JSON.parse(updates[0].data!).voertuigen.map((v: any) => v.vertragingSeconden)).toEqual([180]);
    // One look at the state after the swap and one render for the eight streams (rendered for each: nine); the
    // streams' check every second may look once more meanwhile.
    expect(currentCalls).toBeGreaterThanOrEqual(2);
    expect(currentCalls).toBeLessThanOrEqual(3);
  });

  it("streams - a stream is one call when it opens and one more per minute it stays open", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const KEYS_FILE = keysFileWith({ p: { perMinute: 100, perDay: 1000 } }, { "key-q": { product: "p" } });
    let now = NOW_MS;
    const { origin } = await serve({ KEYS_FILE }, undefined, () => now);
    const s = await stream(`${origin}${LINE1}`, "key-q");
    expect(s.res.headers.get("x-ratelimit-remaining-day")).toBe("999");
    await s.next();
    now += 60_000; // a minute later: the next check charges the stream's second minute
    await new Promise((r) => setTimeout(r, 1500));
    const res = await fetch(`${origin}${BETA}/voertuigen`, { headers: { "ocp-apim-subscription-key": "key-q" } });
    expect(res.headers.get("x-ratelimit-remaining-day")).toBe("997");
  });

  it("streams - a charge over the key's quota ends the stream with event quota", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const KEYS_FILE = keysFileWith({ p: { perMinute: 100, perDay: 1 } }, { "key-q": { product: "p" } });
    let now = NOW_MS;
    const { origin } = await serve({ KEYS_FILE }, undefined, () => now);
    const s = await stream(`${origin}${LINE1}`, "key-q");
    expect(s.res.headers.get("x-ratelimit-remaining-day")).toBe("0");
    await s.next();
    now += 60_000;
    expect(await s.next()).toEqual({ event: "quota", data: JSON.stringify({ statusCode: 429, message: "the key's quota is used up: the stream ends" }) });
    await expect(s.next()).rejects.toThrow("stream ended");
  });

  it("streams - HEAD with Accept: text/event-stream answers as the JSON GET, without a body and without a stream", async () => {
    state = stateOf(net, late(60), NOW_MS);
    const { origin } = await serve({ API_KEYS: "k" });
    const res = await fetch(`${origin}${LINE1}`, { method: "HEAD", headers: { accept: "text/event-stream", "ocp-apim-subscription-key": "k" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
