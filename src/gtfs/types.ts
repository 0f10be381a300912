/**
 * What the GTFS reader hands to the network compiler: typed rows of the small tables and
 * columnar stop times (nothing at stop-time granularity is a JavaScript object).
 *
 * Spec: https://gtfs.org/schedule/reference/
 * Times are ServiceSeconds (seconds after noon-minus-12h; may pass 86400), dates ServiceDate (yyyymmdd).
 */
import type { ServiceDate, ServiceSeconds } from "../lib/service-time.js";

/** The API's `bedieningtype` values (spec 2.2), also those of the `route_service_type` extension column (docs/DATASET_EXTENSIONS.md). */
export const SERVICE_TYPES = [
  "NORMAAL",
  "SNELDIENST",
  "SCHOOLBUS",
  "FABRIEKSLIJN",
  "TECHNISCHE_LIJN",
  "BELBUS",
  "NACHTLIJN",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Where a feed's files come from: a zip or a folder share this one code path. */
export interface GtfsSource {
  /** Zip or folder path, for messages. */
  readonly name: string;
  /** File names present (e.g. "stops.txt"). */
  files(): Promise<string[]>;
  /** The file's raw bytes as a stream of chunks; undefined when the file is absent. */
  open(file: string): Promise<AsyncIterable<Buffer> | undefined>;
  close(): Promise<void>;
  /** Optional, for progress: the file's size as stored (compressed in a zip) and uncompressed; undefined when absent. */
  size?(file: string): Promise<GtfsFileSize | undefined>;
}

export interface GtfsFileSize {
  /** Bytes as stored: the compressed size in a zip, the file size in a folder. */
  storedBytes: number;
  /** Bytes once decompressed. */
  rawBytes: number;
}

export interface AgencyRow {
  agencyId: string;
  name: string;
  url: string;
  timezone: string;
  lang: string;
}

export interface StopRow {
  stopId: string;
  code: string;
  name: string;
  desc: string;
  lat: number;
  lon: number;
  /** 0 stop/platform, 1 station, 2 entrance, 3 generic node, 4 boarding area. */
  locationType: number;
  parentStation: string;
  /** 0 unknown, 1 accessible, 2 not accessible. */
  wheelchairBoarding: number;
  platformCode: string;
  /** Extension column `stop_accessibility`: halteToegankelijkheden joined with ';' (docs/DATASET_EXTENSIONS.md). */
  accessibility: string;
  /** Extension column `stop_place`: the place name the operator puts before the stop name (omschrijvingLang). */
  place: string;
}

export interface RouteRow {
  routeId: string;
  agencyId: string;
  shortName: string;
  longName: string;
  desc: string;
  /** Basic (0..12) or extended (100..1700) route type. */
  routeType: number;
  /** 0xRRGGBB, undefined when empty. */
  color: number | undefined;
  textColor: number | undefined;
  /** Extension columns (docs/DATASET_EXTENSIONS.md); empty/undefined when absent. */
  borderColor: number | undefined;
  textBorderColor: number | undefined;
  serviceType: string;
  /** Extension `route_public`: undefined when absent, else 0/1. */
  isPublic: number | undefined;
  sortOrder: number | undefined;
}

export interface TripRow {
  tripId: string;
  routeId: string;
  serviceId: string;
  headsign: string;
  shortName: string;
  /** 0, 1, or undefined when empty. */
  directionId: number | undefined;
  blockId: string;
  shapeId: string;
  wheelchairAccessible: number;
}

export interface CalendarRow {
  serviceId: string;
  /** Monday..Sunday flags, bit 0 = Monday. */
  weekdays: number;
  start: ServiceDate;
  end: ServiceDate;
}

export interface CalendarDateRow {
  serviceId: string;
  date: ServiceDate;
  /** 1 added, 2 removed. */
  exceptionType: 1 | 2;
}

export interface FrequencyRow {
  tripId: string;
  start: ServiceSeconds;
  end: ServiceSeconds;
  headwaySecs: number;
  exactTimes: number;
}

/** One row of transfers.txt; an id left empty is "" (a row may name stops, routes, trips, or a mix). */
export interface TransferRow {
  fromStopId: string;
  toStopId: string;
  fromRouteId: string;
  toRouteId: string;
  fromTripId: string;
  toTripId: string;
  transferType: number;
  minTransferTime: number | undefined;
}

export interface FeedInfoRow {
  publisherName: string;
  publisherUrl: string;
  lang: string;
  startDate: ServiceDate | undefined;
  endDate: ServiceDate | undefined;
  version: string;
}

export interface TranslationRow {
  tableName: string;
  fieldName: string;
  language: string;
  translation: string;
  recordId: string;
  recordSubId: string;
  fieldValue: string;
}

/** Extension notes.txt (docs/DATASET_EXTENSIONS.md). */
export interface NoteRow {
  noteId: number;
  text: string;
}

/** Extension note_assignments.txt: a note on a whole trip (stopId empty) or on one passage. */
export interface NoteAssignmentRow {
  noteId: number;
  tripId: string;
  stopId: string;
}

/** Extension diversions.txt. */
export interface DiversionRow {
  diversionId: number;
  kind: "omleiding" | "storing";
  type: string;
  start: ServiceDate;
  end: ServiceDate;
  /** bit 0 = Monday .. bit 6 = Sunday. */
  weekdays: number;
}

/** Extension diversion_texts.txt. */
export interface DiversionTextRow {
  diversionId: number;
  language: string;
  title: string;
  description: string;
}

/** Extension diversion_routes.txt. */
export interface DiversionRouteRow {
  diversionId: number;
  routeId: string;
  directionId: number;
}

/** Extension diversion_stops.txt: stops not served. */
export interface DiversionStopRow {
  diversionId: number;
  stopId: string;
}

/**
 * stop_times.txt, columnar, sorted by trip (in `trips` order) then stop_sequence, with empty
 * times between timepoints already interpolated. Trip t owns rows tripStart[t] .. tripStart[t+1]-1.
 */
export interface StopTimesColumns {
  readonly count: number;
  /** trip index (into GtfsFeed.trips) -> first row; length trips.length + 1 */
  readonly tripStart: Uint32Array;
  /** row -> index into GtfsFeed.stops */
  readonly stop: Uint32Array;
  /** row -> stop_sequence */
  readonly sequence: Uint32Array;
  /** row -> arrival (ServiceSeconds) */
  readonly arrival: Int32Array;
  /** row -> departure (ServiceSeconds) */
  readonly departure: Int32Array;
  /** row -> pickup_type (0..3) */
  readonly pickupType: Uint8Array;
  /** row -> drop_off_type (0..3) */
  readonly dropOffType: Uint8Array;
}

/**
 * shapes.txt, columnar: the points of the shapes trips.txt names, each shape's points in shape_pt_sequence order
 * (tables/shapes.ts). Shape s owns points start[s] .. start[s+1]-1; a shape the file lacks has none.
 */
export interface ShapePointColumns {
  /** shape index -> shape_id, in the order of the first trip naming it */
  readonly ids: readonly string[];
  /** shape index -> first point; length ids.length + 1 */
  readonly start: Uint32Array;
  /** point -> latitude (WGS84 degrees) */
  readonly lat: Float64Array;
  /** point -> longitude (WGS84 degrees) */
  readonly lon: Float64Array;
}

export interface GtfsWarning {
  /** Stable code, e.g. "duplicate_row", "orphan_stop". */
  code: string;
  file: string;
  /** 1-based line number in the file (header = line 1); 0 when not tied to a line. */
  line: number;
  message: string;
}

export interface GtfsFeed {
  source: string;
  /** Rows read per file, e.g. {"stop_times.txt": 123}. */
  rows: Record<string, number>;
  agencies: AgencyRow[];
  stops: StopRow[];
  routes: RouteRow[];
  trips: TripRow[];
  calendars: CalendarRow[];
  calendarDates: CalendarDateRow[];
  frequencies: FrequencyRow[];
  transfers: TransferRow[];
  feedInfo: FeedInfoRow | undefined;
  translations: TranslationRow[];
  notes: NoteRow[];
  noteAssignments: NoteAssignmentRow[];
  diversions: DiversionRow[];
  diversionTexts: DiversionTextRow[];
  diversionRoutes: DiversionRouteRow[];
  diversionStops: DiversionStopRow[];
  stopTimes: StopTimesColumns;
  /** The points of the shapes trips use; absent or empty when the feed has no shapes.txt (lines are then drawn along their stops). */
  shapes?: ShapePointColumns;
  warnings: GtfsWarning[];
  /** Optional: warnings per code, counting also those left out of `warnings` (which keeps at most 1000 per code). */
  warningCounts?: Record<string, number>;
}

export interface ReadProgress {
  file: string;
  /** Compressed or raw bytes consumed so far of all files, and in total when known. */
  bytesDone: number;
  bytesTotal: number;
}

export interface ReadFeedOptions {
  onProgress?: (p: ReadProgress) => void;
}
