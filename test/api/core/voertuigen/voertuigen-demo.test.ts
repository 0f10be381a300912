/**
 * The vehicles extension on the demo network with its simulator's feed (src/realtime/simulate-feed.ts) on Tuesday
 * 2026-03-10 at 08:00 Brussels time: with VehiclePositions every vehicle is where the feed puts it; with only the
 * TripUpdates the vehicles are estimated between their stops, and land where the simulator put them.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/api/app.js";
import { staticNetworkSource } from "../../../../src/api/shared/network-source.js";
import { loadConfig } from "../../../../src/config/load-config.js";
import type { Network } from "../../../../src/network/model.js";
import { buildRealtimeState } from "../../../../src/realtime/build-realtime-state.js";
import type { RealtimeState } from "../../../../src/realtime/realtime-state.js";
import { simulateFeed } from "../../../../src/realtime/simulate-feed.js";
import type { RtFeedMessage } from "../../../../src/realtime/gtfs-rt-types.js";
import { demoNetwork } from "../../../support/demo-network.js";

const BETA = "/DLKernOpenData/v1/beta";
const AT = Date.parse("2026-03-10T08:00:00+01:00");

let net: Network;
let state: RealtimeState;
let app: FastifyInstance;
let full: RtFeedMessage;

beforeAll(async () => {
  net = await demoNetwork();
  full = simulateFeed(net, AT);
  app = await buildApp({
    network: staticNetworkSource(net),
    config: loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent" }),
    clock: () => AT,
    realtime: { current: (n) => (n === net ? state : undefined) },
  });
}, 120_000);
afterAll(() => app?.close());

async function voertuigen(path = `${BETA}/voertuigen`): Promise<any[]> {
  const res = await app.inject({ url: path, headers: { "ocp-apim-subscription-key": "k" } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().voertuigen;
}

const r5 = (x: number) => Math.round(x * 1e5) / 1e5;
/** Metres between two points a few hundred metres apart at most (equirectangular). */
const metres = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  Math.hypot(a.latitude - b.latitude, (a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180)) * 111_195;

describe("voertuigen on the demo network", () => {
  it("GET /voertuigen - every VehiclePosition of the simulator, where it puts it, with its vehicle number and heading", async () => {
    state = buildRealtimeState(net, [{ name: "simulator", message: full }], AT);
    const list = await voertuigen();
    const positions = full.entity.filter((e) => e.vehicle?.position).map((e) => e.vehicle!);
    expect(list).toHaveLength(positions.length);
    expect(list.length).toBe(676);
    const byNumber = new Map(list.map((v) => [v.vrtnum, v]));
    for (const p of positions) {
      const v = byNumber.get(p.vehicle!.label);
      expect(v, p.vehicle!.label).toBeDefined();
      expect(v.geschat).toBe(false);
      expect(v.positie).toEqual({ latitude: r5(p.position!.latitude), longitude: r5(p.position!.longitude) });
      expect(v.richtingGraden).toBe(p.position!.bearing);
    }
  });

  it("GET /voertuigen - from the TripUpdates alone, estimated between stops, within 100 m of where the simulator put them", async () => {
    state = buildRealtimeState(net, [{ name: "simulator", message: full }], AT);
    const key = (v: any) => `${v.dienstregelingDatum} ${v.lijnrichting.entiteitnummer}/${v.lijnrichting.lijnnummer}/${v.lijnrichting.richting} ${v.ritnummer}`;
    const measured = new Map((await voertuigen()).map((v) => [key(v), v]));
    state = buildRealtimeState(net, [{ name: "simulator", message: simulateFeed(net, AT, { vehiclePositions: false }) }], AT);
    const list = await voertuigen();
    // Trips under way with a prediction; the simulator's 676 positions also count vehicles waiting at their first stop.
    expect(list.length).toBe(601);
    const otherNextStop: string[] = [];
    for (const v of list) {
      expect(v.geschat).toBe(true);
      const m = measured.get(key(v));
      expect(m, key(v)).toBeDefined();
      expect(metres(m.positie, v.positie), key(v)).toBeLessThan(100);
      if (JSON.stringify(v.volgendeHalte) === JSON.stringify(m.volgendeHalte)) expect(v.vertragingSeconden, key(v)).toBe(m.vertragingSeconden);
      else otherNextStop.push(key(v));
    }
    // One trip's vehicle is on its way to a stop the trip skips: the simulator's VehiclePosition names that stop (and
    // its delay is unknown there), the estimate passes it by and heads for the stop after it.
    expect(otherNextStop).toEqual(["2026-03-10 3/600/HEEN 1009"]);
  });

  it("GET /lijnen/3/302/lijnrichtingen/HEEN/voertuigen - Leuven line 2 (3/302)'s vehicles only, each with its next stop and delay", async () => {
    state = buildRealtimeState(net, [{ name: "simulator", message: full }], AT);
    const list = await voertuigen(`${BETA}/lijnen/3/302/lijnrichtingen/HEEN/voertuigen`);
    expect(list.length).toBeGreaterThan(0);
    for (const v of list) {
      expect(v.lijnrichting).toEqual({ entiteitnummer: "3", lijnnummer: 302, richting: "HEEN" });
      expect(v.volgendeHalte.entiteitnummer).toBe("3");
      expect(typeof v.vertragingSeconden).toBe("number");
    }
    const all = await voertuigen();
    expect(all.filter((v) => v.lijnrichting.lijnnummer === 302 && v.lijnrichting.entiteitnummer === "3" && v.lijnrichting.richting === "HEEN")).toEqual(list);
  });
});
