/**
 * RAPTOR (Delling, Pajor, Werneck, "Round-Based Public Transit Routing", 2012) over a TransitView: round k finds the
 * best journeys with k rides, so the rounds give the Pareto set on arrival x transfers by construction; range RAPTOR
 * (the paper's rRAPTOR) runs it once per departure of a time window, latest first, keeping the labels.
 *
 * Choices where the paper leaves room:
 * - Labels per round and stop: the best time with at most k rides, after an optional walk (`label`), and the best
 *   time by a ride itself (`rideLabel`). Footpaths are relaxed from ride arrivals only, so two walks never follow
 *   each other: one walk between two rides. A ride is pruned by the ride label, not by a walk label, so that the
 *   ride reaching a destination stop is not hidden by a walk to that stop.
 * - Walking: a tie-break. At equal time and round the label with less walking (access, transfers, egress) wins; a
 *   timed transfer (transfers.txt type 1) counts as TIMED_CREDIT seconds less, so that it wins where the rest ties.
 * - Access and egress: the walks of the query (StopAccess) start and end a journey; a transfer walk does not follow
 *   an access walk nor precede an egress walk, except when the query starts (ends) at a stop (0 s): then one
 *   footpath from (to) that stop may be the first (last) leg, as a person at a stop would cross the street.
 * - A journey has at least one ride: walking only is the planner's (it knows the coordinates).
 * - Arrive-by (query.arriveBy) is the same search backwards in time: labels are latest departures, stored negated so
 *   that smaller is better in both directions and one set of comparisons serves.
 * - Minimum transfer times: the footpaths' seconds (transfers.txt min_transfer_time replaces the walk; type 3
 *   removes it: build-footpaths.ts), and view.sameStopSeconds between two rides at one stop (transfers.txt from a stop
 *   to itself); NO_CHANGE_SECONDS there (type 3 from the stop to itself) boards nothing from a label set by a ride,
 *   while the walks from that ride's arrival stay. A label is one time per stop and round, so a walk reaching the
 *   stop later than the ride in the same round is not kept to board from there (the usual RAPTOR approximation,
 *   as for the change time): docs/COMPATIBILITY.md.
 * - transfers.txt rows naming routes or trips (view.ruled): a boarding after a ride whose trips a rule may touch
 *   (view.touches, one array read) looks for the first trip the most specific rule lets it catch (boardRuled); the
 *   others board as without rules, so a network without such rows scans as before (docs/COMPATIBILITY.md P26).
 * - Staying on board (transfers.txt transfer_type 4, trips.block_id: view.stayOnBoard): a scan whose trip rides to
 *   its pattern's last stop (arrive-by: from its first) rides on, in the same round, along the trip the view links it
 *   to, as one ride (rideOn); the parts are logged (seatLog) for the journey's legs.
 * - Range: the start labels are every distinct departure from the origins in the window (a trip leaving an origin
 *   stop, minus the walk to it), latest first; each iteration keeps the labels of the later ones, so it only finds
 *   journeys that arrive strictly earlier than those with as few rides leaving later, and it marks only the stops
 *   whose trips leave at its start (from the others it would catch the trips a later start caught). Journeys leaving
 *   after the window are not looked for, except those an iteration finds on its way: such a journey is not answered,
 *   and hides those it beats. So the answer holds every journey of the window that is Pareto-optimal overall, and
 *   may hold one beaten only by a journey leaving after the window (the next page's). Arrive-by mirrors it.
 * - A stop the search reaches on foot from the start (an origin, or a footpath from a stop the query starts at)
 *   keeps that label: a ride returning to it later is not a journey there. Walking is the planner's answer then.
 * - Skipped stops (real-time): at a stop the scan's trip skips, the trip boardable there replaces it when it arrives
 *   earlier at the next stop both serve (ahead); where the scan's trip skips a stop that could improve, the first
 *   trip stopping both there and at a stop of the scan where it may be boarded rides there (rideAround): without
 *   it a search would never look past a trip that skips the stop.
 * - Budget (query.budgetMs): checked every round and every PATTERNS_PER_CHECK patterns; once spent the search stops
 *   and answers the journeys of the rounds (departures) it finished, and of the round under way when it found one.
 *
 * - Pruning: a label is kept only when it beats the same round's label (which holds the best with fewer rides too)
 *   and the best journey to the target so far, counting the lower bound of travel time from the stop to the target
 *   (`bounds`, lower-bounds.ts; zeros when none are given); a pattern is scanned only from stops improved in the last
 *   round, and boards only there (OTP's "reached in previous round"). Journeys the caller knows (query.known) bound
 *   the target from the first round. With query.transferPenaltyMs, a round's target starts that much before the
 *   previous round's: a journey with one ride more is looked for only where it arrives that much earlier (arrive-by:
 *   leaves that much later), as the planner's pages weigh a transfer (plan-pages.ts). A label that is not a ride's
 *   arrival at a target stop serves only to board in the next round, so it is kept only when it can beat that
 *   round's target (labelBound), and in the last round not at all.
 * - A single-departure search answers each journey leaving as late as its rides allow (tighten): the later trips of
 *   the same patterns that make the same connections.
 *
 * Memory: the labels live in typed arrays kept per network size and reused by every search (raptor-state.ts); a
 * search allocates only per journey found, which reconstruct-journey.ts traces back through them.
 */
import type { EpochMs } from "../lib/zoned-time.js";
import { NO_CHANGE_SECONDS } from "../network/constants.js";
import type { StopIdx } from "../network/model.js";
import * as constants from "./constants.js";
import { travelBounds } from "./lower-bounds.js";
import { journeyCriteria, paretoJourneys } from "./pareto-journeys.js";
import { type RaptorState, raptorStateFor } from "./raptor-state.js";
import type { Journey, RaptorQuery, StopAccess } from "./raptor-types.js";
import { type LabelTrail, reconstructJourney } from "./reconstruct-journey.js";
import type { StopSet } from "./stop-set.js";
import type { TransitView, TripInstance } from "./transit-view.js";

// Module constants, not imports, in the hot loops: a bundler's live binding may be a getter (tsx's is: 16% of a search).
const { LOWER_BOUND_CAP_SECONDS, MAX_TRANSFERS, NO_TRIP, UNREACHED } = constants;
const NO_CHANGE = NO_CHANGE_SECONDS;

