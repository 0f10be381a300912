/**
 * `npm run bench:reach`: reachability (the bereikbaarheid extension, src/routing/reachable-stops.ts) on the MTA (all
 * nine feeds), in process; figures in docs/BENCHMARKS.md "Reachability".
 *
 * Seeded random coordinates (a served stop's position moved by up to 500 m, bench/routeplan/pairs.ts), departing at
 * 08:00 on the busiest weekday, schedule only:
 * 1. 30 minutes, a single departure: reachableStops, timed alone, and with the area (reachArea) and the endpoint's
 *    body serialised (bereikbaarheidBody + JSON.stringify), as the handler does minus HTTP. Target: p50 at most 15 ms.
 * 2. 30 minutes over a 60-minute window (60 departure minutes, the median per stop). Target: p50 at most 300 ms.
 * 3. Agreement: from --agree-points served stops (a stop start, as `lijnwijzer reach --from gtfs:<id>`), the arrival
 *    at 30 stops each (20 reached, 10 drawn from every served stop, most beyond the limit) against RAPTOR's
 *    stop-to-stop earliestArrival (raptor.ts, E1's rules) over the same view: same, reach later (where reach is
 *    simpler than raptor.ts: docs/COMPATIBILITY.md P27), reach earlier (never expected), counted.
 * Wall-clock and CPU time (user + system) are both reported, with the load average before and after each part.
 *
 * Input: bench/.data/mta/*.zip (`npm run bench:import` fetches them), imported in process (walk radius 400 m, the
 * default) into bench/.data/reach/ when missing, of another format version, or with --rebuild.
 * Flags: --points <n> (200, single departure), --window-points <n> (40), --agree-points <n> (30), --seed <n> (11),
 * --rebuild.
 * Results: printed, and written to bench/.data/reach-results.json.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { bereikbaarheidBody } from "../../src/api/core/bereikbaarheid/bereikbaarheid.js";
import { importFeeds } from "../../src/cli/import-command.js";
import { formatServiceDate } from "../../src/lib/service-date.js";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network } from "../../src/network/model.js";
import { isLoadableSnapshot, loadSnapshot } from "../../src/network/snapshot.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { earliestArrival } from "../../src/routing/raptor.js";
import { reachableStops } from "../../src/routing/reachable-stops.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { arg, flag, mtaZips } from "../routeplan/mta-input.js";
import { coordinateNear, seeded, servedStops } from "../routeplan/pairs.js";
import { formatMs as ms, median, percentile } from "../routeplan/timing.js";

export const REACH_TARGETS = { singleP50Ms: 15, windowP50Ms: 300 } as const;

const DEPARTURE_SECONDS = 8 * 3600;
const LIMIT_MINUTES = 30;
const WINDOW_MINUTES = 60;

async function ensureSnapshot(): Promise<string> {
  const dir = join(benchDataDir, "reach");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "mta-walk400.snapshot");
  if (existsSync(path) && !flag("--rebuild") && isLoadableSnapshot(path)) return path;
  const zips = mtaZips();
  console.log(`bench: importing ${zips.length} feeds into ${path}`);
  const quiet = { stage() {}, bar() {}, done() {} };
  await importFeeds({ feeds: zips, out: path, profile: "generic", progress: quiet, log: () => {} });
  return path;
}

interface Times {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  cpuP50Ms: number;
  cpuP95Ms: number;
  stopsP50: number;
  stopsP95: number;
  loadBefore: number;
  loadAfter: number;
}

/** Times `work` on each point (after a warm-up on other points); work answers the stops reached. */
function measure(points: Array<{ lat: number; lon: number }>, warm: Array<{ lat: number; lon: number }>, work: (p: { lat: number; lon: number }) => number): Times {
  for (const p of warm) work(p);
  const loadBefore = loadavg()[0];
  const wall: number[] = [];
  const cpu: number[] = [];
  const stops: number[] = [];
  for (const p of points) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    stops.push(work(p));
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return {
    p50Ms: median(wall),
    p95Ms: percentile(wall, 0.95),
    maxMs: Math.max(...wall),
    cpuP50Ms: median(cpu),
    cpuP95Ms: percentile(cpu, 0.95),
    stopsP50: median(stops),
    stopsP95: percentile(stops, 0.95),
    loadBefore,
    loadAfter: loadavg()[0],
  };
}

function line(name: string, t: Times, target?: number): string {
  const verdict = target === undefined ? "" : `  target p50 <= ${target} ms: ${t.p50Ms <= target ? "met" : "MISSED"}`;
  return (
    `${name.padEnd(34)} p50 ${ms(t.p50Ms)} ms  p95 ${ms(t.p95Ms)} ms  max ${ms(t.maxMs)} ms  (CPU p50 ${ms(t.cpuP50Ms)}, p95 ${ms(t.cpuP95Ms)})  ` +
    `stops p50 ${t.stopsP50}, p95 ${t.stopsP95}  load ${t.loadBefore.toFixed(2)} -> ${t.loadAfter.toFixed(2)}${verdict}`
  );
}

