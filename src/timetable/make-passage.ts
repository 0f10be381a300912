import { formatServiceDate } from "../lib/service-date.js";
import type { EpochMs, ZonedTime } from "../lib/zoned-time.js";
import { NONE32 } from "../network/constants.js";
import type { Network, PatternIdx, ServiceDate, ServiceSeconds, StopIdx, TripIdx } from "../network/model.js";
import { passageId } from "./passage-id.js";
import type { AddedTrip } from "./realtime-overlay.js";
import type { Direction, Passage } from "./types.js";

export const DIRECTIONS: readonly Direction[] = ["HEEN", "TERUG"];

/** Builds one Passage; the caller has chosen the time (departure, or arrival at the last stop) and converted it. */
export type PassageMaker = (
  serviceDate: ServiceDate,
  trip: TripIdx,
  position: number,
  seconds: ServiceSeconds,
  epochMs: EpochMs,
  time: string,
) => Passage;

interface PatternFacts {
  first: number;
  lastRow: number;
  lastStop: StopIdx;
  lineDirection: number;
  entity: string;
  lineNumber: string;
  direction: Direction;
  lastStopName: string;
  lastStopLongName: string;
}

/**
 * A PassageMaker for one query. What is the same for every passage of a pattern or a service
 * date is resolved once (a busy stop's day is hundreds of passages of a few dozen patterns).
 */
export function passageMaker(network: Network): PassageMaker {
  const { trips, patterns, lines, stops, strings, meta } = network;
  const byPattern = new Map<PatternIdx, PatternFacts>();
  const dates = new Map<ServiceDate, string>();
  const facts = (p: PatternIdx): PatternFacts => {
    let f = byPattern.get(p);
    if (!f) {
      const first = patterns.stopStart[p];
      const lastRow = patterns.stopStart[p + 1] - 1;
      const lastStop = patterns.stops[lastRow];
      const line = patterns.line[p];
      const dir = patterns.direction[p];
      f = {
        first,
        lastRow,
        lastStop,
        lineDirection: line * 2 + dir,
        entity: meta.entities[lines.entity[line]].number,
        lineNumber: strings.get(lines.number[line]),
        direction: DIRECTIONS[dir],
        // A trip ends at a station, not at one of its platforms: a platform's own name may carry a twin
        // suffix ("… aankomst", "… arrivals": name-twin-platforms.ts, in the feed's language) that is no destination.
        // String 0 is "": no parent.
        lastStopName: strings.get(stops.parentName[lastStop] || stops.name[lastStop]),
        lastStopLongName: strings.get(stops.parentName[lastStop] || stops.longName[lastStop]),
      };
      byPattern.set(p, f);
    }
    return f;
  };
  return (serviceDate, trip, position, seconds, epochMs, time) => {
    const f = facts(trips.pattern[trip]);
    const stop = patterns.stops[f.first + position];
    const stopNumber = strings.get(stops.number[stop]);
    let date = dates.get(serviceDate);
    if (date === undefined) {
      date = formatServiceDate(serviceDate);
      dates.set(serviceDate, date);
    }
    const headsign = strings.get(trips.headsign[trip]);
    return {
      id: passageId(date, f.entity, strings.get(trips.gtfsId[trip]), trips.frequencyStart[trip], stopNumber, position),
      serviceDate,
      trip,
      position,
      stop,
      lineDirection: f.lineDirection,
      seconds,
      epochMs,
      time,
      isLast: f.first + position === f.lastRow,
      entity: f.entity,
      lineNumber: f.lineNumber,
      direction: f.direction,
      tripNumber: strings.get(trips.number[trip]),
      stopEntity: meta.entities[stops.entity[stop]].number,
      stopNumber,
      destination: headsign || f.lastStopName,
      placeDestination: f.lastStopLongName,
    };
  };
}

/**
 * The Passage of a trip the real-time feed adds (GTFS-RT ADDED) at one of its stops, which the feed gives a time
 * (`added.passageMs[position]` is a number). Without a schedule the feed's instant is also the "scheduled" one:
 * dienstregelingTijdstip equals real-timeTijdstip, `seconds` counts from time 0 of its service date. The ritnummer
 * is the feed's trip_id and the doorkomstId has the usual shape with it (passage-id.ts); bestemming and
 * plaatsBestemming name its last stop, as for a scheduled trip without headsign.
 */
export function addedPassage(network: Network, added: AddedTrip, position: number, zone: ZonedTime): Passage {
  const { lines, stops, strings, meta } = network;
  const line = added.lineDirection >> 1;
  const entity = meta.entities[lines.entity[line]].number;
  const stop = added.stops[position];
  const lastStop = added.stops[added.stops.length - 1];
  const stopNumber = strings.get(stops.number[stop]);
  const epochMs = added.passageMs[position];
  return {
    id: passageId(formatServiceDate(added.serviceDate), entity, added.tripId, -1, stopNumber, position),
    serviceDate: added.serviceDate,
    trip: NONE32,
    position,
    stop,
    lineDirection: added.lineDirection,
    seconds: Math.round((epochMs - zone.serviceDayStartMs(added.serviceDate)) / 1000),
    epochMs,
    time: zone.formatLocal(epochMs),
    isLast: position === added.stops.length - 1,
    entity,
    lineNumber: strings.get(lines.number[line]),
    direction: DIRECTIONS[added.lineDirection & 1],
    tripNumber: added.tripId,
    stopEntity: meta.entities[stops.entity[stop]].number,
    stopNumber,
    destination: strings.get(stops.parentName[lastStop] || stops.name[lastStop]),
    placeDestination: strings.get(stops.parentName[lastStop] || stops.longName[lastStop]),
    added,
  };
}
