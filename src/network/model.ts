/**
 * The compiled network: immutable, columnar, loaded from one snapshot file.
 *
 * Big tables are typed arrays (views over the snapshot's bytes); every column says what it
 * maps and in which unit. Ragged lists are CSR: `xStart` (length count + 1) + flat data.
 * Small reference tables (entities, regions, municipalities, colours, diversions) travel in
 * `meta` as JSON because they are tens of rows, not rows of the feed.
 *
 * Indices are plain numbers; their names say what they index (StopIdx, LineIdx, ...).
 * Sentinels live in `constants.ts`.
 */
import type { ReferenceColour } from "../reference/types.js";

export type { ServiceDate, ServiceSeconds } from "../lib/service-time.js";
import type { ServiceDate } from "../lib/service-time.js";
import type { TextLanguage } from "./generated-words/generated-words.js";
/** Index into the string table. */
export type StrIdx = number;
export type StopIdx = number;
export type LineIdx = number;
/** lineIdx * 2 + direction (0 = HEEN / GTFS direction_id 0, 1 = TERUG). */
export type LineDirIdx = number;
export type PatternIdx = number;
export type TripIdx = number;
export type ServiceIdx = number;
/** Index into meta.entities. */
export type EntityIdx = number;
/** Index into meta.regions. */
export type RegionIdx = number;
/** Index into meta.municipalities. */
export type MunicipalityIdx = number;
/** Index into meta.colours. */
export type ColourIdx = number;

/** The API's `vervoertype` values (spec 2.2); `lines.transportType` stores an index into this list. */
export const TRANSPORT_TYPES = ["BUS", "TRAM", "METRO", "TREIN", "ALLE"] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

export { SERVICE_TYPES, type ServiceType } from "../gtfs/types.js";

/** Bits of `stops.accessibility`, in the order of the API's enum. */
export const ACCESSIBILITY_FLAGS = [
  [1, "MOTORISCHE_BEPERKING"],
  [2, "MOTORISCH_MET_ASSIST"],
  [4, "VISUELE_BEPERKING"],
] as const;

export type KeyProfile = "delijn" | "generic";

export interface StringTable {
  readonly count: number;
  /** Decodes (and caches) string i. */
  get(i: StrIdx): string;
}

export interface EntityInfo {
  /** entiteitnummer, e.g. "3". */
  number: string;
  /** entiteitcode, e.g. "B". */
  code: string;
  /** omschrijving, e.g. "Vlaams-Brabant". */
  name: string;
  /** Index of the feed this entity came from (meta.feeds). */
  feed: number;
  /** GTFS agency ids of that feed mapped onto this entity. */
  agencyIds: string[];
}

export interface RegionInfo {
  /** Two-letter code, e.g. "LV". */
  code: string;
  /** Two-digit text, e.g. "07". */
  number: string;
  name: string;
}

export interface MunicipalityInfo {
  /** NIS code, e.g. 24062 (used as gemeentenummer). */
  nis: number;
  name: string;
  /** Index into meta.regions, or -1. */
  region: number;
  /** Index into meta.entities, or -1 when the entity is not in the network. */
  entity: number;
  lat: number;
  lon: number;
  /** Names of the sub-municipalities (deelgemeenten). */
  submunicipalities: string[];
}

/** A palette colour, as the reference data gives it. */
export type ColourInfo = ReferenceColour;

export interface DiversionText {
  title: string;
  description: string;
}

/** A planned diversion (omleiding) or an unplanned disruption (storing), from the dataset's extension files. */
export interface DiversionInfo {
  /** referentieOmleiding. */
  id: number;
  kind: "omleiding" | "storing";
  /** e.g. "WERKEN", "EVENEMENT", "ONGEVAL". */
  type: string;
  start: ServiceDate;
  end: ServiceDate;
  /** Days of the week it applies, bit 0 = Monday .. bit 6 = Sunday. */
  weekdays: number;
  /** Texts per language code (nl always present). */
  texts: Record<string, DiversionText>;
  lineDirections: LineDirIdx[];
  /** Stops not served. */
  stops: StopIdx[];
}

export interface FeedInfo {
  /** File or folder name the feed was read from, without its directory. */
  source: string;
  profile: KeyProfile;
  publisher?: string;
  version?: string;
  /** Rows read per GTFS file, e.g. {"stop_times.txt": 123}. */
  rows: Record<string, number>;
}

