/**
 * Staying on board in RAPTOR (raptor.ts rideOn, network-view.ts stayOnBoard): trips of one block_id are paired per
 * service date, a transfers.txt type 4 row links two trips, and a type 5 row forbids it; both directions.
 */
import { describe, expect, it } from "vitest";
import { createNetworkView } from "../../src/routing/network-view.js";
import { raptor } from "../../src/routing/raptor.js";
import type { Network } from "../../src/network/model.js";
import { access, at, net, render } from "./support/raptor-scenario.js";

const HOUR = 3_600_000;
const TUESDAY = "2024-03-12";
const SUNDAY = "2024-03-17";

function plan(network: Network, from: string, to: string, date: string, time: string, arriveBy = false, maxTransfers?: number): string[] {
  const timeMs = at(date, time);
  const view = createNetworkView(network, { fromMs: timeMs - 6 * HOUR, toMs: timeMs + 6 * HOUR });
  return render(network, raptor(view, { origins: access(network, from), destinations: access(network, to), timeMs, arriveBy, maxTransfers }));
}

// Stops 3 km apart (no footpaths). Block K: X1 every day, then Z1 on Sundays, Y1 on weekdays: the vehicle's next trip
// depends on the day.
const blocks = net({
  stops: { A: [0, 0], C: [0, 3000], D: [0, 6000], E: [3000, 3000] },
  trips: [
    "X1 bus ALL block=K: A 08:00, C 08:20",
    "Z1 bus SUN block=K: C 08:22, E 08:40",
    "Y1 bus WEEK block=K: C 08:30, D 08:50",
  ],
});

describe("raptor - staying on board", () => {
  it("raptor - a block's next trip is the next one running that date: Y1 on a Tuesday, Z1 on a Sunday", () => {
    expect(plan(blocks, "A", "D", TUESDAY, "07:55", false, 0)).toEqual(["08:00-08:50 0x: X1 A 08:00-C 08:20, +Y1 C 08:30-D 08:50"]);
    expect(plan(blocks, "A", "D", TUESDAY, "09:00", true, 0)).toEqual(["08:00-08:50 0x: X1 A 08:00-C 08:20, +Y1 C 08:30-D 08:50"]);
    expect(plan(blocks, "A", "E", SUNDAY, "07:55", false, 0)).toEqual(["08:00-08:40 0x: X1 A 08:00-C 08:20, +Z1 C 08:22-E 08:40"]);
    expect(plan(blocks, "A", "E", SUNDAY, "09:00", true, 0)).toEqual(["08:00-08:40 0x: X1 A 08:00-C 08:20, +Z1 C 08:22-E 08:40"]);
    // On a Sunday Y1 does not run; on a Tuesday Z1 does not.
    expect(plan(blocks, "A", "D", SUNDAY, "07:55")).toEqual([]);
    expect(plan(blocks, "A", "E", TUESDAY, "07:55")).toEqual([]);
  });

  it("raptor - a bus turning round rides on around its loop, one ride however many times it turns", () => {
    const loop = net({
      stops: { A: [0, 0], B: [0, 3000], C: [0, 6000] },
      trips: ["R1 bus block=L: A 08:00, B 08:10, C 08:20", "R2 bus block=L: C 08:25, B 08:35, A 08:45", "R3 bus block=L: A 08:50, C 09:10"],
    });
    // From C before R2: R2 passes B at 08:35, the ride on around the loop adds nothing.
    expect(plan(loop, "C", "B", TUESDAY, "08:21")).toEqual(["08:25-08:35 0x: R2 C 08:25-B 08:35"]);
    // B to C after 08:30 (R3 runs express, not by B): R2 to A, then stay on board into R3, with no transfer.
    expect(plan(loop, "B", "C", TUESDAY, "08:30", false, 0)).toEqual(["08:35-09:10 0x: R2 B 08:35-A 08:45, +R3 A 08:50-C 09:10"]);
    expect(plan(loop, "B", "C", TUESDAY, "09:15", true, 0)).toEqual(["08:35-09:10 0x: R2 B 08:35-A 08:45, +R3 A 08:50-C 09:10"]);
  });
});

describe("raptor - timed transfers", () => {
  // Two trips from K to Z arrive together; a timed transfer (type 1) from T1 to either one makes it the answer.
  const timed = (to: string) =>
    net({
      stops: { A: [0, 0], K: [0, 3000], Z: [0, 6000] },
      trips: ["T1 bus: A 08:00, K 08:10", "P1 bus: K 08:10, Z 08:25", "Q1 bus: K 08:12, Z 08:25"],
      transfers: [["K", "K", 1, undefined, "T1", to]],
    });

  it("raptor - at equal arrival, transfers and walking, the change a timed transfer holds wins, whichever trip it is", () => {
    for (const to of ["P1", "Q1"]) {
      expect(plan(timed(to), "A", "Z", TUESDAY, "07:55"), to).toEqual([`08:00-08:25 1x: T1 A 08:00-K 08:10, ${to} K 08:${to === "P1" ? 10 : 12}-Z 08:25`]);
    }
    // Arrive-by ties at the origin, not at K, where Q1 leaving later is the better label: the held P1 is not seen.
    expect(plan(timed("P1"), "A", "Z", TUESDAY, "08:30", true)).toEqual(["08:00-08:25 1x: T1 A 08:00-K 08:10, Q1 K 08:12-Z 08:25"]);
  });
});

describe("raptor - a later trip that runs on", () => {
  it("raptor - the first bus ends at K, the next one runs on to Z as line U: with no transfer, the next one", () => {
    const later = net({
      stops: { A: [0, 0], K: [0, 3000], Z: [0, 6000] },
      trips: ["T1 bus route=T: A 08:00, K 08:10", "T2 bus route=T block=V: A 08:10, K 08:20", "U2 bus block=V: K 08:22, Z 08:35"],
    });
    expect(plan(later, "A", "Z", TUESDAY, "07:55", false, 0)).toEqual(["08:10-08:35 0x: T2 A 08:10-K 08:20, +U2 K 08:22-Z 08:35"]);
    expect(plan(later, "A", "Z", TUESDAY, "08:40", true, 0)).toEqual(["08:10-08:35 0x: T2 A 08:10-K 08:20, +U2 K 08:22-Z 08:35"]);
  });
});
