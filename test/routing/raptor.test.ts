import { afterEach, describe, expect, it, vi } from "vitest";
import { createNetworkView } from "../../src/routing/network-view.js";
import { earliestArrival, raptor } from "../../src/routing/raptor.js";
import type { RaptorQuery } from "../../src/routing/raptor-types.js";
import type { Network, TransportType } from "../../src/network/model.js";
import type { TransitView } from "../../src/routing/transit-view.js";
import { mapOverlay, type OverlayEntry } from "../timetable/support/realtime-fixtures.js";
import { access, at, net, render, stopOf, tripOf } from "./support/raptor-scenario.js";

const HOUR = 3_600_000;
const TUESDAY = "2024-03-12";

/** Depart after (arrive by) `time` on `date` from the origins to the destinations, rendered. */
function plan(network: Network, from: string[], to: string[], date: string, time: string, more: Partial<RaptorQuery> = {}): string[] {
  const timeMs = at(date, time);
  const view = createNetworkView(network, { fromMs: timeMs - 6 * HOUR, toMs: timeMs + 6 * HOUR });
  const journeys = raptor(view, { origins: access(network, ...from), destinations: access(network, ...to), timeMs, arriveBy: false, ...more });
  return render(network, journeys);
}

// A line of stops 1 km apart, a cross line at C, and D2 120 m from D (a 125 s walk at 1.3 x 120 m / 1.25 m/s).
const line = net({
  stops: { A: [0, 0], B: [1000, 0], C: [2000, 0], D: [3000, 0], D2: [3000, 120], E: [3000, 1000], F: [2000, 1000] },
  trips: [
    "T1 bus: A 08:00, B 08:05, C 08:10, D 08:15",
    "T2 bus: A 08:30, B 08:35, C 08:40, D 08:45",
    "U1 bus: C 08:12, F 08:20",
    "V1 bus: D2 08:20, E 08:30",
    "V2 bus: D2 08:50, E 09:00",
  ],
});

describe("raptor - A01 basic", () => {
  it("raptor - a direct trip, the first one after the time asked", () => {
    expect(plan(line, ["A"], ["D"], TUESDAY, "07:50")).toEqual(["08:00-08:15 0x: T1 A 08:00-D 08:15"]);
    expect(plan(line, ["A"], ["D"], TUESDAY, "08:01")).toEqual(["08:30-08:45 0x: T2 A 08:30-D 08:45"]);
  });

  it("raptor - a change at one stop", () => {
    expect(plan(line, ["A"], ["F"], TUESDAY, "07:55")).toEqual(["08:00-08:20 1x: T1 A 08:00-C 08:10, U1 C 08:12-F 08:20"]);
  });

  it("raptor - a transfer that needs a walk, placed right after the ride", () => {
    expect(plan(line, ["A"], ["E"], TUESDAY, "07:55")).toEqual([
      "08:00-08:30 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:17:05, V1 D2 08:20-E 08:30",
    ]);
  });

  it("raptor - access and egress walks frame the rides", () => {
    expect(plan(line, ["A+300"], ["D+60"], TUESDAY, "07:50")).toEqual([
      "07:55-08:16 0x: walk *-A 07:55-08:00, T1 A 08:00-D 08:15, walk D-* 08:15-08:16",
    ]);
  });

  it("raptor - a journey leaves as late as its rides allow: the later bus of the same line makes the same change", () => {
    const feeder = net({
      stops: { A: [0, 0], B: [1000, 0], C: [2000, 0] },
      trips: ["F1 bus route=F: A 08:00, B 08:05", "F2 bus route=F: A 08:10, B 08:15", "F3 bus route=F: A 08:20, B 08:25", "G1 bus: B 08:18, C 08:30"],
    });
    expect(plan(feeder, ["A"], ["C"], TUESDAY, "07:55")).toEqual(["08:10-08:30 1x: F2 A 08:10-B 08:15, G1 B 08:18-C 08:30"]);
    // Arrive-by mirrored: the earliest trip that still leaves late enough, so the journey arrives as early as it can.
    const later = net({
      stops: { A: [0, 0], B: [1000, 0], C: [2000, 0] },
      trips: ["G1 bus: A 08:00, B 08:10", "H1 bus route=H: B 08:15, C 08:20", "H2 bus route=H: B 08:25, C 08:30", "H3 bus route=H: B 08:35, C 08:40"],
    });
    expect(plan(later, ["A"], ["C"], TUESDAY, "08:45", { arriveBy: true })).toEqual(["08:00-08:20 1x: G1 A 08:00-B 08:10, H1 B 08:15-C 08:20"]);
  });

  it("raptor - a transfers.txt time to change at one stop: the connection it rules out is not proposed, both ways", () => {
    const changing = net({
      stops: { A: [0, 0], B: [1000, 0], C: [2000, 0] },
      trips: ["T1 bus: A 08:00, B 08:05", "U1 bus route=U: B 08:07, C 08:15", "U2 bus route=U: B 08:12, C 08:20"],
      transfers: [["B", "B", 2, 300]],
    });
    expect(plan(changing, ["A"], ["C"], TUESDAY, "07:55")).toEqual(["08:00-08:20 1x: T1 A 08:00-B 08:05, U2 B 08:12-C 08:20"]);
    expect(plan(changing, ["A"], ["C"], TUESDAY, "08:16", { arriveBy: true })).toEqual([]);
    expect(plan(changing, ["A"], ["C"], TUESDAY, "08:20", { arriveBy: true })).toEqual(["08:00-08:20 1x: T1 A 08:00-B 08:05, U2 B 08:12-C 08:20"]);
    // Boarding where the journey starts is no change: U1 is caught from B.
    expect(plan(changing, ["B"], ["C"], TUESDAY, "08:06")).toEqual(["08:07-08:15 0x: U1 B 08:07-C 08:15"]);
  });

  it("raptor - no route: nothing runs there, or not any more that day", () => {
    expect(plan(line, ["E"], ["A"], TUESDAY, "07:00")).toEqual([]);
    expect(plan(line, ["A"], ["D"], TUESDAY, "09:00")).toEqual([]);
  });

  it("earliestArrival - stop to stop", () => {
    const view = createNetworkView(line, { fromMs: at(TUESDAY, "06:00"), toMs: at(TUESDAY, "12:00") });
    expect(earliestArrival(view, stopOf(line, "A"), stopOf(line, "E"), at(TUESDAY, "07:00"))).toBe(at(TUESDAY, "08:30"));
    expect(earliestArrival(view, stopOf(line, "E"), stopOf(line, "A"), at(TUESDAY, "07:00"))).toBeUndefined();
  });
});

