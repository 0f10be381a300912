/**
 * buildRealtimeState over the timetable fixtures (test/fixtures/timetable/service-days and daylight-saving-time),
 * fed hand-built GTFS-RT messages through the real protobuf path (encodeFeedMessage -> decodeFeedMessage), checked
 * with the timetable's real-time queries: exact real-timeTijdstip values and predictionStatussen.
 *
 * service-days: line 1 (route 3001, entity 3) Station 300001 - Markt 300002 - Kerk 300003 on weekdays: WK0800
 * (101: 08:00, Markt 08:05/08:06, Kerk 08:10), WK2510 (102: 25:10), WKLOOP (103: Station 12:00, Markt 12:05,
 * Ring 12:08, Markt 12:12, Kerk 12:15), WKFREQ (104-1..3 at 06:00, 06:20, 06:40), WK1700 (151, TERUG).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { KNOWN_TRIPS } from "../../src/demo/known-trips.js";
import { loadConfig } from "../../src/config/load-config.js";
import { findStop } from "../../src/network/lookup.js";
import type { Network } from "../../src/network/model.js";
import { buildRealtimeState } from "../../src/realtime/build-realtime-state.js";
import { decodeFeedMessage, encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import {
  DIFFERENTIAL,
  IN_TRANSIT_TO,
  STOP_NO_DATA,
  STOP_SKIPPED,
  STOPPED_AT,
  TRIP_ADDED,
  TRIP_CANCELED,
  TRIP_DUPLICATED,
  TRIP_REPLACEMENT,
  type RtFeedEntity,
  type RtStopTimeUpdate,
  type RtTripDescriptor,
  type RtVehiclePosition,
} from "../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import type { RealtimePassage, RealtimeTrip } from "../../src/timetable/types.js";
import { upcomingPassages } from "../../src/timetable/upcoming-passages.js";
import { upcomingTrips } from "../../src/timetable/upcoming-trips.js";
import { demoNetwork } from "../support/demo-network.js";
import { fixtureNetwork, lineDirIdx, stopIdx } from "../timetable/support/fixture-network.js";

const MINUTE = 60_000;
/** Brussels wall clock in March 2024 before the clocks change (UTC+1). */
const cet = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);
const posix = (ms: number) => Math.floor(ms / 1000);

/** The state of one feed whose message went through protobuf and back. */
function feed(net: Network, entity: RtFeedEntity[], headerMs: number, nowMs = headerMs, extra: { incrementality?: number } = {}): RealtimeState {
  const bytes = encodeFeedMessage({ header: { gtfsRealtimeVersion: "2.0", timestamp: posix(headerMs), ...extra }, entity });
  return buildRealtimeState(net, [{ name: "test-feed", message: decodeFeedMessage(bytes) }], nowMs);
}

const tu = (id: string, trip: RtTripDescriptor, stopTimeUpdate: RtStopTimeUpdate[], more: Partial<RtFeedEntity["tripUpdate"]> = {}): RtFeedEntity => ({
  id,
  tripUpdate: { trip, stopTimeUpdate, ...more },
});
const vp = (id: string, vehicle: RtVehiclePosition): RtFeedEntity => ({ id, vehicle });

/** "time ritnummer statuses [real-time time] [vehicle]" per passage. */
const render = (ps: RealtimePassage[]) =>
  ps.map((p) => [p.passage.time.slice(11), p.passage.tripNumber, p.statuses.join("+"), p.realtimeTime?.slice(11), p.vehicle].filter(Boolean).join(" "));
/** Per trip: "ritnummer: position time statuses [real-time], ..." */
const renderTrips = (ts: RealtimeTrip[]) =>
  ts.map((t) => `${t.tripNumber}: ${t.passages.map((p) => [p.passage.position, p.passage.time.slice(11), p.statuses.join("+"), p.realtimeTime?.slice(11)].filter((x) => x !== undefined).join(" ")).join(", ")}`);

