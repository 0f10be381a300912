import { beforeAll, describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network, ServiceDate, TripIdx } from "../../src/network/model.js";
import { decodeFeedMessage, encodeFeedMessage } from "../../src/realtime/feed-codec.js";
import {
  IN_TRANSIT_TO,
  STOP_SKIPPED,
  STOPPED_AT,
  TRIP_CANCELED,
  type RtFeedMessage,
  type RtTripUpdate,
} from "../../src/realtime/gtfs-rt-types.js";
import { buildRealtimeState } from "../../src/realtime/build-realtime-state.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { serviceDayActive, serviceDayIndex } from "../../src/timetable/is-service-active.js";
import { NO_PREDICTION } from "../../src/timetable/realtime-overlay.js";
import { demoNetwork } from "../support/demo-network.js";

let net: Network;
beforeAll(async () => {
  net = await demoNetwork();
});

const TUESDAY = 20261124;
const SATURDAY = 20261128;
const SUNDAY = 20261129;
const at = (date: ServiceDate, hour: number, minute = 0) => zonedTime(net.meta.timezone).localToEpochMs(date, hour * 3600 + minute * 60);

/** Trips the schedule has under way at an instant (left their first stop, not yet at their last), keyed `date|trip_id|copy`. */
function runningTrips(nowMs: number): Set<string> {
  const zone = zonedTime(net.meta.timezone);
  const out = new Set<string>();
  const { trips, patterns, stopTimes, strings } = net;
  for (let k = -2; k <= 0; k++) {
    const date = zone.localDateOf(nowMs + k * 86_400_000);
    const day = serviceDayIndex(net, date);
    const s = (nowMs - zone.serviceDayStartMs(date)) / 1000;
    for (let t = 0; t < trips.count; t++) {
      const p = trips.pattern[t];
      const row0 = trips.stopTimeStart[t];
      const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
      if (stopTimes.departure[row0] > s || stopTimes.arrival[row0 + length - 1] < s) continue;
      if (serviceDayActive(net, trips.service[t], day)) out.add(`${date}|${strings.get(trips.gtfsId[t])}|${copyOf(t)}`);
    }
  }
  return out;
}

function copyOf(t: TripIdx): string {
  const f = net.trips.frequencyStart[t];
  if (f < 0) return "";
  const two = (x: number) => String(x).padStart(2, "0");
  return `${two(Math.floor(f / 3600))}:${two(Math.floor(f / 60) % 60)}:${two(f % 60)}`;
}

const keyOf = (u: RtTripUpdate) => `${u.trip.startDate}|${u.trip.tripId}|${u.trip.startTime ?? ""}`;
const tripUpdates = (m: RtFeedMessage) => m.entity.flatMap((e) => (e.tripUpdate ? [e.tripUpdate] : []));
const predicts = (u: RtTripUpdate) =>
  u.trip.scheduleRelationship !== TRIP_CANCELED && u.stopTimeUpdate.some((s) => s.arrival !== undefined || s.departure !== undefined);

