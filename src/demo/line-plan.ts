/**
 * How the generator describes a line before it has stops: the facts the API serves (numbers,
 * description, service type) plus a route as waypoints and a timetable pattern.
 *
 * Waypoint syntax (resolved by build-line-stops.ts):
 * - `P3|4`: Leuven Station perron 3 in direction HEEN, perron 4 in direction TERUG (`P3` = both);
 * - `=Heverlee Doleeg`: the real Leuven stops with that long name (omschrijvingLang);
 * - `station:Aarschot`: in front of the railway station of stations.csv;
 * - `Kessel-Lo`, `Aarschot`: a sub-municipality (deelgemeente) centre, else a municipality centre;
 * - `nis:24001`: the centre of the municipality with that NIS code;
 * - `Wakkerzeel@50.9705,4.6585`: a named hamlet at an approximate position;
 * - a leading `!` makes the leg that arrives at the waypoint non-stop.
 */
import type { ServiceType } from "../network/model.js";

export type ScheduleKind =
  | "tram"
  | "city"
  | "cityMinor"
  | "regional"
  | "regionalMinor"
  /** A few weekday rush-hour runs (lines that link small stations). */
  | "peak"
  /** Weekday rush-hour runs of an express line. */
  | "express"
  /** An all-day express between the towns of neighbouring regions (express-lines.ts). */
  | "snelbus"
  | "night"
  | "schoolDays"
  | "schoolBus"
  | "factory"
  | "belbus"
  | "technical";

export interface LinePlan {
  /** Entity number "1".."5" (= agency_id). */
  entity: string;
  /** Internal line number (lijnnummer), 0..999, unique within the entity. */
  number: number;
  /** lijnnummerPubliek */
  publicNumber: string;
  /** omschrijving: "<start> - ... - <end>" in direction HEEN. */
  description: string;
  serviceType: ServiceType;
  /** GTFS route_type (0 tram, 3 bus, or an extended 7xx bus type). */
  routeType: number;
  schedule: ScheduleKind;
  waypoints: string[];
  /** Only the waypoints are stops (express lines). */
  express?: boolean;
  /** Destination shown per direction (trip_headsign) when the description's ends do not fit. */
  headsigns?: [string, string];
}
