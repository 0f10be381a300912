/**
 * RAPTOR against an exhaustive reference on seeded random networks: per number of rides, the best arrival (arrive-by:
 * departure) over every trip boarded wherever the previous round's label allows, with the same walking rules (one
 * footpath after a ride, from a stop the query starts at, or to one it ends at). The Pareto sets must be equal, the
 * range answers too, and every journey must hold together: legs in time order, walks along footpaths.
 */
import { describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { travelBounds } from "../../src/routing/lower-bounds.js";
import { raptor } from "../../src/routing/raptor.js";
import type { Journey, RaptorQuery, StopAccess } from "../../src/routing/raptor-types.js";
import type { TransitView } from "../../src/routing/transit-view.js";
import type { AddedTrip, RealtimeOverlay } from "../../src/timetable/realtime-overlay.js";
import { at, net } from "./support/raptor-scenario.js";
import { hhmm, prng, randomLine, randomStops, randomTrips } from "./support/random-network.js";

const DATE = "2024-03-12";
const RIDES = 4;

/**
 * The random network (support/random-network.ts), 12 bus lines with their trips from 08:00 on (one pattern each).
 * With `rules`: three lines run on as an onward line from their last stop (each trip and its onward trip one block of
 * two, in the same order), and two stops allow no change of vehicle (transfers.txt type 3 to themselves).
 */
function randomNetwork(seed: number, rules = false): Network {
  const rnd = prng(seed);
  const stops = randomStops(rnd);
  const trips: string[] = [];
  for (let l = 0; l < 12; l++) {
    const line = randomLine(rnd);
    const route = line.stops;
    // The onward line: from the last stop, 2-4 stops more (none of the line's), 1-4 minutes after each trip arrives.
    const onward = rules && l < 3 ? [route[route.length - 1]] : [];
    while (onward.length > 0 && onward.length < 3 + Math.floor(rnd() * 3)) {
      const s = `S${Math.floor(rnd() * 14)}`;
      if (!route.includes(s) && !onward.includes(s)) onward.push(s);
    }
    const layover = 1 + Math.floor(rnd() * 4);
    for (const { k, times, endMinutes } of randomTrips(rnd, line, 8 * 60)) {
      const block = onward.length > 0 ? ` block=B${l}x${k}` : "";
      trips.push(`L${l}x${k} bus route=L${l}${block}: ${times.join(", ")}`);
      if (onward.length > 0) {
        let t = endMinutes + layover;
        trips.push(`M${l}x${k} bus route=M${l}${block}: ${onward.map((s, i) => `${s} ${hhmm(i === 0 ? t : (t += 3))}`).join(", ")}`);
      }
    }
  }
  const transfers: Array<[string, string, number]> = [];
  if (rules) for (const s of [Math.floor(rnd() * 14), Math.floor(rnd() * 14)]) transfers.push([`S${s}`, `S${s}`, 3]);
  return net({ stops, trips, transfers });
}

/** Stops where no change of vehicle is possible: a transfers.txt type 3 row from the stop to itself. */
function noChangeStops(network: Network): Set<number> {
  const { footpathStart: fs, footpathTo: ft, footpathSeconds: fsec } = network.stops;
  const out = new Set<number>();
  for (let s = 0; s < network.stops.count; s++) for (let f = fs[s]; f < fs[s + 1]; f++) if (ft[f] === s && fsec[f] === 0xffff) out.add(s);
  return out;
}

/** A trip's position it does not stop at (a real-time skipped stop; every position of a cancelled trip). */
type Skipped = (trip: number, position: number) => boolean;

/** What a real-time overlay changes besides skipped stops: each trip's delay (seconds) and the trips it adds. */
interface Changes {
  delay?: (trip: number) => number;
  added?: readonly AddedTrip[];
}

/** A trip as stops and instants (seconds), NaN at a skipped position; the trips it runs on into and from (-1: none). */
type RefTrip = { stops: number[]; arr: number[]; dep: number[]; next: number; prev: number };

/** Every trip of the date, delayed; then the added trips. */
function tripsOf(network: Network, dayStartS: number, skipped: Skipped = () => false, changes: Changes = {}): RefTrip[] {
  const { trips, patterns, stopTimes } = network;
  const out: RefTrip[] = [];
  for (let t = 0; t < trips.count; t++) {
    const p = trips.pattern[t];
    const stops = [...patterns.stops.subarray(patterns.stopStart[p], patterns.stopStart[p + 1])];
    const row = trips.stopTimeStart[t];
    const delay = changes.delay?.(t) ?? 0;
    out.push({
      stops,
      arr: stops.map((_, i) => (skipped(t, i) ? NaN : dayStartS + stopTimes.arrival[row + i] + delay)),
      dep: stops.map((_, i) => (skipped(t, i) ? NaN : dayStartS + stopTimes.departure[row + i] + delay)),
      next: -1,
      prev: -1,
    });
  }
  for (const a of changes.added ?? []) {
    out.push({
      stops: [...a.stops],
      arr: a.stops.map((_, i) => (a.skipped[i] ? NaN : a.arrivalMs![i] / 1000)),
      dep: a.stops.map((_, i) => (a.skipped[i] ? NaN : a.passageMs[i] / 1000)),
      next: -1,
      prev: -1,
    });
  }
  // trips.block_id: a trip runs on into the next trip of its block (by first departure) that starts where it ends,
  // not before it arrives (every trip runs every day here).
  const blocks = new Map<string, number[]>();
  for (let t = 0; t < trips.count; t++) {
    const b = network.strings.get(trips.block[t]);
    if (b !== "") blocks.set(b, [...(blocks.get(b) ?? []), t]);
  }
  for (const list of blocks.values()) {
    list.sort((a, b) => out[a].dep[0] - out[b].dep[0]);
    for (let i = 0; i + 1 < list.length; i++) {
      const [a, b] = [out[list[i]], out[list[i + 1]]];
      if (a.stops[a.stops.length - 1] === b.stops[0] && b.dep[0] >= a.arr[a.arr.length - 1]) {
        a.next = list[i + 1];
        b.prev = list[i];
      }
    }
  }
  return out;
}

/** A trip and the trips it runs on into, as one ride: stops and times end to end. */
function seatedRun(trips: ReturnType<typeof tripsOf>, t: number, backward: boolean): { stops: number[]; arr: number[]; dep: number[] } {
  const parts = [trips[t]];
  if (backward) for (let p = trips[t].prev; p >= 0; p = trips[p].prev) parts.unshift(trips[p]);
  else for (let q = trips[t].next; q >= 0; q = trips[q].next) parts.push(trips[q]);
  // The stop where one trip ends and the next starts is one stop of the run: reached at the one's arrival, left at
  // the other's departure (a ride from it back to itself would be no ride).
  const run = { stops: [...parts[0].stops], arr: [...parts[0].arr], dep: [...parts[0].dep] };
  for (const part of parts.slice(1)) {
    run.dep[run.dep.length - 1] = part.dep[0];
    run.stops.push(...part.stops.slice(1));
    run.arr.push(...part.arr.slice(1));
    run.dep.push(...part.dep.slice(1));
  }
  return run;
}

/**
 * The best target time per number of rides (index 1..RIDES), depart-after from `t0` seconds; the first ride leaves
 * the start no later than `latestStart` (it leaves at its departure minus the walk to it).
 */
function referenceForward(network: Network, sources: StopAccess[], targets: StopAccess[], t0: number, latestStart = Infinity, skipped?: Skipped, changes?: Changes): number[] {
  const n = network.stops.count;
  const { footpathStart: fs, footpathTo: ft, footpathSeconds: fsec } = network.stops;
  const trips = tripsOf(network, Math.floor(at(DATE, "00:00") / 1000), skipped, changes);
  // Round 0 (the start) apart: only the first ride boards from it.
  const start = new Float64Array(n).fill(Infinity);
  for (const a of sources) start[a.stop] = Math.min(start[a.stop], t0 + a.seconds);
  for (const a of sources) if (a.seconds === 0) for (let f = fs[a.stop]; f < fs[a.stop + 1]; f++) start[ft[f]] = Math.min(start[ft[f]], t0 + fsec[f]);
  let label = new Float64Array(n).fill(Infinity);
  // The best arrival by a ride and on foot, apart: where no change is possible, only a walk's label boards.
  const rideAll = new Float64Array(n).fill(Infinity);
  const walkAll = new Float64Array(n).fill(Infinity);
  const noChange = noChangeStops(network);
  const best = [Infinity];
  for (let k = 1; k <= RIDES; k++) {
    const ride = new Float64Array(n).fill(Infinity);
    for (let tr = 0; tr < trips.length; tr++) {
      const trip = seatedRun(trips, tr, false);
      let on = false;
      for (let i = 0; i < trip.stops.length; i++) {
        const s = trip.stops[i];
        if (on && trip.arr[i] === trip.arr[i]) ride[s] = Math.min(ride[s], trip.arr[i]);
        const may = !noChange.has(s) || walkAll[s] < rideAll[s];
        if (k === 1 ? start[s] <= trip.dep[i] && trip.dep[i] - (start[s] - t0) <= latestStart : may && label[s] <= trip.dep[i]) on = true;
      }
    }
    const walk = new Float64Array(n).fill(Infinity);
    for (let s = 0; s < n; s++) for (let f = fs[s]; f < fs[s + 1]; f++) walk[ft[f]] = Math.min(walk[ft[f]], ride[s] + fsec[f]);
    let target = best[k - 1];
    for (const e of targets) {
      target = Math.min(target, ride[e.stop] + e.seconds);
      if (e.seconds === 0) target = Math.min(target, walk[e.stop]);
    }
    best.push(target);
    label = label.map((l, s) => Math.min(l, ride[s], walk[s]));
    for (let s = 0; s < n; s++) {
      rideAll[s] = Math.min(rideAll[s], ride[s]);
      walkAll[s] = Math.min(walkAll[s], walk[s]);
    }
  }
  return best;
}

/** The latest start per number of rides, arrive-by at `t1` seconds (minus the time, so that smaller is better). */
function referenceBackward(network: Network, sources: StopAccess[], targets: StopAccess[], t1: number, skipped?: Skipped, changes?: Changes): number[] {
  const n = network.stops.count;
  const { footpathStart: fs, footpathTo: ft, footpathSeconds: fsec } = network.stops;
  const trips = tripsOf(network, Math.floor(at(DATE, "00:00") / 1000), skipped, changes);
  // label: latest time one may be at a stop and still arrive (-Infinity: cannot).
  let label = new Float64Array(n).fill(-Infinity);
  for (const e of targets) label[e.stop] = Math.max(label[e.stop], t1 - e.seconds);
  for (const e of targets) {
    if (e.seconds !== 0) continue;
    for (let s = 0; s < n; s++) for (let f = fs[s]; f < fs[s + 1]; f++) if (ft[f] === e.stop) label[s] = Math.max(label[s], t1 - fsec[f]);
  }
  const rideAll = new Float64Array(n).fill(-Infinity);
  const walkAll = new Float64Array(n).fill(-Infinity);
  const noChange = noChangeStops(network);
  const best = [Infinity];
  for (let k = 1; k <= RIDES; k++) {
    const ride = new Float64Array(n).fill(-Infinity);
    for (let tr = 0; tr < trips.length; tr++) {
      const trip = seatedRun(trips, tr, true);
      let on = false;
      for (let i = trip.stops.length - 1; i >= 0; i--) {
        if (on && trip.dep[i] === trip.dep[i]) ride[trip.stops[i]] = Math.max(ride[trip.stops[i]], trip.dep[i]);
        const may = k === 1 || !noChange.has(trip.stops[i]) || walkAll[trip.stops[i]] > rideAll[trip.stops[i]];
        if (may && label[trip.stops[i]] >= trip.arr[i]) on = true;
      }
    }
    const walk = new Float64Array(n).fill(-Infinity);
    for (let s = 0; s < n; s++) for (let f = fs[s]; f < fs[s + 1]; f++) walk[s] = Math.max(walk[s], ride[ft[f]] - fsec[f]);
    let start = best[k - 1];
    for (const a of sources) {
      start = Math.min(start, -(ride[a.stop] - a.seconds));
      if (a.seconds === 0) start = Math.min(start, -walk[a.stop]);
    }
    best.push(start);
    label = label.map((l, s) => Math.max(l, ride[s], walk[s]));
    for (let s = 0; s < n; s++) {
      rideAll[s] = Math.max(rideAll[s], ride[s]);
      walkAll[s] = Math.max(walkAll[s], walk[s]);
    }
  }
  return best;
}

/** (rides - 1, value) where the value improves on fewer rides. */
function frontier(best: number[]): string[] {
  const out: string[] = [];
  for (let k = 1; k < best.length; k++) if (best[k] < best[k - 1]) out.push(`${k - 1}x ${best[k]}`);
  return out;
}

/**
 * The frontier a search with a transfer penalty of `seconds` answers: per number of transfers the best arrival
 * (arrive-by: minus the departure), kept only when it beats every one with fewer transfers by that much a transfer.
 */
function penalised(best: number[], seconds: number): string[] {
  const out: string[] = [];
  let bound = Infinity;
  for (let k = 1; k < best.length; k++) {
    if (best[k] < bound) out.push(`${k - 1}x ${best[k]}`);
    bound = Math.min(bound, best[k]) - seconds;
  }
  return out;
}

/** Journeys a transfer penalty left out (penalised), over the whole run: the test must see some. */
let penalisedAway = 0;

/** Legs in time order, chained stop to stop, walks along footpaths of their seconds, transfers and walking counted. */
function checkJourney(network: Network, j: Journey, query: RaptorQuery): void {
  let at = j.departureMs;
  let stop: number | undefined;
  let rides = 0;
  let walked = 0;
  for (const [i, leg] of j.legs.entries()) {
    expect(leg.departureMs).toBeGreaterThanOrEqual(at);
    expect(leg.arrivalMs).toBeGreaterThanOrEqual(leg.departureMs);
    if (i > 0) expect(leg.from).toBe(stop);
    if (leg.kind === "transit") {
      if (leg.stayOnBoard !== true) rides++;
      else expect(leg.fromPosition).toBe(0); // a trip stayed on board into is ridden from its first stop
      expect(leg.toPosition).toBeGreaterThan(leg.fromPosition);
    } else {
      const secs = (leg.arrivalMs - leg.departureMs) / 1000;
      walked += secs;
      if (leg.from !== undefined && leg.to !== undefined) {
        const { footpathStart: fs, footpathTo: ft, footpathSeconds: fsec } = network.stops;
        const rows = [...ft.subarray(fs[leg.from], fs[leg.from + 1])].map((to, r) => [to, fsec[fs[leg.from!] + r]]);
        expect(rows).toContainEqual([leg.to, secs]);
      }
    }
    at = leg.arrivalMs;
    stop = leg.to;
  }
  const first = j.legs[0];
  const last = j.legs[j.legs.length - 1];
  expect(query.origins.map((o) => o.stop)).toContain(first.kind === "walk" && first.from === undefined ? first.to : first.from);
  expect(query.destinations.map((d) => d.stop)).toContain(last.kind === "walk" && last.to === undefined ? last.from : last.to);
  expect(j.arrivalMs).toBe(at);
  expect(j.transfers).toBe(rides - 1);
  expect(j.walkSeconds).toBe(walked);
}

function pickAccess(rnd: () => number, count: number): StopAccess[] {
  const out: StopAccess[] = [];
  for (let i = 0; i < count; i++) {
    const seconds = rnd() < 0.5 ? 0 : Math.floor(rnd() * 300);
    out.push({ stop: Math.floor(rnd() * 14), seconds, meters: seconds });
  }
  return out;
}

/**
 * Destinations apart from the origins: a stop the search reaches on foot from the start (an origin, or a footpath
 * from one it starts at) keeps that label, so a ride returning there later is pruned, where the reference would
 * still count it. Walking is the planner's answer there.
 */
function apart(network: Network, origins: StopAccess[], destinations: StopAccess[]): StopAccess[] {
  const { footpathStart: fs, footpathTo: ft } = network.stops;
  const near = new Set(origins.map((o) => o.stop));
  for (const o of origins) if (o.seconds === 0) for (let f = fs[o.stop]; f < fs[o.stop + 1]; f++) near.add(ft[f]);
  return destinations.filter((d) => !near.has(d.stop));
}

/**
 * Six random queries on one network, each depart-after and arrive-by, against the reference: the same Pareto sets,
 * also with lower bounds of travel time and with an earlier search's journeys known, and journeys that hold
 * together. Returns how many journeys were compared.
 */
function compareSingleDepartures(
  network: Network,
  view: TransitView,
  rnd: () => number,
  context: string,
  skipped?: Skipped,
  changes?: Changes,
  onSeated?: () => void,
): number {
  let compared = 0;
  const arrivals = (js: Journey[]) => js.map((j) => `${j.transfers}x ${j.arrivalMs / 1000}`).sort();
  const departures = (js: Journey[]) => js.map((j) => `${j.transfers}x ${-j.departureMs / 1000}`).sort();
  for (let q = 0; q < 6; q++) {
    const origins = pickAccess(rnd, 1 + Math.floor(rnd() * 2));
    const destinations = apart(network, origins, pickAccess(rnd, 1 + Math.floor(rnd() * 2)));
    const timeMs = at(DATE, hhmm(8 * 60 + Math.floor(rnd() * 30)));
    const query: RaptorQuery = { origins, destinations, timeMs, arriveBy: false, maxTransfers: RIDES - 1 };
    const journeys = raptor(view, query);
    const best = referenceForward(network, origins, destinations, timeMs / 1000, Infinity, skipped, changes);
    const expected = frontier(best).sort();
    expect(arrivals(journeys), `${context} query ${q}`).toEqual(expected);
    for (const j of journeys) checkJourney(network, j, query);
    for (const j of journeys) for (const l of j.legs) if (l.kind === "transit" && l.stayOnBoard) onSeated?.();
    // Pruning with lower bounds of travel time, and with the journeys of an earlier search known, loses none.
    const bounds = travelBounds(view, destinations, true, 43_200, origins);
    expect(arrivals(raptor(view, query, bounds)), `${context} query ${q} bounded`).toEqual(expected);
    const known = journeys.filter((j) => j.transfers > 0);
    expect(arrivals(raptor(view, { ...query, known }, bounds).concat(known)), `${context} query ${q} known`).toEqual(expected);
    // A transfer costing two minutes (the planner's pages weigh one five): a journey with a ride more only where it
    // arrives two minutes a ride earlier.
    const cheaper = penalised(best, 120).sort();
    expect(arrivals(raptor(view, { ...query, transferPenaltyMs: 120_000 }, bounds)), `${context} query ${q} penalised`).toEqual(cheaper);
    penalisedAway += expected.length - cheaper.length;

    const byMs = at(DATE, hhmm(8 * 60 + 30 + Math.floor(rnd() * 40)));
    const back: RaptorQuery = { origins, destinations, timeMs: byMs, arriveBy: true, maxTransfers: RIDES - 1 };
    const backJourneys = raptor(view, back);
    const backExpected = frontier(referenceBackward(network, origins, destinations, byMs / 1000, skipped, changes)).sort();
    expect(departures(backJourneys), `${context} arrive-by ${q}`).toEqual(backExpected);
    const backBounds = travelBounds(view, origins, false, 43_200, destinations);
    expect(departures(raptor(view, back, backBounds)), `${context} arrive-by ${q} bounded`).toEqual(backExpected);
    for (const j of backJourneys) {
      checkJourney(network, j, back);
      expect(j.arrivalMs).toBeLessThanOrEqual(byMs);
    }
    compared += expected.length + backExpected.length;
  }
  return compared;
}

describe("raptor - against an exhaustive reference on random networks", () => {
  const cases = Array.from({ length: 40 }, (_, i) => i + 1);

  it("raptor - depart-after and arrive-by: the same Pareto sets, journeys that hold together", () => {
    let compared = 0;
    for (const seed of cases) {
      const network = randomNetwork(seed);
      const view = createNetworkView(network, { fromMs: at(DATE, "06:00"), toMs: at(DATE, "12:00") });
      compared += compareSingleDepartures(network, view, prng(seed * 7919), `seed ${seed}`);
    }
    expect(compared).toBeGreaterThan(200);
    expect(penalisedAway).toBeGreaterThan(5);
  });

  it("raptor - with blocks run on as one ride and stops where no change is possible: the same Pareto sets", () => {
    let compared = 0;
    let seated = 0;
    for (const seed of cases) {
      const network = randomNetwork(seed, true);
      const view = createNetworkView(network, { fromMs: at(DATE, "06:00"), toMs: at(DATE, "12:00") });
      compared += compareSingleDepartures(network, view, prng(seed * 6151), `seed ${seed} rules`, undefined, undefined, () => seated++);
    }
    expect(compared).toBeGreaterThan(200);
    expect(seated).toBeGreaterThan(10);
  });

  it("raptor - real-time: with a tenth of the trips cancelled and a fifth of the stops skipped, the same Pareto sets", () => {
    let compared = 0;
    for (const seed of cases) {
      const network = randomNetwork(seed);
      const rnd = prng(seed * 31_337);
      const cancelled = new Set<number>();
      const skips = new Set<string>();
      for (let t = 0; t < network.trips.count; t++) {
        if (rnd() < 0.1) cancelled.add(t);
        const p = network.trips.pattern[t];
        for (let i = 0; i < network.patterns.stopStart[p + 1] - network.patterns.stopStart[p]; i++) if (rnd() < 0.2) skips.add(`${t}:${i}`);
      }
      const skipped: Skipped = (t, i) => cancelled.has(t) || skips.has(`${t}:${i}`);
      const realtime: RealtimeOverlay = {
        disruptions: [],
        passage: (t, serviceDate, i) => (serviceDate === 20240312 && skipped(t, i) ? { cancelled: true } : undefined),
      };
      const view = createNetworkView(network, { fromMs: at(DATE, "06:00"), toMs: at(DATE, "12:00"), realtime });
      compared += compareSingleDepartures(network, view, rnd, `seed ${seed} real-time`, skipped);
    }
    expect(compared).toBeGreaterThan(150);
  });

  it("raptor - real-time: delays, cancellations, skipped stops and added trips, the same Pareto sets", () => {
    let compared = 0;
    let rodeAdded = 0;
    for (const seed of cases) {
      const network = randomNetwork(seed);
      const rnd = prng(seed * 65_537);
      const { trips, patterns, stopTimes } = network;
      const dayStartMs = at(DATE, "00:00");
      const length = (t: number) => patterns.stopStart[trips.pattern[t] + 1] - patterns.stopStart[trips.pattern[t]];
      const delays = new Map<number, number>();
      const skips = new Set<string>();
      // Delays of up to 14 minutes, more than the 5-20 minutes between a line's trips, but never less than the trip
      // before it on the line has: no trip overtakes another (RAPTOR rides one trip of a pattern at a time, so where
      // predictions make a trip overtake another it may miss a journey on the faster one: docs/COMPATIBILITY.md P20).
      const lineDelay = new Map<number, number>();
      for (let t = 0; t < trips.count; t++) {
        const before = lineDelay.get(trips.pattern[t]) ?? 0;
        const delay = rnd() < 0.4 ? Math.max(before, 60 * Math.floor(rnd() * 15)) : before;
        lineDelay.set(trips.pattern[t], delay);
        if (delay > 0) delays.set(t, delay);
        if (rnd() < 0.1) for (let i = 0; i < length(t); i++) skips.add(`${t}:${i}`);
        else for (let i = 0; i < length(t); i++) if (rnd() < 0.1) skips.add(`${t}:${i}`);
      }
      const skipped: Skipped = (t, i) => skips.has(`${t}:${i}`);
      // Three added trips: a trip's stops from a random one on, some minutes later, a stop skipped now and then.
      const added: AddedTrip[] = [];
      for (let k = 0; k < 3; k++) {
        const t = Math.floor(rnd() * trips.count);
        const p = trips.pattern[t];
        const from = Math.floor(rnd() * (length(t) - 1));
        const shift = 60 * (1 + Math.floor(rnd() * 20));
        const rows = Array.from({ length: length(t) - from }, (_, i) => trips.stopTimeStart[t] + from + i);
        added.push({
          tripId: `added-${k}`,
          serviceDate: 20240312,
          lineDirection: patterns.line[p] * 2 + patterns.direction[p],
          stops: rows.map((_, i) => patterns.stops[patterns.stopStart[p] + from + i]),
          passageMs: rows.map((r, i) => dayStartMs + ((i === rows.length - 1 ? stopTimes.arrival[r] : stopTimes.departure[r]) + shift) * 1000),
          arrivalMs: rows.map((r) => dayStartMs + (stopTimes.arrival[r] + shift) * 1000),
          skipped: rows.map((_, i) => i > 0 && i < rows.length - 1 && rnd() < 0.15),
          cancelled: false,
          vehicle: undefined,
          progress: -1,
          reportMs: dayStartMs,
        });
      }
      const realtime: RealtimeOverlay = {
        disruptions: [],
        passage: (t, serviceDate, i) => {
          if (serviceDate !== 20240312) return undefined;
          if (skipped(t, i)) return { cancelled: true };
          const delay = delays.get(t);
          if (delay === undefined) return undefined;
          const row = trips.stopTimeStart[t] + i;
          const scheduled = i === length(t) - 1 ? stopTimes.arrival[row] : stopTimes.departure[row];
          return { epochMs: dayStartMs + (scheduled + delay) * 1000 };
        },
        addedTrips: () => added,
      };
      const view = createNetworkView(network, { fromMs: at(DATE, "06:00"), toMs: at(DATE, "12:00"), realtime });
      const changes: Changes = { delay: (t) => delays.get(t) ?? 0, added };
      compared += compareSingleDepartures(network, view, rnd, `seed ${seed} real-time with added trips`, skipped, changes);
      for (let q = 0; q < 12; q++) {
        const origins = pickAccess(rnd, 2);
        const timeMs = at(DATE, hhmm(8 * 60 + Math.floor(rnd() * 30)));
        const query: RaptorQuery = { origins, destinations: apart(network, origins, pickAccess(rnd, 2)), timeMs, arriveBy: false, maxTransfers: RIDES - 1 };
        for (const j of raptor(view, query)) rodeAdded += j.legs.filter((l) => l.kind === "transit" && l.added !== undefined).length;
      }
    }
    expect(compared).toBeGreaterThan(150);
    // The added trips are ridden, not only looked at.
    expect(rodeAdded).toBeGreaterThan(5);
  });

  it("raptor - range: the Pareto set on departure x arrival x transfers of every departure in the window, once each", () => {
    let compared = 0;
    for (const seed of cases) {
      const network = randomNetwork(seed);
      const rnd = prng(seed * 104_729);
      const view = createNetworkView(network, { fromMs: at(DATE, "06:00"), toMs: at(DATE, "12:00") });
      for (let q = 0; q < 4; q++) {
        const origins = pickAccess(rnd, 1 + Math.floor(rnd() * 2));
        const destinations = apart(network, origins, pickAccess(rnd, 1 + Math.floor(rnd() * 2)));
        const fromMs = at(DATE, hhmm(8 * 60 + Math.floor(rnd() * 20)));
        const toMs = fromMs + (10 + Math.floor(rnd() * 30)) * 60_000;
        const query: RaptorQuery = { origins, destinations, timeMs: fromMs, windowEndMs: toMs, arriveBy: false, maxTransfers: RIDES - 1 };
        const journeys = raptor(view, query);
        for (const j of journeys) checkJourney(network, j, query);
        // The reference: every departure a journey can start with (a trip leaving an origin, minus the walk to it;
        // from an origin the query starts at, also a trip one footpath away) up to three hours past the window, each
        // one's best arrival per number of rides; a journey leaves at the latest start that arrives as early with as
        // few rides. RAPTOR answers every journey of the window that is Pareto-optimal overall (departure x arrival x
        // transfers), each once, none beating the reference, none beaten by another answered. (It may answer more:
        // one beaten only by a journey leaving after the window, which it does not look for.)
        const { footpathStart: fs, footpathTo: ft, footpathSeconds: fsec } = network.stops;
        const trips = tripsOf(network, Math.floor(at(DATE, "00:00") / 1000));
        const starts = new Set<number>();
        const leaving = (stop: number, walk: number) => {
          for (const trip of trips) {
            trip.stops.forEach((s, i) => {
              const t = trip.dep[i] - walk;
              if (s === stop && i < trip.stops.length - 1 && t >= fromMs / 1000 && t <= toMs / 1000 + 3 * 3600) starts.add(t);
            });
          }
        };
        for (const o of origins) {
          leaving(o.stop, o.seconds);
          if (o.seconds === 0) for (let f = fs[o.stop]; f < fs[o.stop + 1]; f++) leaving(ft[f], fsec[f]);
        }
        const best = new Map([...starts].map((t) => [t, referenceForward(network, origins, destinations, t)]));
        const all: Array<[number, number, number]> = [];
        for (const [t, b] of best) {
          for (let k = 1; k < b.length; k++) {
            if (!(b[k] < b[k - 1])) continue;
            all.push([Math.max(...[...best].filter(([, b2]) => b2[k] <= b[k]).map(([t2]) => t2)), b[k], k - 1]);
          }
        }
        const beats = ([d2, a2, x2]: number[], [d, a, x]: number[]) => d2 >= d && a2 <= a && x2 <= x && (d2 > d || a2 < a || x2 < x);
        const overall = all.filter((j) => !all.some((j2) => beats(j2, j)) && j[0] <= toMs / 1000);
        const triples = journeys.map((j) => [j.departureMs / 1000, j.arrivalMs / 1000, j.transfers]);
        const got = triples.map(([d, a, x]) => `${d} ${a} ${x}x`);
        const context = `seed ${seed} range ${q}: got ${got.join(" / ")}`;
        expect(new Set(got).size, context).toBe(got.length);
        for (const [d, a, x] of overall) expect(got, context).toContain(`${d} ${a} ${x}x`);
        for (const j of triples) {
          expect(j[0], context).toBeGreaterThanOrEqual(fromMs / 1000);
          expect(j[0], context).toBeLessThanOrEqual(toMs / 1000);
          expect(j[1], context).toBeGreaterThanOrEqual(referenceForward(network, origins, destinations, j[0])[j[2] + 1]);
          expect(triples.some((j2) => beats(j2, j)), context).toBe(false);
        }
        compared += got.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("raptor - range arrive-by: every arrival of the window, the mirror of depart-after", () => {
    let compared = 0;
    for (const seed of cases) {
      const network = randomNetwork(seed);
      const rnd = prng(seed * 15_485_863);
      const view = createNetworkView(network, { fromMs: at(DATE, "06:00"), toMs: at(DATE, "12:00") });
      for (let q = 0; q < 4; q++) {
        const origins = pickAccess(rnd, 1 + Math.floor(rnd() * 2));
        const destinations = apart(network, origins, pickAccess(rnd, 1 + Math.floor(rnd() * 2)));
        const toMs = at(DATE, hhmm(8 * 60 + 30 + Math.floor(rnd() * 30)));
        const fromMs = toMs - (10 + Math.floor(rnd() * 30)) * 60_000;
        const query: RaptorQuery = { origins, destinations, timeMs: toMs, windowEndMs: fromMs, arriveBy: true, maxTransfers: RIDES - 1 };
        const journeys = raptor(view, query);
        for (const j of journeys) checkJourney(network, j, query);
        // Every end a journey can have (a trip reaching a destination, plus the walk from it; to a destination the
        // query ends at, also a trip one footpath away) from three hours before the window, each one's latest
        // start per number of rides; a journey arrives at the earliest end that leaves as late with as few rides.
        const { footpathStart: fs, footpathTo: ft, footpathSeconds: fsec } = network.stops;
        const trips = tripsOf(network, Math.floor(at(DATE, "00:00") / 1000));
        const ends = new Set<number>();
        const reaching = (stop: number, walk: number) => {
          for (const trip of trips) {
            trip.stops.forEach((s, i) => {
              const t = trip.arr[i] + walk;
              if (s === stop && i > 0 && t <= toMs / 1000 && t >= fromMs / 1000 - 3 * 3600) ends.add(t);
            });
          }
        };
        for (const d of destinations) {
          reaching(d.stop, d.seconds);
          if (d.seconds === 0) for (let s = 0; s < network.stops.count; s++) for (let f = fs[s]; f < fs[s + 1]; f++) if (ft[f] === d.stop) reaching(s, fsec[f]);
        }
        const best = new Map([...ends].map((t) => [t, referenceBackward(network, origins, destinations, t)]));
        const all: Array<[number, number, number]> = [];
        for (const [t, b] of best) {
          for (let k = 1; k < b.length; k++) {
            if (!(b[k] < b[k - 1])) continue;
            all.push([-b[k], Math.min(...[...best].filter(([, b2]) => b2[k] <= b[k]).map(([t2]) => t2)), k - 1]);
          }
        }
        const beats = ([d2, a2, x2]: number[], [d, a, x]: number[]) => d2 >= d && a2 <= a && x2 <= x && (d2 > d || a2 < a || x2 < x);
        const overall = all.filter((j) => !all.some((j2) => beats(j2, j)) && j[1] >= fromMs / 1000);
        const triples = journeys.map((j) => [j.departureMs / 1000, j.arrivalMs / 1000, j.transfers]);
        const got = triples.map(([d, a, x]) => `${d} ${a} ${x}x`);
        const context = `seed ${seed} range arrive-by ${q}: got ${got.join(" / ")}`;
        expect(new Set(got).size, context).toBe(got.length);
        for (const [d, a, x] of overall) expect(got, context).toContain(`${d} ${a} ${x}x`);
        for (const j of triples) {
          expect(j[1], context).toBeGreaterThanOrEqual(fromMs / 1000);
          expect(j[1], context).toBeLessThanOrEqual(toMs / 1000);
          expect(-j[0], context).toBeGreaterThanOrEqual(referenceBackward(network, origins, destinations, j[1])[j[2] + 1]);
          expect(triples.some((j2) => beats(j2, j)), context).toBe(false);
        }
        compared += got.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
