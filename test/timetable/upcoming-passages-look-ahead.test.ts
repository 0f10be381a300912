import { beforeAll, describe, expect, it } from "vitest";
import { KNOWN_TRIPS } from "../../src/demo/known-trips.js";
import { addDays } from "../../src/lib/service-date.js";
import { type EpochMs, zonedTime } from "../../src/lib/zoned-time.js";
import { findStop } from "../../src/network/lookup.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { departuresAtStop } from "../../src/timetable/departures-at-stop.js";
import type { RealtimeOverlay } from "../../src/timetable/realtime-overlay.js";
import type { Passage, RealtimePassage } from "../../src/timetable/types.js";
import {
  EARLY_LOOKAHEAD_MS,
  LATE_LOOKBACK_MS,
  UPCOMING_HORIZON_MS,
  upcomingPassages,
  type UpcomingPassagesParams,
} from "../../src/timetable/upcoming-passages.js";
import { withRealtime } from "../../src/timetable/with-realtime.js";
import { demoNetwork } from "../support/demo-network.js";
import { mapOverlay, type OverlayEntry } from "./support/realtime-fixtures.js";

const cet = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);
const MINUTE = 60_000;
const TUESDAY = 20260310;
const render = (ps: RealtimePassage[]) =>
  ps.map((p) => [p.passage.time.slice(11), p.passage.tripNumber, p.statuses.join("+"), p.realtimeTime?.slice(11)].filter(Boolean).join(" "));

/**
 * The list as it was before the look-ahead: every passage from the look-back to the horizon, day by day with
 * departuresAtStop, each with withRealtime, sorted by expected instant, cut at `max`. The reference the scan must
 * equal for predictions at most EARLY_LOOKAHEAD_MS early.
 */
function everyPassage(network: Network, realtime: RealtimeOverlay | undefined, params: UpcomingPassagesParams): RealtimePassage[] {
  const { stop, from, max } = params;
  const zone = zonedTime(network.meta.timezone);
  const until = params.until ?? from + UPCOMING_HORIZON_MS;
  const start = realtime ? from - LATE_LOOKBACK_MS : from;
  const out: RealtimePassage[] = [];
  for (let date = zone.localDateOf(start); zone.localDayStartMs(date) < until; date = addDays(date, 1)) {
    for (const p of departuresAtStop(network, realtime, { stop, date })) {
      if (p.epochMs < start || p.epochMs >= until) continue;
      const rp = withRealtime(realtime, p, zone, from);
      if (rp.expectedEpochMs >= from || rp.elapsed) out.push(rp);
    }
    if (out.length >= max) break;
  }
  out.sort((a, b) => a.expectedEpochMs - b.expectedEpochMs);
  return out.slice(0, max);
}

