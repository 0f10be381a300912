import type { Network, ServiceDate, TripIdx } from "../network/model.js";
import { networkLru } from "./network-lru.js";
import { tripTimetable } from "./trip-timetable.js";
import type { TripTimetable } from "./types.js";

/**
 * Passages kept per network by the default cache: about 29 MB at the 578 bytes a passage measured for stop days
 * (stop-day-cache.ts). A line direction's real-time answer (E20) builds the trips of its two and a half hours
 * around now, 47 trips and 471 passages for the MTA snapshot's busiest line direction at 08:00, so this holds the
 * current trips of a hundred such line directions; those trips leave the window within hours, and a miss costs one
 * trip's build (about 0.3 µs a passage).
 */
export const TRIP_DAY_CACHE_PASSAGES = 50_000;

/** Trip timetables as tripTimetable gives them, shared between requests. */
export interface TripDayCache {
  /**
   * The same as tripTimetable(network, trip, serviceDate); the object, its array and its Passage objects are shared
   * with every other caller: read them, never change them. Performance contract: a Map lookup when the trip is
   * kept, else tripTimetable once.
   */
  timetable(network: Network, trip: TripIdx, serviceDate: ServiceDate): TripTimetable;
  /** What is kept for a network: trips and their passages (for tests and monitoring). */
  size(network: Network): { trips: number; passages: number };
}

/**
 * A cache of trip timetables (networkLru): per network, least recently used out first, at most `maxPassages`
 * passages per network. Like a stop's day, a trip's scheduled passages do not depend on the real-time state.
 */
export function createTripDayCache(maxPassages: number = TRIP_DAY_CACHE_PASSAGES): TripDayCache {
  const lru = networkLru<TripTimetable>("trip days: a trip's timetable per date (LRU by passages)", maxPassages, (t) => t.passages.length);
  return {
    // ServiceDate (yyyymmdd) * trip count + trip: exact below 2^53 for up to 90 million trips.
    timetable: (network, trip, serviceDate) =>
      lru.get(network, serviceDate * network.trips.count + trip, () => tripTimetable(network, trip, serviceDate)),
    size(network) {
      const { entries, weight } = lru.size(network);
      return { trips: entries, passages: weight };
    },
  };
}

/** The process's cache of trip timetables, used by the real-time queries (upcomingTrips). */
export const tripDayCache: TripDayCache = createTripDayCache();
