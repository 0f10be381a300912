/**
 * One-to-all earliest arrival over a TransitView: every stop reachable from a set of origins within a time limit,
 * for each departure minute of a window, the reachability analysts ask ("how far do I get in 30 minutes"). The
 * search is E1's RAPTOR without a target (raptor.ts oneToAll; Delling, Pajor, Werneck 2012, section 3, "range
 * RAPTOR" for the window), so a stop is reached by the rules a route plan follows: transfers.txt at stop, route and
 * trip level, change times, staying on board, chained footpaths, skipped stops in real time.
 *
 * The window: one start per departure minute, latest first, each keeping the labels of the later ones (a journey
 * leaving later is one a passenger leaving earlier can still make, by waiting), so a start only follows what it
 * improves. Conveyal's analysis runs the same way (docs.conveyal.com, "Travel time percentiles"). After each start
 * the table records, per stop reached, its arrival and the rides of that arrival.
 */
import type { StopIdx } from "../network/model.js";
import * as constants from "./constants.js";
import { oneToAll } from "./raptor.js";
import type { StopAccess } from "./raptor-types.js";
import type { QuerySeconds, TransitView } from "./transit-view.js";

const { MAX_TRANSFERS, UNREACHED } = constants;

/** What a reach search is asked: its origins, the first departure, how many departure minutes, the limit. */
export interface ReachQuery {
  /** The walks from the start to the stops near it (walk-access.ts stopAccesses). */
  origins: readonly StopAccess[];
  /** The first departure from the start, on the view's clock. */
  start: QuerySeconds;
  /** Departure minutes: start, start + 60, ... start + 60 x (minutes - 1). 1 for a single departure. */
  minutes: number;
  /** Seconds from the departure within which a stop counts as reached. */
  limitSeconds: number;
  /** Vehicles boarded minus one, at most; default MAX_TRANSFERS. */
  maxTransfers?: number;
}

/**
 * Per departure minute, the stops reached within the limit: `stops` lists every stop reached at some minute, and
 * for stop i of that list and minute m (0 = the first departure), `arrival[i * minutes + m]` is its earliest arrival
 * on the view's clock (UNREACHED when not within the limit) and `rides[...]` the fewest rides that make it (0: on
 * foot from the start).
 */
export interface ReachTable {
  minutes: number;
  stops: StopIdx[];
  arrival: Int32Array;
  rides: Uint8Array;
}

/** The earliest arrival at every stop within the limit, for each departure minute of the query. */
export function reachTable(view: TransitView, query: ReachQuery): ReachTable {
  const minutes = Math.max(1, Math.floor(query.minutes));
  const n = view.stopCount;
  // StopIdx -> its row in the table, -1 until the stop is first reached; rows appended as stops are reached.
  const slot = new Int32Array(n).fill(-1);
  const stops: StopIdx[] = [];
  let arrival = new Int32Array(Math.max(64, query.origins.length) * minutes).fill(UNREACHED);
  let rides = new Uint8Array(arrival.length);
  const starts: number[] = [];
  for (let m = minutes - 1; m >= 0; m--) starts.push(query.start + 60 * m);
  oneToAll(view, {
    origins: query.origins,
    starts,
    limitSeconds: query.limitSeconds,
    // The table keeps rides in a byte.
    maxTransfers: Math.max(0, Math.min(query.maxTransfers ?? MAX_TRANSFERS, 254)),
    record(start, labels) {
      const m = (start - query.start) / 60;
      const bound = start + query.limitSeconds;
      const best = labels.arrivals();
      for (let stop = 0; stop < n; stop++) {
        const t = best[stop];
        if (t > bound) continue;
        let row = slot[stop];
        if (row < 0) {
          row = slot[stop] = stops.length;
          stops.push(stop);
          if (stops.length * minutes > arrival.length) {
            const a = new Int32Array(arrival.length * 2).fill(UNREACHED);
            a.set(arrival);
            const r = new Uint8Array(a.length);
            r.set(rides);
            arrival = a;
            rides = r;
          }
        }
        arrival[row * minutes + m] = t;
        rides[row * minutes + m] = labels.rides(stop);
      }
    },
  });
  return { minutes, stops, arrival: arrival.subarray(0, stops.length * minutes), rides: rides.subarray(0, stops.length * minutes) };
}
