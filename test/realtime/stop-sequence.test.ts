/**
 * buildRealtimeState and stateToFeed on the stop-sequence fixture (test/fixtures/realtime/stop-sequence: stop_sequence
 * from 0 and in steps of 10, the loop LOOP1200 Station perron 5 12:00 - Markt 12:05 - Ring 12:08 - Markt 12:12 -
 * Kerk 12:15 at 10, 20, 30, 40, 50), feeds through the real protobuf path, Tuesday 2024-03-12.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { IN_TRANSIT_TO, STOP_SKIPPED, TRIP_ADDED, type RtFeedEntity, type RtStopTimeUpdate, type RtTripDescriptor } from "../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { stateToFeed } from "../../src/realtime/state-to-feed.js";
import { stateOf, stopSequenceNetwork, TUE, tripOf, tue } from "./support/stop-sequence-fixture.js";

const tu = (trip: RtTripDescriptor, stopTimeUpdate: RtStopTimeUpdate[], id = trip.tripId ?? "t"): RtFeedEntity => ({ id, tripUpdate: { trip, stopTimeUpdate } });
const loop = (...updates: RtStopTimeUpdate[]) => tu({ tripId: "LOOP1200", startDate: TUE }, updates);
const late = (seconds: number) => ({ departure: { delay: seconds } });

describe("buildRealtimeState - stop_sequence as the feed numbers it (stop-sequence fixture)", () => {
  let net: Network;
  beforeAll(async () => {
    net = await stopSequenceNetwork();
  });

  /** Per stop of the trip the state holds: "stop_id HH:MM:SS" of its predicted departure, "stop_id -" without one. */
  const predicted = (state: RealtimeState, tripId = "LOOP1200") => {
    const t = [...state.trips()].find((x) => x.descriptor.tripId === tripId);
    return t?.stops.map((s) => `${s.stopId} ${Number.isNaN(s.departureMs) ? "-" : new Date(s.departureMs + 3_600_000).toISOString().slice(11, 19)}${s.skipped ? " SKIPPED" : ""}`);
  };
  const unknownStops = (state: RealtimeState) => state.stats[0].unmatchedByReason.unknown_stop ?? 0;

  it("build-realtime-state - stop_sequence 0, 1, 2 names the first, second and third stop", () => {
    const state = stateOf(net, [tu({ tripId: "ZERO0800", startDate: TUE }, [{ stopSequence: 0, ...late(60) }, { stopSequence: 2, ...late(180) }])], tue("07:55:00"));
    expect(predicted(state, "ZERO0800")).toEqual(["300001 08:01:00", "300002 08:07:00", "300003 08:13:00"]);
    expect(unknownStops(state)).toBe(0);
  });

  it("build-realtime-state - stop_sequence 40 alone names the loop's second visit of Markt", () => {
    const state = stateOf(net, [loop({ stopSequence: 40, ...late(120) })], tue("11:55:00"));
    expect(predicted(state)).toEqual(["300005 -", "300002 -", "300004 -", "300002 12:14:00", "300003 12:17:00"]);
    const both = stateOf(net, [loop({ stopSequence: 20, ...late(60) }, { stopSequence: 40, ...late(180) })], tue("11:55:00"));
    expect(predicted(both)).toEqual(["300005 -", "300002 12:06:00", "300004 12:09:00", "300002 12:15:00", "300003 12:18:00"]);
    expect(unknownStops(both)).toBe(0);
  });

  it("build-realtime-state - stop_id alone on the loop: the first update at Markt is the first visit, the second the second", () => {
    const state = stateOf(net, [loop({ stopId: "300002", ...late(60) }, { stopId: "300002", ...late(180) })], tue("11:55:00"));
    expect(predicted(state)).toEqual(["300005 -", "300002 12:06:00", "300004 12:09:00", "300002 12:15:00", "300003 12:18:00"]);
    // The second visit alone, by stop_id, cannot be told from the first: the first it is.
    expect(predicted(stateOf(net, [loop({ stopId: "300002", ...late(120) })], tue("11:55:00")))).toEqual([
      "300005 -",
      "300002 12:07:00",
      "300004 12:10:00",
      "300002 12:14:00",
      "300003 12:17:00",
    ]);
  });

  it("build-realtime-state - stop_sequence and stop_id agreeing: the visit of the stop_sequence, nothing counted", () => {
    const state = stateOf(net, [loop({ stopSequence: 40, stopId: "300002", ...late(120) }, { stopSequence: 50, stopId: "300003", scheduleRelationship: STOP_SKIPPED })], tue("11:55:00"));
    expect(predicted(state)).toEqual(["300005 -", "300002 -", "300004 -", "300002 12:14:00", "300003 - SKIPPED"]);
    expect(state.stats[0]).toMatchObject({ matched: 1, unmatched: 0, unmatchedByReason: {} });
  });

  it("build-realtime-state - stop_sequence and stop_id disagreeing: the stop_id wins, the stop_sequence picks its visit, each counted unknown_stop", () => {
    // A producer numbering 1, 2, ... over the schedule's 10, 20, ...: every stop_sequence is unknown, every stop_id right
    const ones = stateOf(net, [loop({ stopSequence: 2, stopId: "300002", ...late(60) }, { stopSequence: 4, stopId: "300002", ...late(180) })], tue("11:55:00"));
    expect(predicted(ones)).toEqual(["300005 -", "300002 12:06:00", "300004 12:09:00", "300002 12:15:00", "300003 12:18:00"]);
    expect(ones.stats[0]).toMatchObject({ matched: 1, unmatched: 2, unmatchedByReason: { unknown_stop: 2 } });
    // stop_sequence 50 (Kerk) with Markt's stop_id: Markt's visit nearest Kerk, the second
    const near = stateOf(net, [loop({ stopSequence: 50, stopId: "300002", ...late(120) })], tue("11:55:00"));
    expect(predicted(near)).toEqual(["300005 -", "300002 -", "300004 -", "300002 12:14:00", "300003 12:17:00"]);
    expect(unknownStops(near)).toBe(1);
    // stop_sequence 20 (Markt) with Ring's stop_id: Ring
    const ring = stateOf(net, [loop({ stopSequence: 20, stopId: "300004", ...late(240) })], tue("11:55:00"));
    expect(predicted(ring)).toEqual(["300005 -", "300002 -", "300004 12:12:00", "300002 12:16:00", "300003 12:19:00"]);
    // a stop_id the trip does not have (the station's other platform): the stop_sequence's stop
    const platform = stateOf(net, [loop({ stopSequence: 10, stopId: "300001", ...late(60) })], tue("11:55:00"));
    expect(predicted(platform)).toEqual(["300005 12:01:00", "300002 12:06:00", "300004 12:09:00", "300002 12:13:00", "300003 12:16:00"]);
    expect(unknownStops(platform)).toBe(1);
  });

  it("build-realtime-state - neither a known stop_sequence nor a stop_id of the trip: unknown_stop, the others applied", () => {
    const state = stateOf(net, [loop({ stopSequence: 35, ...late(60) }, { stopSequence: 30, ...late(120) }, { stopId: "100001", ...late(300) })], tue("11:55:00"));
    expect(predicted(state)).toEqual(["300005 -", "300002 -", "300004 12:10:00", "300002 12:14:00", "300003 12:17:00"]);
    expect(state.stats[0]).toMatchObject({ matched: 1, unmatched: 2, unmatchedByReason: { unknown_stop: 2 } });
  });

  it("build-realtime-state - a frequency copy (trip_id + start_time) shares its template's stop_sequence values", () => {
    const state = stateOf(net, [tu({ tripId: "FREQ", startDate: TUE, startTime: "06:20:00" }, [{ stopSequence: 40, ...late(60) }])], tue("06:10:00"));
    const [t] = [...state.trips()];
    expect(t.trip).toBe(tripOf(net, "FREQ", 1));
    expect(predicted(state, "FREQ")).toEqual(["300005 -", "300002 -", "300004 -", "300002 06:33:00", "300003 06:36:00"]);
  });

  it("build-realtime-state - a vehicle's current_stop_sequence names its stop by the feed's value: stops before it are passed", () => {
    const state = stateOf(
      net,
      [
        loop({ stopSequence: 20, ...late(60) }),
        { id: "v", vehicle: { trip: { tripId: "LOOP1200", startDate: TUE }, vehicle: { id: "v1", label: "2401" }, currentStopSequence: 40, currentStatus: IN_TRANSIT_TO } },
      ],
      tue("12:10:00"),
    );
    const trip = tripOf(net, "LOOP1200");
    // heading to stop_sequence 40, the second Markt (position 3): positions 1 and 2 passed, 3 and 4 not
    expect([1, 2, 3, 4].map((pos) => state.passage(trip, 20240312, pos)?.notPassed)).toEqual([false, false, true, true]);
    expect(state.stats[0]).toMatchObject({ matched: 2, unmatched: 0 });
  });

  it("build-realtime-state - an added trip's vehicle is placed by the stop_sequence its trip update gave", () => {
    const added = tu({ tripId: "EXTRA", routeId: "3002", startDate: TUE, scheduleRelationship: TRIP_ADDED }, [
      { stopSequence: 5, stopId: "300002", departure: { time: tue("12:30:00") / 1000 } },
      { stopSequence: 7, stopId: "300004", departure: { time: tue("12:33:00") / 1000 } },
      { stopSequence: 9, stopId: "300002", departure: { time: tue("12:36:00") / 1000 } },
    ]);
    const vehicle: RtFeedEntity = { id: "v", vehicle: { trip: { tripId: "EXTRA" }, vehicle: { id: "v2" }, currentStopSequence: 9, stopId: "300002" } };
    const state = stateOf(net, [added, vehicle], tue("12:34:00"));
    const markt = [...state.trips()].find((t) => t.descriptor.tripId === "EXTRA")!.stops[2].stop;
    const [ref] = state.addedPassagesAt!(markt, tue("12:35:00"), tue("12:40:00"));
    // stop_sequence 9 is the third stop (position 2), the second visit of Markt: not the 9th, nor the first Markt
    expect([ref.position, ref.trip.progress]).toEqual([2, 2]);
  });
});

