import KDBush from "kdbush";
import { NO_CHANGE_SECONDS } from "./constants.js";
import type { FootpathLinks } from "./footpath-links.js";

/**
 * Walking between nearby stops, for transfers in route planning (docs/DATASET_EXTENSIONS.md "Footpaths").
 * Straight-line distance times a detour factor, walked at a steady pace. 400 m straight is
 * about 7 minutes on foot: further than that a planner should route over the street network.
 * These direct footpaths are then chained (chain-footpaths.ts) up to a walking budget.
 */
export const FOOTPATH_PARAMETERS = {
  /** Straight-line radius searched around each stop: the default of `lijnwijzer import --walk-radius`. */
  maxMeters: 400,
  /** Streets are not straight: 1.3 is a common urban value (ratio of network to straight-line distance). */
  detourFactor: 1.3,
  /** 4.5 km/h: the default of `lijnwijzer import --walk-speed` (km/h there). */
  walkMetersPerSecond: 1.25,
  /**
   * The longest chain of direct footpaths kept as one footpath (seconds): the default of `lijnwijzer import
   * --walk-budget` (minutes there). 15 minutes is about 870 m straight at the defaults, a walk people take to change
   * lines in a city; 0 keeps the direct footpaths only.
   */
  budgetSeconds: 900,
} as const;

/** The largest --walk-radius: beyond 2 km a stop has hundreds of footpaths, and nobody walks that without a map. */
export const MAX_WALK_RADIUS_METERS = 2000;

/** The largest --walk-budget (seconds): 30 minutes on foot is a trip of its own, not a change of lines. */
export const MAX_WALK_BUDGET_SECONDS = 1800;

/** The slowest and fastest --walk-speed (km/h): a slow stroll to a brisk walk. */
export const WALK_SPEED_KMH_RANGE = [2, 7] as const;

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

/** The direct footpaths (buildFootpaths), with what chaining them must respect (chain-footpaths.ts). */
export interface DirectFootpaths extends Footpaths {
  /** row -> 1 when its time is a transfers.txt min_transfer_time, which a shorter chain never replaces; else 0 */
  fixed: Uint8Array;
  /** from StopIdx -> the StopIdx transfers.txt forbids walking to (transfer_type 3), which no chain may link */
  forbidden: Map<number, Set<number>>;
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
 * that time: the time to change there (New York: `101,101,2,180` at each platform of Van Cortlandt Park); of type 3
 * with NO_CHANGE_SECONDS (constants.ts): no change of vehicle there at all, though walking on to another stop stays
 * possible unless a row forbids that too (gtfs.org/schedule/reference/#transferstxt, transfer_type 3: "Transfers are
 * not possible between routes at the location"); without a time, a type 0-2 row to itself gives nothing.
 */
export function buildFootpaths(
  lat: Float64Array,
  lon: Float64Array,
  links: FootpathLinks,
  maxMeters: number = FOOTPATH_PARAMETERS.maxMeters,
  walkMetersPerSecond: number = FOOTPATH_PARAMETERS.walkMetersPerSecond,
): DirectFootpaths {
  const n = lat.length;
  let meanLat = 0;
  for (let i = 0; i < n; i++) meanLat += lat[i];
  meanLat = n ? meanLat / n : 0;
  const kx = METERS_PER_DEGREE_LAT * Math.cos((meanLat * Math.PI) / 180);
  const { detourFactor } = FOOTPATH_PARAMETERS;
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
    if (type > 3 || (t.from === t.to && type !== 3 && t.row.minTransferTime === undefined)) continue;
    let m = overrides.get(t.from);
    if (!m) overrides.set(t.from, (m = new Map()));
    if (t.from === t.to) m.set(t.to, type === 3 ? NO_CHANGE_SECONDS : t.row.minTransferTime!);
    else m.set(t.to, type === 3 ? FORBIDDEN : (t.row.minTransferTime ?? WALKED));
  }
  const forbidden = new Map<number, Set<number>>();
  for (const [from, m] of overrides) {
    for (const [o, secs] of m) {
      if (secs !== FORBIDDEN || o === from) continue;
      let set = forbidden.get(from);
      if (!set) forbidden.set(from, (set = new Set()));
      set.add(o);
    }
  }

  const start = new Uint32Array(n + 1);
  const to: number[] = [];
  const seconds: number[] = [];
  const fixed: number[] = [];
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
      const secs = over?.get(o);
      fixed.push(secs !== undefined && secs >= 0 ? 1 : 0);
    }
  }
  start[n] = to.length;
  return { start, to: Uint32Array.from(to), seconds: Uint16Array.from(seconds), fixed: Uint8Array.from(fixed), forbidden };
}
