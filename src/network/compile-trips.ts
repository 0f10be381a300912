import { groupBy, type CompileContext, type CompileInput, type Writable } from "./compile-context.js";
import type { ServiceTable } from "./compile-services.js";
import { naturalCompare } from "./key-profiles.js";
import type { PatternColumns, StopTimeColumns, TripColumns } from "./model.js";

interface TripDraft {
  feed: number;
  /** Index into the feed's trips. */
  trip: number;
  /** Seconds added to the feed's times (frequency copies), 0 for a plain trip. */
  offset: number;
  frequencyStart: number;
  /** Departure at the first stop, offset included. */
  firstDeparture: number;
  copy: number;
}

interface PatternDraft {
  line: number;
  direction: number;
  stops: number[];
  flags: number[];
  trips: TripDraft[];
}

export interface TripTable {
  patterns: PatternColumns;
  trips: Writable<TripColumns>;
  stopTimes: StopTimeColumns;
  /** Per feed: the feed's trip index -> the TripIdx it became (several for frequency copies). */
  tripCopies: Array<Map<number, number[]>>;
}

/**
 * Trips -> patterns (same line, direction, stops and pickup/drop-off types), each pattern's
 * trips contiguous and sorted by departure at the first stop (the layout RAPTOR scans), with
 * frequencies.txt expanded into one trip per headway. Trip notes are filled by compileNotes.
 */