/** The kinds of key the key history records (KeyHistoryColumns.kind). */
export const KEY_KINDS = ["entity", "line", "lineDirection", "stop"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** What an import changed against the snapshot it continued, per kind of key: counts and a few examples. */
export interface KeyChanges {
  kind: KeyKind;
  kept: number;
  added: number;
  removed: number;
  /** Up to 5 each, as "<GTFS id> (<key>)": "127N (1_49)". */
  addedExamples: string[];
  removedExamples: string[];
}

/** One import in a network's chain of imports (meta.imports): the key history's "added" and "removed" point here. */
export interface ImportInfo {
  /** ISO time of the import (the snapshot's meta.createdAt). */
  createdAt: string;
  /** The feeds in import order (their position is the key history's feed slot): file name and feed_version. */
  feeds: { source: string; version?: string }[];
}

export interface NetworkMeta {
  formatVersion: number;
  /** ISO time the snapshot was written. */
  createdAt: string;
  /** IANA zone of the network (agency_timezone), e.g. "Europe/Brussels". */
  timezone: string;
  /** First and last day any service runs. */
  validFrom: ServiceDate;
  validTo: ServiceDate;
  /** Service bit 0 is this date; the bitsets span `dayCount` days. */
  calendarStart: ServiceDate;
  dayCount: number;
  /** Uint32 words per service in services.days. */
  wordsPerService: number;
  feeds: FeedInfo[];
  entities: EntityInfo[];
  regions: RegionInfo[];
  municipalities: MunicipalityInfo[];
  colours: ColourInfo[];
  diversions: DiversionInfo[];
  /**
   * The walking model of the footpaths (build-footpaths.ts, chain-footpaths.ts; docs/DATASET_EXTENSIONS.md
   * "Footpaths"): straight-line radius (metres), detour factor, pace (m/s), and the longest chain of footpaths kept
   * as one (seconds; absent in snapshots written before footpaths were chained, whose footpaths are direct only).
   */
  footpaths: { maxMeters: number; detourFactor: number; walkMetersPerSecond: number; budgetSeconds?: number };
  /** The imports this network's keys come from, oldest first, this one last (key-history.ts). */
  imports: ImportInfo[];
  /** What this import changed in the keys of the snapshot it continued (all "added" for a first import). */
  keyChanges: KeyChanges[];
  /** Import warnings by code: how many, and the first few (up to WARNING_EXAMPLES) in words. */
  warnings: { code: string; count: number; examples: string[] }[];
  /**
   * The language of the words the import wrote into names (generated-words/generated-words.ts textLanguageOf:
   * feed_lang, else agency_lang, else Dutch); absent in snapshots written before, whose words are Dutch.
   */
  textLanguage?: TextLanguage;
}

export interface StopColumns {
  readonly count: number;
  /** StopIdx -> EntityIdx */
  readonly entity: Uint16Array;
  /** StopIdx -> haltenummer (StrIdx) */
  readonly number: Uint32Array;
  /** StopIdx -> GTFS stop_id (StrIdx) */
  readonly gtfsId: Uint32Array;
  /** StopIdx -> GTFS stop_code (StrIdx, empty string when absent) */
  readonly code: Uint32Array;
  /** StopIdx -> omschrijving: stop name without the place (StrIdx) */
  readonly name: Uint32Array;
  /** StopIdx -> omschrijvingLang: place + name (StrIdx) */
  readonly longName: Uint32Array;
  /** StopIdx -> latitude (WGS84 degrees) */
  readonly lat: Float64Array;
  /** StopIdx -> longitude (WGS84 degrees) */
  readonly lon: Float64Array;
  /** StopIdx -> MunicipalityIdx, NONE16 when outside every municipality */
  readonly municipality: Uint16Array;
  /** StopIdx -> ACCESSIBILITY_FLAGS bits */
  readonly accessibility: Uint8Array;
  /** StopIdx -> GTFS wheelchair_boarding (0, 1, 2); a platform whose value is 0 or empty has its parent station's (stops.txt) */
  readonly wheelchair: Uint8Array;
  /** StopIdx -> GTFS parent_station's name (StrIdx, empty string when none) */
  readonly parentName: Uint32Array;
  /** StopIdx -> GTFS parent_station, the stop_id of its station (StrIdx, empty string when none) */
  readonly parentGtfsId: Uint32Array;
  /** StopIdx -> first row in patternRefs/patternPositions; length count + 1 */
  readonly patternStart: Uint32Array;
  /** row -> PatternIdx serving the stop (a pattern visiting a stop twice has two rows) */
  readonly patternRefs: Uint32Array;
  /** row -> position of the stop in that pattern */
  readonly patternPositions: Uint16Array;
  /** StopIdx -> first row in footpathTo/footpathSeconds; length count + 1 */
  readonly footpathStart: Uint32Array;
  /** row -> StopIdx reachable on foot; the stop itself for a transfers.txt minimum time of changing there */
  readonly footpathTo: Uint32Array;
  /** row -> walking time (seconds); to the stop itself, the time to change there */
  readonly footpathSeconds: Uint16Array;
}

export interface LineColumns {
  readonly count: number;
  /** LineIdx -> EntityIdx */
  readonly entity: Uint16Array;
  /** LineIdx -> lijnnummer (StrIdx) */
  readonly number: Uint32Array;
  /** LineIdx -> lijnnummerPubliek: route_short_name (StrIdx) */
  readonly publicNumber: Uint32Array;
  /** LineIdx -> omschrijving: route_long_name (StrIdx) */
  readonly description: Uint32Array;
  /** LineIdx -> GTFS route_id (StrIdx) */
  readonly gtfsId: Uint32Array;
  /** LineIdx -> RegionIdx, NONE16 when no municipality of its stops has a region */
  readonly region: Uint16Array;
  /** LineIdx -> 1 when open to the public */
  readonly isPublic: Uint8Array;
  /** LineIdx -> index into TRANSPORT_TYPES */
  readonly transportType: Uint8Array;
  /** LineIdx -> index into SERVICE_TYPES */
  readonly serviceType: Uint8Array;
  /** LineIdx -> GTFS route_type as given (basic or extended) */
  readonly routeType: Uint16Array;
  /** LineIdx -> first service date of its trips (ServiceDate) */
  readonly validFrom: Uint32Array;
  /** LineIdx -> last service date of its trips (ServiceDate) */
  readonly validTo: Uint32Array;
  /** LineIdx -> route_text_color as 0xRRGGBB (voorgrond) */
  readonly colourFg: Uint32Array;
  /** LineIdx -> route_color as 0xRRGGBB (achtergrond) */
  readonly colourBg: Uint32Array;
  /** LineIdx -> border of the line number (voorgrondRand) as 0xRRGGBB */
  readonly colourFgBorder: Uint32Array;
  /** LineIdx -> badge border (achtergrondRand) as 0xRRGGBB */
  readonly colourBgBorder: Uint32Array;
  /** LineIdx -> nearest palette ColourIdx of colourFg / colourBg / colourFgBorder / colourBgBorder */
  readonly paletteFg: Uint8Array;
  readonly paletteBg: Uint8Array;
  readonly paletteFgBorder: Uint8Array;
  readonly paletteBgBorder: Uint8Array;
}

/** Indexed by LineDirIdx = lineIdx * 2 + direction; length lines.count * 2. */
export interface LineDirectionColumns {
  /** LineDirIdx -> 1 when at least one trip runs in this direction */
  readonly exists: Uint8Array;
  /** LineDirIdx -> bestemming: most frequent headsign, else the main pattern's last stop (StrIdx; compile-line-directions.ts) */
  readonly destination: Uint32Array;
  /** LineDirIdx -> omschrijving: "<first stop place> - <last stop place>" most trips to the bestemming share (StrIdx) */
  readonly description: Uint32Array;
  /** LineDirIdx -> the pattern with most of the trips the omschrijving describes (PatternIdx), NONE32 when none */
  readonly mainPattern: Uint32Array;
  /** LineDirIdx -> first row in patterns; length lines.count * 2 + 1 */
  readonly patternStart: Uint32Array;
  /** row -> PatternIdx, most trips first */
  readonly patterns: Uint32Array;
  /** LineDirIdx -> first service date of its trips */
  readonly validFrom: Uint32Array;
  /** LineDirIdx -> last service date of its trips */
  readonly validTo: Uint32Array;
}

export interface PatternColumns {
  readonly count: number;
  /** PatternIdx -> LineIdx */
  readonly line: Uint32Array;
  /** PatternIdx -> 0 (HEEN) or 1 (TERUG) */
  readonly direction: Uint8Array;
  /** PatternIdx -> first row in stops/stopFlags; length count + 1 */
  readonly stopStart: Uint32Array;
  /** row -> StopIdx */
  readonly stops: Uint32Array;
  /** row -> pickup_type | drop_off_type << 2 (GTFS values 0..3) */
  readonly stopFlags: Uint8Array;
  /** PatternIdx -> first TripIdx; its trips are contiguous, sorted by departure at the first stop; length count + 1 */
  readonly tripStart: Uint32Array;
}

export interface TripColumns {
  readonly count: number;
  /** TripIdx -> PatternIdx */
  readonly pattern: Uint32Array;
  /** TripIdx -> ServiceIdx */
  readonly service: Uint32Array;
  /** TripIdx -> GTFS trip_id (StrIdx); trips expanded from frequencies.txt share it */
  readonly gtfsId: Uint32Array;
  /** TripIdx -> ritnummer (StrIdx): trip_short_name, else a number assigned per line */
  readonly number: Uint32Array;
  /** TripIdx -> trip_headsign (StrIdx, empty string when absent) */
  readonly headsign: Uint32Array;
  /** TripIdx -> GTFS wheelchair_accessible (0, 1, 2) */
  readonly wheelchair: Uint8Array;
  /** TripIdx -> block_id (StrIdx, empty string when absent) */
  readonly block: Uint32Array;
  /** TripIdx -> departure of an expanded frequency trip (ServiceSeconds), or -1 for a plain trip */
  readonly frequencyStart: Int32Array;
  /** TripIdx -> first row in stopTimes; the trip has one row per stop of its pattern */
  readonly stopTimeStart: Uint32Array;
  /** TripIdx -> first row in notes refs; length count + 1 */
  readonly noteStart: Uint32Array;
  /** row -> note index */
  readonly noteRefs: Uint32Array;
  /**
   * TripIdx -> first row in `sequences` of its stop_sequence values, one per stop of its pattern; trips numbered
   * alike share their rows (most trips of a pattern do: a few kilobytes where a value per stop time took 17 MB
   * for New York)
   */
  readonly sequenceStart: Uint32Array;
  /**
   * row -> the feed's own stop_sequence (gtfs.org/schedule/reference/#stop_timestxt): increasing along the trip,
   * not necessarily consecutive nor starting at 1 (0, 1, ... or 10, 20, ...). Uint16 when every value fits.
   */
  readonly sequences: Uint16Array | Uint32Array;
}

export interface StopTimeColumns {
  readonly count: number;
  /** row -> arrival (ServiceSeconds) */
  readonly arrival: Int32Array;
  /** row -> departure (ServiceSeconds) */
  readonly departure: Int32Array;
}

export interface ServiceColumns {
  readonly count: number;
  /** ServiceIdx -> GTFS service_id (StrIdx) */
  readonly gtfsId: Uint32Array;
  /** ServiceIdx * meta.wordsPerService + (day >> 5) -> bit (day & 31) set when the service runs; day 0 = meta.calendarStart */
  readonly days: Uint32Array;
}

export interface NoteColumns {
  readonly count: number;
  /** note -> id from the dataset */
  readonly id: Uint32Array;
  /** note -> text (StrIdx) */
  readonly text: Uint32Array;
  /** note -> StopIdx for a passage note (doorkomstNota), NONE32 for a trip note (ritNota) */
  readonly stop: Uint32Array;
}

/**
 * The kinds of a place (PlaceColumns.kind): the location types of the search (spec 2.13, E8) other than stops, by
 * their subtype. Municipalities, sub-municipalities and stations come from the reference data (stations also from a
 * feed's parent stations), points of interest from `import --pois`, streets and addresses from `import --addresses`
 * (the BeST Address register's CSV layout).
 */
export const PLACE_KINDS = ["hoofdgemeente", "deelgemeente", "station", "herkenningspunt", "straat", "adres"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
/** Index into PlaceColumns. */
export type PlaceIdx = number;

export interface PlaceColumns {
  readonly count: number;
  /** PlaceIdx -> index in PLACE_KINDS */
  readonly kind: Uint8Array;
  /** PlaceIdx -> name (StrIdx): of the municipality, sub-municipality, station or point of interest; a street's or an address's street name */
  readonly name: Uint32Array;
  /** PlaceIdx -> an address's house number, with its box as "12 bus 3" (StrIdx; empty for other kinds) */
  readonly houseNumber: Uint32Array;
  /** PlaceIdx -> postcode (StrIdx; empty when unknown) */
  readonly postcode: Uint32Array;
  /** PlaceIdx -> the name of the main municipality it lies in (StrIdx; a hoofdgemeente's own name; empty when unknown) */
  readonly municipalityName: Uint32Array;
  /** PlaceIdx -> MunicipalityIdx of meta.municipalities, NONE16 when none */
  readonly municipality: Uint16Array;
  /** PlaceIdx -> a point of interest's kind as imported ("museum", "ziekenhuis"; StrIdx; empty for other kinds) */
  readonly category: Uint32Array;
  /** PlaceIdx -> latitude, longitude (WGS84 degrees): a street's is the middle of its addresses */
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** PlaceIdx -> an address's street (a PlaceIdx of kind straat); NONE32 for other kinds */
  readonly street: Uint32Array;
}

/** Index into GeometryColumns' shapes (polylines and rings). */
export type ShapeIdx = number;

/**
 * Geometry for the map (docs/COMPATIBILITY.md W5-W9), compiled by compile-shapes.ts: the shapes.txt path of each pattern and the
 * municipality outlines of the reference data, both simplified (Douglas-Peucker, tolerances in the scalars), as
 * shapes of points in microdegrees. A pattern without a shape is drawn along its stops (no points stored).
 */
export interface GeometryColumns {
  /** Number of shapes (pattern paths and outline rings). */
  readonly count: number;
  /** Tolerance of the pattern paths' simplification (metres). */
  readonly shapeToleranceMeters: number;
  /** Tolerance of the outlines' simplification (metres). */
  readonly outlineToleranceMeters: number;
  /** Points of shapes.txt read for the patterns' shapes, before simplification (the import summary's figure). */
  readonly shapePointsRead: number;
  /** ShapeIdx -> first point; length count + 1 */
  readonly shapeStart: Uint32Array;
  /** point -> latitude, WGS84 microdegrees (degrees x 1e6, rounded: 0.11 m) */
  readonly lat: Int32Array;
  /** point -> longitude, WGS84 microdegrees */
  readonly lon: Int32Array;
  /** PatternIdx -> ShapeIdx of the shapes.txt shape most of its trips name, NONE32 when none (drawn along its stops) */
  readonly patternShape: Uint32Array;
  /** MunicipalityIdx -> first row in ringShape/ringHole; length meta.municipalities.length + 1 */
  readonly municipalityRingStart: Uint32Array;
  /** ring row -> ShapeIdx of a closed ring (first point = last point), RFC 7946 order of the reference data */
  readonly ringShape: Uint32Array;
  /** ring row -> 0: exterior ring, starting a polygon; 1: a hole of the polygon whose exterior ring precedes it */
  readonly ringHole: Uint8Array;
}

/**
 * Every key the network ever had (key-history.ts): one record per (kind, feed slot, GTFS id, key). Records of
 * removed keys stay, so that their numbers are never given again and their 404 says when they went.
 */
export interface KeyHistoryColumns {
  readonly count: number;
  /** record -> index in KEY_KINDS (entity, line, lineDirection, stop) */
  readonly kind: Uint8Array;
  /** record -> feed slot: the position of the feed among the import's feeds */
  readonly feed: Uint16Array;
  /** record -> agency_id, route_id (lines and line directions) or stop_id (StrIdx) */
  readonly gtfsId: Uint32Array;
  /** record -> entity number (StrIdx) */
  readonly entity: Uint32Array;
  /** record -> line or stop number (StrIdx); an entity's own number */
  readonly number: Uint32Array;
  /** record -> 0 HEEN, 1 TERUG for a line direction; 0 otherwise */
  readonly direction: Uint8Array;
  /** record -> a stop's latitude / longitude when last imported, WGS84 microdegrees; 0 otherwise */
  readonly lat: Int32Array;
  readonly lon: Int32Array;
  /** record -> index in meta.imports of the import that added the key */
  readonly added: Uint16Array;
  /** record -> index in meta.imports of the import that removed it; NONE16 while present */
  readonly removed: Uint16Array;
}

/**
 * The rules of transfers.txt between trips (compile-transfer-rules.ts); the stop-to-stop ones are the footpaths'
 * (build-footpaths.ts).
 */
export interface TransferRuleColumns {
  /** Type 4 links plus trips in blocks: 0 when no trip may be stayed on board from (route planning then never asks). */
  readonly seatCount: number;
  /** TripIdx -> the TripIdx a passenger rides on to, seated, at the trip's last stop (transfer_type 4); -1 for none */
  readonly seatNext: Int32Array;
  /** TripIdx -> the TripIdx that continues into it (seatNext's inverse, for arrive-by searches); -1 for none */
  readonly seatPrev: Int32Array;
  /** TripIdx -> bit 1: it may run on into another trip on some date; bit 2: another may run on into it */
  readonly seatMay: Uint8Array;
  /** TripIdx -> its row in blockTrips; -1 when it has no block_id shared with another trip */
  readonly blockRow: Int32Array;
  /** row -> TripIdx: the trips of each block, by first departure, a block's rows together */
  readonly blockTrips: Uint32Array;
  /** row -> the block (a number per feed and block_id) */
  readonly blockGroup: Uint32Array;
  /** i -> the two trips of a transfer_type 5 row (staying on board forbidden), sorted by from, then to */
  readonly forbiddenFrom: Int32Array;
  readonly forbiddenTo: Int32Array;
  /**
   * transfers.txt rows of types 0-3 naming a route or a trip, one rule per stop pair they name (a station: its
   * platforms), most specific first (compile-transfer-rules.ts): 0 when the feed has none.
   */
  readonly ruleCount: number;
  /** TripIdx -> first row in ruleByTrip of the rules naming it as from_trip_id; length trip count + 1 */
  readonly ruleByTripStart: Uint32Array;
  /** row -> rule, ascending (most specific first) */
  readonly ruleByTrip: Uint32Array;
  /** The rules naming no from_trip_id, ascending */
  readonly ruleGeneral: Uint32Array;
  /** TripIdx -> a number for its route when a rule names the route, else -1 */
  readonly tripRoute: Int32Array;
  /** TripIdx -> 1 when a rule may apply to a change from (to) the trip: the one array read a search makes */
  readonly touchFrom: Uint8Array;
  readonly touchTo: Uint8Array;
  /** rule -> StopIdx where the arriving ride is left (the departing one boarded), -1 for any */
  readonly ruleFromStop: Int32Array;
  readonly ruleToStop: Int32Array;
  /** rule -> the route number (tripRoute) of the arriving (departing) trip, -1 for any */
  readonly ruleFromRoute: Int32Array;
  readonly ruleToRoute: Int32Array;
  /** rule -> the arriving (departing) TripIdx, -1 for any */
  readonly ruleFromTrip: Int32Array;
  readonly ruleToTrip: Int32Array;
  /** rule -> transfer_type 0-3 */
  readonly ruleType: Uint8Array;
  /** rule -> min_transfer_time (seconds; 0 when empty) */
  readonly ruleSeconds: Int32Array;
}

export interface Network {
  readonly meta: NetworkMeta;
  readonly strings: StringTable;
  readonly stops: StopColumns;
  readonly lines: LineColumns;
  readonly lineDirections: LineDirectionColumns;
  readonly patterns: PatternColumns;
  readonly trips: TripColumns;
  readonly stopTimes: StopTimeColumns;
  readonly services: ServiceColumns;
  readonly notes: NoteColumns;
  /** Places for the location search (E8): empty (count 0) when the import had no reference data, addresses or POIs. */
  readonly places: PlaceColumns;
  /** Pattern paths and municipality outlines for the map (api/core/kaart/). */
  readonly geometry: GeometryColumns;
  /** Every key the network ever had, with when it was added and removed. */
  readonly keyHistory: KeyHistoryColumns;
  /** Staying on board from trip to trip (transfers.txt types 4 and 5, trips.block_id). */
  readonly transferRules: TransferRuleColumns;
}