describe("raptor - B01 transfers", () => {
  const withTransfers = (transfers: Array<[string, string, number, number?]>) =>
    net({
      stops: { A: [0, 0], D: [3000, 0], D2: [3000, 120], E: [3000, 1000] },
      trips: ["T1 bus: A 08:00, D 08:15", "T2 bus: A 08:30, D 08:45", "V1 bus: D2 08:20, E 08:30", "V2 bus: D2 08:50, E 09:00"],
      transfers,
    });

  it("raptor - a min_transfer_time that makes a connection impossible takes the next one", () => {
    expect(plan(withTransfers([["D", "D2", 2, 600]]), ["A"], ["E"], TUESDAY, "07:55")).toEqual([
      "08:00-09:00 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:25, V2 D2 08:50-E 09:00",
    ]);
  });

  it("raptor - a forbidden transfer (transfer_type 3) is never walked, the other way still is", () => {
    const forbidden = withTransfers([["D", "D2", 3]]);
    expect(plan(forbidden, ["A"], ["E"], TUESDAY, "07:55")).toEqual([]);
    const view = createNetworkView(forbidden, { fromMs: at(TUESDAY, "06:00"), toMs: at(TUESDAY, "12:00") });
    const d2 = stopOf(forbidden, "D2");
    const into = [...view.footpathTo.subarray(view.footpathStart[d2], view.footpathStart[d2 + 1])];
    expect(into).toContain(stopOf(forbidden, "D"));
  });

  it("raptor - the maximum number of transfers leaves out journeys with more", () => {
    expect(plan(line, ["A"], ["E"], TUESDAY, "07:55", { maxTransfers: 0 })).toEqual([]);
  });

  it("raptor - a Pareto set: a faster journey with a change beside a slower direct one", () => {
    const slow = net({
      stops: { A: [0, 0], C: [2000, 0], F: [2000, 1000] },
      trips: ["T1 bus: A 08:00, C 08:10", "U1 bus: C 08:12, F 08:20", "S1 bus: A 08:00, F 09:00"],
    });
    expect(plan(slow, ["A"], ["F"], TUESDAY, "07:55")).toEqual([
      "08:00-08:20 1x: T1 A 08:00-C 08:10, U1 C 08:12-F 08:20",
      "08:00-09:00 0x: S1 A 08:00-F 09:00",
    ]);
  });
});

