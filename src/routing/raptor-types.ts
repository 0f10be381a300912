/**
 * The routing contract: what a RAPTOR search is asked (RaptorQuery) and answers (Journey), independent of HTTP
 * and of the response shape of E1. raptor.ts searches a TransitView (transit-view.ts); plan-journeys.ts turns
 * places into origins and destinations and journeys into itineraries.
 *
 * Times are epoch milliseconds (instants); durations seconds. A search never sees a wall-clock string.
 */
import type { EpochMs } from "../lib/zoned-time.js";
import type { ServiceDate, StopIdx, TripIdx } from "../network/model.js";
import type { AddedTrip } from "../timetable/realtime-overlay.js";

/** A stop reached from the origin (or reaching the destination) on foot, and how long that walk takes. */
export interface StopAccess {
  stop: StopIdx;
  /** Walking seconds; 0 when the query starts or ends at this very stop. */
  seconds: number;
  /** Straight-line metres, for the itinerary's afstand. */
  meters: number;
}

export interface RaptorQuery {
  origins: readonly StopAccess[];
  destinations: readonly StopAccess[];
  /**
   * Depart-after: the earliest departure from the origin (epoch ms). Arrive-by: the latest arrival at the
   * destination, and the search runs backwards.
   */
  timeMs: EpochMs;
  arriveBy: boolean;
  /**
   * Range RAPTOR: also every later departure (arrive-by: earlier arrival) up to this instant, each one's Pareto
   * set, so that a page of a time window is one search. Undefined: the single instant `timeMs`.
   */
  windowEndMs?: EpochMs;
  /** Most vehicles boarded minus one; default MAX_TRANSFERS (constants). */
  maxTransfers?: number;
  /** A search stops and answers with what it has after this many milliseconds of work. */
  budgetMs?: number;
  /**
   * Journeys the caller holds already that fit this query (an earlier search's: depart-after, leaving at timeMs or
   * later; arrive-by, arriving by it): only journeys strictly better than these on arrival (arrive-by: departure)
   * with as many transfers or fewer are looked for, so these are not found again, and the search prunes with their
   * times from its first round on.
   */
  known?: readonly Journey[];
  /**
   * What a transfer costs, in time: a journey with k rides more than one found is looked for only when it arrives
   * (arrive-by: leaves) more than k times this earlier (later). Default 0: the Pareto set on arrival x transfers.
   * The planner's pages pass TRANSFER_PENALTY_MS, since their Pareto set drops such a journey whenever the one with
   * fewer rides leaves no earlier, and when it leaves earlier the next search of the page, which starts after it,
   * looks again (plan-pages.ts).
   */
  transferPenaltyMs?: number;
}

/** One leg of a journey, in travel order. */
export type JourneyLeg =
  | {
      kind: "walk";
      /** undefined: the origin or destination place (access, egress); else a stop. */
      from: StopIdx | undefined;
      to: StopIdx | undefined;
      departureMs: EpochMs;
      arrivalMs: EpochMs;
      meters: number;
    }
  | {
      kind: "transit";
      /** The scheduled trip; NONE32 for an added one. */
      trip: TripIdx;
      /** The real-time feed's ADDED trip ridden (TransitView.addedTripOf); absent for a scheduled trip. */
      added?: AddedTrip;
      serviceDate: ServiceDate;
      /** Positions in the trip's pattern where it is boarded and left. */
      fromPosition: number;
      toPosition: number;
      from: StopIdx;
      to: StopIdx;
      /** As the search used them: predicted times when the view applies a real-time overlay. */
      departureMs: EpochMs;
      arrivalMs: EpochMs;
      /**
       * The passenger stays on board from the leg before (transfers.txt transfer_type 4, trips.block_id): no
       * transfer; absent otherwise.
       */
      stayOnBoard?: true;
    };

/** One itinerary of a Pareto set: no other is at least as good on arrival (departure, arrive-by) and transfers. */
export interface Journey {
  legs: JourneyLeg[];
  departureMs: EpochMs;
  arrivalMs: EpochMs;
  transfers: number;
  /** Total walking seconds (access, transfers, egress): the tie-break. */
  walkSeconds: number;
}