/** Patterns scanned between two looks at the clock: a look costs about as much as scanning a short pattern. */
const PATTERNS_PER_CHECK = 128;

/** Zero lower bounds by stop count, for searches given none. */
const zeros: Int32Array[] = [];
function zeroBounds(n: number): Int32Array {
  let z = zeros.find((a) => a.length === n);
  if (!z) {
    z = new Int32Array(n);
    zeros.push(z);
    if (zeros.length > 4) zeros.shift();
  }
  return z;
}

/** Trips a passenger stays seated through after the one boarded, at most (rideOn): a bound, not a rule. */
const MAX_SEATED_TRIPS = 16;

/**
 * Walking seconds a timed transfer (transfers.txt transfer_type 1) is worth in the tie-break: at equal time, and
 * walking within a second, the journey whose change is held wins (docs/COMPATIBILITY.md P26).
 */
const TIMED_CREDIT = 1;

/** Later trips of a scanned pattern rideOnLater looks at for one that goes on into another. */
const LATER_SEATED_TRIES = 2;

/** Trips boardRuled looks at for one a transfers.txt rule lets a change catch: a bound, not a rule. */
const RULED_TRIES = 16;

/** Trips rideAround looks at, per position, for one that stops where the scan's trip skips a stop. */
const SKIP_TRIES = 8;

/** How a round's target label was reached: by a ride to a target stop, or by a walk to a stop the query ends at. */
const VIA_RIDE = 1;
const VIA_LABEL = 2;

/**
 * The answer's Pareto set: departure (later is better), arrival (earlier) and transfers (fewer), a transfer costing
 * nothing; at equal values the least walking, then the first found.
 */
const RAPTOR_CRITERIA = journeyCriteria(0);

/**
 * The Pareto-optimal journeys from the query's origins to its destinations: on arrival x transfers for one
 * departure (arrive-by: departure x transfers), on departure x arrival x transfers over a window (windowEndMs);
 * walking breaks ties, and no two journeys share departure, arrival and transfers. Sorted by departure, then
 * arrival, then transfers.
 */
export function raptor(view: TransitView, query: RaptorQuery, bounds?: Int32Array): Journey[] {
  return new RaptorSearch(view, query, bounds ?? zeroBounds(view.stopCount)).run();
}

/**
 * Stop-to-stop earliest arrival (the benchmark's query, which connection-scan.ts answers several times faster on a
 * schedule-only view, with no limit on transfers): the earliest instant `toStop` is reached leaving `fromStop`
 * at `timeMs` or later, with any number of transfers up to MAX_TRANSFERS; undefined when it cannot be. Lower bounds
 * of travel time to `toStop` are computed for it (lower-bounds.ts): they cost less than the search they save.
 */
export function earliestArrival(view: TransitView, fromStop: StopIdx, toStop: StopIdx, timeMs: EpochMs): EpochMs | undefined {
  const origins = [{ stop: fromStop, seconds: 0, meters: 0 }];
  const destinations = [{ stop: toStop, seconds: 0, meters: 0 }];
  const bounds = travelBounds(view, destinations, true, LOWER_BOUND_CAP_SECONDS, origins);
  const journeys = raptor(view, { origins, destinations, timeMs, arriveBy: false }, bounds);
  let best: EpochMs | undefined;
  for (const j of journeys) if (best === undefined || j.arrivalMs < best) best = j.arrivalMs;
  return best;
}

/**
 * What a one-to-all run is asked (reach.ts): the same rounds as a search, without a target, from each start of
 * `starts` (the view's seconds, latest first: the labels are kept from one start to the next, as range RAPTOR keeps
 * them, since a passenger leaving earlier can make every journey of a later start by waiting), every label kept
 * while it arrives within `limitSeconds` of its start. After each start `record` reads the labels.
 */
export interface OneToAllRun {
  origins: readonly StopAccess[];
  starts: readonly number[];
  limitSeconds: number;
  /** Vehicles boarded minus one, at most; default MAX_TRANSFERS. */
  maxTransfers?: number;
  record(start: number, labels: ArrivalLabels): void;
}

/** The labels after one start of a one-to-all run. */
export interface ArrivalLabels {
  /**
   * StopIdx -> the earliest arrival on the view's clock with any number of rides (UNREACHED when none): a view of
   * the search's labels, valid until the run goes on.
   */
  arrivals(): Int32Array;
  /** The fewest rides that make `arrivals()[stop]` (0: on foot from the start). */
  rides(stop: StopIdx): number;
}

/**
 * One-to-all earliest arrival: RaptorSearch without a target, every stop's label bounded by its start plus the
 * limit instead of the best journey to a target (no lower bounds: there is no target to bound the way to).
 */
export function oneToAll(view: TransitView, run: OneToAllRun): void {
  const query: RaptorQuery = { origins: run.origins, destinations: [], timeMs: view.originMs, arriveBy: false, maxTransfers: run.maxTransfers };
  new RaptorSearch(view, query, zeroBounds(view.stopCount), run).run();
}