describe("simulateFeed", () => {
  it("simulateFeed - at least half of the trips under way carry predictions, at any time of day", () => {
    const moments = [
      at(TUESDAY, 6, 30), at(TUESDAY, 7, 15), at(TUESDAY, 8), at(TUESDAY, 12, 30), at(TUESDAY, 17, 45), at(TUESDAY, 22, 10),
      at(SATURDAY, 10), at(SATURDAY, 23, 30), at(SUNDAY, 15, 20),
    ];
    for (const now of moments) {
      const running = runningTrips(now);
      const predicted = new Set(tripUpdates(simulateFeed(net, now)).filter(predicts).map(keyOf));
      const covered = [...running].filter((k) => predicted.has(k)).length;
      expect(running.size, new Date(now).toISOString()).toBeGreaterThan(10);
      expect(covered / running.size, new Date(now).toISOString()).toBeGreaterThanOrEqual(0.5);
    }
  });

  it("simulateFeed - the same moment gives the same feed, and a trip keeps its predictions a minute later", () => {
    const now = at(TUESDAY, 8);
    const a = simulateFeed(net, now);
    expect(simulateFeed(net, now)).toEqual(a);
    const later = new Map(tripUpdates(simulateFeed(net, now + 60_000)).map((u) => [keyOf(u), u]));
    let compared = 0;
    for (const u of tripUpdates(a)) {
      const v = later.get(keyOf(u));
      if (!v || !predicts(u)) continue;
      const last = u.stopTimeUpdate.at(-1)!;
      expect(v.stopTimeUpdate.at(-1)).toEqual(last);
      expect(v.vehicle).toEqual(u.vehicle);
      compared++;
    }
    expect(compared).toBeGreaterThan(500);
    expect(simulateFeed(net, now, { seed: "another day" })).not.toEqual(a);
  });

  it("simulateFeed - delays: mostly 0-5 min, some early, a long tail, none beyond 45 min", () => {
    // The delay-style trips (70%) say their delay at their first stop update; the others give times.
    const delays: number[] = [];
    for (let hour = 6; hour <= 22; hour += 2) {
      for (const u of tripUpdates(simulateFeed(net, at(TUESDAY, hour)))) {
        const first = u.stopTimeUpdate.find((s) => s.departure ?? s.arrival);
        const delay = (first?.departure ?? first?.arrival)?.delay;
        if (delay !== undefined) delays.push(delay);
      }
    }
    const relative = delays;
    const share = (f: (d: number) => boolean) => relative.filter(f).length / relative.length;
    expect(relative.length).toBeGreaterThan(2000);
    expect(share((d) => d >= 0 && d <= 300)).toBeGreaterThan(0.6);
    expect(share((d) => d < -15)).toBeGreaterThan(0.03);
    expect(share((d) => d > 600)).toBeGreaterThan(0.03);
    expect(Math.max(...relative)).toBeLessThanOrEqual(45 * 60);
    expect(Math.min(...relative)).toBeGreaterThanOrEqual(-5 * 60);
  });

  it("simulateFeed - trips cancelled, stops skipped, predictions in delays and in absolute times", () => {
    const updates = tripUpdates(simulateFeed(net, at(TUESDAY, 17)));
    const cancelled = updates.filter((u) => u.trip.scheduleRelationship === TRIP_CANCELED);
    expect(cancelled.length / updates.length).toBeGreaterThan(0.005);
    expect(cancelled.length / updates.length).toBeLessThan(0.06);
    expect(cancelled.every((u) => u.stopTimeUpdate.length === 0 && u.vehicle === undefined)).toBe(true);
    const skipped = updates.flatMap((u) => u.stopTimeUpdate).filter((s) => s.scheduleRelationship === STOP_SKIPPED);
    expect(skipped.length).toBeGreaterThan(5);
    expect(skipped.every((s) => s.arrival === undefined && s.departure === undefined)).toBe(true);
    const events = updates.flatMap((u) => u.stopTimeUpdate).flatMap((s) => [s.arrival, s.departure]).filter((e) => e !== undefined);
    expect(events.some((e) => e.time !== undefined && e.delay === undefined)).toBe(true);
    expect(events.some((e) => e.delay !== undefined && e.time === undefined)).toBe(true);
  });

  it("simulateFeed - predicted times never run backwards along a trip", () => {
    const now = at(TUESDAY, 8);
    const startOfDay = Math.round(zonedTime(net.meta.timezone).serviceDayStartMs(TUESDAY) / 1000);
    for (const u of tripUpdates(simulateFeed(net, now, { seed: "monotone" }))) {
      if (u.trip.startDate !== String(TUESDAY) || !predicts(u)) continue;
      const t = tripOf(u.trip.tripId!, u.trip.startTime);
      const row0 = net.trips.stopTimeStart[t];
      const stopIds = stopIdsOf(t);
      let previous = -Infinity;
      let pos = 0;
      for (const s of u.stopTimeUpdate) {
        pos = stopIds.indexOf(s.stopId!, pos);
        expect(pos).toBeGreaterThanOrEqual(0);
        for (const [e, scheduled] of [
          [s.arrival, net.stopTimes.arrival[row0 + pos]],
          [s.departure, net.stopTimes.departure[row0 + pos]],
        ] as const) {
          if (!e) continue;
          const instant = e.time ?? startOfDay + scheduled + e.delay!;
          expect(instant).toBeGreaterThanOrEqual(previous);
          previous = instant;
        }
        pos++;
      }
    }
  });

  it("simulateFeed - it speaks in the network's GTFS ids: trip_id, start_date the trip runs on, route_id, stop_id", () => {
    const m = simulateFeed(net, at(TUESDAY, 12, 30));
    const stopIds = new Set(Array.from({ length: net.stops.count }, (_, s) => net.strings.get(net.stops.gtfsId[s])));
    let copies = 0;
    for (const u of tripUpdates(m)) {
      const t = tripOf(u.trip.tripId!, u.trip.startTime);
      if (u.trip.startTime !== undefined) copies++;
      const date = Number(u.trip.startDate);
      expect(serviceDayActive(net, net.trips.service[t], serviceDayIndex(net, date))).toBe(true);
      expect(u.trip.routeId).toBe(net.strings.get(net.lines.gtfsId[net.patterns.line[net.trips.pattern[t]]]));
      for (const s of u.stopTimeUpdate) expect(stopIds.has(s.stopId!)).toBe(true);
    }
    expect(copies).toBeGreaterThan(0); // the demo's tram line runs from frequencies.txt on weekdays
  });

  it("simulateFeed - vehicles: unique numbers, at a stop or between their last and next stop, the trip updates name them", () => {
    const m = simulateFeed(net, at(TUESDAY, 17, 45));
    const positions = m.entity.flatMap((e) => (e.vehicle ? [e.vehicle] : []));
    expect(positions.length).toBeGreaterThan(100);
    const ids = positions.map((v) => v.vehicle!.id!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^\d{5}$/.test(id))).toBe(true);
    const byTrip = new Map(tripUpdates(m).map((u) => [keyOf(u), u]));
    let moving = 0;
    for (const v of positions) {
      expect(byTrip.get(keyOf({ trip: v.trip!, stopTimeUpdate: [] }))?.vehicle).toEqual(v.vehicle);
      const t = tripOf(v.trip!.tripId!, v.trip!.startTime);
      const stopIds = stopIdsOf(t);
      const next = stopIds.indexOf(v.stopId!);
      expect(next).toBeGreaterThanOrEqual(0);
      const stopAt = (pos: number) => net.patterns.stops[net.patterns.stopStart[net.trips.pattern[t]] + pos];
      if (v.currentStatus === STOPPED_AT) {
        expect(v.position!.latitude).toBeCloseTo(net.stops.lat[stopAt(next)], 6);
        continue;
      }
      expect(v.currentStatus).toBe(IN_TRANSIT_TO);
      moving++;
      const [a, b] = [stopAt(next - 1), stopAt(next)];
      const between = (x: number, p: number, q: number) => x >= Math.min(p, q) - 1e-6 && x <= Math.max(p, q) + 1e-6;
      expect(between(v.position!.latitude, net.stops.lat[a], net.stops.lat[b])).toBe(true);
      expect(between(v.position!.longitude, net.stops.lon[a], net.stops.lon[b])).toBe(true);
      expect(v.position!.bearing).toBeGreaterThanOrEqual(0);
      expect(v.position!.bearing).toBeLessThan(360);
    }
    expect(moving).toBeGreaterThan(positions.length / 3);
  });

  it("simulateFeed - now and then an alert, on a line, a line direction or a stop, in nl/fr/en/de or in Dutch only", () => {
    const alerts = new Map<string, NonNullable<RtFeedMessage["entity"][number]["alert"]>>();
    for (let day = 0; day < 14; day++) {
      for (let hour = 0; hour < 24; hour++) {
        const now = at(20261116 + day, hour);
        for (const e of simulateFeed(net, now, { tripUpdates: false, vehiclePositions: false }).entity) {
          expect(e.alert).toBeDefined();
          const [period] = e.alert!.activePeriod;
          expect(period.end! * 1000).toBeGreaterThan(now);
          expect(period.start! * 1000).toBeLessThanOrEqual(now + 3_600_000);
          alerts.set(e.id, e.alert!);
        }
      }
    }
    // One in two 4-hour slots: about 42 in two weeks.
    expect(alerts.size).toBeGreaterThan(25);
    expect(alerts.size).toBeLessThan(60);
    const list = [...alerts.values()];
    const languages = (a: (typeof list)[number]) => a.headerText!.translation.map((t) => t.language).join(",");
    expect(list.some((a) => languages(a) === "nl,fr,en,de")).toBe(true);
    expect(list.some((a) => languages(a) === "nl")).toBe(true);
    expect(list.some((a) => a.informedEntity[0].stopId !== undefined)).toBe(true);
    expect(list.some((a) => a.informedEntity[0].directionId !== undefined)).toBe(true);
    expect(list.some((a) => Object.keys(a.informedEntity[0]).join() === "routeId")).toBe(true);
  });

  it("simulateFeed - maxStopUpdates gives that many stop updates to every trip long enough", () => {
    const m = simulateFeed(net, at(TUESDAY, 8), { maxStopUpdates: 5, reportShare: 1, cancelShare: 0, vehiclePositions: false, alerts: false });
    const updates = tripUpdates(m);
    expect(updates.length).toBeGreaterThan(500);
    for (const u of updates) {
      const length = stopIdsOf(tripOf(u.trip.tripId!, u.trip.startTime)).length;
      expect(u.stopTimeUpdate.length).toBe(Math.min(5, length));
    }
    expect(m.entity.every((e) => e.tripUpdate)).toBe(true);
  });

  it("simulateFeed - the message survives protobuf: what gtfs-realtime-bindings decodes is what was simulated (positions as float32)", () => {
    const m = simulateFeed(net, at(TUESDAY, 17));
    const back = decodeFeedMessage(encodeFeedMessage(m));
    expect(tripUpdates(back)).toEqual(tripUpdates(m));
    expect(back.entity.filter((e) => e.alert)).toEqual(m.entity.filter((e) => e.alert));
    const vehicles = m.entity.filter((e) => e.vehicle);
    const decoded = back.entity.filter((e) => e.vehicle);
    expect(decoded.map((e) => e.id)).toEqual(vehicles.map((e) => e.id));
    for (let i = 0; i < vehicles.length; i++) {
      expect(decoded[i].vehicle!.position!.latitude).toBeCloseTo(vehicles[i].vehicle!.position!.latitude, 4);
    }
  });
});

