/**
 * Over HTTP with the real app listening on loopback: a GTFS-RT feed of the stop-sequence fixture (stop_sequence in
 * steps of 10, the loop LOOP1200 passing Markt at 20 and 40, a station with two platforms) built into the state the
 * app serves, read back as a passenger and a GTFS-RT consumer would: the two passages at Markt each with its own
 * time, the station's alert on both platforms, and /gtfs/v3/realtime naming stops by the feed's stop_sequence.
 */
import bindings from "gtfs-realtime-bindings";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GTFS_RT_PATH } from "../../src/api/gtfs-rt/gtfs-realtime.js";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Network } from "../../src/network/model.js";
import { ALERT_ID_BASE } from "../../src/realtime/alerts-to-disruptions.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { stateOf, stopSequenceNetwork, TUE, tue } from "./support/stop-sequence-fixture.js";

const KEY = { "Ocp-Apim-Subscription-Key": "k" };
const NOW_MS = tue("11:58:00");

describe("stop_sequence and station alerts over HTTP (stop-sequence fixture)", () => {
  let net: Network;
  let state: RealtimeState;
  let app: FastifyInstance;
  let origin: string;
  const get = (path: string) => fetch(`${origin}${path}`, { headers: KEY });
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as any;
  };

  beforeAll(async () => {
    net = await stopSequenceNetwork();
    state = stateOf(
      net,
      [
        // by stop_sequence alone: Markt's first visit 2 min late, the second (stop_sequence 40) 5 min late
        { id: "loop", tripUpdate: { trip: { tripId: "LOOP1200", startDate: TUE }, stopTimeUpdate: [{ stopSequence: 20, departure: { delay: 120 } }, { stopSequence: 40, departure: { delay: 300 } }] } },
        { id: "station", alert: { activePeriod: [], informedEntity: [{ stopId: "STATION" }], headerText: { translation: [{ language: "nl", text: "Lift station buiten dienst" }] } } },
      ],
      NOW_MS,
    );
    app = await buildApp({
      network: staticNetworkSource(net),
      config: loadConfig({ API_KEYS: "k", LOG_LEVEL: "silent" }),
      clock: () => NOW_MS,
      realtime: { current: (n) => (n === net ? state : undefined) },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no TCP address");
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => app?.close());

  it("GET /haltes/{e}/{h}/real-time - a loop trip's two passages at one stop, each with the time its stop_sequence gave", async () => {
    const body = await json("/DLKernOpenData/api/v1/haltes/3/300002/real-time?maxAantalDoorkomsten=2");
    const shown = body.halteDoorkomsten[0].doorkomsten.map((d: any) => [d.ritnummer, d.dienstregelingTijdstip, d["real-timeTijdstip"], d.predictionStatussen]);
    expect(shown).toEqual([
      ["201", "2024-03-12T12:05:00", "2024-03-12T12:07:00", ["REALTIME"]],
      ["201", "2024-03-12T12:12:00", "2024-03-12T12:17:00", ["REALTIME"]],
    ]);
  });

  it("GET /haltes/{e}/{h}/storingen - an alert naming the station is shown on each platform, not elsewhere", async () => {
    const titles = async (stop: string) => (await json(`/DLKernOpenData/api/v1/haltes/3/${stop}/storingen`)).storingen.map((s: any) => [s.titel, s.referentieOmleiding >= ALERT_ID_BASE]);
    expect(await titles("300001")).toEqual([["Lift station buiten dienst", true]]);
    expect(await titles("300005")).toEqual([["Lift station buiten dienst", true]]);
    expect(await titles("300002")).toEqual([]);
  });

  it("GET /gtfs/v3/realtime - the trip's stops named by the GTFS feed's own stop_sequence beside their stop_id", async () => {
    const res = await get(DEFAULT_GTFS_RT_PATH);
    expect(res.status).toBe(200);
    const message = bindings.transit_realtime.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
    const loop = message.entity.find((e) => e.tripUpdate?.trip?.tripId === "LOOP1200");
    expect(loop?.tripUpdate?.stopTimeUpdate?.map((u) => [u.stopSequence, u.stopId, Number(u.departure?.delay)])).toEqual([
      [20, "300002", 120],
      [30, "300004", 120],
      [40, "300002", 300],
      [50, "300003", 300],
    ]);
  });
});