class RaptorSearch {
  private readonly v: TransitView;
  private readonly q: RaptorQuery;
  private readonly s: RaptorState;
  private readonly n: number;
  /** Rounds 0 (walks from the start) .. rides. */
  private readonly rides: number;
  private readonly back: boolean;
  private readonly deadline: number;
  private expired = false;
  private patternsSinceCheck = 0;
  private iter = 0;
  /** Rounds whose arrays this search has initialised (round 0 .. initRounds - 1). */
  private initRounds = 0;
  /** Per round: best target label (with at most k rides), its walking, how it was reached, the iteration. */
  private readonly targetLabel: Float64Array;
  private readonly targetWalk: Float64Array;
  private readonly targetStop: Int32Array;
  private readonly targetVia: Int32Array;
  private readonly targetIter: Int32Array;
  /** Per round: the best of query.known with at most k rides (none: UNREACHED), a bound the target starts at. */
  private readonly knownLabel: Float64Array;
  private readonly found: Journey[] = [];
  /** StopIdx -> seconds at least between the stop and the search's target (lower-bounds.ts; zeros: none known). */
  private readonly lb: Int32Array;
  /** Seconds a journey with one ride more must arrive earlier (arrive-by: leave later) to be looked for. */
  private readonly penalty: number;
  /**
   * Whether a label of round k serves only to board in round k + 1 (labelBound): a single-departure search whose
   * query ends at no stop itself, so that no walk label is offered to the target (VIA_LABEL).
   */
  private labelsServeNextRound = false;
  private readonly sourceAccess = new Map<StopIdx, StopAccess>();
  private readonly targetAccess = new Map<StopIdx, StopAccess>();
  private readonly trail: LabelTrail;
  /** view.seated, read once: whether a scan reaching a pattern's end asks about staying on board. */
  private readonly seated: boolean;
  /** view.patternSeated, read once (a view may compute it on demand). */
  private readonly patternSeated: Uint8Array;
  /** view.ruled, read once: whether a boarding after a ride asks about transfers.txt route and trip rules. */
  private readonly ruled: boolean;
  /** view.patternTouchedFrom (arrive-by) or patternTouchedTo, read once when ruled. */
  private readonly patternTouched: Uint8Array;
  /** The change ruledChange found: the ride before it, the stop that ride is left at, its label there. */
  private changeRide: TripInstance = NO_TRIP;
  private changeStop = 0;
  private changeAt = 0;
  /** TIMED_CREDIT when boardRuled's trip is caught by a timed transfer (transfer_type 1), else 0. */
  private timedCredit = 0;
  /** A one-to-all run (oneToAll): no target, a limit per start, the labels read after each. */
  private readonly all: OneToAllRun | undefined;
  /** What `all.record` reads: the best label of the highest round initialised, and the fewest rides making it. */
  private readonly labels: ArrivalLabels = {
    arrivals: () => this.s.label.subarray((this.initRounds - 1) * this.n, this.initRounds * this.n),
    rides: (stop) => {
      const { label } = this.s;
      const t = label[(this.initRounds - 1) * this.n + stop];
      let k = 0;
      while (label[k * this.n + stop] !== t) k++;
      return k;
    },
  };

  constructor(view: TransitView, query: RaptorQuery, bounds: Int32Array, all?: OneToAllRun) {
    this.v = view;
    this.seated = view.seated;
    this.patternSeated = this.seated ? view.patternSeated : new Uint8Array(0);
    this.ruled = view.ruled;
    this.patternTouched = !this.ruled ? new Uint8Array(0) : query.arriveBy ? view.patternTouchedFrom : view.patternTouchedTo;
    this.lb = bounds;
    this.all = all;
    this.penalty = Math.max(0, Math.floor((query.transferPenaltyMs ?? 0) / 1000));
    this.q = query;
    this.rides = Math.max(0, query.maxTransfers ?? MAX_TRANSFERS) + 1;
    this.s = raptorStateFor(view.stopCount, this.rides + 1, view.patternCount);
    this.n = view.stopCount;
    this.back = query.arriveBy;
    this.deadline = query.budgetMs === undefined ? Infinity : performance.now() + query.budgetMs;
    const r = this.rides + 1;
    this.targetLabel = new Float64Array(r).fill(UNREACHED);
    this.knownLabel = new Float64Array(r).fill(UNREACHED);
    for (const j of query.known ?? []) {
      const k = j.transfers + 1;
      const label = this.back ? -Math.floor((j.departureMs - view.originMs) / 1000) : Math.ceil((j.arrivalMs - view.originMs) / 1000);
      if (k < r && label < this.knownLabel[k]) this.knownLabel[k] = label;
    }
    this.targetWalk = new Float64Array(r);
    this.targetStop = new Int32Array(r).fill(-1);
    this.targetVia = new Int32Array(r);
    this.targetIter = new Int32Array(r);
    this.trail = {
      view,
      state: this.s,
      back: this.back,
      tighten: query.windowEndMs === undefined,
      originAccess: this.back ? this.targetAccess : this.sourceAccess,
      destinationAccess: this.back ? this.sourceAccess : this.targetAccess,
    };
  }

  run(): Journey[] {
    const { s, q } = this;
    const [sources, targets] = this.back ? [q.destinations, q.origins] : [q.origins, q.destinations];
    for (const a of sources) keepShortest(this.sourceAccess, a);
    for (const a of targets) keepShortest(this.targetAccess, a);
    s.seatLength = 0;
    try {
      for (const [stop, a] of this.sourceAccess) s.sourceSecs[stop] = a.seconds;
      for (const [stop, a] of this.targetAccess) s.targetSecs[stop] = a.seconds;
      const { all } = this;
      if ((this.targetAccess.size === 0 && all === undefined) || this.sourceAccess.size === 0) return [];
      this.labelsServeNextRound = all === undefined && q.windowEndMs === undefined && ![...this.targetAccess.values()].some((a) => a.seconds === 0);
      const starts: Array<[number, Set<StopIdx> | undefined]> = all ? all.starts.map((start) => [start, undefined]) : this.startLabels();
      for (const [start, triggers] of starts) {
        if (this.expired) break;
        // One-to-all: every round's bound is the start's limit, a second beyond the last arrival that counts.
        if (all) this.targetLabel.fill(start + all.limitSeconds + 1);
        this.iteration(start, triggers);
        all?.record(start, this.labels);
      }
      return this.answer();
    } finally {
      for (const stop of this.sourceAccess.keys()) s.sourceSecs[stop] = -1;
      for (const stop of this.targetAccess.keys()) s.targetSecs[stop] = -1;
      s.marked[0].clear();
      s.marked[1].clear();
      s.changed[0].clear();
      s.changed[1].clear();
      s.rideMarked.clear();
    }
  }

