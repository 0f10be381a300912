/**
 * Development aid: E1's planJourneys on the MTA pairs of run.ts, timed in CPU time (process.cpuUsage: less disturbed
 * by other work on the machine than wall-clock time), with how many searches each page ran. Not a benchmark of
 * record: `npm run bench:routeplan` is.
 * Usage: npx tsx bench/routeplan/e1-profile.ts [--pairs 300] [--seed 9] [--walk 400]
 */
import { join } from "node:path";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { StopIdx } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import { defaultSearchFactory } from "../../src/routing/raptor-search.js";
import { benchDataDir } from "../lib/bench-paths.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const network = loadSnapshot(join(benchDataDir, "routeplan", `mta-walk${arg("--walk", 400)}.snapshot`));
let a = arg("--seed", 9) >>> 0;
const random = () => {
  a = (a + 0x6d2b79f5) >>> 0;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const served: StopIdx[] = [];
for (let s = 0; s < network.stops.count; s++) if (network.stops.patternStart[s + 1] > network.stops.patternStart[s]) served.push(s);
const near = (s: StopIdx) => {
  const d = 500 * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  const lat = network.stops.lat[s] + (d * Math.cos(angle)) / 111_320;
  const lon = network.stops.lon[s] + (d * Math.sin(angle)) / (111_320 * Math.cos((network.stops.lat[s] * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)) };
};
const timeMs = zonedTime(network.meta.timezone).toEpochMs(20260923, 8 * 3600);
const pairs = arg("--pairs", 300);
const cpu: number[] = [];
const slow: Array<{ ms: number; searches: number; itineraries: number; walk: boolean; from: object; to: object }> = [];
const searches: number[] = [];
let searchCount = 0;
const counting: typeof defaultSearchFactory = (net, scope) => {
  const search = defaultSearchFactory(net, scope);
  return (q) => {
    searchCount++;
    return search(q);
  };
};
for (let i = 0; i < pairs + 20; i++) {
  const from = near(served[Math.floor(random() * served.length)]);
  const to = near(served[Math.floor(random() * served.length)]);
  searchCount = 0;
  const c0 = process.cpuUsage();
  const plan = planJourneys(network, undefined, { from: { kind: "place", ...from }, to: { kind: "place", ...to }, timeMs, searchFactory: counting });
  const c = process.cpuUsage(c0);
  if (i < 20) continue; // warm-up
  const walkOnly = plan.itineraries.some((it) => it.steps.every((st) => st.kind === "walk"));
  slow.push({ ms: (c.user + c.system) / 1000, searches: searchCount, itineraries: plan.itineraries.length, walk: walkOnly, from, to });
  cpu.push((c.user + c.system) / 1000);
  searches.push(searchCount);
}
const pct = (xs: number[], f: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(f * xs.length))];
console.log(
  `E1 CPU ms: p50 ${pct(cpu, 0.5).toFixed(1)}, p95 ${pct(cpu, 0.95).toFixed(1)}, p99 ${pct(cpu, 0.99).toFixed(1)}; searches per page: p50 ${pct(searches, 0.5)}, p95 ${pct(searches, 0.95)}, mean ${(searches.reduce((x, y) => x + y, 0) / searches.length).toFixed(2)}`,
);
if (process.argv.includes("--slowest")) {
  for (const x of slow.sort((p, q) => q.ms - p.ms).slice(0, 15)) console.log(JSON.stringify({ ...x, ms: Math.round(x.ms) }));
}
