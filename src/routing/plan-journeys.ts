/**
 * E1, the route plan, as a pure query: places in, a page of itineraries out (plain objects, no HTTP, no field names
 * of the API). The search itself is RAPTOR over a view of the network (raptor.ts, network-view.ts); this module
 * decides which searches a page takes, and turns their journeys into itineraries.
 *
 * A page (aanvraagType):
 * - INITIEEL: the first page at `tijdstip`: depart at or after it (VERTREK), or arrive at or before it (AANKOMST,
 *   a backward search, not forward searches retried);
 * - LATER: itineraries departing strictly after `tijdstip` (the departure of the latest itinerary of the previous
 *   page), a forward search whatever vertrekAankomst says;
 * - VROEGER: itineraries arriving strictly before `tijdstip` (the arrival of the earliest itinerary of the
 *   previous page), a backward search;
 * - LAATSTE: the last connections of the service day: a backward search from the moment the day's last trip arrives
 *   (service-day-end.ts). The service day is the one still running at `tijdstip`, else the local date's.
 * "Earliest" is the itinerary that arrives first and "latest" the one that departs last (PlanResult.earlierMs and
 * laterMs): with several criteria the first listed need not arrive first.
 *
 * A page is a Pareto set on departure (later is better) x arrival (earlier, a transfer counting 5 minutes) x transfers
 * (fewer), walking the tie-break (paretoSet), found in departure order by a chain of RAPTOR searches for one
 * departure each (forwardPage): a search from t answers, per number of transfers, the earliest arrival; the next one
 * starts a second after the earliest departure it found. No Pareto-optimal journey leaves between two starts without
 * a search finding it (or its equal), and a journey leaving before a search's start is final once that search is
 * done: whatever leaves later and beats it, that search finds (or something that beats it too). The chain stops once
 * MIN_ITINERARIES are final, when a search finds nothing, or HORIZON_MS (24 hours) after `tijdstip`; the page is the
 * final journeys, at most PAGE_SIZE (more only when several leave at the same second). Backwards (arrive-by searches,
 * latest departures) the same mirrored. So the next page, which starts a second beyond the last journey shown,
 * repeats none and skips no Pareto-optimal one, and a page shows no journey a later one beats (but at the horizon).
 * Measured on the MTA's nine feeds, 100 seeded coordinate pairs at 08:00: 6 searches a page at the median, 43 ms;
 * range RAPTOR over windows of an hour (widened until they held three) took 299 ms: most departures of a window lead
 * to journeys that a later departure beats.
 *
 * Walking: when walking the whole way (straight line x detour, walk-access.ts) is at most 2 km, a journey that takes
 * as long or longer is never proposed, and the walk itself is, on the first page, when it arrives first (walkingOnly).
 * When FRUITLESS_SEARCHES searches in a row, over FRUITLESS_MS (an hour of departures; arrive-by, arrivals), found
 * only such journeys, the chain stops: walking is the answer then (in Midtown Manhattan, two stops 500 m apart, a
 * page took 1,157 searches, a bus apart each, to the horizon). Both, so that a rural line every three hours with a
 * slow one between still gets its next bus.
 */
import { zonedTime, type EpochMs, type ZonedTime } from "../lib/zoned-time.js";
import { addDays } from "../lib/service-date.js";
import { type Network, type ServiceDate, type StopIdx, type TripIdx, type LineDirIdx, TRANSPORT_TYPES as VERVOERTYPES, type TransportType as Vervoertype } from "../network/model.js";
import { passageMaker, type PassageMaker } from "../timetable/make-passage.js";
import type { RealtimeOverlay } from "../timetable/realtime-overlay.js";
import type { RealtimePassage } from "../timetable/types.js";
import { withRealtime } from "../timetable/with-realtime.js";
import { type PlanPoint, pointPosition } from "./plan-point.js";
import type { Journey, JourneyLeg, RaptorQuery, StopAccess } from "./raptor-types.js";
import { defaultSearchFactory } from "./raptor-search.js";
import { serviceDayEndMs } from "./service-day-end.js";
import { stopAccesses, stopDistance, walkBetween, type WalkParameters, walkParameters } from "./walk-access.js";

export const PLAN_MODES = ["BUS", "TRAM", "METRO", "TREIN"] as const;
export type PlanMode = (typeof PLAN_MODES)[number];

