/**
 * Itineraries of a route plan (plan-journeys.ts): a journey of the search becomes steps (walks, waits, rides with
 * their real-time passages), and walking the whole way becomes an itinerary of its own when it beats them.
 */
import type { EpochMs, ZonedTime } from "../lib/zoned-time.js";
import { type Network, TRANSPORT_TYPES } from "../network/model.js";
import { addedPassage, type PassageMaker } from "../timetable/make-passage.js";
import type { AddedTrip, RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { withRealtime } from "../timetable/with-realtime.js";
import { type PlanPoint, pointPosition } from "./plan-point.js";
import { addedArrivalMs } from "./added-patterns.js";
import type { Itinerary, PlanContext, PlanParams, PlanPlace, PlanStep } from "./plan-types.js";
import type { Journey, JourneyLeg } from "./raptor-types.js";
import { stopDistance, walkBetween, type WalkParameters, walkParameters } from "./walk-access.js";
import { ACCESS_UNKNOWN, stopWheelchairAccess, tripWheelchairAccess } from "./wheelchair-access.js";

const SECOND = 1000;

function placeOf(point: PlanPoint, role: "origin" | "destination", network: Network): PlanPlace {
  if (point.kind === "stop") return { kind: "stop", stop: point.stop };
  const { lat, lon } = pointPosition(network, point);
  return { kind: "place", role, lat, lon };
}

function samePlace(a: PlanPlace, b: PlanPlace): boolean {
  return a.kind === "stop" ? b.kind === "stop" && a.stop === b.stop : b.kind === "place" && a.role === b.role;
}

/** A journey's steps: its legs, with a wait wherever a leg starts later than the one before it ended. */
export function assembleItinerary(ctx: PlanContext, j: Journey, realtime: RealtimeOverlay | undefined, zone: ZonedTime, maker: PassageMaker): Itinerary {
  const { network } = ctx;
  const origin = placeOf(ctx.params.from, "origin", network);
  const destination = placeOf(ctx.params.to, "destination", network);
  const steps: PlanStep[] = [];
  let at = origin;
  let cursorMs = j.departureMs;
  let walkSeconds = 0;
  for (const leg of j.legs) {
    const from = leg.kind === "walk" && leg.from === undefined ? origin : { kind: "stop" as const, stop: leg.from! };
    const to = leg.kind === "walk" && leg.to === undefined ? destination : { kind: "stop" as const, stop: leg.to! };
    // The walk from a stop point to itself, which a search may report as the access leg.
    if (leg.kind === "walk" && samePlace(from, to) && leg.arrivalMs === leg.departureMs) continue;
    if (leg.departureMs > cursorMs) {
      steps.push({ kind: "wait", from: at, to: at, departureMs: cursorMs, arrivalMs: leg.departureMs, meters: 0 });
    }
    if (leg.kind === "walk") {
      walkSeconds += (leg.arrivalMs - leg.departureMs) / SECOND;
      steps.push({ kind: "walk", from, to, departureMs: leg.departureMs, arrivalMs: leg.arrivalMs, meters: leg.meters });
    } else {
      steps.push(vehicleStep(network, leg, from, to, realtime, zone, maker));
    }
    cursorMs = Math.max(cursorMs, leg.arrivalMs);
    at = to;
  }
  if (j.arrivalMs > cursorMs) steps.push({ kind: "wait", from: at, to: at, departureMs: cursorMs, arrivalMs: j.arrivalMs, meters: 0 });
  // A trip stayed seated into is no transfer (transfers.txt transfer_type 4, trips.block_id).
  const vehicles = steps.filter((s) => s.kind === "vehicle" && s.stayOnBoard !== true).length;
  const itinerary: Itinerary = {
    best: false,
    transfers: Math.max(0, vehicles - 1),
    departureMs: j.departureMs,
    arrivalMs: j.arrivalMs,
    walkSeconds,
    walkingOnly: false,
    steps,
  };
  if (ctx.params.wheelchair === true) markUnknownAccess(network, itinerary);
  return itinerary;
}

/** A wheelchair plan's rides on a trip or between stops of unknown access, and their itinerary (wheelchair-access.ts). */
function markUnknownAccess(network: Network, it: Itinerary): void {
  for (const s of it.steps) {
    if (s.kind !== "vehicle" || s.from.kind !== "stop" || s.to.kind !== "stop") continue;
    const unknown = {
      // The feed says nothing of an added trip's wheelchair access.
      trip: s.added !== undefined || tripWheelchairAccess(network, s.trip) === ACCESS_UNKNOWN,
      from: stopWheelchairAccess(network, s.from.stop) === ACCESS_UNKNOWN,
      to: stopWheelchairAccess(network, s.to.stop) === ACCESS_UNKNOWN,
    };
    if (!unknown.trip && !unknown.from && !unknown.to) continue;
    s.accessUnknown = unknown;
    it.accessUnknown = true;
  }
}

function vehicleStep(
  network: Network,
  leg: Extract<JourneyLeg, { kind: "transit" }>,
  from: PlanPlace,
  to: PlanPlace,
  realtime: RealtimeOverlay | undefined,
  zone: ZonedTime,
  maker: PassageMaker,
): PlanStep {
  if (leg.added !== undefined) return addedVehicleStep(network, leg, leg.added, from, to, realtime, zone);
  const { trips, patterns, lines, stopTimes } = network;
  const pattern = trips.pattern[leg.trip];
  const row0 = trips.stopTimeStart[leg.trip];
  const passage = (position: number, seconds: number) => {
    const epochMs = zone.toEpochMs(leg.serviceDate, seconds);
    return withRealtime(realtime, maker(leg.serviceDate, leg.trip, position, seconds, epochMs, zone.formatLocal(epochMs)), zone);
  };
  const meters = rideMeters(network, patterns.stops.subarray(patterns.stopStart[pattern], patterns.stopStart[pattern + 1]), leg);
  return {
    kind: "vehicle",
    from,
    to,
    departureMs: leg.departureMs,
    arrivalMs: leg.arrivalMs,
    meters,
    trip: leg.trip,
    serviceDate: leg.serviceDate,
    lineDirection: patterns.line[pattern] * 2 + patterns.direction[pattern],
    transportType: TRANSPORT_TYPES[lines.transportType[patterns.line[pattern]]],
    departure: passage(leg.fromPosition, stopTimes.departure[row0 + leg.fromPosition]),
    arrival: passage(leg.toPosition, stopTimes.arrival[row0 + leg.toPosition]),
    ...(leg.stayOnBoard ? { stayOnBoard: true } : {}),
  };
}

/** The straight-line metres from stop to stop along a ride, from its boarding to its alighting position. */
function rideMeters(network: Network, stops: ArrayLike<number>, leg: { fromPosition: number; toPosition: number }): number {
  let meters = 0;
  for (let p = leg.fromPosition; p < leg.toPosition; p++) meters += stopDistance(network, stops[p], stops[p + 1]);
  return meters;
}

/**
 * A ride on a trip the real-time feed adds: its passages as the stop lists show an added trip's (addedPassage, E5
 * and E6: the feed's trip_id as ritnummer, its times as both the schedule and the prediction), the leg's arrival at
 * the feed's arrival where it gives one (the lists show departures).
 */
function addedVehicleStep(
  network: Network,
  leg: Extract<JourneyLeg, { kind: "transit" }>,
  added: AddedTrip,
  from: PlanPlace,
  to: PlanPlace,
  realtime: RealtimeOverlay | undefined,
  zone: ZonedTime,
): PlanStep {
  const line = added.lineDirection >> 1;
  const meters = rideMeters(network, added.stops, leg);
  const departure = addedPassage(network, added, leg.fromPosition, zone);
  const arrival = addedPassage(network, added, leg.toPosition, zone);
  const arrivalMs = addedArrivalMs(added, leg.toPosition);
  if (arrivalMs !== arrival.epochMs) {
    arrival.epochMs = arrivalMs;
    arrival.seconds = Math.round((arrivalMs - zone.serviceDayStartMs(added.serviceDate)) / SECOND);
    arrival.time = zone.formatLocal(arrivalMs);
  }
  return {
    kind: "vehicle",
    from,
    to,
    departureMs: leg.departureMs,
    arrivalMs: leg.arrivalMs,
    meters,
    trip: leg.trip,
    added,
    serviceDate: added.serviceDate,
    lineDirection: added.lineDirection,
    transportType: TRANSPORT_TYPES[network.lines.transportType[line]],
    departure: withRealtime(realtime, departure, zone),
    arrival: withRealtime(realtime, arrival, zone),
  };
}

/**
 * Whether walking the whole way may be an itinerary: at most twice the access radius (2 km, 26 minutes, by default),
 * what one would walk to and from stops anyway. A longer walk may arrive first (at night, across a sparse region),
 * but it is no plan to propose, and journeys slower than it stay.
 */
export function walkable(network: Network, params: PlanParams, walk: WalkParameters): boolean {
  return walkBetween(network, params.from, params.to, walk).meters <= 2 * walk.radiusMeters;
}

/**
 * The walk the whole way, on the first page only (at any other time it is the same walk), when it is walkable and,
 * leaving at `t`, arrives before every itinerary of the page (arriveBy: arriving at `t`, leaves after every one), or
 * the page has none.
 */
export function walkingOnly(ctx: PlanContext, transit: Itinerary[], t: EpochMs, arriveBy: boolean, radiusMeters: number): Itinerary | undefined {
  const { network, params } = ctx;
  const p = walkParameters(network, radiusMeters);
  if (!walkable(network, params, p)) return undefined;
  const walk = walkBetween(network, params.from, params.to, p);
  const ms = walk.seconds * SECOND;
  const departureMs = arriveBy ? t - ms : t;
  const arrivalMs = departureMs + ms;
  const faster = arriveBy
    ? transit.every((i) => departureMs > i.departureMs)
    : transit.every((i) => arrivalMs < i.arrivalMs);
  if (!faster) return undefined;
  const from = placeOf(params.from, "origin", network);
  const to = placeOf(params.to, "destination", network);
  return {
    best: false,
    transfers: 0,
    departureMs,
    arrivalMs,
    walkSeconds: walk.seconds,
    walkingOnly: true,
    steps: [{ kind: "walk", from, to, departureMs, arrivalMs, meters: walk.meters }],
  };
}
