import KDBush from "kdbush";
import type { TransferRow } from "../gtfs/types.js";

/**
 * Walking between nearby stops, for transfers in route planning.
 * Straight-line distance times a detour factor, walked at a steady pace. 400 m straight is
 * about 6 minutes on foot: further than that a planner should route over the street network.
 */
export const FOOTPATH_PARAMETERS = {
  /** Straight-line radius searched around each stop. */
  maxMeters: 400,
  /** Streets are not straight: 1.3 is a common urban value (ratio of network to straight-line distance). */
  detourFactor: 1.3,
  /** 4.5 km/h. */
  walkMetersPerSecond: 1.25,
} as const;

export interface Footpaths {
  /** StopIdx -> first row; length stopCount + 1 */
  start: Uint32Array;
  to: Uint32Array;
  seconds: Uint16Array;
}

const METERS_PER_DEGREE_LAT = 111_320;

/**
 * Builds footpaths between stops within walking distance, then applies GTFS transfers.txt:
 * a min_transfer_time (type 2) sets the time of that pair (adding it when beyond the radius),
 * type 3 (not possible) removes the pair. `transfers` carry network StopIdx pairs.
 */
export function buildFootpaths(
  lat: Float64Array,
  lon: Float64Array,
  transfers: ReadonlyArray<{ from: number; to: number; row: TransferRow }>,
): Footpaths {
  const n = lat.length;
  let meanLat = 0;
  for (let i = 0; i < n; i++) meanLat += lat[i];
  meanLat = n ? meanLat / n : 0;
  const kx = METERS_PER_DEGREE_LAT * Math.cos((meanLat * Math.PI) / 180);
  const index = new KDBush(Math.max(n, 1));
  for (let i = 0; i < n; i++) index.add(lon[i] * kx, lat[i] * METERS_PER_DEGREE_LAT);
  if (n === 0) index.add(0, 0);
  index.finish();

  const overrides = new Map<number, Map<number, number>>();
  for (const t of transfers) {
    if (t.from === t.to) continue;
    let m = overrides.get(t.from);
    if (!m) overrides.set(t.from, (m = new Map()));
    if (t.row.transferType === 3) m.set(t.to, -1);
    else if (t.row.minTransferTime !== undefined) m.set(t.to, t.row.minTransferTime);
  }

  const start = new Uint32Array(n + 1);
  const to: number[] = [];
  const seconds: number[] = [];
  const { maxMeters, detourFactor, walkMetersPerSecond } = FOOTPATH_PARAMETERS;
  for (let s = 0; s < n; s++) {
    start[s] = to.length;
    const x = lon[s] * kx;
    const y = lat[s] * METERS_PER_DEGREE_LAT;
    const near = index.within(x, y, maxMeters).sort((a, b) => a - b);
    const over = overrides.get(s);
    for (const o of near) {
      if (o === s) continue;
      const forced = over?.get(o);
      if (forced === -1) continue;
      const dx = lon[o] * kx - x;
      const dy = lat[o] * METERS_PER_DEGREE_LAT - y;
      const walk = Math.ceil((Math.sqrt(dx * dx + dy * dy) * detourFactor) / walkMetersPerSecond);
      to.push(o);
      seconds.push(Math.min(forced ?? walk, 0xffff));
    }
    if (over) {
      for (const [o, secs] of over) {
        if (secs >= 0 && !near.includes(o)) {
          to.push(o);
          seconds.push(Math.min(secs, 0xffff));
        }
      }
    }
  }
  start[n] = to.length;
  return { start, to: Uint32Array.from(to), seconds: Uint16Array.from(seconds) };
}
