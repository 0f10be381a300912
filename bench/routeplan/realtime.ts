/**
 * `npm run bench:routeplan:realtime`: route planning with a real-time overlay against the schedule alone, on the MTA
 * (all nine feeds), in process; figures in docs/BENCHMARKS.md "Route planning with real-time". Target: planning with
 * the overlay costs at most REALTIME_TARGET_RATIO times planning on the schedule (p50 and p95, wall and CPU).
 *
 * The overlay: a synthetic GTFS-Realtime FeedMessage made at 07:50 of the busiest weekday, seeded (--seed), built
 * into a real state by buildRealtimeState as a poll does (its build time is reported):
 * - DELAYED_SHARE of the day's trips late by 0-10 minutes (a departure delay at the first stop, which the state
 *   propagates down the trip);
 * - CANCELLED_SHARE of them CANCELED, SKIPPED_SHARE with one stop in the middle SKIPPED;
 * - ADDED_TRIPS trips ADDED: a copy of a random trip of the day leaving between 06:00 and 12:00 on the same route,
 *   ADDED_SHIFT_S later, with absolute times and its own trip_id.
 *
 * The questions: the same as bench/routeplan/run.ts (its seeded generator and pickers, pairs.ts): 300 coordinate pairs at 08:00 (E1: planJourneys + routeplanBody +
 * JSON.stringify) and 300 stop-to-stop pairs (earliestArrival over one view of the day). One snapshot serves both,
 * imported in process into .cache/mta-walk400.snapshot (the default 400 m walk radius; run.ts asks its stop-to-stop
 * pairs on a 250 m one: the pairs are the same, since the served stops do not depend on the walk radius). Each
 * question is asked without the overlay and with it, alternating, so that both see the same machine.
 * Wall-clock and CPU time (process.cpuUsage) are both reported. Flags: --pairs <n> (300), --seed <n> (9), --rebuild.
 * Results: printed, and written to .cache/routeplan-realtime-results.json.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { routeplanBody } from "../../src/api/core/routeplan/routeplan.js";
import { importFeeds } from "../../src/cli/import-command.js";
import { formatServiceDate } from "../../src/lib/service-date.js";
import { zonedTime, type EpochMs } from "../../src/lib/zoned-time.js";
import type { Network, ServiceDate, TripIdx } from "../../src/network/model.js";
import { isLoadableSnapshot, loadSnapshot } from "../../src/network/snapshot.js";
import { buildRealtimeState } from "../../src/realtime/build-realtime-state.js";
import { STOP_SKIPPED, TRIP_ADDED, TRIP_CANCELED, TRIP_SCHEDULED, type RtFeedEntity, type RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../src/realtime/realtime-state.js";
import { createNetworkView } from "../../src/routing/network-view.js";
import { arg, flag, mtaZips } from "./mta-input.js";
import { placePairs, seeded, stopPairs } from "./pairs.js";
import { formatMs, percentile } from "./timing.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import { realtimeDay } from "../../src/routing/realtime-timetables.js";
import { earliestArrival } from "../../src/routing/raptor.js";
import { serviceDayEndMs } from "../../src/routing/service-day-end.js";
import { activeServices } from "../../src/timetable/active-services.js";
import { busiestWeekday } from "../../src/timetable/departures-at-stop.bench.js";

export const REALTIME_TARGET_RATIO = 1.5;

const DELAYED_SHARE = 0.3;
const MAX_DELAY_S = 600;
const CANCELLED_SHARE = 0.01;
const SKIPPED_SHARE = 0.02;
const ADDED_TRIPS = 200;
const ADDED_SHIFT_S = 7 * 60;
const DEPARTURE_SECONDS = 8 * 3600;
const FEED_SECONDS = 7 * 3600 + 50 * 60;

/** The seeded synthetic feed (see the header) for `date`, and what it holds. */
function syntheticFeed(network: Network, date: ServiceDate, seed: number): { message: RtFeedMessage; counts: Record<string, number> } {
  const { trips, patterns, stopTimes, strings, stops, lines } = network;
  const zone = zonedTime(network.meta.timezone);
  const base = zone.serviceDayStartMs(date);
  const active = activeServices(network, date);
  const random = seeded(seed + 5000);
  const entity: RtFeedEntity[] = [];
  const startDate = String(date);
  const counts = { delayed: 0, cancelled: 0, skipped: 0, added: 0 };
  const candidates: TripIdx[] = [];
  for (let t = 0; t < trips.count; t++) {
    if (!active[trips.service[t]] || trips.frequencyStart[t] >= 0) continue;
    const tripId = strings.get(trips.gtfsId[t]);
    const p = trips.pattern[t];
    const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
    const row0 = trips.stopTimeStart[t];
    const seq0 = trips.sequenceStart[t];
    const r = random();
    if (r < CANCELLED_SHARE) {
      entity.push({ id: `c${t}`, tripUpdate: { trip: { tripId, startDate, scheduleRelationship: TRIP_CANCELED }, stopTimeUpdate: [] } });
      counts.cancelled++;
    } else if (r < CANCELLED_SHARE + SKIPPED_SHARE && length >= 3) {
      const skip = 1 + Math.floor(random() * (length - 2));
      entity.push({
        id: `s${t}`,
        tripUpdate: { trip: { tripId, startDate, scheduleRelationship: TRIP_SCHEDULED }, stopTimeUpdate: [{ stopSequence: trips.sequences[seq0 + skip], scheduleRelationship: STOP_SKIPPED }] },
      });
      counts.skipped++;
    } else if (r < CANCELLED_SHARE + SKIPPED_SHARE + DELAYED_SHARE) {
      const delay = Math.floor(random() * (MAX_DELAY_S + 1));
      entity.push({
        id: `d${t}`,
        tripUpdate: { trip: { tripId, startDate, scheduleRelationship: TRIP_SCHEDULED }, stopTimeUpdate: [{ stopSequence: trips.sequences[seq0], departure: { delay } }] },
      });
      counts.delayed++;
    }
    const dep0 = stopTimes.departure[row0];
    if (dep0 >= 6 * 3600 && dep0 < 12 * 3600) candidates.push(t);
  }
  for (let k = 0; k < ADDED_TRIPS && candidates.length > 0; k++) {
    const t = candidates[Math.floor(random() * candidates.length)];
    const p = trips.pattern[t];
    const row0 = trips.stopTimeStart[t];
    const first = patterns.stopStart[p];
    const length = patterns.stopStart[p + 1] - first;
    const time = (seconds: number) => Math.round((base + (seconds + ADDED_SHIFT_S) * 1000) / 1000);
    entity.push({
      id: `a${k}`,
      tripUpdate: {
        trip: { tripId: `added-${k}`, routeId: strings.get(lines.gtfsId[patterns.line[p]]), directionId: patterns.direction[p], startDate, scheduleRelationship: TRIP_ADDED },
        stopTimeUpdate: Array.from({ length }, (_, i) => ({
          stopId: strings.get(stops.gtfsId[patterns.stops[first + i]]),
          arrival: { time: time(stopTimes.arrival[row0 + i]) },
          departure: { time: time(stopTimes.departure[row0 + i]) },
        })),
      },
    });
    counts.added++;
  }
  return { message: { header: { gtfsRealtimeVersion: "2.0", incrementality: 0, timestamp: Math.round((base + FEED_SECONDS * 1000) / 1000) }, entity }, counts };
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

function timed<T>(f: () => T): [T, Sample] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = f();
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [r, { wallMs, cpuMs: (c.user + c.system) / 1000 }];
}