describe("buildRealtimeState - TripUpdates on the service-days fixture (Tuesday 2024-03-12)", () => {
  let net: Network;
  let heen: number;
  let station: number;
  let markt: number;
  const TUE = "20240312";
  const wk0800 = (stopTimeUpdate: RtStopTimeUpdate[], more = {}) => tu("wk0800", { tripId: "WK0800", startDate: TUE }, stopTimeUpdate, more);
  const trips = (state: RealtimeState | undefined, time = "07:59:00") =>
    renderTrips(upcomingTrips(net, state, { lineDirection: heen, from: cet("2024-03-12", time), until: cet("2024-03-12", "08:30:00") }));

  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
    heen = lineDirIdx(net, "3_1_HEEN");
    station = stopIdx(net, "300001");
    markt = stopIdx(net, "300002");
  });

  it("build-realtime-state - a delay propagates downstream until the next update", () => {
    const state = feed(net, [wk0800([{ stopSequence: 1, departure: { delay: 120 } }])], cet("2024-03-12", "07:58:00"));
    expect(trips(state)).toEqual(["101: 0 08:00:00 REALTIME 08:02:00, 1 08:06:00 REALTIME 08:08:00, 2 08:10:00 REALTIME 08:12:00"]);
    const next = feed(net, [wk0800([{ stopSequence: 1, departure: { delay: 120 } }, { stopSequence: 2, departure: { delay: 60 } }])], cet("2024-03-12", "07:58:00"));
    expect(trips(next)).toEqual(["101: 0 08:00:00 REALTIME 08:02:00, 1 08:06:00 REALTIME 08:07:00, 2 08:10:00 REALTIME 08:11:00"]);
    expect([...next.trips()][0]).toMatchObject({ serviceDate: 20240312, delaySeconds: 60, cancelled: false });
  });

  it("build-realtime-state - stops before the first update keep their schedule, without a prediction", () => {
    const state = feed(net, [wk0800([{ stopId: "300002", arrival: { delay: 180 } }])], cet("2024-03-12", "07:58:00"));
    // Only an arrival at Markt: its departure takes the arrival's delay (08:06 + 3 min).
    expect(trips(state)).toEqual(["101: 0 08:00:00 GEENREALTIME, 1 08:06:00 REALTIME 08:09:00, 2 08:10:00 REALTIME 08:13:00"]);
  });

  it("build-realtime-state - absolute times win; a missing departure takes the arrival's delay, a missing arrival the departure's", () => {
    const arrival = feed(net, [wk0800([{ stopId: "300002", arrival: { time: posix(cet("2024-03-12", "08:07:30")) } }])], cet("2024-03-12", "07:58:00"));
    expect(trips(arrival)).toEqual(["101: 0 08:00:00 GEENREALTIME, 1 08:06:00 REALTIME 08:08:30, 2 08:10:00 REALTIME 08:12:30"]);
    const stops = [...arrival.trips()][0].stops;
    expect(stops.map((s) => [s.stopId, s.arrivalMs, s.departureMs])).toEqual([
      ["300001", NaN, NaN],
      ["300002", cet("2024-03-12", "08:07:30"), cet("2024-03-12", "08:08:30")],
      ["300003", cet("2024-03-12", "08:12:30"), cet("2024-03-12", "08:12:30")],
    ]);
    const departure = feed(net, [wk0800([{ stopSequence: 2, departure: { time: posix(cet("2024-03-12", "08:05:00")), delay: 999 } }])], cet("2024-03-12", "07:58:00"));
    const [, m] = [...departure.trips()][0].stops;
    expect([m.arrivalMs, m.departureMs]).toEqual([cet("2024-03-12", "08:04:00"), cet("2024-03-12", "08:05:00")]); // a minute early
    expect(trips(departure)).toEqual(["101: 0 08:00:00 GEENREALTIME, 1 08:06:00 REALTIME 08:05:00, 2 08:10:00 REALTIME 08:09:00"]);
  });

  it("build-realtime-state - an update without arrival and departure is on time; NO_DATA ends the propagation", () => {
    const onTime = feed(net, [wk0800([{ stopSequence: 1, departure: { delay: 300 } }, { stopSequence: 2 }])], cet("2024-03-12", "07:58:00"));
    expect(trips(onTime)).toEqual(["101: 0 08:00:00 REALTIME 08:05:00, 1 08:06:00 REALTIME 08:06:00, 2 08:10:00 REALTIME 08:10:00"]);
    const noData = feed(net, [wk0800([{ stopSequence: 1, departure: { delay: 300 } }, { stopSequence: 2, scheduleRelationship: STOP_NO_DATA }])], cet("2024-03-12", "07:58:00"));
    expect(trips(noData)).toEqual(["101: 0 08:00:00 REALTIME 08:05:00, 1 08:06:00 GEENREALTIME, 2 08:10:00 GEENREALTIME"]);
  });

  it("build-realtime-state - the trip's delay applies to every stop when no stop update is given", () => {
    const state = feed(net, [wk0800([], { delay: -60 })], cet("2024-03-12", "07:58:00"));
    expect(trips(state)).toEqual(["101: 0 08:00:00 REALTIME 07:59:00, 1 08:06:00 REALTIME 08:05:00, 2 08:10:00 REALTIME 08:09:00"]);
  });

  it("build-realtime-state - stop_sequence and stop_id locate the stop, also on a loop that passes Markt twice", () => {
    const loop = (stopTimeUpdate: RtStopTimeUpdate[]) => feed(net, [tu("loop", { tripId: "WKLOOP", startDate: TUE }, stopTimeUpdate)], cet("2024-03-12", "11:58:00"));
    const at = (state: RealtimeState) =>
      renderTrips(upcomingTrips(net, state, { lineDirection: heen, from: cet("2024-03-12", "11:59:00"), until: cet("2024-03-12", "12:01:00") }));
    // By stop_id: the first update finds the first visit, the second the second one.
    expect(at(loop([{ stopId: "300002", departure: { delay: 60 } }, { stopId: "300002", departure: { delay: 120 } }]))).toEqual([
      "103: 0 12:00:00 GEENREALTIME, 1 12:05:00 REALTIME 12:06:00, 2 12:08:00 REALTIME 12:09:00, 3 12:12:00 REALTIME 12:14:00, 4 12:15:00 REALTIME 12:17:00",
    ]);
    // By stop_sequence (the 1-based position): the fourth stop is the second visit.
    expect(at(loop([{ stopSequence: 4, departure: { delay: 120 } }]))).toEqual([
      "103: 0 12:00:00 GEENREALTIME, 1 12:05:00 GEENREALTIME, 2 12:08:00 GEENREALTIME, 3 12:12:00 REALTIME 12:14:00, 4 12:15:00 REALTIME 12:17:00",
    ]);
    // A stop_sequence whose stop is not the stop_id given (a feed numbering 10, 20, ...): the stop_id decides.
    expect(at(loop([{ stopSequence: 30, stopId: "300004", departure: { delay: 180 } }]))).toEqual([
      "103: 0 12:00:00 GEENREALTIME, 1 12:05:00 GEENREALTIME, 2 12:08:00 REALTIME 12:11:00, 3 12:12:00 REALTIME 12:15:00, 4 12:15:00 REALTIME 12:18:00",
    ]);
  });

  it("build-realtime-state - a SKIPPED stop is GESCHRAPT without prediction, the delay propagates past it", () => {
    const state = feed(net, [wk0800([{ stopSequence: 1, departure: { delay: 120 } }, { stopId: "300002", scheduleRelationship: STOP_SKIPPED }])], cet("2024-03-12", "07:58:00"));
    expect(trips(state)).toEqual(["101: 0 08:00:00 REALTIME 08:02:00, 1 08:06:00 GESCHRAPT+GEENREALTIME, 2 08:10:00 REALTIME 08:12:00"]);
    const ps = upcomingPassages(net, state, { stop: markt, from: cet("2024-03-12", "08:00:00"), max: 1 });
    expect(ps[0]).toMatchObject({ cancelled: true, statuses: ["GESCHRAPT", "GEENREALTIME"], realtimeTime: undefined });
  });

  it("build-realtime-state - a CANCELED trip: every passage GESCHRAPT, with its vehicle", () => {
    const state = feed(net, [tu("c", { tripId: "WK0800", startDate: TUE, scheduleRelationship: TRIP_CANCELED }, [], { vehicle: { id: "v9", label: "7301" } })], cet("2024-03-12", "07:58:00"));
    expect(trips(state)).toEqual(["101: 0 08:00:00 GESCHRAPT+GEENREALTIME, 1 08:06:00 GESCHRAPT+GEENREALTIME, 2 08:10:00 GESCHRAPT+GEENREALTIME"]);
    expect(render(upcomingPassages(net, state, { stop: station, from: cet("2024-03-12", "07:59:00"), max: 1 }))).toEqual(["08:00:00 101 GESCHRAPT+GEENREALTIME 7301"]);
    expect([...state.trips()][0].descriptor).toEqual({ tripId: "WK0800", routeId: "3001", directionId: 0, startDate: TUE, scheduleRelationship: TRIP_CANCELED });
  });

  it("build-realtime-state - frequency trips are matched by trip_id + start_time", () => {
    const state = feed(net, [tu("f", { tripId: "WKFREQ", startDate: TUE, startTime: "06:20:00" }, [{ stopSequence: 1, departure: { delay: 240 } }])], cet("2024-03-12", "06:00:00"));
    expect(render(upcomingPassages(net, state, { stop: station, from: cet("2024-03-12", "05:59:00"), max: 3 }))).toEqual([
      "06:00:00 104-1 GEENREALTIME",
      "06:20:00 104-2 REALTIME 06:24:00",
      "06:40:00 104-3 GEENREALTIME",
    ]);
    expect([...state.trips()][0].descriptor).toMatchObject({ tripId: "WKFREQ", startTime: "06:20:00" });
    // A start_time between two copies takes the nearest (exact_times=0); none at all matches nothing.
    const near = feed(net, [tu("f", { tripId: "WKFREQ", startDate: TUE, startTime: "06:37:30" }, [{ stopSequence: 1, departure: { delay: 60 } }])], cet("2024-03-12", "06:00:00"));
    expect(render(upcomingPassages(net, near, { stop: station, from: cet("2024-03-12", "06:30:00"), max: 1 }))).toEqual(["06:40:00 104-3 REALTIME 06:41:00"]);
    const none = feed(net, [tu("f", { tripId: "WKFREQ", startDate: TUE }, [{ stopSequence: 1, departure: { delay: 60 } }])], cet("2024-03-12", "06:00:00"));
    expect(none.stats[0]).toMatchObject({ matched: 0, unmatched: 1, unmatchedByReason: { unknown_trip: 1 } });
  });

  it("build-realtime-state - without trip_id: route_id, direction_id and start_time (+ start_date) name the trip", () => {
    const state = feed(net, [tu("r", { routeId: "3001", directionId: 0, startTime: "08:00:00", startDate: TUE }, [{ stopSequence: 1, departure: { delay: 60 } }])], cet("2024-03-12", "07:58:00"));
    expect(trips(state)).toEqual(["101: 0 08:00:00 REALTIME 08:01:00, 1 08:06:00 REALTIME 08:07:00, 2 08:10:00 REALTIME 08:11:00"]);
    const wrongDirection = feed(net, [tu("r", { routeId: "3001", directionId: 1, startTime: "08:00:00", startDate: TUE }, [])], cet("2024-03-12", "07:58:00"));
    expect(wrongDirection.stats[0].unmatchedByReason).toEqual({ unknown_trip: 1 });
  });

  it("build-realtime-state - without start_date: the service date on which the trip runs nearest to the feed's time", () => {
    const state = feed(net, [tu("n", { tripId: "WK0800" }, [{ stopSequence: 1, departure: { delay: 60 } }])], cet("2024-03-12", "07:58:00"));
    expect([...state.trips()].map((t) => t.serviceDate)).toEqual([20240312]);
    // Saturday 01:05: Friday's 25:10 trip (Saturday 01:10) is nearer than Monday's.
    const night = feed(net, [tu("n", { tripId: "WK2510" }, [{ stopSequence: 1, departure: { delay: 60 } }])], cet("2024-03-16", "01:05:00"));
    expect([...night.trips()].map((t) => t.serviceDate)).toEqual([20240315]);
    // Sunday noon: Monday's 08:00 is 20 h away, Friday's 44 h.
    const sunday = feed(net, [tu("n", { tripId: "WK0800" }, [])], cet("2024-03-17", "12:00:00"));
    expect([...sunday.trips()].map((t) => t.serviceDate)).toEqual([20240318]);
  });

  it("build-realtime-state - after midnight: Friday's 25:10 trip lands on Saturday 01:10", () => {
    const state = feed(net, [tu("late", { tripId: "WK2510", startDate: "20240315" }, [{ stopSequence: 1, departure: { delay: 300 } }])], cet("2024-03-16", "01:00:00"));
    const ps = upcomingPassages(net, state, { stop: station, from: cet("2024-03-16", "01:00:00"), max: 1 });
    expect(render(ps)).toEqual(["01:10:00 102 REALTIME 01:15:00"]);
    expect(ps[0].realtimeTime).toBe("2024-03-16T01:15:00");
    expect(ps[0].passage.id).toBe("2024-03-15_3_WK2510_300001_0");
    // The same trip_id with Saturday's date does not run: not_running, nothing applied.
    const saturday = feed(net, [tu("late", { tripId: "WK2510", startDate: "20240316" }, [{ stopSequence: 1, departure: { delay: 300 } }])], cet("2024-03-16", "01:00:00"));
    expect(saturday.stats[0].unmatchedByReason).toEqual({ not_running: 1 });
    expect(render(upcomingPassages(net, saturday, { stop: station, from: cet("2024-03-16", "01:00:00"), max: 1 }))).toEqual(["01:10:00 102 GEENREALTIME"]);
  });

  it("build-realtime-state - the later measurement of a trip wins", () => {
    const older = tu("a", { tripId: "WK0800", startDate: TUE }, [{ stopSequence: 1, departure: { delay: 600 } }], { timestamp: posix(cet("2024-03-12", "07:50:00")) });
    const newer = tu("b", { tripId: "WK0800", startDate: TUE }, [{ stopSequence: 1, departure: { delay: 60 } }], { timestamp: posix(cet("2024-03-12", "07:55:00")) });
    for (const entities of [[older, newer], [newer, older]]) {
      const state = feed(net, entities, cet("2024-03-12", "07:58:00"));
      expect(trips(state)[0]).toMatch(/^101: 0 08:00:00 REALTIME 08:01:00/);
      expect(state.stats[0]).toMatchObject({ tripUpdates: 2, matched: 2, unmatched: 0 });
    }
  });

  it("build-realtime-state - unknown trips, stops and routes, trips not running, DUPLICATED and DIFFERENTIAL are counted per reason", () => {
    const state = feed(
      net,
      [
        tu("1", { tripId: "NO-SUCH-TRIP", startDate: TUE }, [{ stopSequence: 1, departure: { delay: 60 } }]),
        tu("2", { tripId: "WK0800", startDate: "20240316" }, []), // a Saturday
        tu("3", { tripId: "WK0800", startDate: TUE }, [
          { stopId: "999999", departure: { delay: 60 } },
          { stopSequence: 9, departure: { delay: 60 } },
          { stopId: "300003", arrival: { delay: 60 } },
        ]),
        tu("4", { tripId: "EXTRA", routeId: "9999", scheduleRelationship: TRIP_ADDED }, [{ stopId: "300001", departure: { time: posix(cet("2024-03-12", "09:00:00")) } }]),
        tu("5", { tripId: "WK0800", startDate: TUE, scheduleRelationship: TRIP_DUPLICATED }, []),
        vp("6", { vehicle: { id: "bus-1" }, position: { latitude: 50.88, longitude: 4.7 } }),
        tu("7", { tripId: "WK0800", startDate: "2024-3-12" }, []),
      ],
      cet("2024-03-12", "07:58:00"),
    );
    expect(state.stats).toEqual([
      {
        feed: "test-feed",
        headerMs: cet("2024-03-12", "07:58:00"),
        tripUpdates: 6,
        vehiclePositions: 1,
        alerts: 0,
        matched: 1,
        unmatched: 8,
        unmatchedByReason: { unknown_trip: 1, not_running: 2, unknown_stop: 2, unknown_route: 1, unsupported: 1, no_trip: 1 },
      },
    ]);
    // The known stop of the update with unknown ones still applies.
    expect(trips(state)).toEqual(["101: 0 08:00:00 GEENREALTIME, 1 08:06:00 GEENREALTIME, 2 08:10:00 REALTIME 08:11:00"]);
    const [bus] = [...state.vehicles()];
    expect(bus).toMatchObject({ vehicle: { id: "bus-1" }, descriptor: undefined, currentStopSequence: undefined, stopId: undefined });
    expect(bus.position!.latitude).toBeCloseTo(50.88, 5); // a float on the wire
    const differential = feed(net, [tu("1", { tripId: "WK0800", startDate: TUE }, [])], cet("2024-03-12", "07:58:00"), undefined, { incrementality: DIFFERENTIAL });
    expect(differential.stats[0]).toMatchObject({ matched: 0, unmatched: 1, unmatchedByReason: { unsupported: 1 } });
  });

  it("build-realtime-state - an empty feed is a valid state that says nothing", () => {
    const state = feed(net, [], cet("2024-03-12", "07:58:00"));
    expect(state.stats[0]).toMatchObject({ tripUpdates: 0, matched: 0, unmatched: 0 });
    expect(trips(state)).toEqual(trips(undefined));
    expect([...state.trips()]).toEqual([]);
  });
});

