/**
 * A journey out of the labels of a RAPTOR search (raptor.ts, raptor-state.ts): from a round's best label at a target
 * stop, back through the rides and walks that set each label to the start; for a single departure the rides are then
 * moved to the latest trips that make the same connections (tighten), and the legs get their instants. Runs once per
 * journey found, not in a round's hot loop.
 */
import type { EpochMs } from "../lib/zoned-time.js";
import type { StopIdx } from "../network/model.js";
import * as constants from "./constants.js";
import type { RaptorState } from "./raptor-state.js";
import type { Journey, JourneyLeg, StopAccess } from "./raptor-types.js";
import type { TransitView, TripInstance } from "./transit-view.js";

const { NO_TRIP } = constants;

/** What reconstruction reads of a search: its labels and the walks it started and ended with. */
export interface LabelTrail {
  view: TransitView;
  state: RaptorState;
  /** Arrive-by: the labels run from the destination back to the origin. */
  back: boolean;
  /** A single-departure search: each journey takes the latest trips that make its connections (tighten). */
  tighten: boolean;
  /** The query's walks to (from) each stop, the shortest per stop. */
  originAccess: ReadonlyMap<StopIdx, StopAccess>;
  destinationAccess: ReadonlyMap<StopIdx, StopAccess>;
}

/** One part of a journey found by following the labels back, before it gets instants. */
type Segment =
  /** `seated`: the passenger stayed on board from the ride before it (in travel order) into this one. */
  | { kind: "ride"; instance: TripInstance; pattern: number; boardPos: number; alightPos: number; seated: boolean }
  | { kind: "walk"; from: StopIdx; to: StopIdx; seconds: number }
  | { kind: "access"; stop: StopIdx }
  | { kind: "egress"; stop: StopIdx };

/**
 * The journey of round `rounds`'s target label: it ends at `targetStop` (arrive-by: starts), reached by a ride
 * (`byRide`) or by a walk after one.
 */
export function reconstructJourney(trail: LabelTrail, rounds: number, targetStop: StopIdx, byRide: boolean): Journey {
  const { state: s, view: v, back } = trail;
  const n = s.n;
  const segments: Segment[] = [];
  let stop = targetStop;
  let k = rounds;
  let onRide = byRide;
  segments.push(back ? { kind: "access", stop } : { kind: "egress", stop });
  for (;;) {
    if (onRide) {
      while (k > 0 && s.rideSet[k * n + stop] === 0) k--;
      const i = k * n + stop;
      const far = s.rideFar[i];
      const here = s.rideHere[i];
      const p = s.ridePattern[i];
      // With parts stayed seated through (seatLog): forwards the ones before this trip, backwards the ones after.
      const seated = s.rideSeat[i] >= 0;
      segments.push({ kind: "ride", instance: s.ride[i], pattern: p, boardPos: back ? here : far, alightPos: back ? far : here, seated: seated && !back });
      let farStop = v.patternStops[v.patternStopStart[p] + far];
      for (let e = s.rideSeat[i]; e >= 0; e = s.seatLog[e + 4]) {
        const [instance, pattern, boardPos, alightPos] = s.seatLog.subarray(e, e + 4);
        segments.push({ kind: "ride", instance, pattern, boardPos, alightPos, seated: back || s.seatLog[e + 4] >= 0 });
        farStop = v.patternStops[v.patternStopStart[pattern] + (back ? alightPos : boardPos)];
      }
      stop = farStop;
      k--;
      onRide = false;
      continue;
    }
    while (k > 0 && s.setIter[k * n + stop] === 0) k--;
    const i = k * n + stop;
    const link = s.walkLink[i];
    if (link >= 0) {
      segments.push(back ? { kind: "walk", from: stop, to: link, seconds: s.walkSecs[i] } : { kind: "walk", from: link, to: stop, seconds: s.walkSecs[i] });
      stop = link;
    }
    if (k === 0) break;
    onRide = true;
  }
  segments.push(back ? { kind: "egress", stop } : { kind: "access", stop });
  if (!back) segments.reverse();
  if (trail.tighten) tighten(v, back, segments);
  return journeyOf(trail, segments);
}

/**
 * A single-departure search rides the first trip it can catch, so a journey may leave long before it must: the
 * bus taken is one of several that all make the same connection. This takes, ride by ride from the last, the
 * latest trip of the same pattern that still arrives in time (arrive-by: from the first, the earliest that still
 * leaves late enough), so the journey leaves as late (arrives as early) as its rides allow, with the same arrival
 * (departure) and transfers. Without it the planner's next search started a bus later each time: on the MTA a
 * page took up to 40 searches (docs/BENCHMARKS.md, Route planning).
 */
