import { recentIndexByKey } from "../network/derived-index.js";
import type { Network, ServiceDate } from "../network/model.js";
import { serviceDayIndex } from "../timetable/is-service-active.js";

/** The trips of each pattern that run on one service date, in the pattern's order (by departure, never overtaking). */
export interface DayTrips {
  /** PatternIdx -> first row in `trips`; length patterns.count + 1 */
  readonly start: Uint32Array;
  /** row -> TripIdx running that date */
  readonly trips: Uint32Array;
  /** row -> its departure from the pattern's first stop (ServiceSeconds): what trip searches bisect (pattern-lags.ts) */
  readonly departures: Int32Array;
  /**
   * row -> its trip's first row in stopTimes (trips.stopTimeStart of the row's trip): one read fewer for each time a
   * search reads (network-view.ts; on the MTA 65,000 rows a weekday, 260 kB).
   */
  readonly stopTimeStart: Uint32Array;
  /**
   * PatternIdx -> the arrival of its first running trip at its first stop, and the departure of its last running
   * trip at its last stop (ServiceSeconds; 0 and -1 when none runs): no trip of the date reaches or leaves any stop
   * of the pattern before the one or after the other (times never decrease along a trip, trips never overtake).
   * Small arrays that stay in cache, so that a search rejects most dates without reading the timetable (on the MTA a
   * search looked at yesterday's after-midnight trips a few hundred thousand times).
   */
  readonly earliest: Int32Array;
  readonly latest: Int32Array;
}

/** Service dates kept per network: a query reaches two or three, a busy server a few days around today. */
const DATES_KEPT = 8;

/**
 * A pattern's trips that run on a date, once per network and date (the last DATES_KEPT dates asked for are kept).
 *
 * Why: a pattern holds the trips of every service (weekdays, weekends, each timetable period of the feed), sorted
 * together; on the MTA a search looking for the first trip after a time stepped over 13 trips that do not run for
 * each one that does. Indices only: the timetable itself is not copied (on the MTA a weekday's 65,000 of 302,000
 * trips: 260 kB, built in about 2 ms).
 */
export const dayTrips = recentIndexByKey("routing: service date -> each pattern's trips running that date (last 8 dates asked)", DATES_KEPT, buildDayTrips);

function buildDayTrips(network: Network, date: ServiceDate): DayTrips {
  const { patterns, trips, services, meta, stopTimes } = network;
  const day = serviceDayIndex(network, date);
  const start = new Uint32Array(patterns.count + 1);
  const earliest = new Int32Array(patterns.count);
  const latest = new Int32Array(patterns.count).fill(-1);
  const kept: number[] = [];
  if (day >= 0) {
    const word = day >> 5;
    const bit = day & 31;
    for (let p = 0; p < patterns.count; p++) {
      start[p] = kept.length;
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
        if ((services.days[trips.service[t] * meta.wordsPerService + word] >>> bit) & 1) kept.push(t);
      }
      if (kept.length > start[p]) {
        const last = patterns.stopStart[p + 1] - patterns.stopStart[p] - 1;
        earliest[p] = stopTimes.arrival[trips.stopTimeStart[kept[start[p]]]];
        latest[p] = stopTimes.departure[trips.stopTimeStart[kept[kept.length - 1]] + last];
      }
    }
  }
  start[patterns.count] = kept.length;
  const departures = Int32Array.from(kept, (t) => stopTimes.departure[trips.stopTimeStart[t]]);
  const stopTimeStart = Uint32Array.from(kept, (t) => trips.stopTimeStart[t]);
  return { start, trips: Uint32Array.from(kept), departures, stopTimeStart, earliest, latest };
}
