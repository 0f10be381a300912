/**
 * GTFS id -> API key lookups: a user finds the stop or line of their own feed by the ids they know.
 *
 * Built on first use per Network (derived-index.ts, like lookup.ts), apart from the key lookups so that a server
 * nobody asks by GTFS id never pays for them. An id may name several stops (two feeds, or a stop_id equal to
 * another stop's stop_code), so the answers are lists.
 */
import { derivedIndex } from "./derived-index.js";
import type { LineIdx, Network, StopIdx } from "./model.js";

interface GtfsIdLookup {
  /** stop_id -> stops, in key order */
  readonly stopsById: ReadonlyMap<string, StopIdx[]>;
  /** stop_code -> stops, in key order */
  readonly stopsByCode: ReadonlyMap<string, StopIdx[]>;
  /** route_id -> lines, in key order (a line holding several routes answers to its first) */
  readonly linesByRouteId: ReadonlyMap<string, LineIdx[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const gtfsIdLookup = derivedIndex("GTFS stop_id, stop_code and route_id -> stops and lines", (net: Network): GtfsIdLookup => {
  const { stops, lines, strings } = net;
  const stopsById = new Map<string, StopIdx[]>();
  const stopsByCode = new Map<string, StopIdx[]>();
  for (let s = 0; s < stops.count; s++) {
    push(stopsById, strings.get(stops.gtfsId[s]), s);
    const code = strings.get(stops.code[s]);
    if (code !== "") push(stopsByCode, code, s);
  }
  const linesByRouteId = new Map<string, LineIdx[]>();
  for (let i = 0; i < lines.count; i++) push(linesByRouteId, strings.get(lines.gtfsId[i]), i);
  return { stopsById, stopsByCode, linesByRouteId };
});

/** The stops whose GTFS stop_id is `id`, then those whose stop_code is `id` (ids and codes are case-sensitive). */
export function stopsByGtfsId(net: Network, id: string): StopIdx[] {
  const { stopsById, stopsByCode } = gtfsIdLookup(net);
  const found = [...(stopsById.get(id) ?? [])];
  for (const s of stopsByCode.get(id) ?? []) if (!found.includes(s)) found.push(s);
  return found;
}

/** The lines whose GTFS route_id is `id`. */
export function linesByGtfsRouteId(net: Network, id: string): LineIdx[] {
  return gtfsIdLookup(net).linesByRouteId.get(id) ?? [];
}