const tripIds = new Map<string, TripIdx>();
function tripOf(tripId: string, startTime: string | undefined): TripIdx {
  if (tripIds.size === 0) for (let t = 0; t < net.trips.count; t++) tripIds.set(`${net.strings.get(net.trips.gtfsId[t])}|${copyOf(t)}`, t);
  const t = tripIds.get(`${tripId}|${startTime ?? ""}`);
  if (t === undefined) throw new Error(`no trip ${tripId} ${startTime ?? ""}`);
  return t;
}

function stopIdsOf(t: TripIdx): string[] {
  const p = net.trips.pattern[t];
  const out: string[] = [];
  for (let r = net.patterns.stopStart[p]; r < net.patterns.stopStart[p + 1]; r++) out.push(net.strings.get(net.stops.gtfsId[net.patterns.stops[r]]));
  return out;
}

describe("RealtimeState.predictedMs", () => {
  it("predictedMs - the instant of passage() without an object: NaN where it does not stop, NO_PREDICTION without one", () => {
    const now = at(TUESDAY, 17);
    const state = buildRealtimeState(net, [{ name: "sim", message: simulateFeed(net, now) }], now);
    const counts = { predicted: 0, none: 0, notStopping: 0 };
    for (const date of [20261123, TUESDAY]) {
      for (let t = 0; t < net.trips.count; t++) {
        const p = net.trips.pattern[t];
        for (let i = 0; i < net.patterns.stopStart[p + 1] - net.patterns.stopStart[p]; i++) {
          const u = state.passage(t, date, i);
          const ms = state.predictedMs!(t, date, i);
          if (u?.cancelled) {
            expect(ms).toBeNaN();
            counts.notStopping++;
          } else if (u?.epochMs !== undefined) {
            expect(ms).toBe(u.epochMs);
            counts.predicted++;
          } else {
            expect(ms).toBe(NO_PREDICTION);
            counts.none++;
          }
        }
      }
    }
    // The simulator predicts, cancels and skips: every branch is met.
    expect(counts.predicted).toBeGreaterThan(1000);
    expect(counts.notStopping).toBeGreaterThan(10);
    expect(counts.none).toBeGreaterThan(100_000);
  });
});