  /**
   * The start of each iteration as a label (query seconds; arrive-by: minus the latest arrival), best (largest)
   * first, so that each later iteration must beat the labels the earlier ones left: one for a single instant, every
   * distinct departure (arrival) at the sources within the window for a range; with the stops whose trips leave
   * (arrive) at that moment, the only ones an iteration marks (undefined: all).
   */
  private startLabels(): Array<[number, Set<StopIdx> | undefined]> {
    const { v, q, back } = this;
    const toSec = (ms: EpochMs, up: boolean) => (up ? Math.ceil : Math.floor)((ms - v.originMs) / 1000);
    // Depart-after: leave no earlier than timeMs (round up); arrive-by: arrive no later (round down).
    const first = toSec(q.timeMs, !back);
    if (q.windowEndMs === undefined) return [[back ? -first : first, undefined]];
    const lo = toSec(Math.min(q.timeMs, q.windowEndMs), true);
    const hi = toSec(Math.max(q.timeMs, q.windowEndMs), false);
    const times = new Map<number, Set<StopIdx>>();
    const at = (time: number, stop: StopIdx) => {
      const label = back ? -time : time;
      let stops = times.get(label);
      if (!stops) times.set(label, (stops = new Set()));
      stops.add(stop);
    };
    const add = (stop: StopIdx, walk: number) => {
      for (let r = v.stopPatternStart[stop]; r < v.stopPatternStart[stop + 1]; r++) {
        const p = v.stopPatterns[r];
        const pos = v.stopPatternPositions[r];
        if (!v.patternUsable(p)) continue;
        if ((back ? v.alightable : v.boardable)[v.patternStopStart[p] + pos] === 0) continue;
        // A departure at `time` from a stop `walk` seconds away leaves the start at time - walk (arrive-by: + walk).
        if (back) v.forEachTime(p, pos, lo - walk, hi - walk, false, (time) => at(time + walk, stop));
        else v.forEachTime(p, pos, lo + walk, hi + walk, true, (time) => at(time - walk, stop));
      }
    };
    for (const [stop, a] of this.sourceAccess) {
      add(stop, a.seconds);
      if (a.seconds !== 0) continue;
      const [start, other, secs] = back ? [v.footpathInStart, v.footpathInFrom, v.footpathInSeconds] : [v.footpathStart, v.footpathTo, v.footpathSeconds];
      for (let f = start[stop]; f < start[stop + 1]; f++) add(other[f], secs[f]);
    }
    return [...times].sort((a, b) => b[0] - a[0]);
  }

  private checkClock(): boolean {
    if (!this.expired && performance.now() > this.deadline) this.expired = true;
    return this.expired;
  }

  /** Round 0 from `start`, then rounds of rides until no label improves; then the improvements reach every round. */
  private iteration(start: number, triggers: Set<StopIdx> | undefined): void {
    const { s } = this;
    this.iter++;
    let cur = 0;
    this.initRound(0);
    this.sources(start, triggers, s.marked[cur], s.changed[cur]);
    let k = 1;
    for (; k <= this.rides && s.marked[cur].size > 0; k++) {
      if (this.checkClock()) break;
      const next = 1 - cur;
      this.initRound(k);
      this.inherit(k, s.changed[cur], s.changed[next]);
      this.scanRound(k, s.marked[cur], s.marked[next], s.changed[next]);
      this.relax(k, s.marked[next], s.changed[next]);
      if (this.targetIter[k] === this.iter) this.keepJourney(k);
      s.marked[cur].clear();
      s.changed[cur].clear();
      cur = next;
    }
    s.marked[cur].clear();
    // Later rounds must still see what this iteration improved (their labels are "at most k rides").
    for (; k < this.initRounds && s.changed[cur].size > 0; k++) {
      const next = 1 - cur;
      this.inherit(k, s.changed[cur], s.changed[next]);
      s.changed[cur].clear();
      cur = next;
    }
    s.changed[cur].clear();
  }

  /** The first time a search reaches round k: its labels start as round k - 1's (round 0: unreached). */
  private initRound(k: number): void {
    if (k < this.initRounds) return;
    const { s, n } = this;
    const from = k * n;
    if (k === 0) {
      s.label.fill(UNREACHED, 0, n);
      s.rideLabel.fill(UNREACHED, 0, n);
    } else {
      // Walking seconds are not inherited: they are read only on a tie within one iteration and round.
      s.label.copyWithin(from, from - n, from);
      s.rideLabel.copyWithin(from, from - n, from);
      this.targetLabel[k] = this.inheritedTarget(k);
      this.targetWalk[k] = this.penalty > 0 ? -1 : this.targetWalk[k - 1];
      // A known journey bounds the round like one found, but is not one of this search's.
      if (this.knownLabel[k] <= this.targetLabel[k]) {
        this.targetLabel[k] = this.knownLabel[k];
        this.targetWalk[k] = -1;
      }
    }
    s.setIter.fill(0, from, from + n);
    s.rideSet.fill(0, from, from + n);
    this.initRounds = k + 1;
  }

  /** Round k's labels take round k - 1's where those are at least as good (fewer rides win ties). */
  private inherit(k: number, changedBefore: StopSet, changed: StopSet): void {
    const { s, n } = this;
    const b = (k - 1) * n;
    const c = k * n;
    for (let i = 0; i < changedBefore.size; i++) {
      const stop = changedBefore.list[i];
      if (s.label[b + stop] <= s.label[c + stop]) {
        if (s.label[b + stop] < s.label[c + stop] || s.setIter[c + stop] !== 0) changed.add(stop);
        s.label[c + stop] = s.label[b + stop];
        s.setIter[c + stop] = 0;
      }
      if (s.rideLabel[b + stop] <= s.rideLabel[c + stop]) {
        if (s.rideLabel[b + stop] < s.rideLabel[c + stop] || s.rideSet[c + stop] !== 0) changed.add(stop);
        s.rideLabel[c + stop] = s.rideLabel[b + stop];
        s.rideSet[c + stop] = 0;
      }
    }
    const inherited = this.inheritedTarget(k);
    if (inherited <= this.targetLabel[k]) {
      this.targetLabel[k] = inherited;
      this.targetWalk[k] = this.penalty > 0 ? -1 : this.targetWalk[k - 1];
      if (this.targetIter[k] === this.iter) this.targetIter[k] = 0;
    }
  }

  /**
   * What round k must beat from round k - 1's target label: the label itself (a journey with more rides must arrive
   * strictly earlier), or query.transferPenaltyMs earlier still. Then the label is a bound, not a journey: walking
   * cannot win a tie with it (targetWalk -1).
   */
  private inheritedTarget(k: number): number {
    const before = this.targetLabel[k - 1];
    return before < UNREACHED ? before - this.penalty : before;
  }

  /**
   * What a label of round k must beat, its lower bound counted, to be kept: round k's target (plus `tie`). A ride's
   * arrival at a target stop is offered to that target whatever the label (rideTo); beyond it, a label of a
   * single-departure search (labelsServeNextRound) serves only to board in round k + 1, so it must also beat what
   * round k + 1 must: round k's target less the transfer penalty, or a known journey with a ride more (plus a second
   * with rules, as the scans' bound: a tie may be the timed transfer); in the last round, nothing. On the MTA's E1
   * pages a quarter fewer footpaths relaxed, the pages the same (docs/BENCHMARKS.md "Route planning").
   */
  private labelBound(k: number, tie: number): number {
    const own = this.targetLabel[k] + tie;
    if (!this.labelsServeNextRound) return own;
    if (k >= this.rides) return -Infinity;
    const next = Math.min(this.inheritedTarget(k + 1), this.knownLabel[k + 1]) + (this.ruled ? 1 : 0);
    return Math.min(next, own);
  }

