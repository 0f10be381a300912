/**
 * The pages of a route plan (plan-journeys.ts): which searches a page takes, and which of their journeys it shows.
 *
 * A page (PlanPage, plan-types.ts):
 * - first: the first page at the moment asked: depart at or after it, or (arriveBy) arrive at or before it, a
 *   backward search, not forward searches retried;
 * - later: journeys departing strictly after the moment (the departure of the latest journey of the previous page),
 *   a forward search whatever arriveBy says;
 * - earlier: journeys arriving strictly before the moment (the arrival of the earliest journey of the previous
 *   page), a backward search;
 * - last: the last connections of the service day: a backward search from the moment the day's last trip arrives
 *   (service-day-end.ts). The service day is the one still running at the moment asked, else the local date's.
 * "Earliest" is the itinerary that arrives first and "latest" the one that departs last (PlanResult.earlierMs and
 * laterMs): with several criteria the first listed need not arrive first.
 *
 * A page is a Pareto set on departure (later is better) x arrival (earlier, a transfer counting 5 minutes) x transfers
 * (fewer), walking the tie-break (paretoSet), found in departure order by a chain of RAPTOR searches for one
 * departure each (forwardPage): a search from t answers, per number of transfers, the earliest arrival; the next one
 * starts a second after the earliest departure it found. No Pareto-optimal journey leaves between two starts without
 * a search finding it (or its equal), and a journey leaving before a search's start is final once that search is
 * done: whatever leaves later and beats it, that search finds (or something that beats it too). The chain stops once
 * MIN_ITINERARIES are final, when a search finds nothing, or HORIZON_MS (24 hours) after the moment asked; the page is
 * the final journeys, at most PAGE_SIZE (more only when several leave at the same second). The search that can only
 * end the page (MIN_ITINERARIES final before it starts) first looks only for journeys that would beat one of them
 * (confirmsForward), a search bounded from its first round; only when it finds one does the full search run (on the
 * MTA's pages 64 % of such searches ended their page, at two fifths of a search's cost). Forwards a search looks
 * for a journey with a transfer more only where it arrives TRANSFER_PENALTY_MS earlier (RaptorQuery.transferPenaltyMs):
 * the one it must beat dominates it on the page when it leaves no earlier, and when it leaves earlier the next search
 * starts after it and looks again; on the MTA's 300 benchmark pages, a fifth less CPU time and the same pages.
 * Backwards (arrive-by searches, latest departures) the same mirrored, but for that bound: the page's criteria weigh
 * arrivals, so a later departure with a transfer more is not beaten by an earlier one with fewer. So the next page, which starts a second beyond the last journey
 * shown, repeats none and skips no Pareto-optimal one, and a page shows no journey a later one beats (but at the
 * horizon). Measured on the MTA's nine feeds, 100 seeded coordinate pairs at 08:00: 6 searches a page at the median,
 * 43 ms; range RAPTOR over windows of an hour (widened until they held three) took 299 ms: most departures of a
 * window lead to journeys that a later departure beats.
 *
 * Walking: when FRUITLESS_SEARCHES searches in a row, over FRUITLESS_MS (an hour of departures; arrive-by,
 * arrivals), found only journeys slower than walking the whole way (PlanContext.walkAllMs), the chain stops: walking
 * is the answer then (in Midtown Manhattan, two stops 500 m apart, a page took 1,157 searches, a bus apart each, to
 * the horizon). Both, so that a rural line every three hours with a slow one between still gets its next bus.
 */
import { addDays } from "../lib/service-date.js";
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import { MAX_TRANSFERS } from "./constants.js";
import { journeyCriteria, paretoJourneys } from "./pareto-journeys.js";
import type { JourneySearch, PlanContext } from "./plan-types.js";
import { defaultSearchFactory } from "./raptor-search.js";
import type { Journey, RaptorQuery } from "./raptor-types.js";
import { serviceDayEndMs } from "./service-day-end.js";

/** How many searches in a row, and over how long, may find only journeys slower than walking before a page stops. */
export const FRUITLESS_SEARCHES = 8;
export const FRUITLESS_MS = 3_600_000;
/** A page holds at least this many itineraries when the network has them within HORIZON_MS. */
export const MIN_ITINERARIES = 3;
/** ... and at most this many (more only when several leave, backwards arrive, at the same second). */
export const PAGE_SIZE = 5;
/** How far from the moment asked a page looks for departures (arrivals): a day, so a Sunday evening finds Monday's first. */
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
/**
 * What a transfer costs, in time: a journey with one transfer more must arrive this much earlier to stay on a page
 * (paretoSet), and the best match weighs it so (bestIndex, plan-journeys.ts: of an itinerary arriving at 09:00 with
 * one transfer and one arriving at 09:04 without, the second is the better match).
 */
export const TRANSFER_PENALTY_MS = 5 * 60_000;

/** The page's Pareto set (paretoSet). */
const PAGE_CRITERIA = journeyCriteria(TRANSFER_PENALTY_MS);

