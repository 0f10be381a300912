/**
 * The route planner's contract (plan-journeys.ts), apart so that the planner, its pages (plan-pages.ts), its
 * itineraries (assemble-itinerary.ts) and the search it is given (raptor-search.ts) share it without importing each
 * other. Plain objects in English: the API layer (src/api/core/routeplan/) maps its query words and field names to
 * and from these.
 */
import type { EpochMs } from "../lib/zoned-time.js";
import type { LineDirIdx, Network, ServiceDate, StopIdx, TransportType, TripIdx } from "../network/model.js";
import type { AddedTrip, RealtimeOverlay } from "../timetable/realtime-overlay.js";
import type { RealtimePassage } from "../timetable/types.js";
import type { PlanPoint } from "./plan-point.js";
import type { Journey, RaptorQuery, StopAccess } from "./raptor-types.js";

/** The transport types a plan may ride (the network's values, which the API's vervoersOptie names alike). */
export const PLAN_MODES = ["BUS", "TRAM", "METRO", "TREIN"] as const;
export type PlanMode = (typeof PLAN_MODES)[number];

/**
 * Which page of itineraries (plan-pages.ts): the first at the time asked, the one before (earlier) or after (later)
 * a page already shown, or the last connections of the service day.
 */
export const PLAN_PAGES = ["first", "earlier", "later", "last"] as const;
export type PlanPage = (typeof PLAN_PAGES)[number];

/** What a search sees besides its query: the network through the view's filters, over a span of time. */
export interface SearchScope {
  fromMs: EpochMs;
  toMs: EpochMs;
  /** Predicted times, cancelled trips and skipped stops; undefined: the schedule. */
  realtime?: RealtimeOverlay;
  modes?: readonly PlanMode[];
  wheelchair?: boolean;
  /** With `wheelchair`: also trips and stops of unknown access (wheelchair-access.ts; plan-journeys.ts says when). */
  wheelchairUnknown?: boolean;
}
/** RAPTOR over one view. */
export type JourneySearch = (query: RaptorQuery) => Journey[];
/** Prepares a view and returns the search over it (raptor-search.ts; tests may give their own). */
export type SearchFactory = (network: Network, scope: SearchScope) => JourneySearch;

export interface PlanParams {
  from: PlanPoint;
  to: PlanPoint;
  /** The moment asked for, as an instant. */
  timeMs: EpochMs;
  /** Default "first". */
  page?: PlanPage;
  /** `timeMs` is the latest arrival ("first" page only); else the earliest departure. */
  arriveBy?: boolean;
  /** Default all. */
  modes?: readonly PlanMode[];
  /**
   * Only trips and stops accessible by wheelchair, else (when that finds nothing, or only much later) also those of
   * unknown access, marked: plan-journeys.ts, wheelchair-access.ts.
   */
  wheelchair?: boolean;
  /** Most transfers (vehicles boarded minus one). */
  maxTransfers?: number;
  /** Straight-line radius around a coordinate for stops to walk to and from; default 1 km. */
  walkRadiusMeters?: number;
  /** Milliseconds of work for the whole plan; default DEFAULT_PLAN_BUDGET_MS (plan-journeys.ts). */
  budgetMs?: number;
  /** The search; default RAPTOR (raptor-search.ts). */
  searchFactory?: SearchFactory;
}

/** A point of a step: a stop, or the origin or destination place asked for. */
export type PlanPlace =
  | { kind: "stop"; stop: StopIdx }
  | { kind: "place"; role: "origin" | "destination"; lat: number; lon: number };

interface StepBase {
  from: PlanPlace;
  to: PlanPlace;
  departureMs: EpochMs;
  arrivalMs: EpochMs;
  /** Straight-line metres: of a walk, or summed between the stops a vehicle passes; 0 for a wait. */
  meters: number;
}
export type PlanStep =
  | (StepBase & { kind: "walk" })
  | (StepBase & { kind: "wait" })
  | (StepBase & {
      kind: "vehicle";
      /** The scheduled trip; NONE32 for an added one. */
      trip: TripIdx;
      /** The real-time feed's ADDED trip ridden; absent for a scheduled trip. */
      added?: AddedTrip;
      serviceDate: ServiceDate;
      lineDirection: LineDirIdx;
      transportType: TransportType;
      /** Boarding and alighting as real-time passages: the schedule, the prediction and the statuses. */
      departure: RealtimePassage;
      arrival: RealtimePassage;
      /**
       * A wheelchair plan's ride on parts of unknown wheelchair access (wheelchair-access.ts): the trip, the stop
       * boarded, the stop left. Absent when the plan is not for a wheelchair or all three are known.
       */
      accessUnknown?: { trip: boolean; from: boolean; to: boolean };
      /**
       * The passenger stays on board from the vehicle step before (transfers.txt transfer_type 4, trips.block_id):
       * no transfer. Absent otherwise.
       */
      stayOnBoard?: true;
    });

export interface Itinerary {
  /** The best match of the page: see bestIndex (plan-journeys.ts). */
  best: boolean;
  /** Vehicles boarded minus one (0 for walking only). */
  transfers: number;
  departureMs: EpochMs;
  arrivalMs: EpochMs;
  walkSeconds: number;
  walkingOnly: boolean;
  steps: PlanStep[];
  /** A wheelchair plan's itinerary with a ride of unknown access (PlanStep accessUnknown); absent otherwise. */
  accessUnknown?: true;
}

export interface PlanResult {
  /** Sorted by departure, then arrival, then transfers. */
  itineraries: Itinerary[];
  /** The moment of the "earlier" page: the earliest arrival of this page; undefined when it is empty. */
  earlierMs: EpochMs | undefined;
  /** The moment of the "later" page: the latest departure of this page; undefined when it is empty. */
  laterMs: EpochMs | undefined;
  /** false when the time budget ended a search before the page was full. */
  complete: boolean;
}

/** One plan under way: what its pages and itineraries read, and whether the budget let it finish. */
export interface PlanContext {
  network: Network;
  params: PlanParams;
  scope: Omit<SearchScope, "fromMs" | "toMs">;
  origins: StopAccess[];
  destinations: StopAccess[];
  /** Walking the whole way, in ms, when it may be offered (walkingOnly); a journey that takes as long is left out. */
  walkAllMs: number;
  startedMs: number;
  budgetMs: number;
  complete: boolean;
}
