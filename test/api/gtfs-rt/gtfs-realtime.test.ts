/**
 * GET /gtfs/v3/realtime over inject(): a hand-built real-time state of the alerts fixture network (Tuesday
 * 2024-03-12 in Brussels), served as protobuf that gtfs-realtime-bindings decodes, and as JSON, with the
 * published query options.
 */
import bindings from "gtfs-realtime-bindings";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/api/app.js";
import { DEFAULT_GTFS_RT_PATH } from "../../../src/api/gtfs-rt/gtfs-realtime.js";
import { staticNetworkSource } from "../../../src/api/shared/network-source.js";
import type { RealtimeSource } from "../../../src/api/shared/realtime-source.js";
import { loadConfig } from "../../../src/config/load-config.js";
import type { Network } from "../../../src/network/model.js";
import { decodeFeedMessage } from "../../../src/realtime/feed-codec.js";
import {
  FULL_DATASET,
  IN_TRANSIT_TO,
  STOP_SKIPPED,
  TRIP_ADDED,
  TRIP_CANCELED,
  type RtAlert,
  type RtFeedMessage,
} from "../../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState, TripState, VehicleState } from "../../../src/realtime/realtime-state.js";
import { alertsNetwork, brussels, texts } from "../../realtime/support/alerts-fixture.js";
import { tripIdx } from "../../timetable/support/realtime-fixtures.js";

const KEY = { "ocp-apim-subscription-key": "k" };
const NOW_MS = brussels(12, 8, 3) * 1000;
const BUILT_MS = brussels(12, 8, 2) * 1000;
const s = (hour: number, minute: number, second = 0) => brussels(12, hour, minute) + second;

function handState(net: Network): RealtimeState {
  const stop = (id: string) => {
    for (let i = 0; i < net.stops.count; i++) if (net.strings.get(net.stops.gtfsId[i]) === id) return i;
    throw new Error(id);
  };
  const trips: TripState[] = [
    {
      trip: tripIdx(net, "L1H0800"),
      serviceDate: 20240312,
      lineDirection: 0,
      descriptor: { tripId: "L1H0800", startDate: "20240312", routeId: "3001" },
      cancelled: false,
      vehicle: { id: "v7", label: "7301" },
      stops: [
        { stop: stop("300001"), stopId: "300001", arrivalMs: NaN, departureMs: NaN, skipped: false },
        { stop: stop("300002"), stopId: "300002", arrivalMs: s(8, 7) * 1000, departureMs: s(8, 7, 30) * 1000, skipped: false },
        { stop: stop("300003"), stopId: "300003", arrivalMs: NaN, departureMs: NaN, skipped: true },
      ],
      delaySeconds: 150,
    },
    {
      trip: tripIdx(net, "L2H0800"),
      serviceDate: 20240312,
      lineDirection: 2,
      descriptor: { tripId: "L2H0800", startDate: "20240312", routeId: "3002" },
      cancelled: true,
      vehicle: undefined,
      stops: [],
      delaySeconds: undefined,
    },
    {
      trip: undefined,
      serviceDate: 20240312,
      lineDirection: 0,
      descriptor: { tripId: "EXTRA1", startDate: "20240312", routeId: "3001", directionId: 0, scheduleRelationship: TRIP_ADDED },
      cancelled: false,
      vehicle: { id: "v9" },
      stops: [
        { stop: stop("300001"), stopId: "300001", arrivalMs: NaN, departureMs: s(8, 20) * 1000, skipped: false },
        { stop: stop("300003"), stopId: "300003", arrivalMs: s(8, 30) * 1000, departureMs: NaN, skipped: false },
      ],
      delaySeconds: 0,
    },
  ];
  const vehicles: VehicleState[] = [
    {
      vehicle: { id: "v7", label: "7301" },
      descriptor: trips[0].descriptor,
      position: { latitude: 50.5, longitude: 4.5, bearing: 90 },
      currentStopSequence: undefined,
      stopId: "300002",
      currentStatus: IN_TRANSIT_TO,
      timestampMs: s(8, 2, 50) * 1000,
    },
  ];
  const alerts: Array<{ id: string; alert: RtAlert }> = [
    { id: "alert:1", alert: { activePeriod: [], informedEntity: [{ routeId: "3002" }], headerText: texts(["nl", "Werken"]) } },
    { id: "alert:2", alert: { activePeriod: [], informedEntity: [{ trip: { tripId: "L1H0800" } }], headerText: texts(["nl", "Rit 101 rijdt om"]) } },
  ];
  return {
    network: net,
    builtMs: BUILT_MS,
    stats: [],
    trips: () => trips,
    vehicles: () => vehicles,
    alerts,
    passage: () => undefined,
    disruptions: [],
  };
}

