/**
 * The vehicles extension through the real app (buildApp + inject) on the stop-sequence fixture: a VehiclePosition
 * shown as measured, a trip with only a TripUpdate placed between its stops (geschat), a cancelled trip absent,
 * both families, the line direction's list and the network's, 404 and the empty list without a feed.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import type { Network } from "../../../../src/network/model.js";
import { IN_TRANSIT_TO, TRIP_CANCELED } from "../../../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../../../src/realtime/realtime-state.js";
import { stateOf, stopSequenceNetwork, TUE, tue } from "../../../realtime/support/stop-sequence-fixture.js";

const KEY = { "ocp-apim-subscription-key": "k" };
const BETA = "/DLKernOpenData/v1/beta";
const V1 = "/DLKernOpenData/api/v1";
const NOW_MS = tue("08:04:00");

let net: Network;
let state: RealtimeState | undefined;
let app: FastifyInstance;

beforeAll(async () => {
  net = await stopSequenceNetwork();
  state = stateOf(
    net,
    [
      // measured: tram 3 on its way to Ring (stop_sequence 10), heading east
      {
        id: "tram",
        vehicle: {
          trip: { tripId: "TRAM0830", startDate: TUE },
          vehicle: { id: "v1", label: "7001" },
          position: { latitude: 50.879, longitude: 4.705, bearing: 90 },
          currentStopSequence: 10,
          currentStatus: IN_TRANSIT_TO,
        },
      },
      // estimated: line 1 a minute late at Markt, left perron 1 on time at 08:00
      { id: "zero", tripUpdate: { trip: { tripId: "ZERO0800", startDate: TUE }, stopTimeUpdate: [{ stopSequence: 1, arrival: { delay: 60 }, departure: { delay: 60 } }] } },
      // cancelled: no vehicle
      { id: "l500", tripUpdate: { trip: { tripId: "L500H0800", startDate: TUE, scheduleRelationship: TRIP_CANCELED }, stopTimeUpdate: [] } },
    ],
    NOW_MS,
  );
  app = await buildApp({
    network: staticNetworkSource(net),
    config: loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent" }),
    clock: () => NOW_MS,
    realtime: { current: (n) => (n === net ? state : undefined) },
  });
});
afterAll(() => app?.close());

const get = (url: string) => app.inject({ method: "GET", url, headers: KEY });

const tram = {
  ritnummer: "301",
  dienstregelingDatum: "2024-03-12",
  lijnrichting: { entiteitnummer: "3", lijnnummer: 3, richting: "HEEN" },
  positie: { latitude: 50.879, longitude: 4.705 },
  richtingGraden: 90,
  volgendeHalte: { entiteitnummer: "3", haltenummer: "300004" },
  vrtnum: "7001",
  geschat: false,
};
// 240 s of the 360 s from perron 1 (08:00:00) to Markt (08:06:00 predicted): two thirds of the way.
const line1 = {
  ritnummer: "101",
  dienstregelingDatum: "2024-03-12",
  lijnrichting: { entiteitnummer: "3", lijnnummer: 1, richting: "HEEN" },
  positie: { latitude: 50.8797, longitude: 4.70603 },
  richtingGraden: 258,
  volgendeHalte: { entiteitnummer: "3", haltenummer: "300002" },
  vertragingSeconden: 60,
  geschat: true,
};

describe("voertuigen", () => {
  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/voertuigen - a trip with only a TripUpdate, placed between its stops", async () => {
    const res = await get(`${BETA}/lijnen/3/1/lijnrichtingen/HEEN/voertuigen`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().voertuigen).toEqual([line1]);
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/voertuigen - a VehiclePosition as measured, with its heading and next stop", async () => {
    const res = await get(`${V1}/lijnen/3/3/lijnrichtingen/HEEN/voertuigen`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().voertuigen).toEqual([tram]);
  });

  it("GET /voertuigen - every vehicle of the network, in line order; the cancelled trip has none", async () => {
    const res = await get(`${BETA}/voertuigen`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ voertuigen: [line1, tram], links: [{ rel: "self", url: `http://localhost:80${BETA}/voertuigen` }] });
  });

  it("vehiclesNow - one state read once for every line direction's list (each stream renders on every new state)", async () => {
    const { vehiclesNow } = await import("../../../../src/realtime/vehicles-now.js");
    let reads = 0;
    const counted: RealtimeState = Object.create(state!, {
      trips: { value: () => (reads++, state!.trips()) },
      vehicles: { value: () => (reads++, state!.vehicles()) },
    });
    const lists = [0, 1, 2, 3].map((lineDirection) => vehiclesNow(net, counted, { lineDirection, nowMs: NOW_MS }).length);
    const all = vehiclesNow(net, counted, { nowMs: NOW_MS });
    expect(lists.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(all.length);
    expect(all.map((v) => v.tripNumber)).toEqual(["101", "301"]);
    expect(reads).toBe(2);
  });

  it("GET /voertuigen - an empty list without a real-time state", async () => {
    const held = state;
    state = undefined;
    try {
      const res = await get(`${V1}/voertuigen`);
      expect(res.statusCode).toBe(200);
      expect(res.json().voertuigen).toEqual([]);
    } finally {
      state = held;
    }
  });

  it("GET /lijnen/{e}/{l}/lijnrichtingen/{r}/voertuigen - 404 for a line direction that does not exist, 400 for a bad direction", async () => {
    expect((await get(`${BETA}/lijnen/3/999/lijnrichtingen/HEEN/voertuigen`)).statusCode).toBe(404);
    expect((await get(`${BETA}/lijnen/3/1/lijnrichtingen/OPZIJ/voertuigen`)).statusCode).toBe(400);
  });
});
