import KDBush from "kdbush";
import type { FootpathLinks } from "./footpath-links.js";

/**
 * Walking between nearby stops, for transfers in route planning.
 * Straight-line distance times a detour factor, walked at a steady pace. 400 m straight is
 * about 7 minutes on foot: further than that a planner should route over the street network.
 */
export const FOOTPATH_PARAMETERS = {
  /** Straight-line radius searched around each stop: the default of `lijnwijzer import --walk-radius`. */
  maxMeters: 400,
  /** Streets are not straight: 1.3 is a common urban value (ratio of network to straight-line distance). */
  detourFactor: 1.3,
  /** 4.5 km/h. */
  walkMetersPerSecond: 1.25,
} as const;

/** The largest --walk-radius: beyond 2 km a stop has hundreds of footpaths, and nobody walks that without a map. */
export const MAX_WALK_RADIUS_METERS = 2000;

export interface Footpaths {
  /** StopIdx -> first row; length stopCount + 1 */
  start: Uint32Array;
  /**
   * row -> StopIdx reachable on foot, ascending per stop; the stop itself only for a transfers.txt minimum time of
   * changing there (a row from the stop, or its station, to itself), which route planning reads as such, not as a walk
   */
  to: Uint32Array;
  /** row -> walking time (seconds) */
  seconds: Uint16Array;
}

const METERS_PER_DEGREE_LAT = 111_320;
/** An override of transfers.txt: the pair is not walkable (transfer_type 3). */
const FORBIDDEN = -1;
/** An override of transfers.txt: the pair is linked at its walking time (a row without min_transfer_time). */
const WALKED = -2;

/**
 * Builds the footpaths between stops: every pair within `maxMeters` of each other (0: none), the platforms of one
 * parent station whatever their distance, and the pairs transfers.txt links; then applies transfers.txt per
 * direction, a later row over an earlier one: a min_transfer_time (types 0-2) is the time of that pair, type 3 (not
 * possible) removes it, also within a station, and types 4 and 5 (in-seat, trip to trip) change no footpath. A row from
 * a stop (or a station, for each of its platforms) to itself with a min_transfer_time links the stop to itself with
 * that time: the time to change there (New York: `101,101,2,180` at each platform of Van Cortlandt Park); without a
 * time, or of type 3, it gives nothing.
 */
export function buildFootpaths(
  lat: Float64Array,
  lon: Float64Array,
  links: FootpathLinks,
  maxMeters: number = FOOTPATH_PARAMETERS.maxMeters,
): Footpaths {
  const n = lat.length;
  let meanLat = 0;
  for (let i = 0; i < n; i++) meanLat += lat[i];
  meanLat = n ? meanLat / n : 0;
  const kx = METERS_PER_DEGREE_LAT * Math.cos((meanLat * Math.PI) / 180);
  const { detourFactor, walkMetersPerSecond } = FOOTPATH_PARAMETERS;
  const walkSeconds = (a: number, b: number) => {
    const dx = (lon[b] - lon[a]) * kx;
    const dy = (lat[b] - lat[a]) * METERS_PER_DEGREE_LAT;
    return Math.ceil((Math.sqrt(dx * dx + dy * dy) * detourFactor) / walkMetersPerSecond);
  };

  let index: KDBush | undefined;
  if (maxMeters > 0 && n > 0) {
    index = new KDBush(n);
    for (let i = 0; i < n; i++) index.add(lon[i] * kx, lat[i] * METERS_PER_DEGREE_LAT);
    index.finish();
  }

  // Platforms per station (CSR over the station numbers of links.station).
  let stationCount = 0;
  for (let s = 0; s < n; s++) stationCount = Math.max(stationCount, links.station[s] + 1);
  const memberStart = new Uint32Array(stationCount + 1);
  for (let s = 0; s < n; s++) if (links.station[s] >= 0) memberStart[links.station[s] + 1]++;
  for (let g = 0; g < stationCount; g++) memberStart[g + 1] += memberStart[g];
  const members = new Uint32Array(memberStart[stationCount]);
  {
    const fill = memberStart.slice(0, stationCount);
    for (let s = 0; s < n; s++) if (links.station[s] >= 0) members[fill[links.station[s]]++] = s;
  }

  const overrides = new Map<number, Map<number, number>>();
  for (const t of links.transfers) {
    const type = t.row.transferType;
    if (type > 3 || (t.from === t.to && (type === 3 || t.row.minTransferTime === undefined))) continue;
    let m = overrides.get(t.from);
    if (!m) overrides.set(t.from, (m = new Map()));
    m.set(t.to, type === 3 ? FORBIDDEN : (t.row.minTransferTime ?? WALKED));
  }

  const start = new Uint32Array(n + 1);
  const to: number[] = [];
  const seconds: number[] = [];
  const reach = new Map<number, number>();
  for (let s = 0; s < n; s++) {
    start[s] = to.length;
    reach.clear();
    if (index) {
      for (const o of index.within(lon[s] * kx, lat[s] * METERS_PER_DEGREE_LAT, maxMeters)) reach.set(o, walkSeconds(s, o));
    }
    const g = links.station[s];
    if (g >= 0) for (let i = memberStart[g]; i < memberStart[g + 1]; i++) reach.set(members[i], walkSeconds(s, members[i]));
    const over = overrides.get(s);
    if (over) {
      for (const [o, secs] of over) {
        if (secs === FORBIDDEN) reach.delete(o);
        else reach.set(o, secs === WALKED ? walkSeconds(s, o) : secs);
      }
    }
    reach.delete(s);
    const self = over?.get(s);
    if (self !== undefined && self >= 0) reach.set(s, self);
    for (const o of [...reach.keys()].sort((a, b) => a - b)) {
      to.push(o);
      seconds.push(Math.min(reach.get(o)!, 0xffff));
    }
  }
  start[n] = to.length;
  return { start, to: Uint32Array.from(to), seconds: Uint16Array.from(seconds) };
}
