/**
 * The planner's own rules, apart from the algorithm: which windows a page searches, how pages follow each other,
 * the walking-only itinerary and the best match. The search is a stand-in (direct-trip-search.ts: every direct
 * trip, as a range search answers), over a small network built with feed-builder:
 *
 * - line 1 (bus) Markt (A) -> Station (B), 6.7 km, every 10 minutes from 06:00 to 23:50, 20 minutes a ride
 *   (the last one arrives at 24:10, 00:10 on the next morning);
 * - line 2 (tram) Markt -> Station at 07:05 and 07:35, 15 minutes a ride;
 * - line 3 (bus) Dorp (S1) -> Kerk (S3) -> Veld (S2) every three hours from 06:00 to 18:00, Dorp to Kerk 20 minutes;
 * - line 4 (bus) Dorp -> Kerk at 10:00, 40 minutes: slower than walking from near Dorp to near Kerk (29 min 30 s).
 * Weekdays of 2026. The places asked lie 100.08 m from a stop: a walk of 105 s (x 1.3 at 1.25 m/s).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import { stopsByGtfsId } from "../../src/network/gtfs-id-lookup.js";
import type { Network } from "../../src/network/model.js";
import { bestIndex, planJourneys } from "../../src/routing/plan-journeys.js";
import { paretoSet } from "../../src/routing/plan-pages.js";
import type { Itinerary, PlanParams, PlanPlace } from "../../src/routing/plan-types.js";
import type { Journey } from "../../src/routing/raptor-types.js";
import { calendar, feed, route, stop } from "../support/feed-builder.js";
import { directTripSearch, type SearchLog } from "./support/direct-trip-search.js";

let net: Network;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;

beforeAll(() => {
  const line1 = Array.from({ length: 108 }, (_, i) => 360 + 10 * i).map((m) => ({
    tripId: `b${hhmm(m)}`,
    routeId: "1",
    serviceId: "WK",
    times: [["A", hhmm(m)], ["B", hhmm(m + 20)]] as Array<[string, string]>,
  }));
  const line2 = [425, 455].map((m) => ({
    tripId: `t${hhmm(m)}`,
    routeId: "2",
    serviceId: "WK",
    times: [["A", hhmm(m)], ["B", hhmm(m + 15)]] as Array<[string, string]>,
  }));
  const line3 = [360, 540, 720, 900, 1080].map((m) => ({
    tripId: `s${hhmm(m)}`,
    routeId: "3",
    serviceId: "WK",
    times: [["S1", hhmm(m)], ["S3", hhmm(m + 20)], ["S2", hhmm(m + 50)]] as Array<[string, string]>,
  }));
  const line4 = { tripId: "slow", routeId: "4", serviceId: "WK", times: [["S1", "10:00:00"], ["S3", "10:40:00"]] as Array<[string, string]> };
  net = compileNetwork(
    [
      {
        profile: "generic",
        feed: feed({
          stops: [
            stop("A", 50.88, 4.7, { name: "Markt" }),
            stop("B", 50.94, 4.7, { name: "Station" }),
            stop("S1", 51.2, 4.7, { name: "Dorp" }),
            stop("S3", 51.2135, 4.7, { name: "Kerk" }),
            stop("S2", 51.26, 4.7, { name: "Veld" }),
          ],
          routes: [
            route("1", { shortName: "1", longName: "Markt - Station" }),
            route("2", { shortName: "2", longName: "Markt - Station", routeType: 0 }),
            route("3", { shortName: "3", longName: "Dorp - Veld" }),
            route("4", { shortName: "4", longName: "Dorp - Kerk" }),
          ],
          calendars: [calendar("WK", "1111100", 20260101, 20261231)],
          trips: [...line1, ...line2, ...line3, line4],
        }),
      },
    ],
    { now: new Date("2026-01-01T00:00:00Z") },
  );
});

const P = { kind: "place" as const, lat: 50.8791, lon: 4.7 };
const Q = { kind: "place" as const, lat: 50.9409, lon: 4.7 };
const X = { kind: "place" as const, lat: 51.1991, lon: 4.7 };
const Y = { kind: "place" as const, lat: 51.2144, lon: 4.7 };

const ms = (local: string) => {
  const [d, t] = local.split("T");
  const [h, m, s] = t.split(":").map(Number);
  return zonedTime("Europe/Brussels").localToEpochMs(Number(d.replaceAll("-", "")), h * 3600 + m * 60 + s);
};
const wall = (epochMs: number) => zonedTime("Europe/Brussels").formatLocal(epochMs);
/** 2026-03-10, a Tuesday. */
const TUE = "2026-03-10";

