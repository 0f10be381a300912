/**
 * When a service day's last trip arrives: what the planner's "last" page, the last connections of the service day
 * (plan-pages.ts), searches back from.
 */
import { zonedTime, type EpochMs } from "../lib/zoned-time.js";
import { derivedIndex } from "../network/derived-index.js";
import type { Network, ServiceDate, ServiceSeconds } from "../network/model.js";
import { serviceDayActive, serviceDayIndex } from "../timetable/is-service-active.js";

/** Per network: service date -> the latest arrival of its trips (ServiceSeconds), -1 when none runs. Days are few. */
const dayEnds = derivedIndex("routing: service date -> latest arrival of its trips (ServiceSeconds; at most 64 dates)", () => new Map<ServiceDate, ServiceSeconds>());

/**
 * The instant the last trip running on `date` arrives at its last stop (after midnight for a night bus: GTFS
 * 25:30 is 01:30 of the next morning, DST included); undefined when no trip runs that day. One pass over the
 * trips (about 2 ms per 100,000), kept per network and date.
 */
export function serviceDayEndMs(network: Network, date: ServiceDate): EpochMs | undefined {
  const days = dayEnds(network);
  let last = days.get(date);
  if (last === undefined) {
    last = -1;
    const day = serviceDayIndex(network, date);
    const { trips, patterns, stopTimes } = network;
    if (day >= 0) {
      for (let t = 0; t < trips.count; t++) {
        if (!serviceDayActive(network, trips.service[t], day)) continue;
        const p = trips.pattern[t];
        const arrival = stopTimes.arrival[trips.stopTimeStart[t] + patterns.stopStart[p + 1] - patterns.stopStart[p] - 1];
        if (arrival > last) last = arrival;
      }
    }
    if (days.size > 64) days.clear();
    days.set(date, last);
  }
  return last < 0 ? undefined : zonedTime(network.meta.timezone).toEpochMs(date, last);
}