const L1H0800 = {
  id: "20240312:L1H0800",
  tripUpdate: {
    trip: { tripId: "L1H0800", startDate: "20240312", routeId: "3001" },
    vehicle: { id: "v7", label: "7301" },
    stopTimeUpdate: [
      // scheduled 08:05: two minutes late, then 2.5 at departure; the first stop has no time, so it is left out
      { stopId: "300002", arrival: { delay: 120, time: s(8, 7) }, departure: { delay: 150, time: s(8, 7, 30) } },
      { stopId: "300003", scheduleRelationship: STOP_SKIPPED },
    ],
  },
};
const L2H0800 = {
  id: "20240312:L2H0800",
  tripUpdate: { trip: { tripId: "L2H0800", startDate: "20240312", routeId: "3002", scheduleRelationship: TRIP_CANCELED }, stopTimeUpdate: [] },
};
const EXTRA1 = {
  id: "20240312:EXTRA1",
  tripUpdate: {
    trip: { tripId: "EXTRA1", startDate: "20240312", routeId: "3001", directionId: 0, scheduleRelationship: TRIP_ADDED },
    vehicle: { id: "v9" },
    stopTimeUpdate: [
      { stopId: "300001", departure: { time: s(8, 20) } },
      { stopId: "300003", arrival: { time: s(8, 30) } },
    ],
  },
};
const V7 = {
  id: "vehicle:v7",
  vehicle: {
    trip: { tripId: "L1H0800", startDate: "20240312", routeId: "3001" },
    vehicle: { id: "v7", label: "7301" },
    position: { latitude: 50.5, longitude: 4.5, bearing: 90 },
    stopId: "300002",
    currentStatus: IN_TRANSIT_TO,
    timestamp: s(8, 2, 50),
  },
};
const ALERT1 = { id: "alert:1", alert: { activePeriod: [], informedEntity: [{ routeId: "3002" }], headerText: texts(["nl", "Werken"]) } };
const ALERT2 = { id: "alert:2", alert: { activePeriod: [], informedEntity: [{ trip: { tripId: "L1H0800" } }], headerText: texts(["nl", "Rit 101 rijdt om"]) } };