export function compileTrips(
  ctx: CompileContext,
  routeLine: Array<Map<string, number>>,
  feedStopToStop: Int32Array[],
  serviceTable: ServiceTable,
  lineCount: number,
): TripTable {
  const { inputs, pool } = ctx;
  const { serviceIds } = serviceTable;
  const patternByKey = new Map<string, number>();
  const drafts: PatternDraft[] = [];
  inputs.forEach(({ feed }, f) => {
    const st = feed.stopTimes;
    const freq = groupBy(feed.frequencies, (x) => x.tripId);
    const stopMap = feedStopToStop[f];
    const stopsBuf: number[] = [];
    const flagsBuf: number[] = [];
    feed.trips.forEach((t, ti) => {
      const from = st.tripStart[ti];
      const to = st.tripStart[ti + 1];
      if (to - from < 1) return;
      const line = routeLine[f].get(t.routeId);
      if (line === undefined) return;
      const direction = t.directionId === 1 ? 1 : 0;
      stopsBuf.length = 0;
      flagsBuf.length = 0;
      for (let i = from; i < to; i++) {
        stopsBuf.push(stopMap[st.stop[i]]);
        flagsBuf.push(st.pickupType[i] | (st.dropOffType[i] << 2));
      }
      const key = `${line}|${direction}|${stopsBuf.join(",")}|${flagsBuf.join("")}`;
      let p = patternByKey.get(key);
      if (p === undefined) {
        p = drafts.length;
        patternByKey.set(key, p);
        drafts.push({ line, direction, stops: [...stopsBuf], flags: [...flagsBuf], trips: [] });
      }
      const first = st.departure[from];
      const frequencies = freq.get(t.tripId);
      if (!frequencies) {
        drafts[p].trips.push({ feed: f, trip: ti, offset: 0, frequencyStart: -1, firstDeparture: first, copy: 0 });
        return;
      }
      // frequencies.txt: the trip's own times only give the spacing; a copy starts every headway
      // from start_time while before end_time (exact_times 0 is expanded the same way).
      let copy = 0;
      for (const fr of frequencies) {
        if (fr.headwaySecs <= 0) continue;
        for (let dep = fr.start; dep < fr.end; dep += fr.headwaySecs) {
          drafts[p].trips.push({ feed: f, trip: ti, offset: dep - first, frequencyStart: dep, firstDeparture: dep, copy: copy++ });
        }
      }
    });
  });
  // RAPTOR scans a pattern's trips in departure order and boards the first one it can catch,
  // which is only right when no trip overtakes another: split patterns into overtaking-free groups.
  const byDeparture = tripOrder(inputs);
  const patternDrafts = drafts.flatMap((pd) => splitOvertaking(pd, inputs, byDeparture));
  const patternOrder = patternDrafts
    .map((_, i) => i)
    .sort((a, b) => patternDrafts[a].line - patternDrafts[b].line || patternDrafts[a].direction - patternDrafts[b].direction || a - b);
  const patternCount = patternDrafts.length;
  let tripCount = 0;
  let stopTimeCount = 0;
  let patternStopCount = 0;
  for (const p of patternDrafts) {
    tripCount += p.trips.length;
    stopTimeCount += p.trips.length * p.stops.length;
    patternStopCount += p.stops.length;
  }
  const patterns = {
    count: patternCount,
    line: new Uint32Array(patternCount),
    direction: new Uint8Array(patternCount),
    stopStart: new Uint32Array(patternCount + 1),
    stops: new Uint32Array(patternStopCount),
    stopFlags: new Uint8Array(patternStopCount),
    tripStart: new Uint32Array(patternCount + 1),
  };
  const trips = {
    count: tripCount,
    pattern: new Uint32Array(tripCount),
    service: new Uint32Array(tripCount),
    gtfsId: new Uint32Array(tripCount),
    number: new Uint32Array(tripCount),
    headsign: new Uint32Array(tripCount),
    wheelchair: new Uint8Array(tripCount),
    block: new Uint32Array(tripCount),
    frequencyStart: new Int32Array(tripCount),
    stopTimeStart: new Uint32Array(tripCount),
    noteStart: new Uint32Array(tripCount + 1),
    noteRefs: new Uint32Array(0),
    sequenceStart: new Uint32Array(tripCount),
    sequences: new Uint16Array(0) as Uint16Array | Uint32Array,
  };
  const stopTimes = { count: stopTimeCount, arrival: new Int32Array(stopTimeCount), departure: new Int32Array(stopTimeCount) };
  /** The stop_sequence runs, each as long as its pattern; trips of a pattern with the same values share one. */
  const sequences: number[] = [];
  /** (feed, feed trip) -> the TripIdx it became (several for frequency copies). */
  const tripCopies: Array<Map<number, number[]>> = inputs.map(() => new Map());
  const lineTripCounter = new Uint32Array(lineCount);
  let tripCursor = 0;
  let stCursor = 0;
  let psCursor = 0;
  patternOrder.forEach((d, p) => {
    const pd = patternDrafts[d];
    patterns.line[p] = pd.line;
    patterns.direction[p] = pd.direction;
    patterns.stopStart[p] = psCursor;
    patterns.stops.set(pd.stops, psCursor);
    patterns.stopFlags.set(pd.flags, psCursor);
    psCursor += pd.stops.length;
    patterns.tripStart[p] = tripCursor;
    /** Starts of this pattern's stop_sequence runs: few (most patterns number every trip alike). */
    const runs: number[] = [];
    for (const td of pd.trips) {
      const feed = inputs[td.feed].feed;
      const row = feed.trips[td.trip];
      const t = tripCursor++;
      trips.pattern[t] = p;
      const service = serviceIds[td.feed].get(row.serviceId);
      if (service === undefined) throw new Error(`trip ${row.tripId} has unknown service ${row.serviceId}`); // the reader rejects this
      trips.service[t] = service;
      trips.gtfsId[t] = pool.intern(row.tripId);
      const counter = ++lineTripCounter[pd.line];
      const number = row.shortName ? (td.frequencyStart >= 0 ? `${row.shortName}-${td.copy + 1}` : row.shortName) : String(counter);
      trips.number[t] = pool.intern(number);
      trips.headsign[t] = pool.intern(row.headsign);
      trips.wheelchair[t] = row.wheelchairAccessible;
      trips.block[t] = pool.intern(row.blockId);
      trips.frequencyStart[t] = td.frequencyStart;
      trips.stopTimeStart[t] = stCursor;
      const st = feed.stopTimes;
      const from = st.tripStart[td.trip];
      for (let i = 0; i < pd.stops.length; i++) {
        stopTimes.arrival[stCursor + i] = st.arrival[from + i] + td.offset;
        stopTimes.departure[stCursor + i] = st.departure[from + i] + td.offset;
      }
      trips.sequenceStart[t] = sequenceRun(sequences, runs, st.sequence, from, pd.stops.length);
      stCursor += pd.stops.length;
      const copies = tripCopies[td.feed].get(td.trip);
      if (copies) copies.push(t);
      else tripCopies[td.feed].set(td.trip, [t]);
    }
  });
  patterns.stopStart[patternCount] = psCursor;
  patterns.tripStart[patternCount] = tripCursor;
  // The narrowest column that holds every value (most feeds number 1..n: 2 bytes a row).
  trips.sequences = sequences.some((v) => v > 0xffff) ? Uint32Array.from(sequences) : Uint16Array.from(sequences);
  return { patterns, trips, stopTimes, tripCopies };
}