function tighten(v: TransitView, back: boolean, segments: Segment[]): void {
  let bound = NaN; // the next ride's departure (arrive-by: the previous ride's arrival)
  let walk = -1; // seconds of the walk between the two rides, -1 when none
  for (let i = back ? 0 : segments.length - 1; back ? i < segments.length : i >= 0; back ? i++ : i--) {
    const seg = segments[i];
    if (seg.kind === "walk") walk = seg.seconds;
    if (seg.kind !== "ride") continue;
    const { instance, pattern, boardPos, alightPos } = seg;
    // Trips stayed seated through are one vehicle's: they keep their instances.
    const after = segments[i + 1]; // travel order, both ways
    if (seg.seated || (after?.kind === "ride" && after.seated)) {
      bound = back ? v.arrival(instance, alightPos) : v.departure(instance, boardPos);
      walk = -1;
      continue;
    }
    // Between two rides: the walk, else the change at the stop where the later one boards (arrive-by: the earlier alights).
    const gap = walk >= 0 ? walk : v.sameStopSeconds[v.patternStops[v.patternStopStart[pattern] + (back ? boardPos : alightPos)]];
    if (back) {
      const limit = bound === bound ? bound + gap : v.departure(instance, boardPos);
      const t = v.earliestTrip(pattern, boardPos, limit, instance);
      if (t !== NO_TRIP && v.arrival(t, alightPos) <= v.arrival(instance, alightPos) && !ruledTrip(v, instance, t)) seg.instance = t;
      bound = v.arrival(seg.instance, alightPos);
    } else {
      const limit = bound === bound ? bound - gap : v.arrival(instance, alightPos);
      const t = v.latestTrip(pattern, alightPos, limit, instance);
      if (t !== NO_TRIP && v.departure(t, boardPos) >= v.departure(instance, boardPos) && !ruledTrip(v, instance, t)) seg.instance = t;
      bound = v.departure(seg.instance, boardPos);
    }
    walk = -1;
  }
}

/**
 * Whether a transfers.txt route or trip rule may apply to a change from or to either trip: tighten then keeps the
 * trip the search chose, whose changes the rules allowed, rather than judge another's.
 */
function ruledTrip(v: TransitView, a: TripInstance, b: TripInstance): boolean {
  return v.ruled && a !== b && (v.touches(a, true) || v.touches(a, false) || v.touches(b, true) || v.touches(b, false));
}

/** Gives segments in travel order their instants: rides as the view times them, walks beside them. */
function journeyOf(trail: LabelTrail, segments: Segment[]): Journey {
  const { view: v } = trail;
  const ms = (sec: number): EpochMs => v.originMs + sec * 1000;
  const legs: JourneyLeg[] = [];
  let firstRide = -1;
  let rides = 0;
  let walkSeconds = 0;
  for (const seg of segments) {
    if (seg.kind === "ride") {
      const base = v.patternStopStart[seg.pattern];
      if (firstRide < 0) firstRide = legs.length;
      if (!seg.seated) rides++;
      const added = v.addedTripOf?.(seg.instance);
      legs.push({
        kind: "transit",
        trip: v.tripOf(seg.instance),
        ...(added !== undefined && { added }),
        serviceDate: v.serviceDateOf(seg.instance),
        fromPosition: seg.boardPos,
        toPosition: seg.alightPos,
        from: v.patternStops[base + seg.boardPos],
        to: v.patternStops[base + seg.alightPos],
        departureMs: ms(v.departure(seg.instance, seg.boardPos)),
        arrivalMs: ms(v.arrival(seg.instance, seg.alightPos)),
        ...(seg.seated ? { stayOnBoard: true } : {}),
      });
      continue;
    }
    let from: StopIdx | undefined;
    let to: StopIdx | undefined;
    let seconds: number;
    let meters: number;
    if (seg.kind === "walk") {
      ({ from, to, seconds } = seg);
      meters = v.walkMeters(seg.from, seg.to);
    } else {
      const a = (seg.kind === "access" ? trail.originAccess : trail.destinationAccess).get(seg.stop)!;
      if (a.seconds === 0) continue; // the journey starts (ends) at this very stop
      seconds = a.seconds;
      meters = a.meters;
      if (seg.kind === "access") to = seg.stop;
      else from = seg.stop;
    }
    walkSeconds += seconds;
    legs.push({ kind: "walk", from, to, departureMs: 0, arrivalMs: seconds * 1000, meters });
  }
  // Walks before the first ride end as it leaves; the others start as the leg before them ends.
  for (let i = firstRide - 1; i >= 0; i--) {
    const leg = legs[i];
    const length = leg.arrivalMs;
    leg.arrivalMs = legs[i + 1].departureMs;
    leg.departureMs = leg.arrivalMs - length;
  }
  for (let i = firstRide + 1; i < legs.length; i++) {
    const leg = legs[i];
    if (leg.kind !== "walk") continue;
    const length = leg.arrivalMs;
    leg.departureMs = legs[i - 1].arrivalMs;
    leg.arrivalMs = leg.departureMs + length;
  }
  return { legs, departureMs: legs[0].departureMs, arrivalMs: legs[legs.length - 1].arrivalMs, transfers: rides - 1, walkSeconds };
}