describe("raptor - C01 service days", () => {
  // WEEK runs Monday to Friday: its 23:50 trip reaches C at 24:30, after midnight.
  const night = net({
    stops: { A: [0, 0], B: [1000, 0], C: [2000, 0] },
    trips: ["N1 bus WEEK: A 23:50, B 24:10, C 24:30", "M1 bus WEEK: B 06:00, C 06:20"],
  });

  it("raptor - after midnight: yesterday's trip still running is taken, on its own service date", () => {
    const timeMs = at("2024-03-12", "00:05");
    const view = createNetworkView(night, { fromMs: timeMs, toMs: timeMs + 6 * HOUR });
    const [j] = raptor(view, { origins: access(night, "B"), destinations: access(night, "C"), timeMs, arriveBy: false });
    expect(render(night, [j])).toEqual(["00:10-00:30 0x: N1 B 00:10-C 00:30"]);
    expect(j.legs[0].kind === "transit" && j.legs[0].serviceDate).toBe(20240311);
  });

  it("raptor - after midnight: Friday's night trip runs into Saturday, Saturday's does not run into Sunday", () => {
    expect(plan(night, ["B"], ["C"], "2024-03-16", "00:05")).toEqual(["00:10-00:30 0x: N1 B 00:10-C 00:30"]);
    expect(plan(night, ["B"], ["C"], "2024-03-17", "00:05")).toEqual([]);
  });

  it("raptor - spring-forward Sunday: GTFS times count from noon minus 12 h, a Saturday night trip keeps its wall clock", () => {
    const dst = net({
      stops: { A: [0, 0], B: [1000, 0] },
      // Sunday 31 March 2024: noon minus 12 h is Saturday 23:00, so GTFS 01:30 is 00:30 on the wall clock, 03:30 is 03:30.
      trips: ["S1 bus SUN: A 01:30, B 01:45", "S2 bus SUN: A 03:30, B 03:45", "L1 bus ALL: A 25:30, B 25:45"],
    });
    expect(plan(dst, ["A"], ["B"], "2024-03-31", "00:00")).toEqual(["00:30-00:45 0x: S1 A 00:30-B 00:45"]);
    // Saturday's 25:30 is Sunday 01:30, before the clocks jump.
    expect(plan(dst, ["A"], ["B"], "2024-03-31", "01:00")).toEqual(["01:30-01:45 0x: L1 A 01:30-B 01:45"]);
    expect(plan(dst, ["A"], ["B"], "2024-03-31", "01:46")).toEqual(["03:30-03:45 0x: S2 A 03:30-B 03:45"]);
  });

  it("raptor - fall-back Sunday: GTFS 01:30 to 02:30 is 02:30 summer time to 02:30 winter time, an hour", () => {
    const dst = net({ stops: { A: [0, 0], B: [1000, 0] }, trips: ["F1 bus SUN: A 01:30, B 02:30"] });
    const timeMs = at("2024-10-27", "00:00");
    const view = createNetworkView(dst, { fromMs: timeMs, toMs: timeMs + 6 * HOUR });
    const journeys = raptor(view, { origins: access(dst, "A"), destinations: access(dst, "B"), timeMs, arriveBy: false });
    expect(render(dst, journeys)).toEqual(["02:30-02:30 0x: F1 A 02:30-B 02:30"]);
    expect(journeys[0].departureMs).toBe(Date.parse("2024-10-27T00:30:00Z"));
    expect(journeys[0].arrivalMs - journeys[0].departureMs).toBe(HOUR);
  });
});