describe("buildRealtimeState - VehiclePositions and VERSTREKEN (service-days fixture)", () => {
  let net: Network;
  let markt: number;
  const TUE = "20240312";
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
    markt = stopIdx(net, "300002");
  });
  const delayed = tu("wk", { tripId: "WK0800", startDate: TUE }, [{ stopSequence: 1, departure: { delay: 120 } }]); // Markt 08:08
  const atMarkt = (from: string, state: RealtimeState) => render(upcomingPassages(net, state, { stop: markt, from: cet("2024-03-12", from), max: 1 }));

  it("build-realtime-state - a VehiclePosition names the trip's vehicle: its label, else its id", () => {
    const labelled = feed(net, [delayed, vp("v", { trip: { tripId: "WK0800", startDate: TUE }, vehicle: { id: "bus-17", label: "442079" } })], cet("2024-03-12", "07:58:00"));
    expect(atMarkt("08:00:00", labelled)).toEqual(["08:06:00 101 REALTIME 08:08:00 442079"]);
    const idOnly = feed(net, [delayed, vp("v", { trip: { tripId: "WK0800", startDate: TUE }, vehicle: { id: "bus-17" } })], cet("2024-03-12", "07:58:00"));
    expect(atMarkt("08:00:00", idOnly)).toEqual(["08:06:00 101 REALTIME 08:08:00 bus-17"]);
    // A vehicle without any TripUpdate: the schedule, with the vehicle's number.
    const alone = feed(net, [vp("v", { trip: { tripId: "WK0800", startDate: TUE }, vehicle: { label: "7301" } })], cet("2024-03-12", "07:58:00"));
    expect(atMarkt("08:00:00", alone)).toEqual(["08:06:00 101 GEENREALTIME 7301"]);
    expect([...alone.vehicles()][0].descriptor).toEqual({ tripId: "WK0800", routeId: "3001", directionId: 0, startDate: TUE, scheduleRelationship: 0 });
  });

  it("build-realtime-state - VERSTREKEN: predicted in the past, the vehicle reported at or before the stop, for 10 minutes", () => {
    const position = (stopSequence: number, status: number) =>
      feed(net, [delayed, vp("v", { trip: { tripId: "WK0800", startDate: TUE }, vehicle: { label: "7301" }, currentStopSequence: stopSequence, currentStatus: status })], cet("2024-03-12", "08:09:00"));
    const stuck = position(1, STOPPED_AT);
    expect(atMarkt("08:09:00", stuck)).toEqual(["08:06:00 101 VERSTREKEN+REALTIME 08:08:00 7301"]);
    expect(atMarkt("08:18:00", stuck)).toEqual(["08:06:00 101 VERSTREKEN+REALTIME 08:08:00 7301"]);
    expect(atMarkt("08:18:01", stuck)).toEqual(["12:05:00 103 GEENREALTIME"]);
    // Heading to Markt, or standing there: not beyond it.
    expect(atMarkt("08:09:00", position(2, IN_TRANSIT_TO))).toEqual(["08:06:00 101 VERSTREKEN+REALTIME 08:08:00 7301"]);
    expect(atMarkt("08:09:00", position(2, STOPPED_AT))).toEqual(["08:06:00 101 VERSTREKEN+REALTIME 08:08:00 7301"]);
    // Heading to Kerk: Markt is behind it.
    expect(atMarkt("08:09:00", position(3, IN_TRANSIT_TO))).toEqual(["12:05:00 103 GEENREALTIME"]);
  });

  it("build-realtime-state - VERSTREKEN without a position: the feed's prediction was made before the predicted time", () => {
    const madeBefore = feed(net, [delayed], cet("2024-03-12", "08:07:00"));
    expect(atMarkt("08:08:30", madeBefore)).toEqual(["08:06:00 101 VERSTREKEN+REALTIME 08:08:00"]);
    // A message measured after 08:08 that still says 08:08: the bus has passed.
    const madeAfter = feed(net, [delayed], cet("2024-03-12", "08:08:10"));
    expect(atMarkt("08:08:30", madeAfter)).toEqual(["12:05:00 103 GEENREALTIME"]);
    // Before its time a passage is never VERSTREKEN.
    expect(atMarkt("08:07:59", madeBefore)).toEqual(["08:06:00 101 REALTIME 08:08:00"]);
  });
});