function plan(p: Partial<PlanParams> & { at: string }, log?: SearchLog) {
  const { at, ...rest } = p;
  return planJourneys(net, undefined, { from: P, to: Q, timeMs: ms(at), searchFactory: directTripSearch(log), ...rest });
}

const placeName = (p: PlanPlace) => (p.kind === "place" ? p.role : net.strings.get(net.stops.name[p.stop]));
/** "07:08:15-07:31:45 0 WANDELEN origin>Markt | VOERTUIG Markt>Station 1 | WANDELEN Station>destination" */
function render(it: Itinerary): string {
  const steps = it.steps.map((s) => {
    const kind = s.kind === "vehicle" ? "VOERTUIG" : s.kind === "wait" ? "WACHTEN" : "WANDELEN";
    const line = s.kind === "vehicle" ? ` ${net.strings.get(net.lines.publicNumber[s.lineDirection >> 1])}` : "";
    return `${kind} ${placeName(s.from)}>${placeName(s.to)}${line}`;
  });
  return `${wall(it.departureMs).slice(11)}-${wall(it.arrivalMs).slice(11)} ${it.transfers}${it.best ? " best" : ""} ${steps.join(" | ")}`;
}
const times = (its: Itinerary[]) => its.map((i) => `${wall(i.departureMs)}-${wall(i.arrivalMs).slice(11)}`);
const BUS = "WANDELEN origin>Markt | VOERTUIG Markt>Station 1 | WANDELEN Station>destination";

/** The searches a plan ran, as "HH:MM:SS" of their time ("<" for arrive-by). */
const searches = (log: SearchLog) => log.windows.map(([t, , back]) => `${back ? "<" : ""}${wall(t).slice(11)}`);

