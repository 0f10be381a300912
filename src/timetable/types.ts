/**
 * What the timetable queries return: plain objects, no HTTP, no JSON field names of the API.
 * Display values (numbers, names, wall-clock times) are resolved here so that `src/api` only
 * renames fields and adds links.
 */
import type { EpochMs, LocalDateTime } from "../lib/zoned-time.js";
import type {
  DiversionInfo,
  LineDirIdx,
  ServiceDate,
  ServiceSeconds,
  StopIdx,
  TripIdx,
} from "../network/model.js";
import type { AddedTrip } from "./realtime-overlay.js";

export type Direction = "HEEN" | "TERUG";

/** One scheduled passage (doorkomst) of a trip at a stop. */
export interface Passage {
  /** doorkomstId: `<service date yyyy-MM-dd>_<entity>_<GTFS trip id>[@<copy start>]_<haltenummer>_<position>` (see passage-id.ts). */
  id: string;
  /** The trip's service date (exploitatiedatum), which may be one or two days before the passage. */
  serviceDate: ServiceDate;
  /** The scheduled trip; NONE32 for a trip the real-time feed adds (see `added`). */
  trip: TripIdx;
  /** Position of the stop in the trip's pattern (0 = first stop). */
  position: number;
  stop: StopIdx;
  lineDirection: LineDirIdx;
  /** The scheduled GTFS time: departure, or arrival at the trip's last stop. */
  seconds: ServiceSeconds;
  /** The same moment as an instant. */
  epochMs: EpochMs;
  /** The same moment on the network's wall clock (dienstregelingTijdstip). */
  time: LocalDateTime;
  /** True at the trip's last stop (an arrival, listed only on request). */
  isLast: boolean;
  /** entiteitnummer of the line. */
  entity: string;
  /** lijnnummer. */
  lineNumber: string;
  direction: Direction;
  /** ritnummer. */
  tripNumber: string;
  /** entiteitnummer and haltenummer of the stop. */
  stopEntity: string;
  stopNumber: string;
  /** bestemming: the trip's headsign, else the short name of its last stop. */
  destination: string;
  /** plaatsBestemming: the long name (place + name) of the trip's last stop. */
  placeDestination: string;
  /** A passage of a trip the real-time feed adds (GTFS-RT ADDED): no schedule, its times are the feed's. Absent otherwise. */
  added?: AddedTrip;
}

/** One trip on one service date with its passages in stop order (a rit of the line-direction timetable). */
export interface TripTimetable {
  trip: TripIdx;
  serviceDate: ServiceDate;
  lineDirection: LineDirIdx;
  tripNumber: string;
  destination: string;
  placeDestination: string;
  passages: Passage[];
}

/** A note of the dataset (notes.txt) attached to a listed trip or passage. */
export interface TimetableNote {
  /** note_id of the dataset. */
  id: number;
  text: string;
  /** "trip": a ritNota; "passage": a doorkomstNota. */
  kind: "trip" | "passage";
  trip: TripIdx;
  serviceDate: ServiceDate;
  tripNumber: string;
  entity: string;
  lineNumber: string;
  direction: Direction;
  /** The stop of a passage note, or the timetable's stop for a trip note listed in a stop timetable. */
  stop: StopIdx | undefined;
  stopNumber: string | undefined;
}

export const LANGUAGES = ["nl", "fr", "en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A diversion or disruption with its texts in one language. */
export interface DiversionView {
  diversion: DiversionInfo;
  /** The language of title and description: the one asked for, or nl when it has no translation. */
  language: Language;
  title: string;
  description: string;
}

/**
 * predictionStatussen values (spec part 3): GESCHRAPT cancelled, VERSTREKEN elapsed, REALTIME a
 * measurement exists, GEENREALTIME none exists. A passage lists them in this order (with-realtime.ts).
 */
export type PredictionStatus = "GESCHRAPT" | "VERSTREKEN" | "REALTIME" | "GEENREALTIME";

/**
 * A scheduled passage with what the real-time state says about it. The passage is held, not copied: copying its
 * fields into a wider object cost about 10 µs a passage in V8 (15 ms for a busy stop's day), holding it nothing.
 */
export interface RealtimePassage {
  passage: Passage;
  /** The predicted instant; undefined without a measurement. */
  realtimeEpochMs: EpochMs | undefined;
  /** The same on the network's wall clock (real-timeTijdstip). */
  realtimeTime: LocalDateTime | undefined;
  /** vrtnum: the vehicle's number, when the feed names it. */
  vehicle: string | undefined;
  /** The trip does not run or does not stop here. */
  cancelled: boolean;
  /** Never empty: ["GEENREALTIME"] when the feed says nothing of the passage. */
  statuses: PredictionStatus[];
  /** VERSTREKEN: predicted in the past, the vehicle not reported beyond the stop (with-realtime.ts); listed although before "now". */
  elapsed: boolean;
  /** When the passage is expected: the prediction, else the schedule (passage.epochMs). Real-time lists are sorted and cut on it. */
  expectedEpochMs: EpochMs;
}

/** A trip with the passages it still has to make (a rit of a real-time answer). */
export interface RealtimeTrip extends Omit<TripTimetable, "passages"> {
  passages: RealtimePassage[];
}
