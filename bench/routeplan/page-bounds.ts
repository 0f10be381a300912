/**
 * `tsx bench/routeplan/page-bounds.ts [--pairs n] [--slack-minutes m]`: where an E1 page's time goes, and how much
 * of it a better bound on the best journey could save. On bench:routeplan's seeded coordinate pairs (pairs.ts) and
 * the 400 m MTA snapshot it imported, each page is planned as the planner does (planJourneys, the default search:
 * raptor-search.ts) and timed in parts: the view, the lower bounds (lower-bounds.ts), the page's first RAPTOR search,
 * its later ones, the rest (access, itineraries, JSON). Then each search runs once more, not counted in the page,
 * given its own answer as known journeys (RaptorQuery.known): a search that knew its answer before it started,
 * the best any bound on the target can do, since it prunes each round with the very arrival that round ends at.
 * With --slack-minutes m every round is bounded too, even those whose answer has fewer rides than the best
 * journey, at the best arrival plus m minutes: what a page that dropped journeys arriving more than m minutes after
 * the best would still cost. docs/BENCHMARKS.md "Route planning": "What a better bound could win".
 */
import { join } from "node:path";
import { routeplanBody } from "../../src/api/core/routeplan/routeplan.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import type { SearchFactory } from "../../src/routing/plan-types.js";
import type { Journey } from "../../src/routing/raptor-types.js";
import { searchBounds } from "../../src/routing/raptor-search.js";
import { raptor } from "../../src/routing/raptor.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { arg } from "./mta-input.js";
import { placePairs, seeded } from "./pairs.js";
import { formatMs, median, percentile } from "./timing.js";

const network = loadSnapshot(join(benchDataDir, "routeplan", "mta-walk400.snapshot"));
const date = busiestWeekday(network);
const timeMs = zonedTime(network.meta.timezone).toEpochMs(date, 8 * 3600);
const pairs = Number(arg("--pairs") ?? 300);
const slackArg = arg("--slack-minutes");
const slackMs = slackArg === undefined ? undefined : Number(slackArg) * 60_000;

/** Milliseconds per page, summed over the pages measured. */
const parts = { view: 0, bounds: 0, first: 0, later: 0, knowing: 0 };
let firstSearches = 0;
let laterSearches = 0;

/** A bound, not a journey: what --slack-minutes adds to the known ones (no legs: only its times are read). */
function slackBound(journeys: readonly Journey[], slack: number): Journey {
  return {
    legs: [],
    departureMs: Math.max(...journeys.map((j) => j.departureMs)),
    arrivalMs: Math.min(...journeys.map((j) => j.arrivalMs)) + slack,
    transfers: 0,
    walkSeconds: 0,
  };
}

/** The default search (raptor-search.ts), timed in parts, each search run again knowing its answer. */
const timed: SearchFactory = (net, scope) => {
  let t = performance.now();
  const view = createNetworkView(net, scope);
  parts.view += performance.now() - t;
  const boundsOf = searchBounds(view);
  let first = true;
  return (query) => {
    t = performance.now();
    const bounds = boundsOf(query);
    parts.bounds += performance.now() - t;
    t = performance.now();
    const journeys = raptor(view, query, bounds);
    const ms = performance.now() - t;
    if (first) (parts.first += ms), firstSearches++;
    else (parts.later += ms), laterSearches++;
    first = false;
    const known = [...(query.known ?? []), ...journeys];
    if (slackMs !== undefined && known.length > 0) known.push(slackBound(known, slackMs));
    t = performance.now();
    raptor(view, { ...query, known }, bounds);
    parts.knowing += performance.now() - t;
    return journeys;
  };
};

function plan(count: number, random: () => number): number[] {
  const pages: number[] = [];
  for (const { from, to } of placePairs(network, random, count)) {
    const before = parts.knowing;
    const t0 = performance.now();
    const result = planJourneys(network, undefined, { from: { kind: "place", ...from }, to: { kind: "place", ...to }, timeMs, searchFactory: timed });
    JSON.stringify(routeplanBody(network, result, "http://localhost:8080"));
    pages.push(performance.now() - t0 - (parts.knowing - before));
  }
  return pages;
}

plan(20, seeded(1009)); // warm-up, other pairs
Object.assign(parts, { view: 0, bounds: 0, first: 0, later: 0, knowing: 0 });
firstSearches = laterSearches = 0;
const pages = plan(pairs, seeded(9));
const total = pages.reduce((a, b) => a + b, 0);
const perPage = (x: number) => formatMs(x / pairs);
const searchMs = parts.first + parts.later;
console.log(`${pairs} E1 pages at 08:00 (400 m MTA snapshot): p50 ${formatMs(median(pages))} ms, p95 ${formatMs(percentile(pages, 0.95))} ms, mean ${perPage(total)} ms`);
console.log(
  `a page's mean, ms: view ${perPage(parts.view)}, lower bounds ${perPage(parts.bounds)}, first search ${perPage(parts.first)} ` +
    `(${formatMs(parts.first / firstSearches)} each), later searches ${perPage(parts.later)} (${(laterSearches / pairs).toFixed(1)} a page, ` +
    `${formatMs(parts.later / laterSearches)} each), the rest ${perPage(total - parts.view - parts.bounds - searchMs)}`,
);
console.log(
  `the same searches knowing their answers${slackMs === undefined ? "" : `, every round bounded at the best arrival + ${slackArg} min`}: ` +
    `${perPage(parts.knowing)} ms a page, ${((100 * parts.knowing) / searchMs).toFixed(0)} % of the searches' ${perPage(searchMs)} ms`,
);
