/**
 * The narrow, int-indexed view of a timetable that RAPTOR reads (raptor.ts), as OpenTripPlanner's RAPTOR SPI:
 * the algorithm never sees the Network, the calendar, the real-time overlay or the filters, only stops, patterns,
 * trip instances with times on one query clock, and footpaths. network-view.ts adapts a compiled Network; another
 * model (a test's text timetable) may implement it the same way; a real-time overlay's added trips are patterns of
 * their own after the network's (added-patterns.ts).
 *
 * The query clock: seconds after `originMs`. Every time the view gives or takes is an integer on it, whatever the
 * service date, daylight-saving change or real-time prediction behind it, so the algorithm only adds and compares.
 *
 * A trip instance is one trip on one service date (a trip runs on many dates; an after-midnight trip of yesterday
 * and today's can both be under way): an int >= 0, NO_TRIP (constants.ts) for none. Only the view decodes it.
 *
 * Performance contract, per member: "hot" members are called in the inner loops (per stop of a scanned pattern,
 * per footpath), must not allocate and should cost a few array reads; "per pattern" members once per scanned
 * pattern and round; "not while routing" members only to build journeys or set a search up.
 */
import type { EpochMs } from "../lib/zoned-time.js";
import type { PatternIdx, ServiceDate, StopIdx, TripIdx } from "../network/model.js";
import type { AddedTrip } from "../timetable/realtime-overlay.js";

/** Seconds after TransitView.originMs. */
export type QuerySeconds = number;
/** One trip on one service date (see above); NO_TRIP for none. */
export type TripInstance = number;

export interface TransitView {
  /** The instant of query second 0. */
  readonly originMs: EpochMs;
  readonly stopCount: number;
  readonly patternCount: number;

  /** StopIdx -> first row in stopPatterns/stopPatternPositions; length stopCount + 1. Plain arrays: hot. */
  readonly stopPatternStart: Uint32Array;
  /** row -> PatternIdx serving the stop (a pattern visiting a stop twice has two rows). */
  readonly stopPatterns: Uint32Array;
  /** row -> position of the stop in that pattern. */
  readonly stopPatternPositions: Uint16Array;

  /** PatternIdx -> first row in patternStops, boardable, alightable; length patternCount + 1. Hot. */
  readonly patternStopStart: Uint32Array;
  /** row -> StopIdx. */
  readonly patternStops: Uint32Array;
  /**
   * row -> 1 when a passenger may board / alight there (pickup_type, drop_off_type, wheelchair boarding), else 0.
   * Arrays, not calls: read at every stop of every scanned pattern.
   */
  readonly boardable: Uint8Array;
  readonly alightable: Uint8Array;

  /**
   * StopIdx -> first row of the walks leaving the stop in footpathTo/footpathSeconds, shortest first (a search stops
   * at the first one too long); length stopCount + 1. Hot.
   * A footpath's seconds already hold the minimum transfer time of transfers.txt (min_transfer_time replaces the
   * walk); a transfer that is not possible (transfer_type 3) has no footpath. Changing at one stop takes
   * `sameStopSeconds`.
   */
  readonly footpathStart: Uint32Array;
  readonly footpathTo: Uint32Array;
  readonly footpathSeconds: Uint16Array;
  /** The same footpaths by the stop they arrive at, shortest first (arrive-by searches walk them backwards). Hot. */
  readonly footpathInStart: Uint32Array;
  readonly footpathInFrom: Uint32Array;
  readonly footpathInSeconds: Uint16Array;
  /**
   * Seconds between alighting and boarding at the same stop; NO_CHANGE_SECONDS (network/constants.ts, 65535) where
   * no change of vehicle is possible at all (transfers.txt type 3 from the stop to itself).
   */
  readonly sameStopSeconds: Uint16Array;

  /**
   * Pattern stop row -> the fewest scheduled seconds any trip of the pattern takes from leaving the stop to reaching
   * the next (0 at a pattern's last stop; the largest int32 when the pattern has no trip): the edges of the lower
   * bounds of travel time (lower-bounds.ts). Read when a search is set up, not while routing.
   */
  readonly hopSeconds: Int32Array;
  /**
   * Times may be shorter than hopSeconds says (real-time predictions of a late vehicle catching up, when the hops
   * are the schedule's): lower bounds from hopSeconds must then allow for it. network-view.ts gives hops that hold
   * its overlay's predictions, and false.
   */
  readonly predicted: boolean;