  /**
   * Round 0: the start's walks, and from a stop the query starts at (0 s), one footpath. Every label improves, but
   * in a range only the stops `triggers` names are marked: from the others the trips to catch are those an earlier
   * iteration (a later start) caught already, whose arrivals the labels keep. Without this each iteration scanned
   * every pattern at every origin again: on the MTA, an E1 page of a hundred origins and a thousand departures.
   */
  private sources(start: number, triggers: Set<StopIdx> | undefined, marked: StopSet, changed: StopSet): void {
    const { v, back } = this;
    const [fpStart, fpOther, fpSecs] = back ? [v.footpathInStart, v.footpathInFrom, v.footpathInSeconds] : [v.footpathStart, v.footpathTo, v.footpathSeconds];
    const mark = (stop: StopIdx) => (triggers === undefined || triggers.has(stop) ? marked : undefined);
    for (const [stop, a] of this.sourceAccess) this.setLabel(0, stop, start + a.seconds, a.seconds, -1, 0, mark(stop), changed);
    for (const [stop, a] of this.sourceAccess) {
      if (a.seconds !== 0) continue;
      for (let f = fpStart[stop]; f < fpStart[stop + 1]; f++) {
        this.setLabel(0, fpOther[f], start + fpSecs[f], fpSecs[f], stop, fpSecs[f], mark(fpOther[f]), changed);
      }
    }
  }

  /** Improves label (k, stop) when `time` beats it, or ties it with less walking within this iteration; marks it. */
  private setLabel(k: number, stop: number, time: number, walk: number, link: number, linkSecs: number, marked: StopSet | undefined, changed: StopSet): boolean {
    const { s } = this;
    const i = k * this.n + stop;
    if (time < s.label[i] || (time === s.label[i] && s.setIter[i] === this.iter && walk < s.walk[i])) {
      s.label[i] = time;
      s.walk[i] = walk;
      s.setIter[i] = this.iter;
      s.walkLink[i] = link;
      s.walkSecs[i] = linkSecs;
      marked?.add(stop);
      changed.add(stop);
      return true;
    }
    return false;
  }

  /** Offers round k's target a journey ending at `stop`. */
  private offerTarget(k: number, time: number, walk: number, stop: number, via: number): void {
    if (time < this.targetLabel[k] || (time === this.targetLabel[k] && this.targetIter[k] === this.iter && walk < this.targetWalk[k])) {
      this.targetLabel[k] = time;
      this.targetWalk[k] = walk;
      this.targetStop[k] = stop;
      this.targetVia[k] = via;
      this.targetIter[k] = this.iter;
    }
  }

  /** Queues the patterns through the stops marked in round k - 1 and scans each once from its first marked stop. */
  private scanRound(k: number, markedBefore: StopSet, marked: StopSet, changed: StopSet): void {
    const { s, v, back, n } = this;
    // A stop reached no earlier than the best journey to the target so far cannot lead to a better one.
    const bound = this.targetLabel[k];
    let queued = 0;
    for (let i = 0; i < markedBefore.size; i++) {
      const stop = markedBefore.list[i];
      if (s.label[(k - 1) * n + stop] + this.lb[stop] >= bound) continue;
      for (let r = v.stopPatternStart[stop]; r < v.stopPatternStart[stop + 1]; r++) {
        const p = v.stopPatterns[r];
        const pos = v.stopPatternPositions[r];
        const from = s.patternFrom[p];
        if (from === -1) {
          // Nothing to ride from a pattern's last stop (arrive-by: to its first).
          if (back ? pos === 0 : pos === v.patternStopStart[p + 1] - v.patternStopStart[p] - 1) continue;
          if (!v.patternUsable(p)) continue;
          s.patternQueue[queued++] = p;
          s.patternFrom[p] = pos;
        } else if (back ? pos > from : pos < from) s.patternFrom[p] = pos;
      }
    }
    for (let i = 0; i < queued; i++) {
      const p = s.patternQueue[i];
      const from = s.patternFrom[p];
      s.patternFrom[p] = -1;
      if (this.expired) continue;
      if (++this.patternsSinceCheck >= PATTERNS_PER_CHECK) {
        this.patternsSinceCheck = 0;
        if (this.checkClock()) continue;
      }
      if (back) this.scanBackward(k, p, from, markedBefore.has, marked, changed);
      else this.scanForward(k, p, from, markedBefore.has, marked, changed);
    }
  }

  /**
   * A ride reaching (k, stop) at `time` (a label): the ride label, the label, the target. `seat`: the seatLog entry
   * of the ride's part before this trip when the passenger stayed on board into it, else -1. True when the label
   * improved.
   */
  private rideTo(k: number, stop: number, time: number, walk: number, instance: TripInstance, p: number, far: number, here: number, seat: number, marked: StopSet, changed: StopSet): boolean {
    const { s } = this;
    const i = k * this.n + stop;
    if (!(time < s.rideLabel[i] || (time === s.rideLabel[i] && s.rideSet[i] === this.iter && walk < s.rideWalk[i]))) return false;
    s.rideLabel[i] = time;
    s.rideWalk[i] = walk;
    s.rideSet[i] = this.iter;
    s.ride[i] = instance;
    s.ridePattern[i] = p;
    s.rideFar[i] = far;
    s.rideHere[i] = here;
    s.rideSeat[i] = seat;
    this.s.rideMarked.add(stop);
    changed.add(stop);
    const improved = this.setLabel(k, stop, time, walk, -1, 0, marked, changed);
    const egress = s.targetSecs[stop];
    if (egress >= 0) this.offerTarget(k, time + egress, walk + egress, stop, VIA_RIDE);
    return improved;
  }