export const REQUEST_TYPES = ["INITIEEL", "VROEGER", "LATER", "LAATSTE"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** How many searches in a row, and over how long, may find only journeys slower than walking before a page stops. */
export const FRUITLESS_SEARCHES = 8;
export const FRUITLESS_MS = 3_600_000;
/** A page holds at least this many itineraries when the network has them within HORIZON_MS. */
export const MIN_ITINERARIES = 3;
/** ... and at most this many (more only when several leave, backwards arrive, at the same second). */
export const PAGE_SIZE = 5;
/** How far from `tijdstip` a page looks for departures (arrivals): a day, so a Sunday evening finds Monday's first. */
export const HORIZON_MS = 24 * 3_600_000;
/**
 * The longest journey proposed, and how far beyond the horizon a view holds trips: longer, a journey spends a night
 * at a stop waiting for the first trip, and the next morning's departure is the plan to propose.
 */
export const MAX_JOURNEY_MS = 12 * 3_600_000;
/**
 * The longest wait at a stop proposed: longer is the night between the last trip and the first (a rural line every
 * three hours still connects).
 */
export const MAX_WAIT_MS = 4 * 3_600_000;
/** The time budget of a whole plan (ROUTEPLAN_BUDGET_MS): past it, searches answer with what they have. */
export const DEFAULT_PLAN_BUDGET_MS = 1000;
/**
 * What a transfer costs, in time: a journey with one transfer more must arrive this much earlier to stay on a page
 * (paretoSet), and bestpassend weighs it so (of an itinerary arriving at 09:00 with one transfer and one arriving at
 * 09:04 without, the second is the better match).
 */
export const TRANSFER_PENALTY_MS = 5 * 60_000;

const SECOND = 1000;

/** What a search sees besides its query: the network through the view's filters, over a span of time. */
export interface SearchScope {
  fromMs: EpochMs;
  toMs: EpochMs;
  /** Predicted times, cancelled trips and skipped stops; undefined: the schedule. */
  realtime?: RealtimeOverlay;
  modes?: readonly PlanMode[];
  wheelchair?: boolean;
}
/** RAPTOR over one view. */
export type JourneySearch = (query: RaptorQuery) => Journey[];
/** Prepares a view and returns the search over it (raptor-search.ts; tests may give their own). */
export type SearchFactory = (network: Network, scope: SearchScope) => JourneySearch;

export interface PlanParams {
  from: PlanPoint;
  to: PlanPoint;
  /** tijdstip, as an instant. */
  timeMs: EpochMs;
  /** aanvraagType; default INITIEEL. */
  requestType?: RequestType;
  /** vertrekAankomst AANKOMST: `timeMs` is the latest arrival (INITIEEL only). */
  arriveBy?: boolean;
  /** vervoersOptie; default all. */
  modes?: readonly PlanMode[];
  /** Only trips and stops accessible by wheelchair (network-view.ts decides which). */
  wheelchair?: boolean;
  /** Most transfers (vehicles boarded minus one). */
  maxTransfers?: number;
  /** Straight-line radius around a coordinate for stops to walk to and from; default 1 km. */
  walkRadiusMeters?: number;
  /** Milliseconds of work for the whole plan; default DEFAULT_PLAN_BUDGET_MS. */
  budgetMs?: number;
  /** The search; default RAPTOR (raptor-search.ts). */
  searchFactory?: SearchFactory;
}

/** A point of a step: a stop, or the origin or destination place asked for. */
export type PlanPlace =
  | { kind: "stop"; stop: StopIdx }
  | { kind: "place"; role: "origin" | "destination"; lat: number; lon: number };

interface StepBase {
  from: PlanPlace;
  to: PlanPlace;
  departureMs: EpochMs;
  arrivalMs: EpochMs;
  /** Straight-line metres: of a walk, or summed between the stops a vehicle passes; 0 for a wait. */
  meters: number;
}
export type PlanStep =
  | (StepBase & { kind: "walk" })
  | (StepBase & { kind: "wait" })
  | (StepBase & {
      kind: "vehicle";
      trip: TripIdx;
      serviceDate: ServiceDate;
      lineDirection: LineDirIdx;
      transportType: Vervoertype;
      /** Boarding and alighting as real-time passages: the schedule, the prediction and the statuses. */
      departure: RealtimePassage;
      arrival: RealtimePassage;
    });

export interface Itinerary {
  /** bestpassend: see bestIndex. */
  best: boolean;
  /** Vehicles boarded minus one (0 for walking only). */
  transfers: number;
  departureMs: EpochMs;
  arrivalMs: EpochMs;
  walkSeconds: number;
  walkingOnly: boolean;
  steps: PlanStep[];
}

export interface PlanResult {
  /** Sorted by departure, then arrival, then transfers. */
  itineraries: Itinerary[];
  /** tijdstip of the page before (VROEGER): the earliest arrival of this page; undefined when it is empty. */
  earlierMs: EpochMs | undefined;
  /** tijdstip of the page after (LATER): the latest departure of this page; undefined when it is empty. */
  laterMs: EpochMs | undefined;
  /** false when the time budget ended a search before the page was full. */
  complete: boolean;
}

interface PlanContext {
  network: Network;
  params: PlanParams;
  scope: Omit<SearchScope, "fromMs" | "toMs">;
  origins: StopAccess[];
  destinations: StopAccess[];
  /** Walking the whole way, in ms, when it may be offered (walkingOnly); a journey that takes as long is left out. */
  walkAllMs: number;
  startedMs: number;
  budgetMs: number;
  complete: boolean;
}

/** The route plan of E1 (module comment). Never throws for want of stops or trips: the page is then empty. */
export function planJourneys(network: Network, realtime: RealtimeOverlay | undefined, params: PlanParams): PlanResult {
  const walk = walkParameters(network, params.walkRadiusMeters);
  const ctx: PlanContext = {
    network,
    params,
    scope: { realtime, modes: params.modes, wheelchair: params.wheelchair },
    origins: stopAccesses(network, params.from, walk, "origin"),
    destinations: stopAccesses(network, params.to, walk, "destination"),
    walkAllMs: walkable(network, params, walk) ? walkBetween(network, params.from, params.to, walk).seconds * SECOND : Infinity,
    startedMs: performance.now(),
    budgetMs: params.budgetMs ?? DEFAULT_PLAN_BUDGET_MS,
    complete: true,
  };
  const type = params.requestType ?? "INITIEEL";
  const t = Math.floor(params.timeMs / SECOND) * SECOND;
  const backward = type === "VROEGER" || type === "LAATSTE" || (type === "INITIEEL" && params.arriveBy === true);
  let journeys: Journey[] = [];
  // No journey can beat the walk when walking to the nearest stop and from the nearest one takes as long.
  const shortestWalksMs = (Math.min(...ctx.origins.map((o) => o.seconds)) + Math.min(...ctx.destinations.map((d) => d.seconds))) * SECOND;
  if (ctx.origins.length > 0 && ctx.destinations.length > 0 && shortestWalksMs < ctx.walkAllMs) {
    if (type === "INITIEEL") journeys = backward ? backwardPage(ctx, t) : forwardPage(ctx, t);
    else if (type === "LATER") journeys = forwardPage(ctx, t + SECOND);
    else if (type === "VROEGER") journeys = backwardPage(ctx, t - SECOND);
    else {
      const end = lastArrivalMs(ctx, t);
      if (end !== undefined) journeys = backwardPage(ctx, end);
    }
  }
  const zone = zonedTime(network.meta.timezone);
  const maker = passageMaker(network);
  const itineraries = journeys.map((j) => itineraryOf(ctx, j, realtime, zone, maker));
  if (type === "INITIEEL") {
    const w = walkingOnly(ctx, itineraries, t, params.arriveBy === true, walk.radiusMeters);
    if (w) itineraries.push(w);
  }
  itineraries.sort((a, b) => a.departureMs - b.departureMs || a.arrivalMs - b.arrivalMs || a.transfers - b.transfers);
  const best = bestIndex(itineraries, backward);
  if (best >= 0) itineraries[best].best = true;
  return {
    itineraries,
    earlierMs: itineraries.length ? Math.min(...itineraries.map((i) => i.arrivalMs)) : undefined,
    laterMs: itineraries.length ? Math.max(...itineraries.map((i) => i.departureMs)) : undefined,
    complete: ctx.complete,
  };
}

function searchOver(ctx: PlanContext, fromMs: EpochMs, toMs: EpochMs): JourneySearch {
  return (ctx.params.searchFactory ?? defaultSearchFactory)(ctx.network, { ...ctx.scope, fromMs, toMs });
}

/** Milliseconds of the budget left, at least 1 (a search always gets to answer something). */
function remainingMs(ctx: PlanContext): number {
  return Math.max(1, ctx.budgetMs - (performance.now() - ctx.startedMs));
}

function query(ctx: PlanContext, timeMs: EpochMs, arriveBy: boolean, known: readonly Journey[]): RaptorQuery {
  return {
    origins: ctx.origins,
    destinations: ctx.destinations,
    timeMs,
    arriveBy,
    maxTransfers: ctx.params.maxTransfers,
    budgetMs: remainingMs(ctx),
    known,
  };
}

/**
 * What a search for one departure (arrive-by: arrival) answers, from its own journeys and the known ones it was
 * given (which it does not find again): per number of transfers the earliest arrival (latest departure), kept when
 * it beats those with fewer transfers.
 */
function probeFrontier(journeys: readonly Journey[], backward: boolean): Journey[] {
  const score = (j: Journey) => (backward ? -j.departureMs : j.arrivalMs);
  const sorted = [...journeys].sort((a, b) => a.transfers - b.transfers || score(a) - score(b));
  const out: Journey[] = [];
  for (const j of sorted) if (out.length === 0 || score(j) < score(out[out.length - 1])) out.push(j);
  return out;
}

/** Runs one search; a search that used up the budget may have stopped early: the page is then not complete. */
function run(ctx: PlanContext, search: JourneySearch, q: RaptorQuery): Journey[] {
  const journeys = search(q);
  if (remainingMs(ctx) <= 1) ctx.complete = false;
  return journeys;
}

/**
 * A journey worth proposing: it rides, waits nowhere longer than MAX_WAIT_MS and takes at most MAX_JOURNEY_MS (no
 * night spent at a stop), and is faster than walking the whole way (else the walk beats it).
 */
function proposable(ctx: PlanContext, j: Journey): boolean {
  const ms = j.arrivalMs - j.departureMs;
  if (ms >= ctx.walkAllMs || ms > MAX_JOURNEY_MS || !j.legs.some((l) => l.kind === "transit")) return false;
  for (let i = 1; i < j.legs.length; i++) if (j.legs[i].departureMs - j.legs[i - 1].arrivalMs > MAX_WAIT_MS) return false;
  return true;
}

/**
 * The final journeys departing from `startMs` on (module comment): searches for one departure each, the next a second
 * after the earliest departure the last one found, until MIN_ITINERARIES are final (leave before that start).
 */
function forwardPage(ctx: PlanContext, startMs: EpochMs): Journey[] {
  const horizonMs = startMs + HORIZON_MS;
  const search = searchOver(ctx, startMs, horizonMs + MAX_JOURNEY_MS);
  let found: Journey[] = [];
  // Every journey the searches answered: those leaving at a search's start or later bound it (RaptorQuery.known).
  let answered: Journey[] = [];
  // Journeys leaving before this are final: the search from here would have found what beats them.
  let finalBefore = startMs;
  let lastUseful = startMs;
  let fruitless = 0;
  for (let from = startMs; ctx.complete; ) {
    if (from > horizonMs) {
      finalBefore = Infinity; // what leaves after the horizon is another page's
      break;
    }
    const known = answered.filter((j) => j.departureMs >= from);
    const own = run(ctx, search, query(ctx, from, false, known));
    const probe = probeFrontier(own.concat(known), false);
    answered = answered.concat(own);
    finalBefore = probe.length === 0 ? Infinity : from;
    const useful = own.filter((j) => proposable(ctx, j));
    found = paretoSet(found.concat(useful));
    const usefulNow = probe.filter((j) => proposable(ctx, j));
    fruitless = usefulNow.length > 0 ? 0 : fruitless + 1;
    if (usefulNow.length > 0) lastUseful = Math.max(...usefulNow.map((j) => j.departureMs));
    if (probe.length === 0 || (fruitless >= FRUITLESS_SEARCHES && from - lastUseful >= FRUITLESS_MS)) break;
    if (found.filter((j) => j.departureMs < finalBefore).length >= MIN_ITINERARIES) break;
    from = Math.min(...probe.map((j) => j.departureMs)) + SECOND;
  }
  // When the budget ran out, the journeys not yet final are shown too: better than none.
  const final = found.filter((j) => j.departureMs <= horizonMs && (j.departureMs < finalBefore || !ctx.complete));
  final.sort((a, b) => a.departureMs - b.departureMs || a.arrivalMs - b.arrivalMs);
  return cut(final, (j) => j.departureMs);
}

/** The final journeys arriving at `endMs` or before: forwardPage mirrored, arrive-by searches back from the latest arrival. */
function backwardPage(ctx: PlanContext, endMs: EpochMs): Journey[] {
  const horizonMs = endMs - HORIZON_MS;
  const search = searchOver(ctx, horizonMs - MAX_JOURNEY_MS, endMs);
  let found: Journey[] = [];
  let answered: Journey[] = [];
  let finalAfter = endMs;
  let lastUseful = endMs;
  let fruitless = 0;
  for (let to = endMs; ctx.complete; ) {
    if (to < horizonMs) {
      finalAfter = -Infinity;
      break;
    }
    const known = answered.filter((j) => j.arrivalMs <= to);
    const own = run(ctx, search, query(ctx, to, true, known));
    const probe = probeFrontier(own.concat(known), true);
    answered = answered.concat(own);
    finalAfter = probe.length === 0 ? -Infinity : to;
    const useful = own.filter((j) => proposable(ctx, j));
    found = paretoSet(found.concat(useful));
    const usefulNow = probe.filter((j) => proposable(ctx, j));
    fruitless = usefulNow.length > 0 ? 0 : fruitless + 1;
    if (usefulNow.length > 0) lastUseful = Math.min(...usefulNow.map((j) => j.arrivalMs));
    if (fruitless >= FRUITLESS_SEARCHES && lastUseful - to >= FRUITLESS_MS) break;
    if (probe.length === 0 || found.filter((j) => j.arrivalMs > finalAfter).length >= MIN_ITINERARIES) break;
    to = Math.max(...probe.map((j) => j.arrivalMs)) - SECOND;
  }
  const final = found.filter((j) => j.arrivalMs >= horizonMs && (j.arrivalMs > finalAfter || !ctx.complete));
  final.sort((a, b) => b.arrivalMs - a.arrivalMs || b.departureMs - a.departureMs);
  return cut(final, (j) => j.arrivalMs);
}

/** The first PAGE_SIZE of a sorted list, and those after them with the same key (never cut apart). */
function cut(sorted: Journey[], key: (j: Journey) => number): Journey[] {
  let n = Math.min(PAGE_SIZE, sorted.length);
  while (n < sorted.length && key(sorted[n]) === key(sorted[n - 1])) n++;
  return sorted.slice(0, n);
}

/**
 * The journeys no other beats: one departing no earlier, with no more transfers, arriving no later once each
 * transfer counts TRANSFER_PENALTY_MS (a journey with one transfer more must arrive at least 5 minutes earlier, with
 * two more 10, to stay), and better in one of these or, equal in all, walking less. Of identical ones the first stays.
 * A Pareto set on departure x (arrival + 5 min a transfer) x transfers: one order, so pages stay gap-free.
 */
export function paretoSet(journeys: readonly Journey[]): Journey[] {
  const cost = (j: Journey) => j.arrivalMs + TRANSFER_PENALTY_MS * j.transfers;
  const out: Journey[] = [];
  for (let i = 0; i < journeys.length; i++) {
    const b = journeys[i];
    let dominated = false;
    for (let k = 0; k < journeys.length && !dominated; k++) {
      if (k === i) continue;
      const a = journeys[k];
      if (a.departureMs < b.departureMs || cost(a) > cost(b) || a.transfers > b.transfers) continue;
      const better = a.departureMs > b.departureMs || cost(a) < cost(b) || a.transfers < b.transfers;
      dominated = better || a.walkSeconds < b.walkSeconds || (a.walkSeconds === b.walkSeconds && k < i);
    }
    if (!dominated) out.push(b);
  }
  return out;
}

/**
 * LAATSTE: the instant the last trip of the service day still running at `t` (else of `t`'s local date) arrives,
 * plus the longest walk from a stop to the destination; undefined when no trip runs that day.
 */
function lastArrivalMs(ctx: PlanContext, t: EpochMs): EpochMs | undefined {
  const today = zonedTime(ctx.network.meta.timezone).localDateOf(t);
  const yesterdayEnd = serviceDayEndMs(ctx.network, addDays(today, -1));
  const end = yesterdayEnd !== undefined && t < yesterdayEnd ? yesterdayEnd : serviceDayEndMs(ctx.network, today);
  if (end === undefined) return undefined;
  return end + Math.max(...ctx.destinations.map((d) => d.seconds)) * SECOND;
}

function placeOf(point: PlanPoint, role: "origin" | "destination", network: Network): PlanPlace {
  if (point.kind === "stop") return { kind: "stop", stop: point.stop };
  const { lat, lon } = pointPosition(network, point);
  return { kind: "place", role, lat, lon };
}

function samePlace(a: PlanPlace, b: PlanPlace): boolean {
  return a.kind === "stop" ? b.kind === "stop" && a.stop === b.stop : b.kind === "place" && a.role === b.role;
}

/** A journey's steps: its legs, with a wait wherever a leg starts later than the one before it ended. */
function itineraryOf(ctx: PlanContext, j: Journey, realtime: RealtimeOverlay | undefined, zone: ZonedTime, maker: PassageMaker): Itinerary {
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
  const vehicles = steps.filter((s) => s.kind === "vehicle").length;
  return {
    best: false,
    transfers: Math.max(0, vehicles - 1),
    departureMs: j.departureMs,
    arrivalMs: j.arrivalMs,
    walkSeconds,
    walkingOnly: false,
    steps,
  };
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
  const { trips, patterns, lines, stopTimes } = network;
  const pattern = trips.pattern[leg.trip];
  const row0 = trips.stopTimeStart[leg.trip];
  const passage = (position: number, seconds: number) => {
    const epochMs = zone.toEpochMs(leg.serviceDate, seconds);
    return withRealtime(realtime, maker(leg.serviceDate, leg.trip, position, seconds, epochMs, zone.formatLocal(epochMs)), zone);
  };
  let meters = 0;
  const first = patterns.stopStart[pattern];
  for (let p = leg.fromPosition; p < leg.toPosition; p++) {
    meters += stopDistance(network, patterns.stops[first + p], patterns.stops[first + p + 1]);
  }
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
    transportType: VERVOERTYPES[lines.transportType[patterns.line[pattern]]],
    departure: passage(leg.fromPosition, stopTimes.departure[row0 + leg.fromPosition]),
    arrival: passage(leg.toPosition, stopTimes.arrival[row0 + leg.toPosition]),
  };
}