describe("planJourneys - pages", () => {
  it("planJourneys - first page, departing after: the first three final departures, walks included, the earliest arrival best", () => {
    const log: SearchLog = { windows: [] };
    const r = plan({ at: `${TUE}T08:00:00` }, log);
    expect(r.itineraries.map(render)).toEqual([`08:08:15-08:31:45 0 best ${BUS}`, `08:18:15-08:41:45 0 ${BUS}`, `08:28:15-08:51:45 0 ${BUS}`]);
    // The 08:00 bus leaves Markt at 08:00: the walk to it would start at 07:58:15, before the time asked. Each search
    // starts a second after the departure the last one found; a journey is final once a search from after it is done
    // (the fourth search finds the 08:40 bus, which is not final, so not shown).
    expect(searches(log)).toEqual(["08:00:00", "08:08:16", "08:18:16", "08:28:16"]);
    expect(wall(r.earlierMs!)).toBe(`${TUE}T08:31:45`);
    expect(wall(r.laterMs!)).toBe(`${TUE}T08:28:15`);
    expect(r.complete).toBe(true);
    const first = r.itineraries[0];
    expect(first.steps.map((s) => [s.kind, wall(s.departureMs).slice(11), wall(s.arrivalMs).slice(11), Math.round(s.meters)])).toEqual([
      ["walk", "08:08:15", "08:10:00", 100],
      ["vehicle", "08:10:00", "08:30:00", 6672],
      ["walk", "08:30:00", "08:31:45", 100],
    ]);
    expect(first.walkSeconds).toBe(210);
  });

  it("planJourneys - later from the latest departure and earlier from the earliest arrival: no repeats, no gaps", () => {
    const pages = [plan({ at: `${TUE}T07:00:00` })];
    for (let i = 0; i < 3; i++) pages.push(plan({ at: wall(pages.at(-1)!.laterMs!), page: "later" }));
    const forward = pages.flatMap((p) => times(p.itineraries));
    // 07:00 on: the trams at 07:05 and 07:35 and every bus, except those of 07:00 and 07:30, which the trams beat
    // (they leave later and arrive as early).
    expect(forward.slice(0, 8)).toEqual([
      `${TUE}T07:03:15-07:21:45`,
      `${TUE}T07:08:15-07:31:45`,
      `${TUE}T07:18:15-07:41:45`,
      `${TUE}T07:33:15-07:51:45`,
      `${TUE}T07:38:15-08:01:45`,
      `${TUE}T07:48:15-08:11:45`,
      `${TUE}T07:58:15-08:21:45`,
      `${TUE}T08:08:15-08:31:45`,
    ]);
    expect(new Set(forward).size).toBe(forward.length);
    expect(forward).toHaveLength(12);
    // From the fourth itinerary on, a bus every ten minutes, none missing.
    const departures = pages.flatMap((p) => p.itineraries.map((i) => i.departureMs));
    for (let k = 5; k < departures.length; k++) expect(departures[k] - departures[k - 1]).toBe(600_000);

    // Back from the third page: earlier twice gives the second and first pages' itineraries again.
    const back1 = plan({ at: wall(pages[2].earlierMs!), page: "earlier" });
    const back2 = plan({ at: wall(back1.earlierMs!), page: "earlier" });
    expect([...times(back2.itineraries), ...times(back1.itineraries)]).toEqual(forward.slice(0, 6));
  });

  it("planJourneys - earlier: arriving strictly before the moment, the latest three, the latest departure best", () => {
    const r = plan({ at: `${TUE}T08:31:45`, page: "earlier" });
    expect(r.itineraries.map(render)).toEqual([`07:38:15-08:01:45 0 ${BUS}`, `07:48:15-08:11:45 0 ${BUS}`, `07:58:15-08:21:45 0 best ${BUS}`]);
  });

  it("planJourneys - first page, arriving by: arrive at or before the moment, searched backwards", () => {
    const log: SearchLog = { windows: [] };
    const r = plan({ at: `${TUE}T08:51:45`, arriveBy: true }, log);
    expect(times(r.itineraries)).toEqual([`${TUE}T08:08:15-08:31:45`, `${TUE}T08:18:15-08:41:45`, `${TUE}T08:28:15-08:51:45`]);
    expect(r.itineraries.map((i) => i.best)).toEqual([false, false, true]);
    // Each arrive-by search ends a second before the arrival the last one found.
    expect(searches(log)).toEqual(["<08:51:45", "<08:51:44", "<08:41:44", "<08:31:44"]);
  });

  it("planJourneys - a sparse line: the hours between two buses cost no search", () => {
    const log: SearchLog = { windows: [] };
    const r = plan({ at: `${TUE}T07:00:00`, from: X, to: { kind: "place", lat: 51.2609, lon: 4.7 } }, log);
    expect(times(r.itineraries)).toEqual([`${TUE}T08:58:15-09:51:45`, `${TUE}T11:58:15-12:51:45`, `${TUE}T14:58:15-15:51:45`]);
    expect(searches(log)).toEqual(["07:00:00", "08:58:16", "11:58:16", "14:58:16"]);
  });

  it("planJourneys - fewer than three when a day holds no more: the trams of 07:05 and 07:35 only", () => {
    const log: SearchLog = { windows: [] };
    const r = plan({ at: `${TUE}T07:00:00`, modes: ["TRAM"] }, log);
    expect(r.itineraries.map(render)).toEqual([
      `07:03:15-07:21:45 0 best ${BUS.replace("Station 1", "Station 2")}`,
      `07:33:15-07:51:45 0 ${BUS.replace("Station 1", "Station 2")}`,
    ]);
    // The search after the 07:35 tram finds Wednesday's 07:05, more than 24 hours after the moment: the page ends.
    expect(searches(log)).toEqual(["07:00:00", "07:03:16", "07:33:16"]);
  });

  it("planJourneys - a search that finds nothing ends the page: empty", () => {
    const log: SearchLog = { windows: [] };
    // Saturday 08:00: the view holds Saturday and Sunday, when nothing runs.
    expect(plan({ at: "2026-03-14T08:00:00" }, log)).toEqual({ itineraries: [], earlierMs: undefined, laterMs: undefined, complete: true });
    expect(log.windows).toEqual([[ms("2026-03-14T08:00:00"), undefined, false]]);
  });

  it("planJourneys - last: the last connections of the service day, after midnight included", () => {
    const r = plan({ at: `${TUE}T12:00:00`, page: "last" });
    expect(times(r.itineraries)).toEqual([`${TUE}T23:28:15-23:51:45`, `${TUE}T23:38:15-00:01:45`, `${TUE}T23:48:15-00:11:45`]);
    expect(r.itineraries.at(-1)!.best).toBe(true);
    // Just after midnight Tuesday's service still runs: the last page is still Tuesday's.
    expect(times(plan({ at: "2026-03-11T00:05:00", page: "last" }).itineraries).at(-1)).toBe(`${TUE}T23:48:15-00:11:45`);
    // At 05:00 it is Wednesday's.
    expect(times(plan({ at: "2026-03-11T05:00:00", page: "last" }).itineraries).at(-1)).toBe("2026-03-11T23:48:15-00:11:45");
    // Saturday: no trip runs, no itinerary.
    expect(plan({ at: "2026-03-14T12:00:00", page: "last" }).itineraries).toEqual([]);
  });
});