  /**
   * The scan's trip rides to its pattern's last stop (arrive-by: from its first): the passenger may stay on board
   * into the trip the view links it to (view.stayOnBoard: transfers.txt type 4, trips.block_id), in the same round,
   * with no change time and no transfer counted. Each part ridden is logged (seatLog) so that the journey shows both
   * trips. The chain goes on only while a part improves a label: a bus turning round at its terminal runs back past
   * the stops its first trip reached earlier, and its next turn again, so a block is followed a trip or two, not
   * the whole day (docs/COMPATIBILITY.md P25).
   */
  private rideOn(k: number, trip: TripInstance, p: number, boarded: number, walk: number, marked: StopSet, changed: StopSet): boolean {
    const { s, v, back, lb } = this;
    const now = k * this.n;
    let cur = trip;
    let pattern = p;
    let from = boarded;
    let seat = -1;
    for (let hops = 0; hops < MAX_SEATED_TRIPS; hops++) {
      const last = v.patternStopStart[pattern + 1] - v.patternStopStart[pattern] - 1;
      const end = back ? v.departure(cur, 0) : v.arrival(cur, last);
      if (end !== end) return hops > 0; // it does not reach its last stop (real-time): nobody rides on
      const next = v.stayOnBoard(cur, back);
      if (next === NO_TRIP) return hops > 0;
      seat = back ? s.logSeat(cur, pattern, 0, from, seat) : s.logSeat(cur, pattern, from, last, seat);
      const q = v.patternOf(next);
      const base = v.patternStopStart[q];
      const qLast = v.patternStopStart[q + 1] - base - 1;
      let improved = false;
      for (let pos = back ? qLast - 1 : 1; back ? pos >= 0 : pos <= qLast; back ? pos-- : pos++) {
        if ((back ? v.boardable : v.alightable)[base + pos] === 0) continue;
        const stop = v.patternStops[base + pos];
        const time = back ? -v.departure(next, pos) : v.arrival(next, pos);
        if (time >= this.targetLabel[k]) return true;
        if (time <= s.rideLabel[now + stop] && time + lb[stop] < this.targetLabel[k]) {
          if (this.rideTo(k, stop, time, walk, next, q, back ? qLast : 0, pos, seat, marked, changed)) improved = true;
        }
      }
      if (!improved) return true;
      cur = next;
      pattern = q;
      from = back ? qLast : 0;
    }
    return true;
  }

  /**
   * rideOn from the scan's trip, the first that can be boarded; when that one goes on into no other trip, from the
   * next ones of the pattern (LATER_SEATED_TRIES at most), which can be boarded at the same stop too: a later bus
   * that runs on as another line reaches its stops with one transfer fewer (trips of a pattern never overtake, so
   * only a continuation can make a later trip worth riding).
   */
  private rideOnLater(k: number, trip: TripInstance, p: number, boarded: number, walk: number, marked: StopSet, changed: StopSet): void {
    const { v, back } = this;
    let t = trip;
    for (let tries = 0; tries <= LATER_SEATED_TRIES && t !== NO_TRIP; tries++) {
      if (this.rideOn(k, t, p, boarded, walk, marked, changed)) return;
      const time = back ? v.arrival(t, boarded) : v.departure(t, boarded);
      if (time !== time) return;
      t = back ? v.latestTrip(p, boarded, time - 1, NO_TRIP) : v.earliestTrip(p, boarded, time + 1, NO_TRIP);
    }
  }

  /**
   * The scan's trip does not stop at `pos` (a skipped stop: its time is NaN): from each position of this scan where
   * a trip may be boarded (arrive-by: left), the first trip of the pattern stopping both there and at `pos` rides
   * there instead. Looks at SKIP_TRIES trips per position; trips leaving in the same second as one that skips are
   * passed over. Only with a real-time overlay, and only where a skipped stop could improve.
   */
  private rideAround(k: number, stop: number, p: number, from: number, pos: number, markedBefore: Uint8Array, marked: StopSet, changed: StopSet): void {
    const { s, v, back, n } = this;
    const base = v.patternStopStart[p];
    const before = (k - 1) * n;
    const slack = v.sameStopSeconds;
    let best = NO_TRIP;
    let bestTime = Infinity;
    let bestFar = 0;
    let bestWalk = 0;
    for (let far = from; back ? far > pos : far < pos; back ? far-- : far++) {
      const at = v.patternStops[base + far];
      if (markedBefore[at] === 0 || (back ? v.alightable : v.boardable)[base + far] === 0) continue;
      const prev = s.label[before + at];
      const change = slack[at] > 0 && s.rideLabel[before + at] === prev && before > 0 ? slack[at] : 0;
      if (change === NO_CHANGE) continue;
      const ready = prev + change;
      let t = back ? v.latestTrip(p, far, -ready, NO_TRIP) : v.earliestTrip(p, far, ready, NO_TRIP);
      for (let tries = 0; t !== NO_TRIP && tries < SKIP_TRIES; tries++) {
        const time = back ? -v.departure(t, pos) : v.arrival(t, pos);
        if (time === time) {
          const w = s.walk[before + at];
          if (time < bestTime || (time === bestTime && w < bestWalk)) {
            best = t;
            bestTime = time;
            bestFar = far;
            bestWalk = w;
          }
          break;
        }
        t = back ? v.latestTrip(p, far, v.arrival(t, far) - 1, NO_TRIP) : v.earliestTrip(p, far, v.departure(t, far) + 1, NO_TRIP);
      }
    }
    if (best !== NO_TRIP && bestTime < this.targetLabel[k] && bestTime <= s.rideLabel[k * n + stop]) {
      this.rideTo(k, stop, bestTime, bestWalk, best, p, bestFar, pos, -1, marked, changed);
    }
  }

  /**
   * Whether trip instance `t` rides better than `trip`, which skips position `pos` so that their times there cannot
   * be compared: at the first later position (arrive-by: earlier) where both stop, `t` arrives earlier (leaves
   * later). Neither when they share none: rideAround then serves the stops of the trip not kept.
   */
  private ahead(t: TripInstance, trip: TripInstance, p: number, pos: number): boolean {
    const { v, back } = this;
    const last = v.patternStopStart[p + 1] - v.patternStopStart[p] - 1;
    for (let q = back ? pos - 1 : pos + 1; back ? q >= 0 : q <= last; back ? q-- : q++) {
      const a = back ? v.departure(t, q) : v.arrival(t, q);
      const b = back ? v.departure(trip, q) : v.arrival(trip, q);
      if (a === a && b === b) return back ? a > b : a < b;
    }
    return false;
  }