  /** Whether any trip of the pattern may be used (runs on a date of the view, passes the mode filter). Per pattern. */
  patternUsable(p: PatternIdx): boolean;

  /**
   * The usable instance of the pattern that leaves `position` first at or after `time`, NO_TRIP when none: a
   * binary search per service date, then a scan past instances that may not be used. Hot (called when a stop's
   * label may catch an earlier trip); it never answers an instance cancelled or skipping the stop.
   * `current`: NO_TRIP, or an instance of the pattern known to leave `position` at or after `time` (the trip a
   * scan is on): a hint, so that the view looks only for earlier ones (usually a step back, not a search).
   */
  earliestTrip(p: PatternIdx, position: number, time: QuerySeconds, current: TripInstance): TripInstance;
  /**
   * The usable instance that arrives at `position` last at or before `time`, NO_TRIP when none; `current` an
   * instance known to arrive at or before `time`. Hot, as earliestTrip.
   */
  latestTrip(p: PatternIdx, position: number, time: QuerySeconds, current: TripInstance): TripInstance;
  /**
   * When the instance leaves / reaches a position, on the query clock (the prediction when the view applies a
   * real-time overlay). NaN when it does not stop there (a skipped stop, a cancelled trip), so that every comparison
   * with it is false. Hot: a few array reads, without an overlay.
   */
  departure(instance: TripInstance, position: number): QuerySeconds;
  arrival(instance: TripInstance, position: number): QuerySeconds;

  /**
   * Calls `visit` with the departure (`departures`) or the arrival of every usable instance at a position within
   * [from, to], in no particular order. Range searches ask it once per origin (destination) pattern: not hot.
   */
  forEachTime(p: PatternIdx, position: number, from: QuerySeconds, to: QuerySeconds, departures: boolean, visit: (time: QuerySeconds) => void): void;

  /**
   * Whether any trip of the view rides on into another with the passenger seated (transfers.txt transfer_type 4,
   * trips.block_id): without, a scan never asks stayOnBoard.
   */
  readonly seated: boolean;
  /**
   * The instance a passenger on `instance` rides on to, seated, at its last stop (backward: the instance it came
   * from, seated, at its first stop), on the same service date; NO_TRIP when there is none or it may not be used.
   * Asked once per scan that rides to a pattern's end (start): per pattern, not hot.
   */
  stayOnBoard(instance: TripInstance, backward: boolean): TripInstance;
  /**
   * PatternIdx -> bit 1 when one of its trips may run on into another (stayOnBoard forwards), bit 2 when one may be
   * run on into (backwards): a scan asks stayOnBoard only there. Per pattern.
   */
  readonly patternSeated: Uint8Array;
  /** The pattern of an instance. Per pattern, with stayOnBoard. */
  patternOf(instance: TripInstance): PatternIdx;

  /**
   * Whether any transfers.txt row of types 0-3 names a route or a trip: without, a scan never asks transferRule.
   */
  readonly ruled: boolean;
  /**
   * Whether a rule may apply to a change from (`from`) or to the instance's trip: one array read, per boarding in a
   * ruled view.
   */
  touches(instance: TripInstance, from: boolean): boolean;
  /** PatternIdx -> 1 when a rule may apply to a change from (to) one of its trips. Per search. */
  readonly patternTouchedFrom: Uint8Array;
  readonly patternTouchedTo: Uint8Array;
  /**
   * The most specific rule for a change from instance `from`, left at `fromStop`, to instance `to`, boarded at
   * `toStop`: -1 when none applies, else its transfer_type (0-3) plus 4 x its min_transfer_time. Only where
   * `touches` says a rule may apply: a scan over the rules.
   */
  transferRule(from: TripInstance, fromStop: StopIdx, to: TripInstance, toStop: StopIdx): number;

  /** The trip and service date of an instance. Not while routing. */
  tripOf(instance: TripInstance): TripIdx;
  serviceDateOf(instance: TripInstance): ServiceDate;
  /**
   * The real-time feed's ADDED trip an instance rides (a pattern of its own, after the network's: tripOf has no
   * TripIdx for it); undefined for a scheduled trip. Optional: a view without added trips may leave it out. Not while
   * routing.
   */
  addedTripOf?(instance: TripInstance): AddedTrip | undefined;
  /** Straight-line metres between two stops, for a transfer walk's afstand. Not while routing. */
  walkMeters(from: StopIdx, to: StopIdx): number;
}
