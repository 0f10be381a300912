/**
 * The labels of a RAPTOR search (raptor.ts) and how a journey is traced back through them (reconstruct-journey.ts):
 * typed arrays sized for one network, kept and reused by every search on it (one search runs at a time: JavaScript
 * is single threaded and raptor() is synchronous), so that a search allocates only per journey found.
 */
import { StopSet } from "./stop-set.js";

/** Ints per entry of RaptorState.seatLog. */
export const SEAT_ENTRY = 5;

/** The typed arrays of a search, indexed round * stopCount + stop unless said otherwise; kept for the next search. */
export class RaptorState {
  readonly n: number;
  readonly rounds: number;
  readonly patternCount: number;
  /** Best time (query seconds; arrive-by: minus the departure) with at most k rides. */
  readonly label: Int32Array;
  /** Walking seconds of that label's journey (of a label set in this round: not copied when inherited). */
  readonly walk: Int32Array;
  /** Iteration that set the label in this round; 0: inherited from round k - 1 (or unreached). */
  readonly setIter: Int32Array;
  /** The stop walked from (arrive-by: to) when the label is a transfer walk, else -1; and the walk's seconds. */
  readonly walkLink: Int32Array;
  readonly walkSecs: Int32Array;
  /** The same for the best ride itself, with the ride: trip instance, pattern, the far position, this stop's. */
  readonly rideLabel: Int32Array;
  readonly rideWalk: Int32Array;
  readonly rideSet: Int32Array;
  readonly ride: Int32Array;
  readonly ridePattern: Int32Array;
  readonly rideFar: Int32Array;
  readonly rideHere: Int32Array;
  /**
   * The ride label's earlier part when the passenger stayed on board into its trip (view.stayOnBoard): an entry of
   * seatLog, else -1. Arrive-by: the later part.
   */
  readonly rideSeat: Int32Array;
  /**
   * Parts of rides a passenger stayed seated through, SEAT_ENTRY ints each: trip instance, pattern, the position
   * boarded, the position left, and the entry of the part before it in the search's order (-1: boarded). Reset by
   * each search; grows by doubling.
   */
  seatLog: Int32Array = new Int32Array(64 * SEAT_ENTRY);
  seatLength = 0;
  /** StopIdx -> walking seconds from the search's start (its end), -1 when it is none; reset after each search. */
  readonly sourceSecs: Int32Array;
  readonly targetSecs: Int32Array;
  /** PatternIdx -> first (arrive-by: last) marked position, -1 when not queued. */
  readonly patternFrom: Int32Array;
  readonly patternQueue: Int32Array;
  readonly marked: [StopSet, StopSet];
  readonly changed: [StopSet, StopSet];
  readonly rideMarked: StopSet;

  /** Logs a part of a ride stayed seated through; answers its entry. */
  logSeat(instance: number, pattern: number, boardPos: number, alightPos: number, before: number): number {
    if (this.seatLength + SEAT_ENTRY > this.seatLog.length) {
      const grown = new Int32Array(this.seatLog.length * 2);
      grown.set(this.seatLog);
      this.seatLog = grown;
    }
    const e = this.seatLength;
    this.seatLog.set([instance, pattern, boardPos, alightPos, before], e);
    this.seatLength += SEAT_ENTRY;
    return e;
  }

  constructor(n: number, rounds: number, patternCount: number) {
    this.n = n;
    this.rounds = rounds;
    this.patternCount = patternCount;
    const size = n * rounds;
    this.label = new Int32Array(size);
    this.walk = new Int32Array(size);
    this.setIter = new Int32Array(size);
    this.walkLink = new Int32Array(size);
    this.walkSecs = new Int32Array(size);
    this.rideLabel = new Int32Array(size);
    this.rideWalk = new Int32Array(size);
    this.rideSet = new Int32Array(size);
    this.ride = new Int32Array(size);
    this.ridePattern = new Int32Array(size);
    this.rideFar = new Int32Array(size);
    this.rideHere = new Int32Array(size);
    this.rideSeat = new Int32Array(size);
    this.sourceSecs = new Int32Array(n).fill(-1);
    this.targetSecs = new Int32Array(n).fill(-1);
    this.patternFrom = new Int32Array(patternCount).fill(-1);
    this.patternQueue = new Int32Array(patternCount);
    this.marked = [new StopSet(n), new StopSet(n)];
    this.changed = [new StopSet(n), new StopSet(n)];
    this.rideMarked = new StopSet(n);
  }
}

/**
 * Search states by network size, the most recently used last: a server searches one network (two while a new
 * snapshot replaces the old), tests several small ones in turn.
 */
const states: RaptorState[] = [];
const STATES_KEPT = 4;

export function raptorStateFor(n: number, rounds: number, patternCount: number): RaptorState {
  const i = states.findIndex((s) => s.n === n && s.patternCount === patternCount);
  let found = i >= 0 ? states.splice(i, 1)[0] : undefined;
  if (!found || found.rounds < rounds) found = new RaptorState(n, Math.max(rounds, found?.rounds ?? 0), patternCount);
  states.push(found);
  if (states.length > STATES_KEPT) states.shift();
  return found;
}