interface Figures {
  p50Ms: number;
  p95Ms: number;
  cpuP50Ms: number;
  cpuP95Ms: number;
}

function figures(samples: readonly Sample[]): Figures {
  const wall = samples.map((s) => s.wallMs);
  const cpu = samples.map((s) => s.cpuMs);
  return { p50Ms: percentile(wall, 0.5), p95Ms: percentile(wall, 0.95), cpuP50Ms: percentile(cpu, 0.5), cpuP95Ms: percentile(cpu, 0.95) };
}

function ratios(rt: Figures, schedule: Figures): Figures {
  return {
    p50Ms: rt.p50Ms / schedule.p50Ms,
    p95Ms: rt.p95Ms / schedule.p95Ms,
    cpuP50Ms: rt.cpuP50Ms / schedule.cpuP50Ms,
    cpuP95Ms: rt.cpuP95Ms / schedule.cpuP95Ms,
  };
}

function report(name: string, schedule: Figures, rt: Figures): void {
  const r = ratios(rt, schedule);
  console.log(
    `${name}: schedule p50 ${formatMs(schedule.p50Ms)} ms, p95 ${formatMs(schedule.p95Ms)} ms (CPU ${formatMs(schedule.cpuP50Ms)} / ${formatMs(schedule.cpuP95Ms)}); ` +
      `real-time p50 ${formatMs(rt.p50Ms)} ms, p95 ${formatMs(rt.p95Ms)} ms (CPU ${formatMs(rt.cpuP50Ms)} / ${formatMs(rt.cpuP95Ms)}); ` +
      `ratio p50 ${r.p50Ms.toFixed(2)}, p95 ${r.p95Ms.toFixed(2)} (CPU ${r.cpuP50Ms.toFixed(2)} / ${r.cpuP95Ms.toFixed(2)}; target ≤ ${REALTIME_TARGET_RATIO})`,
  );
}

