import { zonedTime } from "../lib/zoned-time.js";
import type { Network, ServiceDate, TripIdx } from "../network/model.js";
import { passageMaker } from "./make-passage.js";
import type { TripTimetable } from "./types.js";

/**
 * One trip on one service date, every stop of its pattern in order: departures, and the
 * arrival at the last stop. The times are those a stop timetable shows for the same trip.
 */
export function tripTimetable(network: Network, trip: TripIdx, serviceDate: ServiceDate): TripTimetable {
  const { trips, patterns, stopTimes } = network;
  const zone = zonedTime(network.meta.timezone);
  const baseMs = zone.serviceDayStartMs(serviceDate);
  const p = trips.pattern[trip];
  const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
  const row0 = trips.stopTimeStart[trip];
  const make = passageMaker(network);
  const passages = new Array(length);
  for (let pos = 0; pos < length; pos++) {
    const sec = pos === length - 1 ? stopTimes.arrival[row0 + pos] : stopTimes.departure[row0 + pos];
    const e = baseMs + sec * 1000;
    passages[pos] = make(serviceDate, trip, pos, sec, e, zone.formatLocal(e));
  }
  const first = passages[0];
  return {
    trip,
    serviceDate,
    lineDirection: first.lineDirection,
    tripNumber: first.tripNumber,
    destination: first.destination,
    placeDestination: first.placeDestination,
    passages,
  };
}
