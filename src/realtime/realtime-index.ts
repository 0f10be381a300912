/**
 * The GTFS id lookups a GTFS-Realtime feed is matched with: trip_id -> trips, stop_id -> stops.
 *
 * Built on first use per Network (derived-index.ts: a swapped-out network takes them with it), so a state
 * rebuilt every poll pays one Map.get per id. Ids are kept as the network holds them: a trip_id names several
 * trips when frequencies.txt was expanded into copies (or two feeds share it), a stop_id several stops when two
 * feeds share it. One id naming one index (the usual case) is stored as the number itself: no array per id.
 */
import { derivedIndex } from "../network/derived-index.js";
import type { Network, StopIdx, TripIdx } from "../network/model.js";

export interface RealtimeIndex {
  /** trip_id -> TripIdx, or its TripIdx list (frequency copies in departure order). */
  readonly tripsById: ReadonlyMap<string, TripIdx | TripIdx[]>;
  /** stop_id -> StopIdx, or its StopIdx list. */
  readonly stopsById: ReadonlyMap<string, StopIdx | StopIdx[]>;
}

export const realtimeIndex = derivedIndex("GTFS-RT matching: trip_id -> trips, stop_id -> stops", (network: Network): RealtimeIndex => {
  const { trips, stops, strings } = network;
  const tripsById = new Map<string, TripIdx | TripIdx[]>();
  for (let t = 0; t < trips.count; t++) add(tripsById, strings.get(trips.gtfsId[t]), t);
  const stopsById = new Map<string, StopIdx | StopIdx[]>();
  for (let s = 0; s < stops.count; s++) add(stopsById, strings.get(stops.gtfsId[s]), s);
  return { tripsById, stopsById };
});

function add(map: Map<string, number | number[]>, id: string, i: number): void {
  const v = map.get(id);
  if (v === undefined) map.set(id, i);
  else if (typeof v === "number") map.set(id, [v, i]);
  else v.push(i);
}

/** Whether `stop` is one of the stops an index entry names. */
export function namesStop(entry: StopIdx | StopIdx[], stop: StopIdx): boolean {
  return typeof entry === "number" ? entry === stop : entry.includes(stop);
}
