/**
 * The demo network is one network: from the stations of Leuven, Antwerpen, Gent and Aalst, leaving at 04:00 on Tuesday
 * 2026-03-10 (a school day), nearly every stop can be reached that day. Before the snelbus lines
 * (src/demo/express-lines.ts) the regional networks were islands: from Antwerpen-Centraal or Gent-Sint-Pieters 768
 * and 658 of the 7,789 stops.
 *
 * Reachability is an earliest-arrival scan over the day's view of the network (src/routing/network-view.ts, what
 * RAPTOR reads), in rounds of rides until nothing improves: RAPTOR's rules (a walk to the stops within a kilometre of
 * the station, one footpath between two rides) without its limit on transfers, since the question is whether a stop
 * can be reached at all, not by a good journey. RAPTOR itself (src/routing/raptor.ts) answers a sample of the stops
 * the same. The stops left are those of the three Belbus lines, whose villages no other line serves (Alveringem to
 * Lo-Reninge, Kasterlee to Retie, Voeren), and those only the night lines serve (Friday and Saturday nights).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { SERVICE_TYPES, type Network, type StopIdx } from "../../src/network/model.js";
import { MAX_TRANSFERS, NO_TRIP } from "../../src/routing/constants.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { raptor } from "../../src/routing/raptor.js";
import type { StopAccess } from "../../src/routing/raptor-types.js";
import type { TransitView } from "../../src/routing/transit-view.js";
import { stopAccesses, walkParameters } from "../../src/routing/walk-access.js";
import { demoNetwork } from "../support/demo-network.js";

const STATIONS = {
  Leuven: { lat: 50.8812, lon: 4.7157 },
  Antwerpen: { lat: 51.2172, lon: 4.4211 },
  Gent: { lat: 51.0357, lon: 3.7106 },
  Aalst: { lat: 50.9428, lon: 4.0397 },
} as const;
const DAY = 20260310;
const UNREACHED = Infinity;

let network: Network;
let view: TransitView;
beforeAll(async () => {
  network = await demoNetwork();
  const fromMs = zonedTime(network.meta.timezone).localToEpochMs(DAY, 4 * 3600);
  view = createNetworkView(network, { fromMs, toMs: fromMs + 24 * 3_600_000 });
}, 120_000);

/** Earliest arrival (query seconds) per stop, and the rides it took; UNREACHED where none. */
function earliestArrivals(v: TransitView, origins: readonly StopAccess[]): { arrival: Float64Array; rides: Int32Array } {
  const arrival = new Float64Array(v.stopCount).fill(UNREACHED);
  const rides = new Int32Array(v.stopCount);
  const byRide = new Uint8Array(v.stopCount);
  let marked = new Set<StopIdx>();
  for (const o of origins) {
    arrival[o.stop] = o.seconds;
    marked.add(o.stop);
  }
  for (let round = 1; marked.size > 0; round++) {
    const before = arrival.slice();
    // Each pattern from the first position a marked stop has in it.
    const from = new Map<number, number>();
    for (const s of marked) {
      for (let r = v.stopPatternStart[s]; r < v.stopPatternStart[s + 1]; r++) {
        const p = v.stopPatterns[r];
        const pos = v.stopPatternPositions[r];
        if (v.patternUsable(p) && (from.get(p) ?? Infinity) > pos) from.set(p, pos);
      }
    }
    const improved = new Set<StopIdx>();
    for (const [p, start] of from) {
      const base = v.patternStopStart[p];
      let trip = NO_TRIP;
      for (let pos = start; base + pos < v.patternStopStart[p + 1]; pos++) {
        const s = v.patternStops[base + pos];
        if (trip !== NO_TRIP && v.alightable[base + pos] === 1 && v.arrival(trip, pos) < arrival[s]) {
          arrival[s] = v.arrival(trip, pos);
          rides[s] = round;
          byRide[s] = 1;
          improved.add(s);
        }
        if (before[s] === UNREACHED || v.boardable[base + pos] === 0) continue;
        const ready = before[s] + (byRide[s] === 1 ? v.sameStopSeconds[s] : 0);
        if (trip !== NO_TRIP && v.departure(trip, pos) < ready) continue;
        const t = v.earliestTrip(p, pos, ready, trip);
        if (t !== NO_TRIP) trip = t;
      }
    }
    // One footpath after a ride.
    for (const s of [...improved]) {
      for (let r = v.footpathStart[s]; r < v.footpathStart[s + 1]; r++) {
        const to = v.footpathTo[r];
        const t = arrival[s] + v.footpathSeconds[r];
        if (t < arrival[to]) {
          arrival[to] = t;
          rides[to] = round;
          byRide[to] = 0;
          improved.add(to);
        }
      }
    }
    marked = improved;
  }
  return { arrival, rides };
}