async function main(): Promise<void> {
  const path = await ensureSnapshot();
  const network: Network = loadSnapshot(path);
  const date = busiestWeekday(network);
  const timeMs = zonedTime(network.meta.timezone).toEpochMs(date, DEPARTURE_SECONDS);
  const seed = Number(arg("--seed") ?? 11);
  const served = servedStops(network);
  const pointsOf = (count: number, s: number) => {
    const random = seeded(s);
    return Array.from({ length: count }, () => coordinateNear(network, served[Math.floor(random() * served.length)], random));
  };
  const points = pointsOf(Number(arg("--points") ?? 200), seed);
  const windowPoints = points.slice(0, Number(arg("--window-points") ?? 40));
  const warm = pointsOf(20, seed + 1000);
  console.log(`bench: reachability on ${path} (${network.stops.count} stops), ${formatServiceDate(date)} 08:00, ${LIMIT_MINUTES} min`);
  const reach = (p: { lat: number; lon: number }, windowMinutes = 1) =>
    reachableStops(network, undefined, { from: { kind: "place", ...p }, timeMs, limitMinutes: LIMIT_MINUTES, windowMinutes });
  const single = measure(points, warm, (p) => reach(p).stops.length);
  console.log(line("30 min, one departure", single, REACH_TARGETS.singleP50Ms));
  const withBody = measure(points, warm, (p) => {
    const r = reach(p);
    JSON.stringify(bereikbaarheidBody(network, r, true, "http://localhost:8080"));
    return r.stops.length;
  });
  console.log(line("  + area and body (JSON)", withBody));
  const window = measure(windowPoints, warm.slice(0, 5), (p) => reach(p, WINDOW_MINUTES).stops.length);
  console.log(line(`30 min, ${WINDOW_MINUTES}-minute window (median)`, window, REACH_TARGETS.windowP50Ms));
  const agreement = agree(network, timeMs, Number(arg("--agree-points") ?? 30), seed + 3000);
  console.log(`agreement with RAPTOR earliestArrival: ${JSON.stringify(agreement)}`);
  const results = { date: formatServiceDate(date), points: points.length, windowPoints: windowPoints.length, seed, single, withBody, window, agreement };
  writeFileSync(join(benchDataDir, "reach-results.json"), JSON.stringify(results, null, 2));
}

/** Reach's arrivals from a stop against RAPTOR's stop-to-stop earliest arrival (E1's rules), within the limit. */
function agree(network: Network, timeMs: number, count: number, seed: number): { compared: number; same: number; reachLater: number; reachEarlier: number; examples: string[] } {
  const random = seeded(seed);
  const served = servedStops(network);
  const limitMs = LIMIT_MINUTES * 60_000;
  const view = createNetworkView(network, { fromMs: timeMs, toMs: timeMs + limitMs });
  const out = { compared: 0, same: 0, reachLater: 0, reachEarlier: 0, examples: [] as string[] };
  for (let i = 0; i < count; i++) {
    const from = served[Math.floor(random() * served.length)];
    const r = reachableStops(network, undefined, { from: { kind: "stop", stop: from }, timeMs, limitMinutes: LIMIT_MINUTES });
    // A stop reached on foot (a footpath from the start) is left out: RAPTOR answers a journey of one ride at least.
    const onFoot = new Set(r.stops.filter((s) => s.rides === 0).map((s) => s.stop));
    const reached = new Map(r.stops.map((s) => [s.stop, s.arrivalMs]));
    const targets = [
      ...Array.from({ length: 20 }, () => r.stops[Math.floor(random() * r.stops.length)]?.stop),
      ...Array.from({ length: 10 }, () => served[Math.floor(random() * served.length)]),
    ];
    for (const to of targets) {
      if (to === undefined || to === from || onFoot.has(to)) continue;
      const mine = reached.get(to);
      const theirs = earliestArrival(view, from, to, timeMs);
      const within = theirs !== undefined && theirs - timeMs <= limitMs ? theirs : undefined;
      out.compared++;
      if (mine === within) out.same++;
      else if (within === undefined || (mine !== undefined && mine < within)) out.reachEarlier++;
      else out.reachLater++;
      if (mine !== within && out.examples.length < 5) out.examples.push(`${from}->${to}: reach ${mine ?? "-"} raptor ${within ?? "-"}`);
    }
  }
  return out;
}

await main();