describe("raptor - D01 arrive-by", () => {
  it("raptor - arrive-by: the latest departure that arrives in time, found backwards", () => {
    expect(plan(line, ["A"], ["E"], TUESDAY, "09:10", { arriveBy: true })).toEqual([
      "08:30-09:00 1x: T2 A 08:30-D 08:45, walk D-D2 08:45-08:47:05, V2 D2 08:50-E 09:00",
    ]);
    expect(plan(line, ["A"], ["E"], TUESDAY, "08:59", { arriveBy: true })).toEqual([
      "08:00-08:30 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:17:05, V1 D2 08:20-E 08:30",
    ]);
    expect(plan(line, ["A"], ["E"], TUESDAY, "08:29", { arriveBy: true })).toEqual([]);
  });

  it("raptor - arrive-by: access and egress walks, and the Pareto set on departure x transfers", () => {
    expect(plan(line, ["A+300"], ["D+60"], TUESDAY, "09:00", { arriveBy: true })).toEqual([
      "08:25-08:46 0x: walk *-A 08:25-08:30, T2 A 08:30-D 08:45, walk D-* 08:45-08:46",
    ]);
    const slow = net({
      stops: { A: [0, 0], C: [2000, 0], F: [2000, 1000] },
      trips: ["T1 bus: A 08:40, C 08:50", "U1 bus: C 08:52, F 09:00", "S1 bus: A 08:00, F 09:00"],
    });
    expect(plan(slow, ["A"], ["F"], TUESDAY, "09:00", { arriveBy: true })).toEqual([
      "08:00-09:00 0x: S1 A 08:00-F 09:00",
      "08:40-09:00 1x: T1 A 08:40-C 08:50, U1 C 08:52-F 09:00",
    ]);
  });

  it("raptor - arrive-by honours min_transfer_time and after-midnight trips as depart-after does", () => {
    const n = net({
      stops: { A: [0, 0], D: [3000, 0], D2: [3000, 120], E: [3000, 1000] },
      trips: ["T1 bus: A 08:00, D 08:15", "T2 bus: A 08:30, D 08:45", "V1 bus: D2 08:20, E 08:30", "V2 bus: D2 08:50, E 09:00"],
      transfers: [["D", "D2", 2, 600]],
    });
    expect(plan(n, ["A"], ["E"], TUESDAY, "09:00", { arriveBy: true })).toEqual([
      "08:00-09:00 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:25, V2 D2 08:50-E 09:00",
    ]);
    const night = net({ stops: { A: [0, 0], B: [1000, 0] }, trips: ["N1 bus WEEK: A 23:50, B 24:30"] });
    expect(plan(night, ["A"], ["B"], "2024-03-16", "01:00", { arriveBy: true })).toEqual(["23:50-00:30 0x: N1 A 23:50-B 00:30"]);
  });
});

describe("raptor - E01 range", () => {
  it("raptor - range: every departure of the window, each with its Pareto set, latest first, no duplicates", () => {
    // Two origins: A, and B 5 minutes down the line. Leaving from A gives the same arrivals later, never better.
    expect(plan(line, ["A", "B"], ["D"], TUESDAY, "07:50", { windowEndMs: at(TUESDAY, "08:40") })).toEqual([
      "08:05-08:15 0x: T1 B 08:05-D 08:15",
      "08:35-08:45 0x: T2 B 08:35-D 08:45",
    ]);
  });

  it("raptor - range: a slower direct trip leaving later stays beside an earlier faster change", () => {
    const slow = net({
      stops: { A: [0, 0], C: [2000, 0], F: [2000, 1000] },
      trips: ["T1 bus: A 08:00, C 08:10", "U1 bus: C 08:12, F 08:20", "S1 bus: A 08:10, F 09:00", "T2 bus: A 08:30, C 08:40"],
    });
    expect(plan(slow, ["A"], ["F"], TUESDAY, "07:50", { windowEndMs: at(TUESDAY, "08:20") })).toEqual([
      "08:00-08:20 1x: T1 A 08:00-C 08:10, U1 C 08:12-F 08:20",
      "08:10-09:00 0x: S1 A 08:10-F 09:00",
    ]);
  });

  it("raptor - range: only journeys leaving within the window", () => {
    expect(plan(line, ["A"], ["E"], TUESDAY, "07:50", { windowEndMs: at(TUESDAY, "08:10") })).toEqual([
      "08:00-08:30 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:17:05, V1 D2 08:20-E 08:30",
    ]);
    expect(plan(line, ["A"], ["E"], TUESDAY, "07:50", { windowEndMs: at(TUESDAY, "08:40") })).toEqual([
      "08:00-08:30 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:17:05, V1 D2 08:20-E 08:30",
      "08:30-09:00 1x: T2 A 08:30-D 08:45, walk D-D2 08:45-08:47:05, V2 D2 08:50-E 09:00",
    ]);
  });

  it("raptor - range arrive-by: every arrival of the window, earliest first", () => {
    expect(plan(line, ["A"], ["E"], TUESDAY, "09:10", { arriveBy: true, windowEndMs: at(TUESDAY, "08:00") })).toEqual([
      "08:00-08:30 1x: T1 A 08:00-D 08:15, walk D-D2 08:15-08:17:05, V1 D2 08:20-E 08:30",
      "08:30-09:00 1x: T2 A 08:30-D 08:45, walk D-D2 08:45-08:47:05, V2 D2 08:50-E 09:00",
    ]);
  });
});