  // hot: no allocation
  private scanForward(k: number, p: number, from: number, markedBefore: Uint8Array, marked: StopSet, changed: StopSet): void {
    const { s, v, n, lb } = this;
    const { label, rideLabel, walk } = s;
    const { patternStops, boardable, alightable } = v;
    const before = (k - 1) * n;
    const now = k * n;
    const base = v.patternStopStart[p];
    const end = v.patternStopStart[p + 1];
    const slack = v.sameStopSeconds;
    // With route or trip rules, a ride tying the best journey to the target is still followed: it may be the one a
    // timed transfer holds, which wins the tie (TIMED_CREDIT).
    const bound = this.targetLabel[k] + (this.ruled ? 1 : 0);
    // A rule can hold only where the pattern boarded has a trip on its side of one (patternTouched).
    const ruled = this.ruled && this.patternTouched[p] === 1;
    const keep = this.labelBound(k, this.ruled ? 1 : 0);
    let trip: TripInstance = NO_TRIP;
    let boardPos = 0;
    let tripWalk = 0;
    for (let row = base + from; row < end; row++) {
      const stop = patternStops[row];
      if (trip !== NO_TRIP && alightable[row] === 1) {
        const a = v.arrival(trip, row - base);
        if (a >= bound) trip = NO_TRIP; // from here on it arrives no earlier than the best journey to the target
        // Kept only when the target can still be reached from here before the best journey to it (lb).
        else if (a <= rideLabel[now + stop] && a + lb[stop] < (s.targetSecs[stop] >= 0 ? bound : keep)) this.rideTo(k, stop, a, tripWalk, trip, p, boardPos, row - base, -1, marked, changed);
        else if (a !== a) this.rideAround(k, stop, p, from, row - base, markedBefore, marked, changed);
      }
      // Boarding at the last stop rides nothing (staying on board there is the trip it was, not one boarded there).
      if (row === end - 1) break;
      // Only a stop improved in the last round can board an earlier trip: from the others this pattern was scanned
      // in the round after they were reached, with fewer rides (OTP's "reached in previous round").
      if (markedBefore[stop] === 0 || boardable[row] === 0) continue;
      const pos = row - base;
      const prev = label[before + stop];
      // A change at one stop after a ride takes the view's transfer time; NO_CHANGE: none is possible there.
      const change = slack[stop] > 0 && rideLabel[before + stop] === prev && before > 0 ? slack[stop] : 0;
      // Whatever it boards here leaves at prev + change or later (prev: a rule's timed transfer needs no change
      // time): no better than the best journey when that is not.
      if (prev + (ruled ? 0 : change) + lb[stop] >= bound) continue;
      const tripDep = trip === NO_TRIP ? Infinity : v.departure(trip, pos);
      let t: TripInstance;
      let credit = 0;
      if (ruled && before > 0 && this.ruledChange(k, stop, p)) {
        t = this.boardRuled(p, pos, stop, prev, change === NO_CHANGE ? Infinity : prev + change);
        credit = this.timedCredit;
      } else {
        if (change === NO_CHANGE) continue;
        const ready = prev + change;
        if (ready > tripDep) continue; // NaN (the trip skips this stop) looks for another
        t = v.earliestTrip(p, pos, ready, tripDep === tripDep ? trip : NO_TRIP);
      }
      if (t === NO_TRIP) continue;
      const dep = v.departure(t, pos);
      if (dep + lb[stop] >= bound) continue; // it arrives no earlier than the best journey to the target so far
      const w = walk[before + stop] - credit;
      if (trip === NO_TRIP || dep < tripDep || (dep === tripDep && w < tripWalk) || (tripDep !== tripDep && this.ahead(t, trip, p, pos))) {
        trip = t;
        boardPos = pos;
        tripWalk = w;
      }
    }
    if (trip !== NO_TRIP && this.seated && (this.patternSeated[p] & 1) !== 0) this.rideOnLater(k, trip, p, boardPos, tripWalk, marked, changed);
  }

  // hot: no allocation. The mirror of scanForward: from the last marked position down, labels are minus departures.
  private scanBackward(k: number, p: number, from: number, markedBefore: Uint8Array, marked: StopSet, changed: StopSet): void {
    const { s, v, n, lb } = this;
    const { label, rideLabel, walk } = s;
    const { patternStops, boardable, alightable } = v;
    const before = (k - 1) * n;
    const now = k * n;
    const base = v.patternStopStart[p];
    const slack = v.sameStopSeconds;
    // With route or trip rules, a ride tying the best journey to the target is still followed: it may be the one a
    // timed transfer holds, which wins the tie (TIMED_CREDIT).
    const bound = this.targetLabel[k] + (this.ruled ? 1 : 0);
    // A rule can hold only where the pattern boarded has a trip on its side of one (patternTouched).
    const ruled = this.ruled && this.patternTouched[p] === 1;
    let trip: TripInstance = NO_TRIP;
    let alightPos = 0;
    let tripWalk = 0;
    for (let row = base + from; row >= base; row--) {
      const stop = patternStops[row];
      if (trip !== NO_TRIP && boardable[row] === 1) {
        const d = -v.departure(trip, row - base);
        if (d >= bound) trip = NO_TRIP;
        else if (d <= rideLabel[now + stop] && d + lb[stop] < bound) this.rideTo(k, stop, d, tripWalk, trip, p, alightPos, row - base, -1, marked, changed);
        else if (d !== d) this.rideAround(k, stop, p, from, row - base, markedBefore, marked, changed);
      }
      if (row === base) break;
      if (markedBefore[stop] === 0 || alightable[row] === 0) continue;
      const pos = row - base;
      const prev = label[before + stop];
      // The latest arrival at this stop that still makes the rest of the journey.
      const change = slack[stop] > 0 && rideLabel[before + stop] === prev && before > 0 ? slack[stop] : 0;
      const tripArr = trip === NO_TRIP ? -Infinity : v.arrival(trip, pos);
      let t: TripInstance;
      let credit = 0;
      if (ruled && before > 0 && this.ruledChange(k, stop, p)) {
        t = this.boardRuled(p, pos, stop, prev, change === NO_CHANGE ? Infinity : prev + change);
        credit = this.timedCredit;
      } else {
        if (change === NO_CHANGE) continue;
        const need = -(prev + change);
        if (need < tripArr) continue;
        t = v.latestTrip(p, pos, need, tripArr === tripArr ? trip : NO_TRIP);
      }
      if (t === NO_TRIP) continue;
      const arr = v.arrival(t, pos);
      if (-arr + lb[stop] >= bound) continue;
      const w = walk[before + stop] - credit;
      if (trip === NO_TRIP || arr > tripArr || (arr === tripArr && w < tripWalk) || (tripArr !== tripArr && this.ahead(t, trip, p, pos))) {
        trip = t;
        alightPos = pos;
        tripWalk = w;
      }
    }
    if (trip !== NO_TRIP && this.seated && (this.patternSeated[p] & 2) !== 0) this.rideOnLater(k, trip, p, alightPos, tripWalk, marked, changed);
  }

