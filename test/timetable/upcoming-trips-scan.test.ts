import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../src/lib/service-date.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network } from "../../src/network/model.js";
import { serviceDayActive, serviceDayIndex } from "../../src/timetable/is-service-active.js";
import { longestTripOfPattern } from "../../src/timetable/longest-trip-of-pattern.js";
import { maxStopTime } from "../../src/timetable/max-stop-time.js";
import type { RealtimeOverlay } from "../../src/timetable/realtime-overlay.js";
import { tripTimetable } from "../../src/timetable/trip-timetable.js";
import type { RealtimePassage, RealtimeTrip } from "../../src/timetable/types.js";
import { LATE_LOOKBACK_MS } from "../../src/timetable/upcoming-passages.js";
import { UPCOMING_TRIPS_WINDOW_MS, upcomingTrips, type UpcomingTripsParams } from "../../src/timetable/upcoming-trips.js";
import { withRealtime } from "../../src/timetable/with-realtime.js";
import { demoNetwork } from "../support/demo-network.js";
import { mapOverlay, type OverlayEntry } from "./support/realtime-fixtures.js";

const cet = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);
const MINUTE = 60_000;

/**
 * upcomingTrips as it was before the binary search and the trip-day cache: every trip of the line direction on
 * every service date that can reach the window, each built with tripTimetable. The reference the scan must equal
 * (added trips left out: the overlays here add none).
 */
function everyTrip(network: Network, realtime: RealtimeOverlay | undefined, params: UpcomingTripsParams): RealtimeTrip[] {
  const { lineDirections, patterns, trips, stopTimes } = network;
  const { from, lineDirection: ld } = params;
  const until = params.until ?? from + UPCOMING_TRIPS_WINDOW_MS;
  const start = realtime ? from - LATE_LOOKBACK_MS : from;
  const zone = zonedTime(network.meta.timezone);
  const found: Array<{ startMs: number; trip: RealtimeTrip }> = [];
  for (let date = addDays(zone.localDateOf(start), -Math.ceil(maxStopTime(network) / 86_400) - 1); date <= zone.localDateOf(until); date = addDays(date, 1)) {
    const day = serviceDayIndex(network, date);
    const baseMs = zone.serviceDayStartMs(date);
    for (let r = lineDirections.patternStart[ld]; r < lineDirections.patternStart[ld + 1]; r++) {
      const p = lineDirections.patterns[r];
      const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
        const row0 = trips.stopTimeStart[t];
        if (baseMs + stopTimes.arrival[row0 + length - 1] * 1000 < start || baseMs + stopTimes.departure[row0] * 1000 >= until) continue;
        if (!serviceDayActive(network, trips.service[t], day)) continue;
        const tt = tripTimetable(network, t, date);
        const passages: RealtimePassage[] = [];
        for (const passage of tt.passages) {
          if (passage.epochMs < start) continue;
          const rp = withRealtime(realtime, passage, zone, from);
          if (rp.expectedEpochMs >= from || rp.elapsed) passages.push(rp);
        }
        if (passages.length === 0 || passages[0].expectedEpochMs >= until) continue;
        const { passages: _, ...rest } = tt;
        found.push({ startMs: tt.passages[0].epochMs, trip: { ...rest, passages } });
      }
    }
  }
  found.sort(
    (a, b) =>
      a.startMs - b.startMs ||
      a.trip.tripNumber.localeCompare(b.trip.tripNumber, "en", { numeric: true }) ||
      a.trip.trip - b.trip.trip,
  );
  return found.map((f) => f.trip);
}

describe("upcomingTrips - the binary search over a pattern's trips, demo network", () => {
  let net: Network;
  beforeAll(async () => {
    net = await demoNetwork();
  });

  it("longestTripOfPattern - every trip of a pattern takes at most its pattern's longest, and one takes that long", () => {
    const longest = longestTripOfPattern(net);
    const { patterns, trips, stopTimes } = net;
    for (let p = 0; p < patterns.count; p++) {
      const last = patterns.stopStart[p + 1] - patterns.stopStart[p] - 1;
      const durations: number[] = [];
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
        durations.push(stopTimes.arrival[trips.stopTimeStart[t] + last] - stopTimes.departure[trips.stopTimeStart[t]]);
      }
      expect(longest[p]).toBe(Math.max(0, ...durations));
    }
  });

  it("upcomingTrips - the same trips and passages as a scan of every trip, with and without predictions, around the clock", () => {
    let seed = 4242;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let compared = 0;
    let listed = 0;
    for (let ld = 0; ld < net.lines.count * 2; ld += 7) {
      // Predictions for the line direction's trips of the three service dates around the Tuesday: early and late,
      // some cancelled, some VERSTREKEN.
      const entries: OverlayEntry[] = [];
      for (const date of [20260309, 20260310, 20260311]) {
        for (let r = net.lineDirections.patternStart[ld]; r < net.lineDirections.patternStart[ld + 1]; r++) {
          const p = net.lineDirections.patterns[r];
          for (let t = net.patterns.tripStart[p]; t < net.patterns.tripStart[p + 1]; t++) {
            if (random() < 0.5) continue;
            const delay = Math.round((random() * 2 - 0.5) * LATE_LOOKBACK_MS);
            for (const passage of tripTimetable(net, t, date).passages) {
              const r = random();
              const update = r < 0.05 ? { cancelled: true } : { epochMs: passage.epochMs + delay, notPassed: r < 0.5 };
              entries.push({ trip: t, serviceDate: date, position: passage.position, update });
            }
          }
        }
      }
      const o = mapOverlay(entries);
      for (let minute = 0; minute < 24 * 60; minute += 73) {
        const from = cet("2026-03-10", "00:00:00") + minute * MINUTE + 13_000;
        for (const until of [undefined, from + 5 * 60 * MINUTE]) {
          for (const realtime of [o, undefined]) {
            const params = { lineDirection: ld, from, until };
            const expected = everyTrip(net, realtime, params);
            expect(upcomingTrips(net, realtime, params)).toEqual(expected);
            listed += expected.length;
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(listed).toBeGreaterThan(compared);
  });
});