const zips = mtaZips();
const pairCount = Number(arg("--pairs") ?? 300);
const seed = Number(arg("--seed") ?? 9);
const cacheDir = join(process.cwd(), ".cache");
mkdirSync(cacheDir, { recursive: true });
const snapshotPath = join(cacheDir, "mta-walk400.snapshot");
if (!existsSync(snapshotPath) || flag("--rebuild") || !isLoadableSnapshot(snapshotPath)) {
  console.log(`bench: importing ${zips.length} feeds into ${snapshotPath}`);
  const quiet = { stage() {}, bar() {}, done() {} };
  await importFeeds({ feeds: zips, out: snapshotPath, profile: "generic", walkRadiusMeters: 400, progress: quiet, log: () => {} });
}

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} (other work on this machine inflates wall-clock figures)`);
const network = loadSnapshot(snapshotPath);
const date = busiestWeekday(network);
const zone = zonedTime(network.meta.timezone);
const timeMs = zone.toEpochMs(date, DEPARTURE_SECONDS);
const { message, counts } = syntheticFeed(network, date, seed);
const [state, build] = timed((): RealtimeState => buildRealtimeState(network, [{ name: "synthetic", message }], (message.header.timestamp ?? 0) * 1000));
const stats = state.stats[0];
console.log(
  `overlay on ${formatServiceDate(date)}: ${counts.delayed} trips delayed 0-${MAX_DELAY_S / 60} min, ${counts.cancelled} cancelled, ${counts.skipped} skipping a stop, ` +
    `${counts.added} added; ${stats.matched} entities matched, ${stats.unmatched} not; state built in ${formatMs(build.wallMs)} ms`,
);

// The first view with this state builds its real-time tables (once per state and date) and lower-bound hops.
const toMs: EpochMs = serviceDayEndMs(network, date) ?? timeMs + 86_400_000;
const [scheduleView, scheduleViewTime] = timed(() => createNetworkView(network, { fromMs: timeMs, toMs }));
const [realtimeView, realtimeViewTime] = timed(() => createNetworkView(network, { fromMs: timeMs, toMs, realtime: state }));
const [, realtimeViewAgain] = timed(() => createNetworkView(network, { fromMs: timeMs, toMs, realtime: state }));
const day = realtimeDay(network, state, date);
let tableBytes = 0;
for (const column of Object.values(day)) if (ArrayBuffer.isView(column)) tableBytes += column.byteLength;
console.log(
  `views of the day: schedule ${formatMs(scheduleViewTime.wallMs)} ms; real-time ${formatMs(realtimeViewTime.wallMs)} ms the first for this state ` +
    `(its tables: ${day.patterns.length} patterns, ${(tableBytes / 1e6).toFixed(1)} MB for ${formatServiceDate(date)}), ${formatMs(realtimeViewAgain.wallMs)} ms after`,
);

// E1: the same coordinate pairs as run.ts (seed, then seed + 1000 for the warm-up).
function e1(count: number, random: () => number): { schedule: Sample[]; realtime: Sample[]; withAdded: number; itineraries: [number, number] } {
  const schedule: Sample[] = [];
  const realtime: Sample[] = [];
  let withAdded = 0;
  const itineraries: [number, number] = [0, 0];
  for (const { from, to } of placePairs(network, random, count)) {
    const params = { from: { kind: "place" as const, ...from }, to: { kind: "place" as const, ...to }, timeMs };
    const [a, sa] = timed(() => {
      const plan = planJourneys(network, undefined, params);
      JSON.stringify(routeplanBody(network, plan, "http://localhost:8080"));
      return plan;
    });
    const [b, sb] = timed(() => {
      const plan = planJourneys(network, state, params);
      JSON.stringify(routeplanBody(network, plan, "http://localhost:8080"));
      return plan;
    });
    schedule.push(sa);
    realtime.push(sb);
    itineraries[0] += a.itineraries.length;
    itineraries[1] += b.itineraries.length;
    if (b.itineraries.some((it) => it.steps.some((s) => s.kind === "vehicle" && s.added !== undefined))) withAdded++;
  }
  return { schedule, realtime, withAdded, itineraries };
}
e1(20, seeded(seed + 1000)); // warm-up
const plans = e1(pairCount, seeded(seed));
const e1Schedule = figures(plans.schedule);
const e1Realtime = figures(plans.realtime);
report(`E1, ${pairCount} coordinate pairs at 08:00`, e1Schedule, e1Realtime);
console.log(`  itineraries: ${plans.itineraries[0]} on the schedule, ${plans.itineraries[1]} with real-time; ${plans.withAdded} plans ride an added trip`);

// Stop to stop: the same pairs as run.ts (seed + 2000), over one view of the day each way.
const pairs = stopPairs(network, seed, pairCount);
for (const [a, b] of pairs.slice(0, 20)) {
  earliestArrival(scheduleView, a, b, timeMs);
  earliestArrival(realtimeView, a, b, timeMs);
}
const s2sSchedule: Sample[] = [];
const s2sRealtime: Sample[] = [];
let reached = [0, 0];
for (const [a, b] of pairs) {
  const [x, sx] = timed(() => earliestArrival(scheduleView, a, b, timeMs));
  const [y, sy] = timed(() => earliestArrival(realtimeView, a, b, timeMs));
  s2sSchedule.push(sx);
  s2sRealtime.push(sy);
  reached = [reached[0] + (x === undefined ? 0 : 1), reached[1] + (y === undefined ? 0 : 1)];
}
const s2s = [figures(s2sSchedule), figures(s2sRealtime)] as const;
report(`stop to stop, ${pairCount} pairs at 08:00`, s2s[0], s2s[1]);
console.log(`  reached: ${reached[0]} on the schedule, ${reached[1]} with real-time`);

const results = {
  date: formatServiceDate(date),
  loadAverage: loadavg(),
  overlay: { ...counts, matched: stats.matched, unmatched: stats.unmatched, buildMs: build.wallMs },
  e1: { schedule: e1Schedule, realtime: e1Realtime, ratio: ratios(e1Realtime, e1Schedule), withAdded: plans.withAdded },
  stopToStop: { schedule: s2s[0], realtime: s2s[1], ratio: ratios(s2s[1], s2s[0]) },
  views: { schedule: scheduleViewTime.wallMs, realtimeFirst: realtimeViewTime.wallMs, realtimeAgain: realtimeViewAgain.wallMs, tablePatterns: day.patterns.length, tableBytes },
};
writeFileSync(join(cacheDir, "routeplan-realtime-results.json"), JSON.stringify(results, null, 2));