describe("upcomingPassages - the look-ahead (EARLY_LOOKAHEAD_MS), demo network", () => {
  let net: Network;
  let perron5: StopIdx;
  /** Line 2's passages at perron 5 on the Tuesday, every 20 minutes from 06:20. */
  let day: Passage[];
  const at = (time: string) => day.find((p) => p.time.endsWith(time))!;
  const early = (p: Passage, ms: EpochMs): OverlayEntry => ({ trip: p.trip, serviceDate: p.serviceDate, position: p.position, update: { epochMs: p.epochMs - ms } });
  beforeAll(async () => {
    net = await demoNetwork();
    perron5 = findStop(net, "3", KNOWN_TRIPS.line2FirstWeekday.passages[1].stopId)!;
    day = departuresAtStop(net, undefined, { stop: perron5, date: TUESDAY });
  });

  it("upcomingPassages - a late-day passage predicted early, within the look-ahead, enters the list", () => {
    const params = { stop: perron5, from: cet("2026-03-10", "21:09:00"), max: 3 };
    // The evening runs every 30 minutes: the list ends at 22:20, the scan looks up to 23:20.
    expect(render(upcomingPassages(net, undefined, params))).toEqual(["21:20:00", "21:50:00", "22:20:00"].map((t) => `${t} ${at(t).tripNumber} GEENREALTIME`));
    const o = mapOverlay([early(at("22:50:00"), 50 * MINUTE)]);
    expect(render(upcomingPassages(net, o, params))).toEqual([
      `21:20:00 ${at("21:20:00").tripNumber} GEENREALTIME`,
      `21:50:00 ${at("21:50:00").tripNumber} GEENREALTIME`,
      `22:50:00 ${at("22:50:00").tripNumber} REALTIME 22:00:00`,
    ]);
    expect(upcomingPassages(net, o, params)).toEqual(everyPassage(net, o, params));
  });

  it("upcomingPassages - a passage predicted exactly the look-ahead early, scheduled at the last second the scan looks at, is found", () => {
    const params = { stop: perron5, from: cet("2026-03-10", "21:09:00"), max: 3 };
    // The 22:20 a second late ends the list at 22:20:01, the scan at 23:20:01; the 23:20, an hour early, is expected at 22:20, before it.
    const o = mapOverlay([early(at("22:20:00"), -1000), early(at("23:20:00"), EARLY_LOOKAHEAD_MS)]);
    expect(render(upcomingPassages(net, o, params))).toEqual([
      `21:20:00 ${at("21:20:00").tripNumber} GEENREALTIME`,
      `21:50:00 ${at("21:50:00").tripNumber} GEENREALTIME`,
      `23:20:00 ${at("23:20:00").tripNumber} REALTIME 22:20:00`,
    ]);
    expect(upcomingPassages(net, o, params)).toEqual(everyPassage(net, o, params));
  });

  it("upcomingPassages - a passage predicted more than the look-ahead early is found only while its schedule lies within it of the list's end (a documented limit)", () => {
    // The 23:50 predicted at 21:40, 2 h 10 min early.
    const far = at("23:50:00");
    const o = mapOverlay([early(far, 130 * MINUTE)]);
    const from = cet("2026-03-10", "21:09:00");
    // max 3: the list ends at 22:20, the scan at 23:20.
    expect(upcomingPassages(net, o, { stop: perron5, from, max: 3 }).some((p) => p.passage.trip === far.trip)).toBe(false);
    expect(everyPassage(net, o, { stop: perron5, from, max: 3 }).some((p) => p.passage.trip === far.trip)).toBe(true);
    // max 5: the list ends at 23:20, the scan reaches 23:50.
    expect(render(upcomingPassages(net, o, { stop: perron5, from, max: 5 }))[1]).toBe(`23:50:00 ${far.tripNumber} REALTIME 21:40:00`);
  });

  it("upcomingPassages - the scan equals the whole day's for predictions up to the look-ahead early and the look-back late", async () => {
    // Deterministic pseudo-random predictions on the busiest stops: early and late, some cancelled, some VERSTREKEN.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const busiest: StopIdx[] = [];
    for (let s = 0; s < net.stops.count; s++) if (departuresAtStop(net, undefined, { stop: s, date: TUESDAY }).length > 150) busiest.push(s);
    expect(busiest.length).toBeGreaterThan(3);
    let compared = 0;
    for (const stop of busiest.slice(0, 8)) {
      const entries: OverlayEntry[] = [];
      for (const date of [20260309, TUESDAY, 20260311]) {
        for (const p of departuresAtStop(net, undefined, { stop, date })) {
          const r = random();
          if (r < 0.3) continue;
          const shift = r < 0.35 ? -EARLY_LOOKAHEAD_MS : Math.round(-EARLY_LOOKAHEAD_MS + random() * (EARLY_LOOKAHEAD_MS + 2 * LATE_LOOKBACK_MS));
          const update = r < 0.4 ? { cancelled: true } : { epochMs: p.epochMs + shift, notPassed: random() < 0.5 };
          entries.push({ trip: p.trip, serviceDate: p.serviceDate, position: p.position, update });
        }
      }
      const o = mapOverlay(entries);
      for (let minute = 0; minute < 24 * 60; minute += 47) {
        const from = cet("2026-03-10", "00:00:00") + minute * MINUTE + 13_000;
        for (const max of [1, 2, 5, 10, 40]) {
          const params = { stop, from, max };
          expect(upcomingPassages(net, o, params)).toEqual(everyPassage(net, o, params));
          expect(upcomingPassages(net, undefined, params)).toEqual(everyPassage(net, undefined, params));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
