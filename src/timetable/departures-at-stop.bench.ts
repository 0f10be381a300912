/**
 * In-process benchmark of a stop's day timetable (issue 4 target: at most 1 ms p50 for a busy stop
 * of the MTA snapshot). Run by `npx tsx bench/timetable/run.ts`, which loads the snapshot; exported
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
}

export interface DeparturesBenchResult {
  stop: { index: StopIdx; number: string; name: string; tripsThrough: number };
  date: ServiceDate;
  passages: number;
  departuresAtStop: TimingSummary;
  stopTimetable: TimingSummary;
}

/** The stop with the most trips through it (all days): the worst case for one timetable. */
export function busiestStop(network: Network): { stop: StopIdx; trips: number } {
  const { stops, patterns } = network;
  let best = 0;
  let bestTrips = -1;
  for (let s = 0; s < stops.count; s++) {
    let trips = 0;
    for (let r = stops.patternStart[s]; r < stops.patternStart[s + 1]; r++) {
      const p = stops.patternRefs[r];
      trips += patterns.tripStart[p + 1] - patterns.tripStart[p];
    }
    if (trips > bestTrips) [best, bestTrips] = [s, trips];
  }
  return { stop: best, trips: bestTrips };
}

/** A weekday among the first four weeks of validity on which the most services run. */
export function busiestWeekday(network: Network): ServiceDate {
  let best = network.meta.validFrom;
  let bestCount = -1;
  for (let i = 0; i < 28; i++) {
    const date = addDays(network.meta.validFrom, i);
    if (date > network.meta.validTo) break;
    if (weekdayOf(date) > 4) continue;
    const count = activeServices(network, date).reduce((a, b) => a + b, 0);
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
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return summarise(samples);
}

/** Times departuresAtStop and stopTimetable (with notes and diversions) for one stop and date, after a warm-up. */
export function benchDeparturesAtStop(
  network: Network,
  options: { stop?: StopIdx; date?: ServiceDate; runs?: number; warmup?: number } = {},
): DeparturesBenchResult {
  const picked = options.stop === undefined ? busiestStop(network) : { stop: options.stop, trips: -1 };
  const date = options.date ?? busiestWeekday(network);
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
