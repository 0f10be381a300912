/**
 * In-process benchmark of a stop's day timetable (target: at most 1 ms p50 for a busy stop of the MTA
 * snapshot; figures in docs/BENCHMARKS.md "Timetables"). Run by `npx tsx bench/timetable/run.ts`, which loads the snapshot; exported
 * so that any network can be measured the same way.
 */
import { addDays, weekdayOf } from "../lib/service-date.js";
import type { Network, ServiceDate, StopIdx } from "../network/model.js";
import { activeServices } from "./active-services.js";
import { departuresAtStop } from "./departures-at-stop.js";
import { stopTimetable } from "./stop-timetable.js";

export interface TimingSummary {
  runs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  meanMs: number;
  /** CPU time (user + system) of this process per run: on a machine shared with other work the wall-clock figures include waiting for a core, this does not. */
  cpuMeanMs?: number;
}

export interface DeparturesBenchResult {
  /** tripsThrough: trips of that date through the stop (all positions, the last stop included). */
  stop: { index: StopIdx; number: string; name: string; tripsThrough: number };
  date: ServiceDate;
  passages: number;
  departuresAtStop: TimingSummary;
  stopTimetable: TimingSummary;
}

/** The stop with the most trips through it on a date: the worst case for one timetable. */
export function busiestStop(network: Network, date: ServiceDate): { stop: StopIdx; trips: number } {
  const { stops, patterns, trips } = network;
  const active = activeServices(network, date);
  let best = 0;
  let bestTrips = -1;
  for (let s = 0; s < stops.count; s++) {
    let count = 0;
    for (let r = stops.patternStart[s]; r < stops.patternStart[s + 1]; r++) {
      const p = stops.patternRefs[r];
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) count += active[trips.service[t]];
    }
    if (count > bestTrips) [best, bestTrips] = [s, count];
  }
  return { stop: best, trips: bestTrips };
}

/** The weekday of the validity on which the most trips run (the services' trip counts summed). */
export function busiestWeekday(network: Network): ServiceDate {
  const tripsPerService = new Float64Array(network.services.count);
  for (let t = 0; t < network.trips.count; t++) tripsPerService[network.trips.service[t]]++;
  let best = network.meta.validFrom;
  let bestCount = -1;
  for (let date = network.meta.validFrom; date <= network.meta.validTo; date = addDays(date, 1)) {
    if (weekdayOf(date) > 4) continue;
    const active = activeServices(network, date);
    let count = 0;
    for (let s = 0; s < active.length; s++) if (active[s]) count += tripsPerService[s];
    if (count > bestCount) [best, bestCount] = [date, count];
  }
  return best;
}

export function summarise(samplesMs: number[]): TimingSummary {
  const s = [...samplesMs].sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))];
  return { runs: s.length, p50Ms: q(0.5), p90Ms: q(0.9), p99Ms: q(0.99), meanMs: s.reduce((a, b) => a + b, 0) / s.length };
}

function time(runs: number, fn: () => unknown): TimingSummary {
  const samples: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ...summarise(samples), cpuMeanMs: (cpu.user + cpu.system) / 1000 / runs };
}

/** Times departuresAtStop and stopTimetable (with notes and diversions) for one stop and date, after a warm-up. */
export function benchDeparturesAtStop(
  network: Network,
  options: { stop?: StopIdx; date?: ServiceDate; runs?: number; warmup?: number } = {},
): DeparturesBenchResult {
  const date = options.date ?? busiestWeekday(network);
  const picked = options.stop === undefined ? busiestStop(network, date) : { stop: options.stop, trips: -1 };
  const runs = options.runs ?? 2000;
  const params = { stop: picked.stop, date };
  for (let i = 0; i < (options.warmup ?? 300); i++) departuresAtStop(network, undefined, params);
  const passages = departuresAtStop(network, undefined, params).length;
  return {
    stop: {
      index: picked.stop,
      number: network.strings.get(network.stops.number[picked.stop]),
      name: network.strings.get(network.stops.longName[picked.stop]),
      tripsThrough: picked.trips,
    },
    date,
    passages,
    departuresAtStop: time(runs, () => departuresAtStop(network, undefined, params)),
    stopTimetable: time(runs, () => stopTimetable(network, undefined, params)),
  };
}