describe("GET /gtfs/v3/realtime", () => {
  let net: Network;
  let app: FastifyInstance;
  let empty: FastifyInstance;
  beforeAll(async () => {
    net = await alertsNetwork();
    const state = handState(net);
    const realtime: RealtimeSource = { current: (n) => (n === net ? state : undefined) };
    const config = loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent" });
    app = await buildApp({ network: staticNetworkSource(net), config, clock: () => NOW_MS, realtime });
    empty = await buildApp({ network: staticNetworkSource(net), config, clock: () => NOW_MS });
  });
  afterAll(async () => {
    await app.close();
    await empty.close();
  });

  const fetchFeed = async (query = "", on = app) => {
    const res = await on.inject({ url: `${DEFAULT_GTFS_RT_PATH}${query}`, headers: KEY });
    expect(res.statusCode).toBe(200);
    return { res, message: decodeFeedMessage(res.rawPayload) };
  };

  it("gtfs-realtime - protobuf by default, decoded by gtfs-realtime-bindings: every trip, vehicle and alert of the state in the network's GTFS ids", async () => {
    const { res, message } = await fetchFeed();
    expect(res.headers["content-type"]).toBe("application/x-protobuf");
    expect(res.headers["cache-control"]).toBe("no-store");
    // The reference decoder itself reads it.
    const raw = bindings.transit_realtime.FeedMessage.decode(res.rawPayload);
    expect(raw.entity.length).toBe(6);
    expect(message.header).toEqual({ gtfsRealtimeVersion: "2.0", incrementality: FULL_DATASET, timestamp: BUILT_MS / 1000 });
    expect(message.entity.slice(0, 3)).toEqual([L1H0800, L2H0800, EXTRA1]);
    // The decoder adds the empty lists of newer fields (multiCarriageDetails, impactPeriod) to the rest.
    expect(message).toMatchObject({ entity: [L1H0800, L2H0800, EXTRA1, V7, ALERT1, ALERT2] } satisfies Partial<RtFeedMessage>);
  });

  it("gtfs-realtime - json=true answers the proto3 JSON mapping, enums by name", async () => {
    const res = await app.inject({ url: `${DEFAULT_GTFS_RT_PATH}?json=true`, headers: KEY });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = res.json() as { header: unknown; entity: Array<{ id: string; tripUpdate?: { trip: { scheduleRelationship?: string } } }> };
    expect(body.header).toEqual({ gtfsRealtimeVersion: "2.0", incrementality: "FULL_DATASET", timestamp: BUILT_MS / 1000 });
    expect(body.entity.map((e) => e.id)).toEqual(["20240312:L1H0800", "20240312:L2H0800", "20240312:EXTRA1", "vehicle:v7", "alert:1", "alert:2"]);
    expect(body.entity[1].tripUpdate!.trip.scheduleRelationship).toBe("CANCELED");
    expect(body.entity[0]).toEqual({ ...L1H0800, tripUpdate: { ...L1H0800.tripUpdate, stopTimeUpdate: [L1H0800.tripUpdate.stopTimeUpdate[0], { stopId: "300003", scheduleRelationship: "SKIPPED" }] } });
  });

  it("gtfs-realtime - canceled, delay and position leave their kind out when false; alerts stay", async () => {
    const ids = async (query: string) => (await fetchFeed(query)).message.entity.map((e) => e.id);
    expect(await ids("?canceled=false")).toEqual(["20240312:L1H0800", "20240312:EXTRA1", "vehicle:v7", "alert:1", "alert:2"]);
    expect(await ids("?delay=false")).toEqual(["20240312:L2H0800", "vehicle:v7", "alert:1", "alert:2"]);
    expect(await ids("?position=false&canceled=true")).toEqual(["20240312:L1H0800", "20240312:L2H0800", "20240312:EXTRA1", "alert:1", "alert:2"]);
    expect(await ids("?canceled=false&delay=false&position=false")).toEqual(["alert:1", "alert:2"]);
    expect(await ids("?canceled=true&delay=true&position=true")).toEqual(await ids(""));
  });

  it("gtfs-realtime - tripid and vehicleid name the trip or vehicle (the published boolean type cannot)", async () => {
    const ids = async (query: string) => (await fetchFeed(query)).message.entity.map((e) => e.id);
    expect(await ids("?tripid=L1H0800")).toEqual(["20240312:L1H0800", "vehicle:v7", "alert:2"]);
    expect(await ids("?tripid=L2H0800")).toEqual(["20240312:L2H0800"]);
    expect(await ids("?vehicleid=7301")).toEqual(["20240312:L1H0800", "vehicle:v7"]);
    expect(await ids("?vehicleid=v9")).toEqual(["20240312:EXTRA1"]);
    expect(await ids("?vehicleid=v7&position=false")).toEqual(["20240312:L1H0800"]);
    expect(await ids("?tripid=nothing")).toEqual([]);
    expect(await ids("?tripid=true")).toEqual([]);
  });

  it("gtfs-realtime - the same answer twice (the unfiltered encodings are kept per state)", async () => {
    const a = await fetchFeed();
    const b = await fetchFeed();
    expect(Buffer.compare(a.res.rawPayload, b.res.rawPayload)).toBe(0);
  });

  it("gtfs-realtime - without a real-time state: a valid empty FULL_DATASET message stamped now", async () => {
    const { res, message } = await fetchFeed("", empty);
    expect(res.headers["content-type"]).toBe("application/x-protobuf");
    expect(message).toEqual({ header: { gtfsRealtimeVersion: "2.0", incrementality: FULL_DATASET, timestamp: Math.floor(NOW_MS / 1000) }, entity: [] });
    const json = await empty.inject({ url: `${DEFAULT_GTFS_RT_PATH}?json=true`, headers: KEY });
    expect(json.json()).toEqual({ header: { gtfsRealtimeVersion: "2.0", incrementality: "FULL_DATASET", timestamp: Math.floor(NOW_MS / 1000) } });
  });

  it("gtfs-realtime - the subscription key as everywhere: 401 without, the query parameter works too", async () => {
    const none = await app.inject({ url: DEFAULT_GTFS_RT_PATH });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ statusCode: 401, message: expect.any(String) });
    expect((await app.inject({ url: `${DEFAULT_GTFS_RT_PATH}?subscription-key=k` })).statusCode).toBe(200);
  });

  it("gtfs-realtime - a bad value is a 400 in JSON that says what to give", async () => {
    for (const query of ["?json=maybe", "?canceled=2", "?tripid=", "?json=true&json=false", `?vehicleid=${"x".repeat(300)}`]) {
      const res = await app.inject({ url: `${DEFAULT_GTFS_RT_PATH}${query}`, headers: KEY });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect((res.json() as { message: string }).message, query).toMatch(/give/);
    }
  });

  it("gtfs-realtime - GTFS_RT_PATH moves it", async () => {
    const config = loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent", GTFS_RT_PATH: "/rt/feed.pb" });
    const moved = await buildApp({ network: staticNetworkSource(net), config, clock: () => NOW_MS });
    try {
      const res = await moved.inject({ url: "/rt/feed.pb", headers: KEY });
      expect(res.statusCode).toBe(200);
      expect(decodeFeedMessage(res.rawPayload).entity).toEqual([]);
      expect((await moved.inject({ url: DEFAULT_GTFS_RT_PATH, headers: KEY })).statusCode).toBe(404);
    } finally {
      await moved.close();
    }
  });

  it("gtfs-realtime - not in the core part's OpenAPI document (another API of the operator, answering protobuf)", async () => {
    const doc = (await app.inject({ url: "/DLKernOpenData/openapi.json" })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes("/realtime"))).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(90);
  });
});