describe("simulateFeed - stopSequence", () => {
  it("simulateFeed - with stopSequence every stop update also gives the schedule's stop_sequence, and the ingest matches each one exactly", () => {
    const now = at(TUESDAY, 8);
    const plain = simulateFeed(net, now, { vehiclePositions: false, alerts: false });
    const numbered = simulateFeed(net, now, { vehiclePositions: false, alerts: false, stopSequence: true });
    expect(numbered.entity.length).toBe(plain.entity.length);
    const sequences = numbered.entity.flatMap((e) => e.tripUpdate!.stopTimeUpdate.map((u) => u.stopSequence));
    expect(sequences.length).toBeGreaterThan(1000);
    expect(sequences.every((x) => typeof x === "number")).toBe(true);
    // The same stop_ids, and the same predictions from both
    expect(numbered.entity.map((e) => e.tripUpdate!.stopTimeUpdate.map((u) => u.stopId))).toEqual(plain.entity.map((e) => e.tripUpdate!.stopTimeUpdate.map((u) => u.stopId)));
    const a = buildRealtimeState(net, [{ name: "sim", message: decodeFeedMessage(encodeFeedMessage(numbered)) }], now);
    const b = buildRealtimeState(net, [{ name: "sim", message: plain }], now);
    expect(a.stats[0]).toMatchObject({ matched: numbered.entity.length, unmatched: 0 });
    const times = (s: typeof a) => [...s.trips()].map((t) => t.stops.map((x) => x.departureMs));
    expect(times(a)).toEqual(times(b));
  });
});
