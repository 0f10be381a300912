/**
 * `tsx bench/routeplan/penalty-ab.ts [--pairs n]`: E1 pages with and without the transfer penalty bound of their
 * searches (RaptorQuery.transferPenaltyMs, plan-pages.ts), alternating page by page in one process on bench:routeplan's
 * seeded coordinate pairs (pairs.ts) on the 400 m MTA snapshot it imported: CPU time per page (p50, p95, mean), the
 * RAPTOR searches, and how many pages differ (their routeplanBody JSON). docs/BENCHMARKS.md "Route planning".
 */
import { join } from "node:path";
import { routeplanBody } from "../../src/api/core/routeplan/routeplan.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import type { SearchFactory } from "../../src/routing/plan-types.js";
import { defaultSearchFactory } from "../../src/routing/raptor-search.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { arg } from "./mta-input.js";
import { placePairs, seeded } from "./pairs.js";
import { median, percentile } from "./timing.js";

const network = loadSnapshot(join(benchDataDir, "routeplan", "mta-walk400.snapshot"));
const date = busiestWeekday(network);
const timeMs = zonedTime(network.meta.timezone).toEpochMs(date, 8 * 3600);
const pairs = Number(arg("--pairs") ?? 300);

let searches = 0;
/** The planner's own searches, or the same with the bound off (transferPenaltyMs 0). */
const factory = (penalty: boolean): SearchFactory => (net, scope) => {
  const search = defaultSearchFactory(net, scope);
  return (q) => {
    searches++;
    return search(penalty ? q : { ...q, transferPenaltyMs: 0 });
  };
};
const variants = [
  { name: "without the bound", factory: factory(false), cpu: [] as number[], searches: 0 },
  { name: "with the bound (the planner's)", factory: factory(true), cpu: [] as number[], searches: 0 },
];
let differ = 0;
const warmUp = 20;
for (const [i, { from, to }] of placePairs(network, seeded(9), pairs + warmUp).entries()) {
  const bodies: string[] = [];
  for (const v of i % 2 === 0 ? variants : [...variants].reverse()) {
    searches = 0;
    const c0 = process.cpuUsage();
    // A budget no page reaches: both variants answer in full, whatever the machine's load.
    const plan = planJourneys(network, undefined, { from: { kind: "place", ...from }, to: { kind: "place", ...to }, timeMs, searchFactory: v.factory, budgetMs: 600_000 });
    bodies.push(JSON.stringify(routeplanBody(network, plan, "http://localhost:8080")));
    const c = process.cpuUsage(c0);
    if (i < warmUp) continue;
    v.cpu.push((c.user + c.system) / 1000);
    v.searches += searches;
  }
  if (i >= warmUp && bodies[0] !== bodies[1]) differ++;
}
for (const v of variants) {
  const mean = v.cpu.reduce((a, b) => a + b, 0) / v.cpu.length;
  console.log(`${v.name}: CPU a page p50 ${median(v.cpu).toFixed(1)} ms, p95 ${percentile(v.cpu, 0.95).toFixed(1)} ms, mean ${mean.toFixed(1)} ms; ${v.searches} searches`);
}
console.log(`pages that differ: ${differ} of ${pairs}`);