describe("planJourneys - walking", () => {
  it("planJourneys - walking only, when it arrives before every itinerary of the page, and then the best", () => {
    const r = plan({ at: `${TUE}T07:00:00`, from: X, to: Y });
    const bus3 = "WANDELEN origin>Dorp | VOERTUIG Dorp>Kerk 3 | WANDELEN Kerk>destination";
    // Line 4 at 10:00 takes longer than the walk: it is not proposed.
    expect(r.itineraries.map(render)).toEqual([
      "07:00:00-07:29:30 0 best WANDELEN origin>destination",
      `08:58:15-09:21:45 0 ${bus3}`,
      `11:58:15-12:21:45 0 ${bus3}`,
      `14:58:15-15:21:45 0 ${bus3}`,
    ]);
    const walk = r.itineraries[0];
    expect(walk.walkingOnly).toBe(true);
    expect(walk.walkSeconds).toBe(1770);
    expect(Math.round(walk.steps[0].meters)).toBe(1701);
    // Leaving at 08:52 the walk arrives 09:21:30, before the bus: still offered; at 08:53 no longer.
    expect(plan({ at: `${TUE}T08:52:00`, from: X, to: Y }).itineraries.map(render).slice(0, 2)).toEqual([
      "08:52:00-09:21:30 0 best WANDELEN origin>destination",
      `08:58:15-09:21:45 0 ${bus3}`,
    ]);
    expect(plan({ at: `${TUE}T08:53:00`, from: X, to: Y }).itineraries.map(render)[0]).toBe(`08:58:15-09:21:45 0 best ${bus3}`);
    // Arrive-by: the walk arrives at the moment, when it leaves after every bus.
    const back = plan({ at: `${TUE}T12:00:00`, from: X, to: Y, arriveBy: true });
    expect(back.itineraries.map(render).slice(-2)).toEqual([
      `08:58:15-09:21:45 0 ${bus3}`,
      "11:30:30-12:00:00 0 best WANDELEN origin>destination",
    ]);
    // Only on the first page: later pages do not repeat it.
    expect(plan({ at: `${TUE}T07:00:00`, from: X, to: Y, page: "later" }).itineraries.some((i) => i.walkingOnly)).toBe(false);
  });

  it("planJourneys - no search when walking to and from the nearest stops takes as long as walking the whole way", () => {
    const log: SearchLog = { windows: [] };
    const r = plan({ at: `${TUE}T08:00:00`, from: { kind: "place", lat: 50.8795, lon: 4.7 }, to: { kind: "place", lat: 50.8805, lon: 4.7 } }, log);
    expect(r.itineraries.map(render)).toEqual(["08:00:00-08:01:56 0 best WANDELEN origin>destination"]);
    expect(log.windows).toEqual([]);
  });

  it("planJourneys - walking only when no trip connects two places at most 2 km apart; nothing beyond", () => {
    const near = plan({ at: `${TUE}T08:00:00`, to: { kind: "place", lat: 50.8845, lon: 4.7 } });
    expect(near.itineraries.map(render)).toEqual(["08:00:00-08:10:25 0 best WANDELEN origin>destination"]);
    const nowhere = { kind: "place" as const, lat: 52.5, lon: 3 };
    expect(plan({ at: `${TUE}T08:00:00`, from: nowhere, to: { kind: "place", lat: 52.51, lon: 3 } }).itineraries.map(render)).toEqual([
      "08:00:00-08:19:17 0 best WANDELEN origin>destination",
    ]);
    const far = plan({ at: `${TUE}T08:00:00`, from: nowhere, to: { kind: "place", lat: 52.52, lon: 3 } });
    expect(far).toEqual({ itineraries: [], earlierMs: undefined, laterMs: undefined, complete: true });
  });

  it("planJourneys - a stop point starts at the stop: no access walk", () => {
    const A = stopsByGtfsId(net, "A")[0];
    const r = plan({ at: `${TUE}T08:00:00`, from: { kind: "stop", stop: A } });
    expect(render(r.itineraries[0])).toBe("08:00:00-08:21:45 0 best VOERTUIG Markt>Station 1 | WANDELEN Station>destination");
  });
});