/**
 * The start of the run in `sequences` holding the feed's stop_sequence values from[0 .. length): one of the pattern's
 * runs with the same values, else a new run appended (and added to `runs`).
 */
function sequenceRun(sequences: number[], runs: number[], values: Uint32Array, from: number, length: number): number {
  for (const start of runs) {
    let same = true;
    for (let i = 0; i < length && same; i++) same = sequences[start + i] === values[from + i];
    if (same) return start;
  }
  const start = sequences.length;
  for (let i = 0; i < length; i++) sequences.push(values[from + i]);
  runs.push(start);
  return start;
}

/** Trips by departure at the first stop, then feed, trip id and frequency copy: a total order. */
function tripOrder(inputs: readonly CompileInput[]): (a: TripDraft, b: TripDraft) => number {
  return (a, b) =>
    a.firstDeparture - b.firstDeparture ||
    a.feed - b.feed ||
    naturalCompare(inputs[a.feed].feed.trips[a.trip].tripId, inputs[b.feed].feed.trips[b.trip].tripId) ||
    a.copy - b.copy;
}

/**
 * Sorts a pattern's trips and splits them into groups where none overtakes another (a later
 * departure never arrives or leaves earlier at any stop). Each trip joins the first group whose
 * last trip it does not overtake; usually there is one group.
 */
function splitOvertaking(
  pd: PatternDraft,
  inputs: readonly CompileInput[],
  order: (a: TripDraft, b: TripDraft) => number,
): PatternDraft[] {
  pd.trips.sort(order);
  const groups: PatternDraft[] = [];
  const lastOf: TripDraft[] = [];
  for (const td of pd.trips) {
    let g = 0;
    while (g < groups.length && overtakes(td, lastOf[g], pd.stops.length, inputs)) g++;
    if (g === groups.length) groups.push({ ...pd, trips: [] });
    groups[g].trips.push(td);
    lastOf[g] = td;
  }
  return groups;
}

/** True when `later` (departing no earlier than `earlier`) is earlier than it at some stop. */
function overtakes(later: TripDraft, earlier: TripDraft, stopCount: number, inputs: readonly CompileInput[]): boolean {
  const a = inputs[later.feed].feed.stopTimes;
  const b = inputs[earlier.feed].feed.stopTimes;
  const ra = a.tripStart[later.trip];
  const rb = b.tripStart[earlier.trip];
  // hot: integer comparisons only
  for (let i = 0; i < stopCount; i++) {
    if (a.departure[ra + i] + later.offset < b.departure[rb + i] + earlier.offset) return true;
    if (a.arrival[ra + i] + later.offset < b.arrival[rb + i] + earlier.offset) return true;
  }
  return false;
}