describe("buildRealtimeState - ADDED trips (service-days fixture)", () => {
  let net: Network;
  let heen: number;
  let station: number;
  let markt: number;
  const t = (time: string) => posix(cet("2024-03-12", time));
  const extra = tu(
    "e1",
    { tripId: "EXTRA-1", routeId: "3001", directionId: 0, startDate: "20240312", scheduleRelationship: TRIP_ADDED },
    [
      { stopId: "300001", departure: { time: t("08:30:00") } },
      { stopId: "300002", arrival: { time: t("08:35:00") }, departure: { time: t("08:36:00") } },
      { stopId: "300004", scheduleRelationship: STOP_SKIPPED },
      { stopId: "300003", arrival: { time: t("08:40:00") } },
    ],
    { vehicle: { label: "9001" } },
  );
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
    heen = lineDirIdx(net, "3_1_HEEN");
    station = stopIdx(net, "300001");
    markt = stopIdx(net, "300002");
  });

  it("build-realtime-state - an added trip is listed at its stops at the feed's times, ritnummer and doorkomstId from its trip_id", () => {
    const state = feed(net, [extra], cet("2024-03-12", "08:20:00"));
    const ps = upcomingPassages(net, state, { stop: markt, from: cet("2024-03-12", "08:20:00"), max: 2 });
    expect(render(ps)).toEqual(["08:36:00 EXTRA-1 REALTIME 08:36:00 9001", "12:05:00 103 GEENREALTIME"]);
    expect(ps[0].passage).toMatchObject({
      id: "2024-03-12_3_EXTRA-1_300002_1",
      serviceDate: 20240312,
      lineNumber: "1",
      direction: "HEEN",
      destination: "Kerk",
      placeDestination: "Heverlee Kerk",
      isLast: false,
    });
    expect(render(upcomingPassages(net, state, { stop: station, from: cet("2024-03-12", "08:20:00"), max: 1 }))).toEqual(["08:30:00 EXTRA-1 REALTIME 08:30:00 9001"]);
    expect(state.stats[0]).toMatchObject({ matched: 1, unmatched: 0 });
  });

  it("build-realtime-state - a REPLACEMENT (5) cancels the trip it names and is an added trip of its line direction, at the feed's times", () => {
    const replacement = tu("r1", { tripId: "WK0800", startDate: "20240312", scheduleRelationship: TRIP_REPLACEMENT }, [
      { stopId: "300001", departure: { time: t("08:03:00") } },
      { stopId: "300002", arrival: { time: t("08:08:00") }, departure: { time: t("08:09:00") } },
      { stopId: "300003", arrival: { time: t("08:13:00") } },
    ]);
    const state = feed(net, [replacement], cet("2024-03-12", "07:50:00"));
    expect(render(upcomingPassages(net, state, { stop: markt, from: cet("2024-03-12", "07:59:00"), max: 2 }))).toEqual([
      "08:06:00 101 GESCHRAPT+GEENREALTIME",
      "08:09:00 WK0800 REALTIME 08:09:00",
    ]);
    expect([...state.trips()].map((s) => [s.trip === undefined ? "added" : "scheduled", s.lineDirection === heen, s.cancelled])).toEqual([
      ["scheduled", true, true],
      ["added", true, false],
    ]);
    expect(state.stats[0]).toMatchObject({ matched: 1, unmatched: 0 });
  });

  it("build-realtime-state - an added trip is in E20 of the line direction it names, its skipped stop GESCHRAPT", () => {
    const state = feed(net, [extra], cet("2024-03-12", "08:20:00"));
    const ts = upcomingTrips(net, state, { lineDirection: heen, from: cet("2024-03-12", "08:20:00") });
    expect(renderTrips(ts)).toEqual(["EXTRA-1: 0 08:30:00 REALTIME 08:30:00, 1 08:36:00 REALTIME 08:36:00, 3 08:40:00 REALTIME 08:40:00"]);
    const [tripState] = [...state.trips()];
    expect(tripState).toMatchObject({
      trip: undefined,
      serviceDate: 20240312,
      lineDirection: heen,
      descriptor: { tripId: "EXTRA-1", routeId: "3001", directionId: 0, startDate: "20240312", scheduleRelationship: TRIP_ADDED },
      cancelled: false,
      vehicle: { label: "9001" },
    });
    expect(tripState.stops.map((s) => [s.stopId, s.skipped])).toEqual([
      ["300001", false],
      ["300002", false],
      ["300004", true],
      ["300003", false],
    ]);
  });
});