describe("planJourneys - rules", () => {
  const j = (dep: number, arr: number, transfers: number, walkSeconds = 0): Journey => ({
    departureMs: dep * 60_000,
    arrivalMs: arr * 60_000,
    transfers,
    walkSeconds,
    legs: [],
  });

  it("paretoSet - later departure, earlier arrival (5 minutes a transfer), fewer transfers; walking breaks a tie; of equals the first", () => {
    const a = j(0, 60, 0);
    const b = j(10, 50, 1); // leaves later, arrives earlier, one transfer more: both stay
    const c = j(10, 55, 1); // beaten by b
    const d = j(10, 50, 1, 120); // as b, more walking
    const e = j(10, 50, 1); // identical to b
    expect(paretoSet([a, b, c, d, e])).toEqual([a, b]);
    // One transfer more must save more than 5 minutes: 4 minutes earlier is not enough, 6 is.
    const direct = j(0, 60, 0);
    expect(paretoSet([direct, j(0, 56, 1)])).toEqual([direct]);
    expect(paretoSet([direct, j(0, 55, 1)])).toEqual([direct]);
    expect(paretoSet([direct, j(0, 54, 1)])).toEqual([direct, j(0, 54, 1)]);
    expect(paretoSet([direct, j(0, 51, 2)])).toEqual([direct]);
  });

  it("bestIndex - forwards the earliest arrival with five minutes a transfer, backwards the latest departure", () => {
    const it = (dep: number, arr: number, transfers: number, walkSeconds = 0) =>
      ({ departureMs: dep * 60_000, arrivalMs: arr * 60_000, transfers, walkSeconds }) as Itinerary;
    expect(bestIndex([it(0, 64, 0), it(5, 60, 1)], false)).toBe(0); // 64 against 60 + 5
    expect(bestIndex([it(0, 66, 0), it(5, 60, 1)], false)).toBe(1);
    expect(bestIndex([it(0, 65, 0), it(5, 60, 1)], false)).toBe(0); // a tie: fewer transfers
    expect(bestIndex([it(0, 60, 0, 300), it(2, 60, 0, 100)], false)).toBe(1); // a tie: less walking
    expect(bestIndex([it(10, 60, 0), it(14, 61, 1)], true)).toBe(0); // 10 against 14 - 5
    expect(bestIndex([], true)).toBe(-1);
  });
});
