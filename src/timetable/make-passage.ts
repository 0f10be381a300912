import type { EpochMs } from "../lib/zoned-time.js";
import type { Network, ServiceDate, ServiceSeconds, TripIdx } from "../network/model.js";
import { passageId } from "./passage-id.js";
import type { Direction, Passage } from "./types.js";

export const DIRECTIONS: readonly Direction[] = ["HEEN", "TERUG"];

/**
 * Builds one Passage. Callers have already chosen the time (departure, or arrival at the last
 * stop) and converted it; this only resolves numbers and names (strings.get caches them).
 */
export function makePassage(
  network: Network,
  serviceDate: ServiceDate,
  trip: TripIdx,
  position: number,
  seconds: ServiceSeconds,
  epochMs: EpochMs,
  time: string,
): Passage {
  const { trips, patterns, lines, stops, strings, meta } = network;
  const p = trips.pattern[trip];
  const first = patterns.stopStart[p];
  const lastRow = patterns.stopStart[p + 1] - 1;
  const stop = patterns.stops[first + position];
  const lastStop = patterns.stops[lastRow];
  const line = patterns.line[p];
  const dir = patterns.direction[p];
  const stopNumber = strings.get(stops.number[stop]);
  const headsign = strings.get(trips.headsign[trip]);
  return {
    id: passageId(network, serviceDate, trip, stopNumber, position),
    serviceDate,
    trip,
    position,
    stop,
    lineDirection: line * 2 + dir,
    seconds,
    epochMs,
    time,
    isLast: first + position === lastRow,
    entity: meta.entities[lines.entity[line]].number,
    lineNumber: strings.get(lines.number[line]),
    direction: DIRECTIONS[dir],
    tripNumber: strings.get(trips.number[trip]),
    stopEntity: meta.entities[stops.entity[stop]].number,
    stopNumber,
    destination: headsign || strings.get(stops.name[lastStop]),
    placeDestination: strings.get(stops.longName[lastStop]),
  };
}