describe("stateToFeed - stop_sequence (stop-sequence fixture)", () => {
  let net: Network;
  beforeAll(async () => {
    net = await stopSequenceNetwork();
  });

  it("stateToFeed - each stop of a scheduled trip is named by the GTFS feed's own stop_sequence and its stop_id", () => {
    const state = stateOf(net, [loop({ stopSequence: 20, ...late(60) }, { stopSequence: 40, stopId: "300002", scheduleRelationship: STOP_SKIPPED })], tue("11:55:00"));
    const [entity] = stateToFeed(state, tue("11:55:00")).entity;
    const at = (t: string) => tue(t) / 1000;
    expect(entity.tripUpdate!.stopTimeUpdate).toEqual([
      { stopSequence: 20, stopId: "300002", arrival: { delay: 60, time: at("12:06:00") }, departure: { delay: 60, time: at("12:06:00") } },
      { stopSequence: 30, stopId: "300004", arrival: { delay: 60, time: at("12:09:00") }, departure: { delay: 60, time: at("12:09:00") } },
      { stopSequence: 40, stopId: "300002", scheduleRelationship: STOP_SKIPPED },
      { stopSequence: 50, stopId: "300003", arrival: { delay: 60, time: at("12:16:00") }, departure: { delay: 60, time: at("12:16:00") } },
    ]);
    const zero = stateOf(net, [tu({ tripId: "ZERO0800", startDate: TUE }, [{ stopSequence: 0, ...late(0) }])], tue("07:55:00"));
    expect(stateToFeed(zero, tue("07:55:00")).entity[0].tripUpdate!.stopTimeUpdate.map((u) => [u.stopSequence, u.stopId])).toEqual([
      [0, "300001"],
      [1, "300002"],
      [2, "300003"],
    ]);
  });

  it("stateToFeed - lijnwijzer's own output, read back, puts every time on the same visit of the loop", () => {
    const first = stateOf(net, [loop({ stopSequence: 20, ...late(60) }, { stopSequence: 40, ...late(300) })], tue("11:55:00"));
    const again = stateOf(net, stateToFeed(first, tue("11:55:00")).entity, tue("11:55:00"));
    const trip = tripOf(net, "LOOP1200");
    const times = (s: RealtimeState) => [0, 1, 2, 3, 4].map((pos) => s.predictedMs!(trip, 20240312, pos));
    expect(times(again)).toEqual(times(first));
    expect(times(first).slice(1)).toEqual([tue("12:06:00"), tue("12:09:00"), tue("12:17:00"), tue("12:20:00")]);
  });
});