/**
 * The lines whose trips stop at s, as "entity/lijnnummer bedieningtype", with " (not today)" where no trip of that
 * pattern runs on the view's day.
 */
function linesAt(s: StopIdx): string[] {
  const out = new Set<string>();
  for (let r = network.stops.patternStart[s]; r < network.stops.patternStart[s + 1]; r++) {
    const p = network.stops.patternRefs[r];
    const line = network.patterns.line[p];
    const entity = network.meta.entities[network.lines.entity[line]].number;
    const type = SERVICE_TYPES[network.lines.serviceType[line]];
    out.add(`${entity}/${network.strings.get(network.lines.number[line])} ${type}${view.patternUsable(p) ? "" : " (not today)"}`);
  }
  return [...out].sort();
}

describe("demo network - connectivity", () => {
  for (const [name, at] of Object.entries(STATIONS)) {
    it(`demo network - from ${name} station, at least 95 % of the stops can be reached on a weekday`, () => {
      const origins = stopAccesses(network, { kind: "place", ...at }, walkParameters(network), "origin");
      const { arrival, rides } = earliestArrivals(view, origins);
      const unreached: StopIdx[] = [];
      for (let s = 0; s < view.stopCount; s++) if (arrival[s] === UNREACHED) unreached.push(s);
      expect((view.stopCount - unreached.length) / view.stopCount).toBeGreaterThanOrEqual(0.95);
      // What is left: the Belbus villages no other line reaches, and stops of lines that do not run on a Tuesday (the
      // night lines, whatever their bedieningtype: Leuven's N1-N9 are NORMAAL).
      for (const s of unreached) {
        const lines = linesAt(s);
        expect(lines.every((l) => / BELBUS$|\(not today\)$/.test(l)), `${network.strings.get(network.stops.longName[s])}: ${lines.join(", ")}`).toBe(true);
      }

      // RAPTOR agrees on a sample of the stops: never earlier than the scan, and as early where the scan rode at most
      // MAX_TRANSFERS + 1 vehicles (RAPTOR's limit); it reaches what the scan does within that limit.
      const isOrigin = new Set(origins.map((o) => o.stop));
      let same = 0;
      for (let s = 11; s < view.stopCount; s += 157) {
        if (isOrigin.has(s)) continue;
        const journeys = raptor(view, { origins, destinations: [{ stop: s, seconds: 0, meters: 0 }], timeMs: view.originMs, arriveBy: false });
        const best = Math.min(...journeys.map((j) => (j.arrivalMs - view.originMs) / 1000));
        const what = `${name} -> ${network.strings.get(network.stops.longName[s])}`;
        expect(best, what).toBeGreaterThanOrEqual(arrival[s]);
        if (arrival[s] !== UNREACHED && rides[s] <= MAX_TRANSFERS + 1) expect(best, what).toBe(arrival[s]);
        if (best === arrival[s] && best !== UNREACHED) same++;
      }
      // A sample of 49 stops: all but the few unreached (or among the origins) reached, at the same time.
      expect(same).toBeGreaterThanOrEqual(45);
    });
  }
});
