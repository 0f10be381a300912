/**
 * Where a route plan starts or ends: a coordinate (E1's vertrekLatlng and bestemmingLatlng), or a stop (the
 * command line's `entity_stop` key or `gtfs:<stop_id>`), which starts or ends the journey at that very stop.
 */
import { BAD_PARAMETER } from "../errors.js";
import { stopsByGtfsId } from "../network/gtfs-id-lookup.js";
import { findStop } from "../network/lookup.js";
import type { Network, StopIdx } from "../network/model.js";

export type PlanPoint =
  /** WGS84 degrees. */
  | { kind: "place"; lat: number; lon: number }
  | { kind: "stop"; stop: StopIdx };

/** The coordinate of a point: a stop's own. */
export function pointPosition(network: Network, p: PlanPoint): { lat: number; lon: number } {
  return p.kind === "place" ? { lat: p.lat, lon: p.lon } : { lat: network.stops.lat[p.stop], lon: network.stops.lon[p.stop] };
}

const COORDINATE = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const STOP_KEY = /^(\d{1,9})_(\d{1,9})$/;

export const PLAN_POINT_HINT =
  "give <latitude>,<longitude> (e.g. 50.8798,4.7005), a stop key entiteitnummer_haltenummer (e.g. 3_307150) or gtfs:<stop_id>";

/**
 * A point written `lat,lon`, `entity_stop` or `gtfs:<stop_id>` (the command line's --from and --to). Throws
 * LW_BAD_PARAMETER naming `name` when the text is none of these, lies out of range or names no stop. A GTFS id that
 * names several stops (two feeds) takes the first in key order.
 */
export function parsePlanPoint(network: Network, text: string, name = "point"): PlanPoint {
  const c = COORDINATE.exec(text);
  if (c) {
    const lat = Number(c[1]);
    const lon = Number(c[2]);
    if (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
      throw BAD_PARAMETER(`${name} "${text}" lies out of range: latitude -90 to 90, longitude -180 to 180`);
    }
    return { kind: "place", lat, lon };
  }
  const k = STOP_KEY.exec(text.trim());
  if (k) {
    const stop = findStop(network, k[1], k[2]);
    if (stop === undefined) throw BAD_PARAMETER(`${name} "${text}": stop ${k[2]} of entity ${k[1]} does not exist`);
    return { kind: "stop", stop };
  }
  if (text.startsWith("gtfs:") && text.length > 5) {
    const stops = stopsByGtfsId(network, text.slice(5));
    if (stops.length === 0) throw BAD_PARAMETER(`${name} "${text}": no stop has the GTFS stop_id or stop_code ${text.slice(5)}`);
    return { kind: "stop", stop: stops[0] };
  }
  throw BAD_PARAMETER(`${name} "${text}" is no point: ${PLAN_POINT_HINT}`);
}