describe("buildRealtimeState - both DST Sundays (daylight-saving-time fixture)", () => {
  let net: Network;
  let noord: number;
  beforeAll(async () => {
    net = await fixtureNetwork("daylight-saving-time");
    noord = stopIdx(net, "300011");
  });
  const at = (state: RealtimeState, fromIso: string, max: number) => render(upcomingPassages(net, state, { stop: noord, from: Date.parse(fromIso), max }));

  it("build-realtime-state - spring forward (2024-03-31): delays across the gap land on the right wall clock", () => {
    const state = feed(
      net,
      [
        // Saturday's 25:45 is Sunday 01:45 CET; 30 minutes late is 02:15 CET, which is 03:15 CEST.
        tu("a", { tripId: "SAT2545", startDate: "20240330" }, [{ stopSequence: 1, departure: { delay: 1800 } }]),
        // Sunday's GTFS 01:30 is 00:30 (time 0 of that Sunday is Saturday 23:00).
        tu("b", { tripId: "SUN0130", startDate: "20240331" }, [{ stopSequence: 1, departure: { delay: 600 } }]),
        // Sunday's GTFS 03:30 is 03:30 CEST; an absolute time of 03:32 CEST.
        tu("c", { tripId: "SUN0330", startDate: "20240331" }, [{ stopSequence: 1, departure: { time: posix(Date.parse("2024-03-31T03:32:00+02:00")) } }]),
      ],
      Date.parse("2024-03-31T00:00:00+01:00"),
    );
    expect(at(state, "2024-03-31T00:00:00+01:00", 8)).toEqual([
      "00:30:00 130 REALTIME 00:40:00",
      "00:45:00 2445 GEENREALTIME",
      "01:30:00 230 GEENREALTIME",
      "01:45:00 2545 REALTIME 03:15:00",
      "03:30:00 330 REALTIME 03:32:00",
      "03:45:00 2645 GEENREALTIME",
      "04:45:00 2745 GEENREALTIME",
      "12:00:00 1200 GEENREALTIME",
    ]);
  });

  it("build-realtime-state - fall back (2024-10-27): the two 02:30s and 02:45s keep their service dates and instants", () => {
    const state = feed(
      net,
      [
        // Saturday's 26:45 is 02:45 CEST (the first one); 5 minutes late: 02:50 CEST.
        tu("a", { tripId: "SAT2645", startDate: "20241026" }, [{ stopSequence: 1, departure: { delay: 300 } }]),
        // Sunday's GTFS 02:30 is 02:30 CET (the second one); an absolute 02:33 CET.
        tu("b", { tripId: "SUN0230", startDate: "20241027" }, [{ stopSequence: 1, departure: { time: posix(Date.parse("2024-10-27T02:33:00+01:00")) } }]),
      ],
      Date.parse("2024-10-27T02:00:00+02:00"),
    );
    const ps = upcomingPassages(net, state, { stop: noord, from: Date.parse("2024-10-27T02:00:00+02:00"), max: 5 });
    expect(render(ps)).toEqual([
      "02:30:00 130 GEENREALTIME", // Sunday 01:30 = 02:30 CEST
      "02:45:00 2645 REALTIME 02:50:00",
      "02:30:00 230 REALTIME 02:33:00",
      "02:45:00 2745 GEENREALTIME",
      "03:30:00 330 GEENREALTIME",
    ]);
    expect(ps[1].realtimeEpochMs).toBe(Date.parse("2024-10-27T02:50:00+02:00"));
    expect(ps[2].realtimeEpochMs).toBe(Date.parse("2024-10-27T02:33:00+01:00"));
    expect(ps.map((p) => p.passage.serviceDate)).toEqual([20241027, 20241026, 20241027, 20241026, 20241027]);
  });
});

