/**
 * How busy stops and line directions are, for ranking (docs/COMPATIBILITY.md S20: busier stops first):
 * the stop-time rows of the trips that run on a typical weekday, at index build.
 *
 * The typical weekday is the Monday-to-Friday date with the most trips in the network's calendar (the earliest on a
 * tie): on a network of several feeds with different validities it is a day when all of them run, and it does not
 * move with the clock, so rankings are repeatable. A stop's figure counts every row of those trips at it, the last
 * stop of a trip included (its vehicle is there just the same); a line direction's counts its trips.
 */
import { addDays, weekdayOf } from "../lib/service-date.js";
import type { Network, ServiceDate } from "../network/model.js";
import { serviceDayActive } from "../timetable/is-service-active.js";

export interface DayActivity {
  /** The weekday counted, 0 when the network has no trip at all. */
  date: ServiceDate;
  /** StopIdx -> stop-time rows that day */
  stopDepartures: Uint32Array;
  /** LineDirIdx -> trips that day */
  lineDirectionTrips: Uint32Array;
}

export function typicalDayActivity(net: Network): DayActivity {
  const { trips, services, patterns, stops, meta } = net;
  const tripsPerService = new Float64Array(services.count);
  for (let t = 0; t < trips.count; t++) tripsPerService[trips.service[t]]++;
  let bestDay = -1;
  let bestCount = 0;
  for (let day = 0; day < meta.dayCount; day++) {
    if (weekdayOf(addDays(meta.calendarStart, day)) > 4) continue;
    let count = 0;
    for (let s = 0; s < services.count; s++) if (serviceDayActive(net, s, day)) count += tripsPerService[s];
    if (count > bestCount) [bestDay, bestCount] = [day, count];
  }
  const patternTrips = new Uint32Array(patterns.count);
  if (bestDay >= 0) {
    const active = new Uint8Array(services.count);
    for (let s = 0; s < services.count; s++) active[s] = serviceDayActive(net, s, bestDay) ? 1 : 0;
    for (let t = 0; t < trips.count; t++) if (active[trips.service[t]]) patternTrips[trips.pattern[t]]++;
  }
  const stopDepartures = new Uint32Array(stops.count);
  for (let p = 0; p < patterns.count; p++) {
    if (patternTrips[p] === 0) continue;
    for (let r = patterns.stopStart[p]; r < patterns.stopStart[p + 1]; r++) stopDepartures[patterns.stops[r]] += patternTrips[p];
  }
  const lineDirectionTrips = new Uint32Array(net.lines.count * 2);
  for (let p = 0; p < patterns.count; p++) lineDirectionTrips[patterns.line[p] * 2 + patterns.direction[p]] += patternTrips[p];
  return { date: bestDay >= 0 ? addDays(meta.calendarStart, bestDay) : 0, stopDepartures, lineDirectionTrips };
}