  /**
   * Whether boarding pattern p at `stop` in round k is a change a transfers.txt route or trip rule may apply to
   * (view.touches, patternTouched*); if so it keeps the ride before it (arrive-by: after it), the stop that ride is
   * left (boarded) at, this stop or the other end of the walk, and its label there, for boardRuled. Labels inherited
   * from an earlier round are followed down to the round that set them, as reconstruct-journey.ts does.
   */
  private ruledChange(k: number, stop: number, p: number): boolean {
    const { s, v, n, back } = this;
    let r = k - 1;
    while (r > 0 && s.setIter[r * n + stop] === 0) r--;
    if (r === 0) return false; // reached on foot from the start: the first boarding is no change
    const link = s.walkLink[r * n + stop];
    const from = link >= 0 ? link : stop;
    let q = r;
    while (q > 0 && s.rideSet[q * n + from] === 0) q--;
    if (q === 0) return false;
    const ride = s.ride[q * n + from];
    // The scan asks only for patterns a rule touches (patternTouched); the ride must be on the rule's other side.
    if (!v.touches(ride, !back)) return false;
    this.changeRide = ride;
    this.changeStop = from;
    this.changeAt = s.rideLabel[q * n + from];
    return true;
  }

  /**
   * The first trip of pattern p at `stop` (arrive-by: the last) that the change ruledChange found may catch under
   * the most specific transfers.txt rule (view.transferRule): type 3 none; type 2 from the ride's arrival plus
   * min_transfer_time (which replaces the walk and the stop's change time, as stop-level rows do); type 1 (timed:
   * the connection is held) from the arrival itself, after the walk if there is one; type 0 and no rule as without
   * rules (`plain`: the label plus the stop's change time, Infinity where no change is possible). In label units
   * (arrive-by: minus times). Looks at RULED_TRIES trips at most.
   */
  private boardRuled(p: number, pos: number, stop: number, prev: number, plain: number): TripInstance {
    const { v, back } = this;
    const at = this.changeAt;
    const walked = this.changeStop !== stop;
    let t = back ? v.latestTrip(p, pos, -at, NO_TRIP) : v.earliestTrip(p, pos, at, NO_TRIP);
    this.timedCredit = 0;
    for (let tries = 0; t !== NO_TRIP && tries < RULED_TRIES; tries++) {
      const time = back ? -v.arrival(t, pos) : v.departure(t, pos);
      const rule = back ? v.transferRule(t, stop, this.changeRide, this.changeStop) : v.transferRule(this.changeRide, this.changeStop, t, stop);
      const type = rule < 0 ? 0 : rule & 3;
      const ready = type === 3 ? Infinity : type === 2 ? at + (rule >> 2) : type === 1 ? (walked ? prev : at) : plain;
      if (time >= ready) {
        if (type === 1 && rule >= 0) this.timedCredit = TIMED_CREDIT;
        return t;
      }
      t = back ? v.latestTrip(p, pos, -time - 1, NO_TRIP) : v.earliestTrip(p, pos, time + 1, NO_TRIP);
    }
    return NO_TRIP;
  }

  /** Round k's footpaths from the stops a ride improved: one walk, never two in a row. */
  private relax(k: number, marked: StopSet, changed: StopSet): void {
    const { s, v, back, n } = this;
    const [fpStart, fpOther, fpSecs] = back ? [v.footpathInStart, v.footpathInFrom, v.footpathInSeconds] : [v.footpathStart, v.footpathTo, v.footpathSeconds];
    const now = k * n;
    const rides = s.rideMarked;
    const { lb } = this;
    const { label } = s;
    const keep = this.labelBound(k, 0);
    for (let i = 0; i < rides.size; i++) {
      const stop = rides.list[i];
      const time = s.rideLabel[now + stop];
      // hot: no allocation. lb[stop] <= a footpath's seconds + lb[its end] (the footpaths are edges of the bounds'
      // graph): a stop no walk from which can beat the best journey is passed over at once.
      if (time + lb[stop] >= keep) continue;
      const walk = s.rideWalk[now + stop];
      for (let f = fpStart[stop]; f < fpStart[stop + 1]; f++) {
        const to = fpOther[f];
        const t = time + fpSecs[f];
        if (t >= keep) break; // shortest first: the rest are longer still
        if (t > label[now + to]) continue; // no better (a tie goes on: less walking may win it)
        if (t + lb[to] >= keep) continue;
        if (this.setLabel(k, to, t, walk + fpSecs[f], stop, fpSecs[f], marked, changed) && s.targetSecs[to] === 0) {
          this.offerTarget(k, t, walk + fpSecs[f], to, VIA_LABEL);
        }
      }
    }
    rides.clear();
  }

  /** Follows round k's target back to the start, and keeps the journey it describes. */
  private keepJourney(rounds: number): void {
    this.found.push(reconstructJourney(this.trail, rounds, this.targetStop[rounds], this.targetVia[rounds] === VIA_RIDE));
  }

  /** The journeys found, within the window for a range, without dominated ones or duplicates. */
  private answer(): Journey[] {
    const { q } = this;
    let journeys = this.found;
    if (q.windowEndMs !== undefined) {
      const lo = Math.min(q.timeMs, q.windowEndMs);
      const hi = Math.max(q.timeMs, q.windowEndMs);
      journeys = journeys.filter((j) => (this.back ? j.arrivalMs >= lo && j.arrivalMs <= hi : j.departureMs >= lo && j.departureMs <= hi));
    }
    return paretoJourneys(journeys, RAPTOR_CRITERIA).sort(
      (a, b) => a.departureMs - b.departureMs || a.arrivalMs - b.arrivalMs || a.transfers - b.transfers,
    );
  }
}

/** Two accesses to one stop: the shorter walk. */
function keepShortest(map: Map<StopIdx, StopAccess>, a: StopAccess): void {
  const had = map.get(a.stop);
  if (!had || a.seconds < had.seconds) map.set(a.stop, a);
}
