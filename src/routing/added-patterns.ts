/**
 * The ADDED trips of a real-time overlay (GTFS-RT ADDED, or NEW: src/realtime/added-trip.ts) as patterns RAPTOR can
 * board: each added trip a pattern of its own, numbered after the network's (the network's patternCount + k), its
 * stops as the feed lists them. The network's pattern and stop columns are extended by these rows, so a search reads
 * one set of arrays: stop -> patterns (the network's rows first, then the added ones), pattern -> stops, the lower
 * bounds' hops (the feed's seconds between two stops). Built once per overlay and network (a WeakMap: a poll's new
 * state gets its own); an overlay without added trips gets none, and the view keeps the network's own arrays.
 *
 * An added trip is left out when it is cancelled or has fewer than two stops with a time. Its times are the feed's
 * (absolute instants), a stop without one (NaN) or SKIPPED is neither boarded nor left.
 */
import type { Network, StopIdx } from "../network/model.js";
import type { AddedTrip, RealtimeOverlay } from "../timetable/realtime-overlay.js";

export interface AddedPatterns {
  /** k -> the added trip of pattern network.patterns.count + k. */
  trips: readonly AddedTrip[];
  /** The network's columns with the added patterns' rows after its own (TransitView's meaning). */
  patternStopStart: Uint32Array;
  patternStops: Uint32Array;
  stopPatternStart: Uint32Array;
  stopPatterns: Uint32Array;
  stopPatternPositions: Uint16Array;
  /** The network's hops (pattern-lags.ts), then each added row's: the feed's seconds to the next stop, 0 where unknown. */
  hopSeconds: Int32Array;
  /** Per (network row flags): the flags extended by the added rows (may board / alight: every stop of an added trip). */
  extendedFlags: WeakMap<Uint8Array, Uint8Array>;
}

const cache = new WeakMap<RealtimeOverlay, WeakMap<Network, AddedPatterns | null>>();

/** The overlay's added trips as patterns; undefined when it has none to board. */
export function addedPatterns(network: Network, overlay: RealtimeOverlay, hop: Int32Array): AddedPatterns | undefined {
  let byNetwork = cache.get(overlay);
  if (!byNetwork) cache.set(overlay, (byNetwork = new WeakMap()));
  let found = byNetwork.get(network);
  if (found === undefined) byNetwork.set(network, (found = build(network, overlay, hop) ?? null));
  return found ?? undefined;
}

/** The instant a passenger may leave an added trip at `position` (epoch ms; NaN where the feed gives none). */
export function addedArrivalMs(trip: AddedTrip, position: number): number {
  const a = trip.arrivalMs?.[position];
  return a === undefined || Number.isNaN(a) ? trip.passageMs[position] : a;
}

function build(network: Network, overlay: RealtimeOverlay, hop: Int32Array): AddedPatterns | undefined {
  const trips = (overlay.addedTrips?.() ?? []).filter((a) => !a.cancelled && timedStops(a) >= 2);
  if (trips.length === 0) return undefined;
  const { patterns, stops } = network;
  const rows0 = patterns.stops.length;
  let rows = rows0;
  for (const a of trips) rows += a.stops.length;
  const patternCount = patterns.count + trips.length;
  const patternStopStart = new Uint32Array(patternCount + 1);
  patternStopStart.set(patterns.stopStart);
  const patternStops = new Uint32Array(rows);
  patternStops.set(patterns.stops);
  const hopSeconds = new Int32Array(rows);
  hopSeconds.set(hop);
  // Stop -> the added rows that visit it, to append to the network's rows of each stop.
  const extra = new Uint32Array(stops.count + 1);
  let row = rows0;
  trips.forEach((a, k) => {
    const p = patterns.count + k;
    patternStopStart[p] = row;
    for (let i = 0; i < a.stops.length; i++, row++) {
      patternStops[row] = a.stops[i];
      extra[a.stops[i] + 1]++;
      const next = i + 1 < a.stops.length ? addedArrivalMs(a, i + 1) - a.passageMs[i] : 0;
      hopSeconds[row] = Number.isFinite(next) && next > 0 ? Math.floor(next / 1000) : 0;
    }
    patternStopStart[p + 1] = row;
  });
  const base = stops.patternStart;
  const stopPatternStart = new Uint32Array(stops.count + 1);
  for (let s = 0; s < stops.count; s++) {
    extra[s + 1] += extra[s];
    stopPatternStart[s + 1] = base[s + 1] + extra[s + 1];
  }
  const refs = stopPatternStart[stops.count];
  const stopPatterns = new Uint32Array(refs);
  const stopPatternPositions = new Uint16Array(refs);
  const fill = new Uint32Array(stops.count);
  for (let s = 0; s < stops.count; s++) {
    const at = stopPatternStart[s];
    const own = base[s + 1] - base[s];
    stopPatterns.set(stops.patternRefs.subarray(base[s], base[s + 1]), at);
    stopPatternPositions.set(stops.patternPositions.subarray(base[s], base[s + 1]), at);
    fill[s] = at + own;
  }
  trips.forEach((a, k) => {
    a.stops.forEach((s: StopIdx, i) => {
      const at = fill[s]++;
      stopPatterns[at] = patterns.count + k;
      stopPatternPositions[at] = i;
    });
  });
  return { trips, patternStopStart, patternStops, stopPatternStart, stopPatterns, stopPatternPositions, hopSeconds, extendedFlags: new WeakMap() };
}

function timedStops(a: AddedTrip): number {
  let n = 0;
  for (let i = 0; i < a.stops.length; i++) if (!a.skipped[i] && !Number.isNaN(a.passageMs[i])) n++;
  return n;
}
