/**
 * `tsx bench/routeplan/answers.ts <out.json> [--e1-only|--s2s-only] [--pairs n]`: the answers bench:routeplan times,
 * written out so that a change to the planner can be checked to answer the same (docs/BENCHMARKS.md "Route
 * planning"): the E1 page (routeplanBody) of each of the 300 seeded coordinate pairs on the 400 m snapshot, and the
 * stop-to-stop earliest arrival of each of the 300 seeded stop pairs on the 250 m one. Compare two files with cmp.
 * The pairs are run.ts's (same seeds, same draws); the snapshots are those run.ts imported.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { routeplanBody } from "../../src/api/core/routeplan/routeplan.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import { earliestArrival } from "../../src/routing/raptor.js";
import { serviceDayEndMs } from "../../src/routing/service-day-end.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { placePairs, seeded, stopPairs } from "./pairs.js";

const out = process.argv[2];
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const pairCount = Number(arg("--pairs") ?? 300);
const seed = 9;
const answers: { e1: unknown[]; stopToStop: Record<string, Array<number | null>> } = { e1: [], stopToStop: {} };

function e1(network: Network): void {
  const date = busiestWeekday(network);
  const timeMs = zonedTime(network.meta.timezone).toEpochMs(date, 8 * 3600);
  for (const { from, to } of placePairs(network, seeded(seed), pairCount)) {
    // A budget no page reaches, so that the answers do not depend on how busy the machine is.
    const plan = planJourneys(network, undefined, { from: { kind: "place", ...from }, to: { kind: "place", ...to }, timeMs, budgetMs: 600_000 });
    answers.e1.push({ complete: plan.complete, body: routeplanBody(network, plan, "http://localhost:8080") });
  }
}

function stopToStop(name: string, network: Network): void {
  const date = busiestWeekday(network);
  const zone = zonedTime(network.meta.timezone);
  const timeMs = zone.toEpochMs(date, 8 * 3600);
  const view = createNetworkView(network, { fromMs: timeMs, toMs: serviceDayEndMs(network, date) ?? timeMs + 86_400_000 });
  const dayStartMs = zone.serviceDayStartMs(date);
  answers.stopToStop[name] = stopPairs(network, seed, pairCount).map(([a, b]: [StopIdx, StopIdx]) => {
    const at = earliestArrival(view, a, b, timeMs);
    return at === undefined ? null : (at - dayStartMs) / 1000;
  });
}

const dir = join(benchDataDir, "routeplan");
if (!process.argv.includes("--s2s-only")) e1(loadSnapshot(join(dir, "mta-walk400.snapshot")));
if (!process.argv.includes("--e1-only")) {
  for (const name of ["mta-walk250", "mta-walk250-direct"]) {
    try {
      stopToStop(name, loadSnapshot(join(dir, `${name}.snapshot`)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
}
writeFileSync(out, JSON.stringify(answers, null, 1));
console.log(`answers: ${answers.e1.length} E1 pages, stop to stop ${Object.keys(answers.stopToStop).join(", ")} -> ${out}`);