describe("raptor - F01 filters", () => {
  const modes = net({
    stops: { A: [0, 0], D: [3000, 0] },
    trips: ["T1 bus: A 08:00, D 08:15", "R1 train: A 08:05, D 08:12", "M1 metro: A 08:02, D 08:14", "K1 tram: A 08:01, D 08:20"],
  });
  const byModes = (m: TransportType[]) => {
    const timeMs = at(TUESDAY, "07:55");
    const view = createNetworkView(modes, { fromMs: timeMs, toMs: timeMs + 6 * HOUR, modes: m });
    return render(modes, raptor(view, { origins: access(modes, "A"), destinations: access(modes, "D"), timeMs, arriveBy: false }));
  };

  it("raptor - mode filter: only the lines of the transport types asked for", () => {
    expect(byModes([])).toEqual(["08:05-08:12 0x: R1 A 08:05-D 08:12"]);
    expect(byModes(["BUS"])).toEqual(["08:00-08:15 0x: T1 A 08:00-D 08:15"]);
    expect(byModes(["TRAM"])).toEqual(["08:01-08:20 0x: K1 A 08:01-D 08:20"]);
    expect(byModes(["BUS", "METRO"])).toEqual(["08:02-08:14 0x: M1 A 08:02-D 08:14"]);
    expect(byModes(["ALLE"])).toEqual(["08:05-08:12 0x: R1 A 08:05-D 08:12"]);
  });

  it("raptor - wheelchair: accessible trips only, boarded and left at accessible stops only", () => {
    // B's wheelchair_boarding is 2 (not accessible), C's 0 (unknown); T1 is not accessible, T2 is.
    const n = net({
      stops: { A: [0, 0], B: [1000, 0, 2], C: [2000, 0, 0], D: [3000, 0] },
      trips: ["T1 bus: A 08:00, B 08:05, C 08:10, D 08:15", "T2 bus wheelchair: A 08:30, B 08:35, C 08:40, D 08:45"],
    });
    const go = (from: string, to: string, wheelchair: boolean) => {
      const timeMs = at(TUESDAY, "07:55");
      const view = createNetworkView(n, { fromMs: timeMs, toMs: timeMs + 6 * HOUR, wheelchair });
      return render(n, raptor(view, { origins: access(n, from), destinations: access(n, to), timeMs, arriveBy: false }));
    };
    expect(go("A", "D", false)).toEqual(["08:00-08:15 0x: T1 A 08:00-D 08:15"]);
    expect(go("A", "D", true)).toEqual(["08:30-08:45 0x: T2 A 08:30-D 08:45"]);
    expect(go("A", "B", true)).toEqual([]);
    expect(go("C", "D", true)).toEqual([]);
    expect(go("B", "D", false)).toEqual(["08:05-08:15 0x: T1 B 08:05-D 08:15"]);
  });
});