const SECOND = 1000;

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
    // Forwards only: a journey with a transfer more that leaves later than the one it must beat by TRANSFER_PENALTY_MS
    // is the next search's to find (it starts after the earlier departure); backwards the page's criteria still
    // weigh arrivals, not the departures that search optimises, so no such bound holds (module comment).
    transferPenaltyMs: arriveBy ? 0 : TRANSFER_PENALTY_MS,
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
export function forwardPage(ctx: PlanContext, startMs: EpochMs): Journey[] {
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
    // MIN_ITINERARIES leave before `from` already: this search ends the page unless it beats one of them.
    const finals = found.filter((j) => j.departureMs < from);
    if (finals.length >= MIN_ITINERARIES && confirmsForward(ctx, search, from, known, finals)) {
      finalBefore = from;
      break;
    }
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

/**
 * Whether no journey leaving at `from` or later beats one of `finals` (the page's journeys leaving before it) on the
 * page (paretoSet: leaving later, it beats one with as many transfers or more that arrives no earlier once each
 * transfer counts TRANSFER_PENALTY_MS): one search for such journeys only, each round bounded by the latest
 * arrival that could still beat one (known journeys that are bounds, not journeys: no legs), with no more transfers
 * than the most any final has. When it finds none, the search forwardPage would run from `from` finds nothing that
 * changes the page, which then ends as it would after that search; when it finds one, or the budget ran out, that
 * search runs as always. On the MTA's pages the last search of a page is such a one (docs/BENCHMARKS.md).
 */
function confirmsForward(ctx: PlanContext, search: JourneySearch, from: EpochMs, known: readonly Journey[], finals: readonly Journey[]): boolean {
  return confirms(ctx, search, from, false, known, finals, (transfers) => {
    let latest = -Infinity;
    for (const j of finals) if (j.transfers >= transfers) latest = Math.max(latest, j.arrivalMs + TRANSFER_PENALTY_MS * (j.transfers - transfers));
    // RAPTOR looks for journeys arriving strictly before a known one: a second after the latest arrival that beats.
    return { legs: [], departureMs: from, arrivalMs: latest + SECOND, transfers, walkSeconds: 0 };
  });
}

/**
 * confirmsForward mirrored for backwardPage: a journey arriving by `to` beats a final (arriving later) when it leaves
 * no earlier with as many transfers or fewer (it arrives earlier, so it costs less whatever the penalty).
 */
function confirmsBackward(ctx: PlanContext, search: JourneySearch, to: EpochMs, known: readonly Journey[], finals: readonly Journey[]): boolean {
  return confirms(ctx, search, to, true, known, finals, (transfers) => {
    let earliest = Infinity;
    for (const j of finals) if (j.transfers >= transfers) earliest = Math.min(earliest, j.departureMs);
    // Backwards RAPTOR looks for journeys leaving strictly after a known one: a second before the earliest departure.
    return { legs: [], departureMs: earliest - SECOND, arrivalMs: to, transfers, walkSeconds: 0 };
  });
}

/** The search of confirmsForward and confirmsBackward, given the bound of each number of transfers. */
function confirms(
  ctx: PlanContext,
  search: JourneySearch,
  timeMs: EpochMs,
  arriveBy: boolean,
  known: readonly Journey[],
  finals: readonly Journey[],
  bound: (transfers: number) => Journey,
): boolean {
  const most = Math.max(...finals.map((j) => j.transfers));
  const bounds = Array.from({ length: most + 1 }, (_, transfers) => bound(transfers));
  const q = query(ctx, timeMs, arriveBy, known.concat(bounds));
  const beating = search({ ...q, maxTransfers: Math.min(q.maxTransfers ?? MAX_TRANSFERS, most) });
  return beating.length === 0 && remainingMs(ctx) > 1;
}

/** The final journeys arriving at `endMs` or before: forwardPage mirrored, arrive-by searches back from the latest arrival. */
export function backwardPage(ctx: PlanContext, endMs: EpochMs): Journey[] {
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
    const finals = found.filter((j) => j.arrivalMs > to);
    if (finals.length >= MIN_ITINERARIES && confirmsBackward(ctx, search, to, known, finals)) {
      finalAfter = to;
      break;
    }
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
  return paretoJourneys(journeys, PAGE_CRITERIA);
}

/**
 * The "last" page's moment: the instant the last trip of the service day still running at `t` (else of `t`'s local
 * date) arrives,
 * plus the longest walk from a stop to the destination; undefined when no trip runs that day.
 */
export function lastArrivalMs(ctx: PlanContext, t: EpochMs): EpochMs | undefined {
  const today = zonedTime(ctx.network.meta.timezone).localDateOf(t);
  const yesterdayEnd = serviceDayEndMs(ctx.network, addDays(today, -1));
  const end = yesterdayEnd !== undefined && t < yesterdayEnd ? yesterdayEnd : serviceDayEndMs(ctx.network, today);
  if (end === undefined) return undefined;
  return end + Math.max(...ctx.destinations.map((d) => d.seconds)) * SECOND;
}
