/**
 * lijnwijzer's GTFS-RT output read back by its own ingest: the simulated demo feed (plus an added trip) becomes a
 * state, the state becomes protobuf (stateToFeed, encoded with gtfs-realtime-bindings), and that feed becomes a
 * second state, which must give the same passages.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network } from "../../src/network/model.js";
import { buildRealtimeState } from "../../src/realtime/build-realtime-state.js";
import { decodeFeedMessage, encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import { TRIP_ADDED, type RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { stateToFeed } from "../../src/realtime/state-to-feed.js";
import { serviceDayActive, serviceDayIndex } from "../../src/timetable/is-service-active.js";
import { stopRealTime } from "../../src/timetable/stop-real-time.js";
import { demoNetwork } from "../support/demo-network.js";

let net: Network;
beforeAll(async () => {
  net = await demoNetwork();
});

const at = (date: number, hour: number, minute = 0) => zonedTime(net.meta.timezone).localToEpochMs(date, hour * 3600 + minute * 60);

/** An ADDED trip on the main pattern of the first line direction, leaving 10 minutes after now. */
function withAddedTrip(message: RtFeedMessage, nowMs: number): RtFeedMessage {
  const ld = 0;
  const p = net.lineDirections.mainPattern[ld];
  const stops: string[] = [];
  for (let r = net.patterns.stopStart[p]; r < net.patterns.stopStart[p + 1]; r++) stops.push(net.strings.get(net.stops.gtfsId[net.patterns.stops[r]]));
  const t0 = Math.floor(nowMs / 1000) + 600;
  return {
    ...message,
    entity: [
      ...message.entity,
      {
        id: "extra",
        tripUpdate: {
          trip: { tripId: "EXTRA-1", routeId: net.strings.get(net.lines.gtfsId[ld >> 1]), directionId: ld & 1, startDate: String(zonedTime(net.meta.timezone).localDateOf(nowMs)), scheduleRelationship: TRIP_ADDED },
          vehicle: { id: "99999" },
          stopTimeUpdate: stops.map((stopId, i) => ({ stopId, arrival: { time: t0 + i * 120 }, departure: { time: t0 + i * 120 + 20 } })),
        },
      },
    ],
  };
}

/** Every passage update the state gives for the trips it holds, as comparable text. */
function passages(state: RealtimeState): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const t of state.trips()) {
    if (t.trip === undefined) continue;
    for (let pos = 0; pos < t.stops.length; pos++) out.set(`${t.serviceDate}|${t.trip}|${pos}`, state.passage(t.trip, t.serviceDate, pos));
  }
  return out;
}

describe("stateToFeed", () => {
  it("stateToFeed - ingesting lijnwijzer's own output gives the same passages (the simulated demo at 17:00 and 08:10 plus an added trip)", () => {
    for (const nowMs of [at(20261124, 17), at(20261124, 8, 10)]) {
      const original = withAddedTrip(simulateFeed(net, nowMs), nowMs);
      const a = buildRealtimeState(net, [{ name: "simulated", message: decodeFeedMessage(encodeFeedMessage(original)) }], nowMs);
      const out = decodeFeedMessage(encodeFeedMessage(stateToFeed(a, nowMs)));
      const b = buildRealtimeState(net, [{ name: "lijnwijzer", message: out }], nowMs);

      expect(b.stats[0].unmatched).toBe(0);
      const pa = passages(a);
      expect(pa.size).toBeGreaterThan(5000);
      expect(passages(b)).toEqual(pa);
      // The trips themselves: times, skipped stops, cancellations, vehicles, added trips.
      const trips = (s: RealtimeState) => [...s.trips()].map(({ descriptor, ...rest }) => ({ ...rest, tripId: descriptor.tripId }));
      expect(trips(b)).toEqual(trips(a));
      expect([...a.trips()].filter((t) => t.trip === undefined).map((t) => t.descriptor.tripId)).toEqual(["EXTRA-1"]);
      expect([...a.trips()].filter((t) => t.cancelled).length).toBeGreaterThan(3);
      expect([...b.vehicles()].length).toBe([...a.vehicles()].length);
      // Alerts keep their feed entity ids, so their disruptions keep their referentieOmleiding.
      expect(b.alerts).toEqual(a.alerts);
      expect(b.disruptions).toEqual(a.disruptions);
      // And what a stop shows.
      const busiest = [...a.trips()].find((t) => !t.cancelled && t.trip !== undefined)!.stops[2].stop;
      expect(stopRealTime(net, b, { stop: busiest, from: nowMs, max: 20 })).toEqual(stopRealTime(net, a, { stop: busiest, from: nowMs, max: 20 }));
    }
  });

  it("stateToFeed - the simulated demo through the ingest: at least half of the trips under way have REALTIME predictions", () => {
    const zone = zonedTime(net.meta.timezone);
    for (const nowMs of [at(20261124, 7, 20), at(20261124, 13), at(20261124, 18, 30), at(20261128, 11), at(20261129, 21)]) {
      const state = buildRealtimeState(net, [{ name: "simulator", message: simulateFeed(net, nowMs) }], nowMs);
      let running = 0;
      let predicted = 0;
      for (let k = -1; k <= 0; k++) {
        const date = zone.localDateOf(nowMs + k * 86_400_000);
        const day = serviceDayIndex(net, date);
        const s = (nowMs - zone.serviceDayStartMs(date)) / 1000;
        for (let t = 0; t < net.trips.count; t++) {
          const p = net.trips.pattern[t];
          const row0 = net.trips.stopTimeStart[t];
          const last = net.patterns.stopStart[p + 1] - net.patterns.stopStart[p] - 1;
          if (net.stopTimes.departure[row0] > s || net.stopTimes.arrival[row0 + last] < s || !serviceDayActive(net, net.trips.service[t], day)) continue;
          running++;
          if (state.passage(t, date, last)?.epochMs !== undefined) predicted++;
        }
      }
      expect(running, new Date(nowMs).toISOString()).toBeGreaterThan(20);
      expect(predicted / running, new Date(nowMs).toISOString()).toBeGreaterThanOrEqual(0.5);
    }
  });

  it("stateToFeed - no state: an empty FULL_DATASET message stamped now", () => {
    expect(stateToFeed(undefined, 1_710_000_000_900)).toEqual({
      header: { gtfsRealtimeVersion: "2.0", incrementality: 0, timestamp: 1_710_000_000 },
      entity: [],
    });
  });
});