/**
 * Whether walking the whole way may be an itinerary: at most twice the access radius (2 km, 26 minutes, by default),
 * what one would walk to and from stops anyway. A longer walk may arrive first (at night, across a sparse region),
 * but it is no plan to propose, and journeys slower than it stay.
 */
function walkable(network: Network, params: PlanParams, walk: WalkParameters): boolean {
  return walkBetween(network, params.from, params.to, walk).meters <= 2 * walk.radiusMeters;
}

/**
 * The walk the whole way, on the first page only (at any other time it is the same walk), when it is walkable and,
 * leaving at `t`, arrives before every itinerary of the page (AANKOMST: arriving at `t`, leaves after every one), or
 * the page has none.
 */
function walkingOnly(ctx: PlanContext, transit: Itinerary[], t: EpochMs, arriveBy: boolean, radiusMeters: number): Itinerary | undefined {
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

/**
 * bestpassend: forwards (INITIEEL VERTREK, LATER) the itinerary arriving first, a transfer counted as
 * TRANSFER_PENALTY_MS; backwards (AANKOMST, VROEGER, LAATSTE) the one departing last, a transfer counted the same.
 * Ties: fewer transfers, then less walking, then the shorter (later departure, earlier arrival). -1 when empty.
 */
export function bestIndex(its: readonly Itinerary[], backward: boolean): number {
  let best = -1;
  const score = (i: Itinerary) => (backward ? -i.departureMs : i.arrivalMs) + TRANSFER_PENALTY_MS * i.transfers;
  for (let k = 0; k < its.length; k++) {
    if (best < 0) {
      best = k;
      continue;
    }
    const a = its[k];
    const b = its[best];
    const d =
      score(a) - score(b) ||
      a.transfers - b.transfers ||
      a.walkSeconds - b.walkSeconds ||
      a.arrivalMs - a.departureMs - (b.arrivalMs - b.departureMs);
    if (d < 0) best = k;
  }
  return best;
}
