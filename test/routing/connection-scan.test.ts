/**
 * The connection scan (connection-scan.ts) against RAPTOR (raptor.ts) on seeded random networks: the same earliest
 * arrival for every pair of stops and several moments, RAPTOR allowed any number of rides (the scan has no limit; with
 * at most MAX_TRANSFERS + 1 rides both answer the same), over midnight (yesterday's trips after 24:00), with a mode
 * filter, pickup_type / drop_off_type, and change times at stops; and the rule that a change time of 65535 s forbids
 * changing at a stop.
 */
import { describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { connectionScan, NO_CHANGE_SECONDS } from "../../src/routing/connection-scan.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { raptor } from "../../src/routing/raptor.js";
import type { TransitView } from "../../src/routing/transit-view.js";
import { at, net, stopOf } from "./support/raptor-scenario.js";
import { randomNightNetwork } from "./support/random-network.js";

const DATE = "2024-03-12";
const NEXT = "2024-03-13";

/** RAPTOR's earliest arrival with any number of rides (40: more than a random network's stops allow). */
function raptorEarliest(view: TransitView, from: number, to: number, timeMs: number): number | undefined {
  const journeys = raptor(view, { origins: [{ stop: from, seconds: 0, meters: 0 }], destinations: [{ stop: to, seconds: 0, meters: 0 }], timeMs, arriveBy: false, maxTransfers: 40 });
  return journeys.length ? Math.min(...journeys.map((j) => j.arrivalMs)) : undefined;
}

describe("connection scan", () => {
  it("connection scan - RAPTOR's earliest arrival for every pair of stops, over midnight, with a mode filter", () => {
    let compared = 0;
    let reached = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const network = randomNightNetwork(seed, false);
      for (const [date, time] of [[DATE, "23:25"], [DATE, "23:50"], [NEXT, "00:05"]]) {
        const timeMs = at(date, time);
        for (const modes of [undefined, ["BUS"] as const]) {
          const view = createNetworkView(network, { fromMs: timeMs, toMs: timeMs + 6 * 3_600_000, modes: modes && [...modes] });
          for (let a = 0; a < network.stops.count; a++) {
            for (let b = 0; b < network.stops.count; b++) {
              if (a === b) continue;
              const expected = raptorEarliest(view, a, b, timeMs);
              expect(connectionScan(view, a, b, timeMs), `seed ${seed} ${date} ${time} ${modes ?? "all"} ${a} -> ${b}`).toBe(expected);
              compared++;
              if (expected !== undefined) reached++;
            }
          }
        }
      }
    }
    // The networks are not trivial: most pairs connect, some do not.
    expect(compared).toBe(25 * 3 * 2 * 14 * 13);
    expect(reached).toBeGreaterThan(compared / 3);
    expect(reached).toBeLessThan(compared);
  });

  it("connection scan - with change times at stops, never later than RAPTOR, and as early on most pairs", () => {
    // RAPTOR's round label keeps the earlier of a ride's and a walk's arrival at a stop and adds the change time when
    // it is the ride's; the scan boards at the earlier of the walk's arrival and the ride's plus the change time.
    let same = 0;
    let compared = 0;
    for (let seed = 101; seed <= 120; seed++) {
      const network = randomNightNetwork(seed, true);
      const timeMs = at(DATE, "23:25");
      const view = createNetworkView(network, { fromMs: timeMs, toMs: timeMs + 6 * 3_600_000 });
      for (let a = 0; a < network.stops.count; a++) {
        for (let b = 0; b < network.stops.count; b++) {
          if (a === b) continue;
          const expected = raptorEarliest(view, a, b, timeMs);
          const got = connectionScan(view, a, b, timeMs);
          compared++;
          if (expected === undefined) expect(got).toBeUndefined();
          else {
            expect(got).toBeDefined();
            expect(got!).toBeLessThanOrEqual(expected);
            if (got === expected) same++;
          }
        }
      }
    }
    expect(same / compared).toBeGreaterThan(0.95);
  });

  it("connection scan - pickup_type and drop_off_type: a trip is boarded and left only where allowed", () => {
    const network = net({
      stops: { A: [0, 0], B: [0, 2000], C: [0, 4000] },
      trips: ["T1 bus: A 08:00, B 08:10, C 08:20"],
    });
    // net() writes pickup and drop-off as allowed: forbid them on the compiled rows (bits as compile-patterns.ts).
    const rowOf = (stop: string) => network.patterns.stops.indexOf(stopOf(network, stop));
    const flags = network.patterns.stopFlags as Uint8Array;
    flags[rowOf("B")] = (flags[rowOf("B")] & ~3) | 1; // pickup_type 1 at B
    flags[rowOf("C")] = (flags[rowOf("C")] & ~12) | (1 << 2); // drop_off_type 1 at C
    const timeMs = at(DATE, "07:55");
    const view = createNetworkView(network, { fromMs: timeMs, toMs: timeMs + 3_600_000 });
    expect(connectionScan(view, stopOf(network, "A"), stopOf(network, "B"), timeMs)).toBe(at(DATE, "08:10"));
    expect(connectionScan(view, stopOf(network, "A"), stopOf(network, "C"), timeMs)).toBeUndefined();
    expect(connectionScan(view, stopOf(network, "B"), stopOf(network, "C"), timeMs)).toBeUndefined();
  });

  it("connection scan - a change time of 65535 s at a stop: no change there, walking on from it still", () => {
    const network = net({
      stops: { A: [0, 0], B: [0, 2000], B2: [0, 2200], C: [0, 4000] },
      trips: ["T1 bus: A 08:00, B 08:10", "T2 bus: B 08:20, C 08:30", "T3 bus: B2 08:40, C 08:50"],
    });
    const timeMs = at(DATE, "07:55");
    const view = createNetworkView(network, { fromMs: timeMs, toMs: timeMs + 3_600_000 });
    const [a, b, c] = ["A", "B", "C"].map((s) => stopOf(network, s));
    expect(connectionScan(view, a, c, timeMs)).toBe(at(DATE, "08:30"));
    (view.sameStopSeconds as Uint16Array)[b] = NO_CHANGE_SECONDS;
    try {
      // Not T2 at B, but a walk of 200 m (208 s) to B2 and T3.
      expect(connectionScan(view, a, c, timeMs)).toBe(at(DATE, "08:50"));
    } finally {
      (view.sameStopSeconds as Uint16Array)[b] = 0;
    }
  });
});
