import { beforeAll, describe, expect, it } from "vitest";
import { KNOWN_TRIPS } from "../../src/demo/known-trips.js";
import { findStop } from "../../src/network/lookup.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import type { RealtimePassage } from "../../src/timetable/types.js";
import { LATE_LOOKBACK_MS, upcomingPassages } from "../../src/timetable/upcoming-passages.js";
import { demoNetwork } from "../support/demo-network.js";
import { mapOverlay, tripIdx } from "./support/realtime-fixtures.js";

/** Brussels wall clock in March 2026 before the clocks change (UTC+1). */
const cet = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);
const MINUTE = 60_000;
/** "time ritnummer statuses [real-time time] [vehicle]" per passage. */
const render = (ps: RealtimePassage[]) =>
  ps.map((p) => [p.passage.time.slice(11), p.passage.tripNumber, p.statuses.join("+"), p.realtimeTime?.slice(11), p.vehicle].filter(Boolean).join(" "));

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const TUESDAY = 20260310;

describe("upcomingPassages - demo network, Leuven Station perron 5 (line 2 HEEN only)", () => {
  let net: Network;
  let perron5: StopIdx;
  let trip1001: number;
  let trip1003: number;
  /** Position of perron 5 in line 2's trips (stop_sequence 14). */
  const pos = line2.passages[1].sequence - 1;
  const scheduled1001 = cet("2026-03-10", line2.passages[1].departure); // 06:20
  beforeAll(async () => {
    net = await demoNetwork();
    perron5 = findStop(net, "3", line2.passages[1].stopId)!;
    trip1001 = tripIdx(net, line2.tripId);
    trip1003 = tripIdx(net, "3302-1003");
  });

  it("upcomingPassages - without an overlay: the schedule from the moment, each GEENREALTIME", () => {
    const ps = upcomingPassages(net, undefined, { stop: perron5, from: cet("2026-03-10", "06:19:00"), max: 3 });
    expect(render(ps)).toEqual(["06:20:00 1001 GEENREALTIME", "06:40:00 1003 GEENREALTIME", "07:00:00 1005 GEENREALTIME"]);
    expect(ps[0]).toMatchObject({ realtimeEpochMs: undefined, realtimeTime: undefined, vehicle: undefined, cancelled: false, expectedEpochMs: scheduled1001 });
  });

  it("upcomingPassages - until cuts the list; max 0 lists nothing", () => {
    const from = cet("2026-03-10", "06:19:00");
    expect(render(upcomingPassages(net, undefined, { stop: perron5, from, max: 10, until: cet("2026-03-10", "06:40:00") }))).toEqual([
      "06:20:00 1001 GEENREALTIME",
    ]);
    expect(upcomingPassages(net, undefined, { stop: perron5, from, max: 0 })).toEqual([]);
  });

  it("upcomingPassages - an overlay that knows nothing answers as no overlay", () => {
    const params = { stop: perron5, from: cet("2026-03-10", "23:40:00"), max: 5 };
    expect(upcomingPassages(net, mapOverlay([]), params)).toEqual(upcomingPassages(net, undefined, params));
  });

  it("upcomingPassages - a late bus stays listed after its scheduled time, with its prediction and vehicle", () => {
    const late = mapOverlay([{ trip: trip1001, serviceDate: TUESDAY, position: pos, update: { epochMs: scheduled1001 + 3 * MINUTE, vehicle: "442079" } }]);
    const from = cet("2026-03-10", "06:21:00");
    expect(render(upcomingPassages(net, late, { stop: perron5, from, max: 2 }))).toEqual([
      "06:20:00 1001 REALTIME 06:23:00 442079",
      "06:40:00 1003 GEENREALTIME",
    ]);
    expect(render(upcomingPassages(net, undefined, { stop: perron5, from, max: 1 }))).toEqual(["06:40:00 1003 GEENREALTIME"]);
    // Once its prediction is past it is gone too.
    expect(render(upcomingPassages(net, late, { stop: perron5, from: cet("2026-03-10", "06:23:01"), max: 1 }))).toEqual([
      "06:40:00 1003 GEENREALTIME",
    ]);
  });

  it("upcomingPassages - sorted by prediction: a bus 25 minutes late comes after the next one", () => {
    const late = mapOverlay([{ trip: trip1001, serviceDate: TUESDAY, position: pos, update: { epochMs: scheduled1001 + 25 * MINUTE } }]);
    expect(render(upcomingPassages(net, late, { stop: perron5, from: cet("2026-03-10", "06:30:00"), max: 3 }))).toEqual([
      "06:40:00 1003 GEENREALTIME",
      "06:20:00 1001 REALTIME 06:45:00",
      "07:00:00 1005 GEENREALTIME",
    ]);
  });

  it("upcomingPassages - a bus later than the look-back is not found once its schedule is that far behind (a documented limit)", () => {
    const veryLate = scheduled1001 + LATE_LOOKBACK_MS + 10 * MINUTE;
    const o = mapOverlay([{ trip: trip1001, serviceDate: TUESDAY, position: pos, update: { epochMs: veryLate } }]);
    const from = scheduled1001 + LATE_LOOKBACK_MS + MINUTE;
    expect(upcomingPassages(net, o, { stop: perron5, from, max: 10 }).some((p) => p.passage.trip === trip1001)).toBe(false);
    expect(upcomingPassages(net, o, { stop: perron5, from: scheduled1001 + LATE_LOOKBACK_MS, max: 10 }).some((p) => p.passage.trip === trip1001)).toBe(true);
  });

  it("upcomingPassages - a cancelled passage is listed as GESCHRAPT (with GEENREALTIME: no prediction) at its scheduled time", () => {
    const o = mapOverlay([{ trip: trip1003, serviceDate: TUESDAY, position: pos, update: { cancelled: true } }]);
    const ps = upcomingPassages(net, o, { stop: perron5, from: cet("2026-03-10", "06:30:00"), max: 2 });
    expect(render(ps)).toEqual(["06:40:00 1003 GESCHRAPT+GEENREALTIME", "07:00:00 1005 GEENREALTIME"]);
    expect(ps[0].cancelled).toBe(true);
  });
});
