/**
 * The pieces of the seeded random networks that the property tests (connection-scan.test.ts, raptor-reference.test.ts)
 * check one algorithm against another on: 14 stops within 1.5 km (many within the 400 m footpath radius), lines of
 * 3-6 stops and 2-5 trips each, written as raptor-scenario.ts text timetables. Each piece draws from the generator in
 * a fixed order, so that a seed gives the same network every run; a test adds its own draws (modes, onward lines,
 * change times) between them.
 */
import type { Network } from "../../../src/network/model.js";
import { net } from "./raptor-scenario.js";

/** A linear congruential generator (glibc's constants): small and seeded, uniform enough for picking. */
export function prng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

/** Minutes after midnight as "hh:mm" (past 24:00 for a trip of the day before). */
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export const STOP_COUNT = 14;

/** S0..S13 at [metres east, metres north] within 1.5 km. */
export function randomStops(rnd: () => number): Record<string, [number, number]> {
  const stops: Record<string, [number, number]> = {};
  for (let i = 0; i < STOP_COUNT; i++) stops[`S${i}`] = [Math.round(rnd() * 1500), Math.round(rnd() * 1500)];
  return stops;
}

export interface RandomLine {
  /** 3-6 distinct stops, in the order ridden. */
  stops: string[];
  /** Minutes of riding to each stop from the one before (1-6; the first is not used). */
  hops: number[];
}

export function randomLine(rnd: () => number): RandomLine {
  const length = 3 + Math.floor(rnd() * 4);
  const stops: string[] = [];
  while (stops.length < length) {
    const s = `S${Math.floor(rnd() * STOP_COUNT)}`;
    if (!stops.includes(s)) stops.push(s);
  }
  return { stops, hops: stops.map(() => 1 + Math.floor(rnd() * 6)) };
}

export interface RandomTrip {
  /** The trip's number on its line, counting down from the line's trip count to 1. */
  k: number;
  /** "<stop> <hh:mm>[/<hh:mm>]" a stop: a third of the stops have a minute's dwell. */
  times: string[];
  /** The departure from the last stop (minutes after midnight). */
  endMinutes: number;
}

/** 2-5 trips along `line`, the first leaving 0-29 minutes after `fromMinutes`, each next one 5-19 minutes later. */
export function randomTrips(rnd: () => number, line: RandomLine, fromMinutes: number): RandomTrip[] {
  const trips: RandomTrip[] = [];
  let start = fromMinutes + Math.floor(rnd() * 30);
  for (let k = 2 + Math.floor(rnd() * 4); k > 0; k--) {
    let t = start;
    const times = line.stops.map((s, i) => {
      if (i > 0) t += line.hops[i];
      const arr = t;
      if (rnd() < 0.3) t += 1;
      return `${s} ${hhmm(arr)}${t !== arr ? `/${hhmm(t)}` : ""}`;
    });
    trips.push({ k, times, endMinutes: t });
    start += 5 + Math.floor(rnd() * 15);
  }
  return trips;
}

/**
 * The random network of the connection-scan and page tests: its 12 lines bus or tram, their trips from 23:20 on (so
 * that some run past 24:00), and with `changeTimes` a change time at some stops (transfers.txt from a stop to itself).
 */
export function randomNightNetwork(seed: number, changeTimes: boolean): Network {
  const rnd = prng(seed);
  const stops = randomStops(rnd);
  const trips: string[] = [];
  for (let l = 0; l < 12; l++) {
    const line = randomLine(rnd);
    const mode = rnd() < 0.3 ? "tram" : "bus";
    for (const { k, times } of randomTrips(rnd, line, 23 * 60 + 20)) trips.push(`L${l}x${k} ${mode} route=L${l}: ${times.join(", ")}`);
  }
  const transfers: Array<[string, string, number, number]> = [];
  if (changeTimes) for (let i = 0; i < 14; i++) if (rnd() < 0.4) transfers.push([`S${i}`, `S${i}`, 2, 60 * (1 + Math.floor(rnd() * 3))]);
  return net({ stops, trips, transfers });
}