describe("raptor - G01 real-time", () => {
  const withOverlay = (entries: OverlayEntry[], from: string, to: string, time: string, arriveBy = false) => {
    const timeMs = at(TUESDAY, time);
    const view = createNetworkView(line, { fromMs: timeMs - 6 * HOUR, toMs: timeMs + 6 * HOUR, realtime: mapOverlay(entries) });
    return render(line, raptor(view, { origins: access(line, from), destinations: access(line, to), timeMs, arriveBy }));
  };
  const t1 = () => tripOf(line, "T1");
  const allPositions = (trip: number, update: (position: number) => OverlayEntry["update"]) =>
    [0, 1, 2, 3].map((position) => ({ trip, serviceDate: 20240312, position, update: update(position) }));
  const scheduledT1 = ["08:00", "08:05", "08:10", "08:15"];

  it("raptor - a cancelled trip is never proposed", () => {
    const cancelled = allPositions(t1(), () => ({ cancelled: true }));
    expect(withOverlay(cancelled, "A", "D", "07:50")).toEqual(["08:30-08:45 0x: T2 A 08:30-D 08:45"]);
    expect(withOverlay(cancelled, "A", "D", "09:00", true)).toEqual(["08:30-08:45 0x: T2 A 08:30-D 08:45"]);
  });

  it("raptor - a skipped stop is neither boarded nor left, the trip still runs past it", () => {
    const skipC = [{ trip: t1(), serviceDate: 20240312, position: 2, update: { cancelled: true } }];
    expect(withOverlay(skipC, "A", "C", "07:50")).toEqual(["08:30-08:40 0x: T2 A 08:30-C 08:40"]);
    expect(withOverlay(skipC, "C", "D", "08:09")).toEqual(["08:40-08:45 0x: T2 C 08:40-D 08:45"]);
    expect(withOverlay(skipC, "A", "D", "07:50")).toEqual(["08:00-08:15 0x: T1 A 08:00-D 08:15"]);
  });

  it("raptor - a delayed trip counts at its predicted times, even when scheduled before the time asked", () => {
    const late = allPositions(t1(), (pos) => ({ epochMs: at(TUESDAY, scheduledT1[pos]) + 10 * 60_000 }));
    expect(withOverlay(late, "A", "D", "07:50")).toEqual(["08:10-08:25 0x: T1 A 08:10-D 08:25"]);
    // Scheduled at B at 08:05, it leaves at 08:15: a passenger there at 08:08 still catches it.
    expect(withOverlay(late, "B", "D", "08:08")).toEqual(["08:15-08:25 0x: T1 B 08:15-D 08:25"]);
    // Its delay misses V1 at D2 (08:20): V2 instead.
    expect(withOverlay(late, "A", "E", "07:50")).toEqual([
      "08:10-09:00 1x: T1 A 08:10-D 08:25, walk D-D2 08:25-08:27:05, V2 D2 08:50-E 09:00",
    ]);
    expect(withOverlay(late, "A", "D", "08:20", true)).toEqual([]);
    expect(withOverlay(late, "A", "D", "08:25", true)).toEqual(["08:10-08:25 0x: T1 A 08:10-D 08:25"]);
  });

  it("raptor - a trip an hour and a half late is found at its prediction, behind the trip that overtook it", () => {
    const late = allPositions(t1(), (pos) => ({ epochMs: at(TUESDAY, scheduledT1[pos]) + 90 * 60_000 }));
    // Scheduled at A at 08:00, it leaves at 09:30: asked at 09:05, after T2 (08:30) and an hour past its schedule.
    expect(withOverlay(late, "A", "D", "09:05")).toEqual(["09:30-09:45 0x: T1 A 09:30-D 09:45"]);
    expect(withOverlay(late, "A", "D", "08:20")).toEqual(["08:30-08:45 0x: T2 A 08:30-D 08:45"]);
    expect(withOverlay(late, "A", "D", "10:00", true)).toEqual(["09:30-09:45 0x: T1 A 09:30-D 09:45"]);
  });
});

describe("raptor - H01 budget", () => {
  afterEach(() => vi.useRealTimers());

  it("raptor - once the budget is spent the search answers the rounds it finished", () => {
    const slow = net({
      stops: { A: [0, 0], C: [2000, 0], F: [2000, 1000] },
      trips: ["T1 bus: A 08:00, C 08:10", "U1 bus: C 08:12, F 08:20", "S1 bus: A 08:00, F 09:00"],
    });
    const timeMs = at(TUESDAY, "07:55");
    const view = createNetworkView(slow, { fromMs: timeMs, toMs: timeMs + 6 * HOUR });
    const query: RaptorQuery = { origins: access(slow, "A"), destinations: access(slow, "F"), timeMs, arriveBy: false, budgetMs: 50 };
    expect(render(slow, raptor(view, query))).toHaveLength(2);
    // A view whose trip search takes 100 ms (on a fake clock): the first round ends past the budget.
    vi.useFakeTimers({ toFake: ["performance"] });
    const slowView: TransitView = Object.create(view);
    slowView.earliestTrip = (...args) => {
      vi.advanceTimersByTime(100);
      return view.earliestTrip(...args);
    };
    expect(render(slow, raptor(slowView, query))).toEqual(["08:00-09:00 0x: S1 A 08:00-F 09:00"]);
  });
});