describe("buildRealtimeState - over HTTP (service-days fixture)", () => {
  let net: Network;
  let app: FastifyInstance;
  let state: RealtimeState;
  const nowMs = cet("2024-03-12", "08:01:00");
  const t = (time: string) => posix(cet("2024-03-12", time));
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
    state = feed(
      net,
      [
        tu("a", { tripId: "WK0800", startDate: "20240312" }, [{ stopSequence: 1, departure: { delay: 125 } }], { vehicle: { id: "v1", label: "442079" } }),
        tu("b", { tripId: "WKLOOP", startDate: "20240312", scheduleRelationship: TRIP_CANCELED }, []),
        tu("c", { tripId: "EXTRA-1", routeId: "3001", directionId: 0, scheduleRelationship: TRIP_ADDED }, [
          { stopId: "300001", departure: { time: t("08:30:00") } },
          { stopId: "300002", departure: { time: t("08:35:00") } },
          { stopId: "300003", arrival: { time: t("08:40:00") } },
        ]),
      ],
      cet("2024-03-12", "08:00:30"),
    );
    app = await buildApp({
      network: staticNetworkSource(net),
      config: loadConfig({ LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://api.example.org" }),
      clock: () => nowMs,
      realtime: { current: (n) => (n === net ? state : undefined) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  const get = async (path: string) => {
    const res = await app.inject({ method: "GET", url: `/DLKernOpenData/api/v1${path}`, headers: { "ocp-apim-subscription-key": "demo" } });
    return { status: res.statusCode, body: res.json() };
  };
  const pick = (d: Record<string, unknown>) => [d.ritnummer, d.dienstregelingTijdstip, d["real-timeTijdstip"], d.vrtnum, d.predictionStatussen, d.status];

  it("build-realtime-state - a stop's real-time answer: real-timeTijdstip, vrtnum, statuses, CANCELLED, an added trip", async () => {
    const { status, body } = await get("/haltes/3/300002/real-time?maxAantalDoorkomsten=3");
    expect(status).toBe(200);
    expect(body.halteDoorkomsten[0].doorkomsten.map(pick)).toEqual([
      ["101", "2024-03-12T08:06:00", "2024-03-12T08:08:05", "442079", ["REALTIME"], undefined],
      ["EXTRA-1", "2024-03-12T08:35:00", "2024-03-12T08:35:00", undefined, ["REALTIME"], undefined],
      ["103", "2024-03-12T12:05:00", undefined, undefined, ["GESCHRAPT", "GEENREALTIME"], "CANCELLED"],
    ]);
    expect(body.halteDoorkomsten[0].doorkomsten[1]).toMatchObject({ doorkomstId: "2024-03-12_3_EXTRA-1_300002_1", richting: "HEEN", bestemming: "Kerk" });
  });

  it("build-realtime-state - E20 lists the added trip beside the scheduled ones", async () => {
    const { status, body } = await get("/lijnen/3/1/lijnrichtingen/HEEN/real-time");
    expect(status).toBe(200);
    expect(body.ritDoorkomsten.map((r: { ritnummer: string; doorkomsten: Record<string, unknown>[] }) => [r.ritnummer, r.doorkomsten.map((d) => d["real-timeTijdstip"])])).toEqual([
      ["101", ["2024-03-12T08:02:05", "2024-03-12T08:08:05", "2024-03-12T08:12:05"]],
      ["EXTRA-1", ["2024-03-12T08:30:00", "2024-03-12T08:35:00", "2024-03-12T08:40:00"]],
    ]);
  });
});

describe("buildRealtimeState - the demo simulator's feed", () => {
  it("build-realtime-state - every entity of the simulated feed matches the demo network, and the state predicts passages", async () => {
    const net = await demoNetwork();
    const now = Date.parse("2026-03-10T08:00:00+01:00");
    const message = decodeFeedMessage(encodeFeedMessage(simulateFeed(net, now)));
    const state = buildRealtimeState(net, [{ name: "simulator", message }], now);
    const [s] = state.stats;
    expect(s.tripUpdates).toBeGreaterThan(100);
    expect(s.vehiclePositions).toBeGreaterThan(100);
    expect(s).toMatchObject({ matched: s.tripUpdates + s.vehiclePositions + s.alerts, unmatched: 0, unmatchedByReason: {} });
    const leuven = findStop(net, "3", KNOWN_TRIPS.line2FirstWeekday.passages[1].stopId)!;
    expect(upcomingPassages(net, state, { stop: leuven, from: now, max: 10 }).some((p) => p.statuses.includes("REALTIME"))).toBe(true);
  }, 60_000);
});
