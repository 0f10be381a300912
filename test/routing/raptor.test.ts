import { describe, expect, it } from "vitest";
import { createNetworkView } from "../../src/routing/network-view.js";
import { earliestArrival, raptor } from "../../src/routing/raptor.js";
import type { RaptorQuery } from "../../src/routing/raptor-types.js";
import type { Network } from "../../src/network/model.js";
import { access, at, net, render, stopOf } from "./raptor-scenario.js";

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
