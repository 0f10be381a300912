/**
 * The TransitView of a compiled Network (transit-view.ts) for the service dates that can reach one query's span of
 * time: what RAPTOR (raptor.ts) reads, with the calendar, the real-time overlay and the mode and wheelchair filters
 * applied behind it, without copying the timetable.
 *
 * Service dates. Every date whose trips can run in [fromMs, toMs]: from the date that began the network's longest
 * time (maxStopTime) before fromMs, so yesterday's trips still running after midnight are included, to the last one
 * starting before toMs. Each date keeps its own offset on the query clock, its instant of GTFS time 0
 * (zonedTime's serviceDayStartMs: local noon minus 12 h), never a multiple of 86,400 s, so the daylight-saving
 * Sundays are exact. Per date, the searches look only at the trips whose service runs that date (dayTrips: each
 * pattern's running trips as indices, once per network and date).
 *
 * Real-time (an overlay from src/realtime): a cancelled trip or a skipped stop is never boarded nor left (its
 * times are NaN); a predicted passage counts at its prediction: the departure as the feed gives it (rounded down to
 * the second: a passenger must be there), the arrival as the scheduled arrival moved by the departure's delay, but
 * never after the predicted departure (rounded up). A trip's last stop is predicted as its arrival. The overlay's
 * ADDED trips are patterns of their own after the network's (added-patterns.ts). With an overlay the hot members
 * are realtime-trips.ts's: per-date real-time tables (realtime-timetables.ts, built once per overlay and date), so a
 * trip search stays a binary search and a time one array read, and predictions may reorder a pattern's trips.
 * Without an overlay trips of a pattern never overtake (compile-trips.ts): the answer is a step back from the trip
 * a scan is on, else a bisection (pattern-lags.ts), and the view reads none of the real-time arrays.
 *
 * Modes: a pattern is usable when its line's transportType is one of `modes` (default all).
 * Wheelchair (wheelchair-access.ts): only trips with wheelchair_accessible 1, boarded and left only at stops with
 * wheelchair_boarding 1 (a platform's 0 inherits its parent station's value: the compiler does) or the
 * MOTORISCHE_BEPERKING accessibility bit (which the compiler sets from wheelchair_boarding 1 when a feed has no
 * accessibility column). With `wheelchairUnknown` also trips and stops whose value is unknown (0); a known-negative
 * (2) one never. plan-journeys.ts decides when a plan asks for them.
 *
 * transfers.txt beyond the footpaths (compile-transfer-rules.ts): stayOnBoard links an instance to the trip a passenger
 * rides on to, seated, on the same service date (a type 4 row, else the block's next trip running that date, starting
 * where it ends); transferRule answers the most specific row naming routes or trips for one change.
 */
import { addDays } from "../lib/service-date.js";
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network, PatternIdx, ServiceDate, StopIdx, TransferRuleColumns, TransportType, TripIdx } from "../network/model.js";
import { TRANSPORT_TYPES } from "../network/model.js";
import { derivedIndex, derivedIndexByKey } from "../network/derived-index.js";
import { serviceDayIndex } from "../timetable/is-service-active.js";
import { maxStopTime } from "../timetable/max-stop-time.js";
import { NONE32 } from "../network/constants.js";
import type { AddedTrip, RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { type AddedPatterns, addedPatterns } from "./added-patterns.js";
import { NO_TRIP as NONE, VIEW_DATE_SLOTS } from "./constants.js";
import { dayTrips } from "./day-trips.js";
import { type PatternLags, patternLags } from "./pattern-lags.js";
import { realtimeDay, realtimeHops } from "./realtime-timetables.js";
import { RealtimeTrips } from "./realtime-trips.js";
import type { QuerySeconds, TransitView, TripInstance } from "./transit-view.js";
import { ACCESS_UNKNOWN, ACCESS_YES, stopWheelchairAccess } from "./wheelchair-access.js";

export interface NetworkViewOptions {
  /** The span of instants the search may use: departures from fromMs, arrivals up to toMs. */
  fromMs: EpochMs;
  toMs: EpochMs;
  realtime?: RealtimeOverlay;
  /** Default: every transport type. */
  modes?: readonly TransportType[];
  wheelchair?: boolean;
  /** With `wheelchair`: also trips and stops of unknown wheelchair access (GTFS 0), never the inaccessible (2). */
  wheelchairUnknown?: boolean;
}

// Module constants, not imports, in the hot members: a bundler's live binding may be a getter.
const NO_TRIP = NONE;
const SLOT_BITS = Math.log2(VIEW_DATE_SLOTS);
const SLOT_MASK = VIEW_DATE_SLOTS - 1;
const METERS_PER_DEGREE_LAT = 111_320;

export function createNetworkView(network: Network, options: NetworkViewOptions): TransitView {
  return new NetworkView(network, options);
}

/**
 * The service dates a view of a Network (createNetworkView) holds, each with its GTFS time 0 on the query clock, for
 * a search that reads the timetable by date rather than through TransitView (connection-scan.ts); undefined for
 * another TransitView, or when the view decides trip by trip (a real-time overlay, the wheelchair filter), which only
 * TransitView's members apply. Not while routing.
 */
export function scheduledViewDays(view: TransitView): { network: Network; dates: readonly ServiceDate[]; offsets: Int32Array } | undefined {
  if (!(view instanceof NetworkView) || view.tripByTrip) return undefined;
  return view.days;
}

class NetworkView implements TransitView {
  readonly originMs: EpochMs;
  readonly stopCount: number;
  // The network's, or with an overlay's added trips extended by their patterns (added-patterns.ts).
  readonly patternCount: number;
  readonly stopPatternStart: Uint32Array;
  readonly stopPatterns: Uint32Array;
  readonly stopPatternPositions: Uint16Array;
  readonly patternStopStart: Uint32Array;
  readonly patternStops: Uint32Array;
  readonly boardable: Uint8Array;
  readonly alightable: Uint8Array;
  readonly footpathStart: Uint32Array;
  readonly footpathTo: Uint32Array;
  readonly footpathSeconds: Uint16Array;
  readonly footpathInStart: Uint32Array;
  readonly footpathInFrom: Uint32Array;
  readonly footpathInSeconds: Uint16Array;
  readonly hopSeconds: Int32Array;
  readonly predicted: boolean;
  readonly sameStopSeconds: Uint16Array;

  private readonly network: Network;
  /** With an overlay: the trip searches and times (realtime-trips.ts); undefined reads the schedule here. */
  private readonly live: RealtimeTrips | undefined;
  /** Date slot -> its service date, GTFS time 0 on the query clock, and the trips running that date (dayTrips). */
  private readonly dates: ServiceDate[];
  private readonly dateOffset: Int32Array;
  /** The network's latest time (maxStopTime, ServiceSeconds): no trip of a date runs past its offset plus this. */
  private readonly maxTime: number;
  private readonly dayStart: Uint32Array[];
  private readonly dayTrips: Uint32Array[];
  /** Date slot -> dayTrips row -> its trip's first stopTimes row (DayTrips.stopTimeStart). */
  private readonly dayRowStart: Uint32Array[];
  private readonly dayDepartures: Int32Array[];
  private readonly lags: PatternLags;
  private readonly dayFirst: Int32Array[];
  private readonly dayLast: Int32Array[];
  /** PatternIdx -> 1 when one of its trips runs on a date of the view and its mode is asked for. */
  private readonly patternOk: Uint8Array;
  private readonly wheelchair: boolean;
  /** Bit v set: a trip with wheelchair_accessible v may be ridden (with `wheelchair`). */
  private readonly tripAccessMask: number;
  // The columns the hot members read, unpacked once.
  private readonly stopTimeStart: Uint32Array;
  private readonly tripWheelchair: Uint8Array;
  private readonly arr: Int32Array;
  private readonly dep: Int32Array;
  /** For scheduledViewDays: whether trips are filtered one by one, and the dates with their offsets. */
  readonly tripByTrip: boolean;
  readonly days: { network: Network; dates: readonly ServiceDate[]; offsets: Int32Array };

  constructor(network: Network, options: NetworkViewOptions) {
    const { stops, patterns, trips, stopTimes } = network;
    this.network = network;
    this.originMs = Math.floor(options.fromMs / 1000) * 1000;
    this.stopCount = stops.count;
    this.patternCount = patterns.count;
    this.stopPatternStart = stops.patternStart;
    this.stopPatterns = stops.patternRefs;
    this.stopPatternPositions = stops.patternPositions;
    this.patternStopStart = patterns.stopStart;
    this.patternStops = patterns.stops;
    const footpaths = footpathsBySeconds(network);
    this.footpathStart = footpaths.out.start;
    this.footpathTo = footpaths.out.other;
    this.footpathSeconds = footpaths.out.seconds;
    this.footpathInStart = footpaths.in.start;
    this.footpathInFrom = footpaths.in.other;
    this.footpathInSeconds = footpaths.in.seconds;
    this.sameStopSeconds = footpaths.sameStop;

    const zone = zonedTime(network.meta.timezone);
    this.maxTime = maxStopTime(network);
    const maxMs = this.maxTime * 1000;
    const dates: ServiceDate[] = [];
    const offsets: number[] = [];
    const last = addDays(zone.localDateOf(options.toMs), 1);
    for (let date = addDays(zone.localDateOf(options.fromMs), -Math.ceil(maxMs / 86_400_000) - 1); date <= last; date = addDays(date, 1)) {
      if (serviceDayIndex(network, date) < 0) continue;
      const startMs = zone.serviceDayStartMs(date);
      if (startMs > options.toMs || startMs + maxMs < options.fromMs) continue;
      dates.push(date);
      offsets.push(Math.round((startMs - this.originMs) / 1000));
    }
    if (dates.length > VIEW_DATE_SLOTS) throw new RangeError(`a route-planning view spans at most ${VIEW_DATE_SLOTS} service dates, not ${dates.length}`);
    this.dates = dates;
    this.dateOffset = Int32Array.from(offsets);
    const running = dates.map((date) => dayTrips(network, date));
    this.dayStart = running.map((r) => r.start);
    this.dayTrips = running.map((r) => r.trips);
    this.dayRowStart = running.map((r) => r.stopTimeStart);
    this.dayDepartures = running.map((r) => r.departures);
    this.lags = patternLags(network);
    this.hopSeconds = this.lags.hop;
    // With an overlay the hops hold its predictions (realtimeHops, below): the lower bounds need no discount.
    this.predicted = false;
    this.dayFirst = running.map((r) => r.earliest);
    this.dayLast = running.map((r) => r.latest);

    // A pattern holds the trips of every timetable period of the feed: on the MTA a search asked for trips of
    // patterns with none running that day 50,000 times (of 124,000). One pass over the patterns per view.
    const modeOk = options.modes && options.modes.length > 0 ? patternsOfModes(network, options.modes) : undefined;
    this.patternOk = new Uint8Array(patterns.count);
    for (let p = 0; p < patterns.count; p++) {
      if (modeOk !== undefined && modeOk[p] === 0) continue;
      for (let d = 0; d < dates.length; d++) {
        if (this.dayStart[d][p + 1] > this.dayStart[d][p]) {
          this.patternOk[p] = 1;
          break;
        }
      }
    }
    this.wheelchair = options.wheelchair === true;
    const level = !this.wheelchair ? WHEELCHAIR_ANY : options.wheelchairUnknown === true ? WHEELCHAIR_OR_UNKNOWN : WHEELCHAIR_KNOWN;
    this.tripAccessMask = level === WHEELCHAIR_OR_UNKNOWN ? (1 << ACCESS_YES) | (1 << ACCESS_UNKNOWN) : 1 << ACCESS_YES;
    const flags = stopRowFlags(network, level);
    this.boardable = flags.board;
    this.alightable = flags.alight;

    this.stopTimeStart = trips.stopTimeStart;
    this.tripWheelchair = trips.wheelchair;
    this.arr = stopTimes.arrival;
    this.dep = stopTimes.departure;
    this.tripByTrip = options.realtime !== undefined || this.wheelchair;
    this.days = { network, dates, offsets: this.dateOffset };

    const realtime = options.realtime;
    if (realtime === undefined) {
      this.live = undefined;
      return;
    }
    const added = addedPatterns(network, realtime, this.lags.hop);
    this.live = new RealtimeTrips({
      network,
      originMs: this.originMs,
      dates,
      dateOffset: this.dateOffset,
      dayStart: this.dayStart,
      dayTrips: this.dayTrips,
      dayFirst: this.dayFirst,
      dayLast: this.dayLast,
      days: dates.map((date) => realtimeDay(network, realtime, date)),
      added,
      wheelchair: this.wheelchair,
      tripAccessMask: this.tripAccessMask,
    });
    this.hopSeconds = realtimeHops(network, realtime, dates, added?.hopSeconds ?? this.lags.hop);
    if (added === undefined) return;
    this.patternCount = patterns.count + added.trips.length;
    this.stopPatternStart = added.stopPatternStart;
    this.stopPatterns = added.stopPatterns;
    this.stopPatternPositions = added.stopPatternPositions;
    this.patternStopStart = added.patternStopStart;
    this.patternStops = added.patternStops;
    this.boardable = extendFlags(network, added, flags.board, level);
    this.alightable = extendFlags(network, added, flags.alight, level);
    // An added trip's pattern is usable when its line's mode is asked for, it runs within the view's span, and (with
    // `wheelchair`) unknown access is allowed: the feed says nothing of an added trip's wheelchair access.
    const ok = new Uint8Array(this.patternCount);
    ok.set(this.patternOk);
    const modeMask = options.modes && options.modes.length > 0 ? modesMask(options.modes) : 0xff;
    const endSeconds = (options.toMs - this.originMs) / 1000;
    added.trips.forEach((a, k) => {
      const [first, last] = this.live!.addedSpan(k);
      const mode = (modeMask >>> network.lines.transportType[a.lineDirection >> 1]) & 1;
      const access = level !== WHEELCHAIR_KNOWN;
      if (mode === 1 && access && last >= 0 && first <= endSeconds) ok[patterns.count + k] = 1;
    });
    this.patternOk = ok;
  }

  patternUsable(p: PatternIdx): boolean {
    return this.patternOk[p] === 1;
  }

  /** Whether a running trip passes the wheelchair filter. Hot. */
  private usable(t: TripIdx): boolean {
    return !this.wheelchair || ((this.tripAccessMask >> this.tripWheelchair[t]) & 1) === 1;
  }

  // hot: no allocation
  earliestTrip(p: PatternIdx, position: number, time: QuerySeconds, current: TripInstance): TripInstance {
    if (this.live !== undefined) return this.live.earliestTrip(p, position, time, current);
    const { dep } = this;
    let best = NO_TRIP;
    let bestTime = Infinity;
    let hinted = -1;
    if (current !== NO_TRIP) {
      // `current` leaves at or after `time`: on its date the answer is it or a trip just before it.
      const d = current & SLOT_MASK;
      const running = this.dayTrips[d];
      const rowStart = this.dayRowStart[d];
      const offset = this.dateOffset[d];
      const first = this.dayStart[d][p];
      let r = current >> SLOT_BITS;
      while (r > first && dep[rowStart[r - 1] + position] + offset >= time) r--;
      while (!this.usable(running[r])) r++; // stops at `current` at the latest: it is usable
      best = (r << SLOT_BITS) | d;
      bestTime = dep[rowStart[r] + position] + offset;
      hinted = d;
    }
    for (let d = 0; d < this.dates.length; d++) {
      if (d === hinted) continue;
      const offset = this.dateOffset[d];
      // First trip of the date scheduled to leave at `time` or later: trips of a pattern never overtake.
      const from = time - offset;
      // A date whose trips all leave too early or too late, told by two integers (most calls: a daytime search
      // reads only its own date).
      if (offset >= bestTime || this.maxTime < from) continue;
      // Most dates answer at once, without the timetable: the pattern's trips have all gone, or leave too late.
      if (this.dayLast[d][p] < from || this.dayFirst[d][p] + offset >= bestTime) continue;
      const running = this.dayTrips[d];
      const rowStart = this.dayRowStart[d];
      const end = this.dayStart[d][p + 1];
      for (let r = this.firstLeaving(d, p, position, from); r < end; r++) {
        const scheduled = dep[rowStart[r] + position] + offset;
        if (scheduled >= bestTime) break;
        if (!this.usable(running[r])) continue;
        best = (r << SLOT_BITS) | d;
        bestTime = scheduled;
        break;
      }
    }
    return best;
  }

  // hot: no allocation. The mirror of earliestTrip.
  latestTrip(p: PatternIdx, position: number, time: QuerySeconds, current: TripInstance): TripInstance {
    if (this.live !== undefined) return this.live.latestTrip(p, position, time, current);
    const { arr } = this;
    let best = NO_TRIP;
    let bestTime = -Infinity;
    let hinted = -1;
    if (current !== NO_TRIP) {
      const d = current & SLOT_MASK;
      const running = this.dayTrips[d];
      const rowStart = this.dayRowStart[d];
      const offset = this.dateOffset[d];
      const last = this.dayStart[d][p + 1] - 1;
      let r = current >> SLOT_BITS;
      while (r < last && arr[rowStart[r + 1] + position] + offset <= time) r++;
      while (!this.usable(running[r])) r--;
      best = (r << SLOT_BITS) | d;
      bestTime = arr[rowStart[r] + position] + offset;
      hinted = d;
    }
    for (let d = 0; d < this.dates.length; d++) {
      if (d === hinted) continue;
      const offset = this.dateOffset[d];
      // Past the last trip of the date scheduled to arrive at `time` or earlier.
      const until = time - offset;
      if (until < 0 || offset + this.maxTime <= bestTime) continue;
      if (this.dayFirst[d][p] > until || this.dayLast[d][p] + offset <= bestTime) continue;
      const running = this.dayTrips[d];
      const rowStart = this.dayRowStart[d];
      const start = this.dayStart[d][p];
      for (let r = this.firstArrivingAfter(d, p, position, until) - 1; r >= start; r--) {
        const scheduled = arr[rowStart[r] + position] + offset;
        if (scheduled <= bestTime) break;
        if (!this.usable(running[r])) continue;
        best = (r << SLOT_BITS) | d;
        bestTime = scheduled;
        break;
      }
    }
    return best;
  }

  /**
   * The first row of date slot d's trips of pattern p that leaves `position` at `from` (ServiceSeconds of the date)
   * or later; the pattern's end when none does. Bisects the trips' first departures between the bounds the pattern's
   * lags give, then the few left by their times at the stop. Hot.
   */
  private firstLeaving(d: number, p: PatternIdx, position: number, from: number): number {
    const firsts = this.dayDepartures[d];
    const row = this.patternStopStart[p] + position;
    const end = this.dayStart[d][p + 1];
    // A trip whose first departure is below from - depMax leaves the stop too early; one at from - depMin or above
    // leaves at `from` or later.
    let lo = bisect(firsts, this.dayStart[d][p], end, from - this.lags.depMax[row]);
    let hi = bisect(firsts, lo, end, from - this.lags.depMin[row]);
    const rowStart = this.dayRowStart[d];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.dep[rowStart[mid] + position] < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first row of date slot d's trips of pattern p that reaches `position` after `until`; as firstLeaving. Hot. */
  private firstArrivingAfter(d: number, p: PatternIdx, position: number, until: number): number {
    const firsts = this.dayDepartures[d];
    const row = this.patternStopStart[p] + position;
    const end = this.dayStart[d][p + 1];
    // A trip whose first departure is at most until - arrMax arrives by `until`; one above until - arrMin after it.
    let lo = bisect(firsts, this.dayStart[d][p], end, until - this.lags.arrMax[row] + 1);
    let hi = bisect(firsts, lo, end, until - this.lags.arrMin[row] + 1);
    const rowStart = this.dayRowStart[d];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.arr[rowStart[mid] + position] <= until) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  departure(instance: TripInstance, position: number): QuerySeconds {
    if (this.live !== undefined) return this.live.departure(instance, position);
    const d = instance & SLOT_MASK;
    return this.dep[this.dayRowStart[d][instance >> SLOT_BITS] + position] + this.dateOffset[d];
  }

  arrival(instance: TripInstance, position: number): QuerySeconds {
    if (this.live !== undefined) return this.live.arrival(instance, position);
    const d = instance & SLOT_MASK;
    return this.arr[this.dayRowStart[d][instance >> SLOT_BITS] + position] + this.dateOffset[d];
  }

  forEachTime(p: PatternIdx, position: number, from: QuerySeconds, to: QuerySeconds, departures: boolean, visit: (time: QuerySeconds) => void): void {
    if (this.live !== undefined) return this.live.forEachTime(p, position, from, to, departures, visit);
    const times = departures ? this.dep : this.arr;
    for (let d = 0; d < this.dates.length; d++) {
      const offset = this.dateOffset[d];
      for (let r = this.dayStart[d][p]; r < this.dayStart[d][p + 1]; r++) {
        const t = this.dayTrips[d][r];
        const time = times[this.stopTimeStart[t] + position] + offset;
        if (time >= from && time <= to && this.usable(t)) visit(time);
      }
    }
  }

  // Staying on board (compile-transfer-rules.ts): a transfers.txt type 4 link, else the block's next trip that runs
  // on the instance's own service date; the instance is found on that date.
  get seated(): boolean {
    return this.network.transferRules.seatCount > 0;
  }

  get patternSeated(): Uint8Array {
    return patternsSeated(this.network);
  }

  stayOnBoard(instance: TripInstance, backward: boolean): TripInstance {
    // A trip the real-time feed adds is in no block and no transfers.txt row.
    if (this.live !== undefined && this.live.addedTripOf(instance) !== undefined) return NO_TRIP;
    const rules = this.network.transferRules;
    const d = instance & SLOT_MASK;
    const t = this.dayTrips[d][instance >> SLOT_BITS];
    const linked = (backward ? rules.seatPrev : rules.seatNext)[t];
    if (linked >= 0) return this.usable(linked) ? this.instanceOn(d, linked) : NO_TRIP;
    const row = rules.blockRow[t];
    if (row < 0) return NO_TRIP;
    const { blockTrips, blockGroup } = rules;
    const step = backward ? -1 : 1;
    for (let j = row + step; j >= 0 && j < blockTrips.length && blockGroup[j] === blockGroup[row]; j += step) {
      const o = blockTrips[j];
      const [a, b] = backward ? [o, t] : [t, o];
      // Trips of the block that do not run this date, or overlap this one (another day's timetable), are not next.
      if (this.firstDeparture(b) < this.lastArrival(a)) continue;
      const next = this.instanceOn(d, o);
      if (next === NO_TRIP) continue;
      // The vehicle's next (previous) trip that date: a continuation only where it starts where the other ends, and
      // neither a type 4 row elsewhere nor a type 5 row says otherwise.
      if ((backward ? rules.seatNext[o] : rules.seatPrev[o]) >= 0 || !this.sameStopOrStation(this.lastStop(a), this.firstStop(b))) return NO_TRIP;
      if (forbiddenSeat(rules.forbiddenFrom, rules.forbiddenTo, a, b) || !this.usable(o)) return NO_TRIP;
      return next;
    }
    return NO_TRIP;
  }

  /** The instance of trip `t` on date slot d, NO_TRIP when it does not run then or its pattern may not be used. */
  private instanceOn(d: number, t: TripIdx): TripInstance {
    const p = this.network.trips.pattern[t];
    if (this.patternOk[p] === 0) return NO_TRIP;
    // A pattern's running trips are sorted by first departure (dayTrips): bisect to it, then past its equals.
    const running = this.dayTrips[d];
    const first = this.firstDeparture(t);
    const end = this.dayStart[d][p + 1];
    for (let r = bisect(this.dayDepartures[d], this.dayStart[d][p], end, first); r < end && this.dayDepartures[d][r] === first; r++) {
      if (running[r] === t) return (r << SLOT_BITS) | d;
    }
    return NO_TRIP;
  }

  private firstDeparture(t: TripIdx): number {
    return this.dep[this.stopTimeStart[t]];
  }

  private lastArrival(t: TripIdx): number {
    const p = this.network.trips.pattern[t];
    return this.arr[this.stopTimeStart[t] + this.patternStopStart[p + 1] - this.patternStopStart[p] - 1];
  }

  private firstStop(t: TripIdx): StopIdx {
    return this.patternStops[this.patternStopStart[this.network.trips.pattern[t]]];
  }

  private lastStop(t: TripIdx): StopIdx {
    return this.patternStops[this.patternStopStart[this.network.trips.pattern[t] + 1] - 1];
  }

  private sameStopOrStation(a: StopIdx, b: StopIdx): boolean {
    if (a === b) return true;
    const { parentGtfsId } = this.network.stops;
    return parentGtfsId[a] === parentGtfsId[b] && this.network.strings.get(parentGtfsId[a]) !== "";
  }

  // Rules of transfers.txt naming routes or trips (compile-transfer-rules.ts).
  get ruled(): boolean {
    return this.network.transferRules.ruleCount > 0;
  }

  get patternTouchedFrom(): Uint8Array {
    return patternsTouched(this.network).from;
  }

  get patternTouchedTo(): Uint8Array {
    return patternsTouched(this.network).to;
  }

  touches(instance: TripInstance, from: boolean): boolean {
    return (from ? this.network.transferRules.touchFrom : this.network.transferRules.touchTo)[this.tripOf(instance)] === 1;
  }

  transferRule(from: TripInstance, fromStop: StopIdx, to: TripInstance, toStop: StopIdx): number {
    const r = this.network.transferRules;
    const a = this.tripOf(from);
    const b = this.tripOf(to);
    const ra = r.tripRoute[a];
    const rb = r.tripRoute[b];
    // Most specific first (compile-transfer-rules.ts): the first that matches wins, of the rules naming trip `a` and
    // of the others, whichever comes first.
    let found = -1;
    for (let j = r.ruleByTripStart[a]; j < r.ruleByTripStart[a + 1]; j++) {
      if (ruleMatches(r, r.ruleByTrip[j], ra, b, rb, fromStop, toStop)) {
        found = r.ruleByTrip[j];
        break;
      }
    }
    for (let j = 0; j < r.ruleGeneral.length && (found < 0 || r.ruleGeneral[j] < found); j++) {
      if (ruleMatches(r, r.ruleGeneral[j], ra, b, rb, fromStop, toStop)) {
        found = r.ruleGeneral[j];
        break;
      }
    }
    return found < 0 ? -1 : r.ruleType[found] + 4 * r.ruleSeconds[found];
  }

  patternOf(instance: TripInstance): PatternIdx {
    return this.network.trips.pattern[this.tripOf(instance)];
  }

  /** The scheduled trip of an instance; NONE32 for an added trip (addedTripOf). */
  tripOf(instance: TripInstance): TripIdx {
    if (this.live?.addedTripOf(instance) !== undefined) return NONE32;
    return this.dayTrips[instance & SLOT_MASK][instance >> SLOT_BITS];
  }

  serviceDateOf(instance: TripInstance): ServiceDate {
    return this.live !== undefined ? this.live.serviceDateOf(instance) : this.dates[instance & SLOT_MASK];
  }

  addedTripOf(instance: TripInstance): AddedTrip | undefined {
    return this.live?.addedTripOf(instance);
  }

  walkMeters(from: StopIdx, to: StopIdx): number {
    const { lat, lon } = this.network.stops;
    const kx = METERS_PER_DEGREE_LAT * Math.cos((((lat[from] + lat[to]) / 2) * Math.PI) / 180);
    const dx = (lon[to] - lon[from]) * kx;
    const dy = (lat[to] - lat[from]) * METERS_PER_DEGREE_LAT;
    return Math.round(Math.sqrt(dx * dx + dy * dy));
  }
}

/**
 * Whether rule i holds for a change from a trip of route `ra` (its own trip the caller has matched, or any when the
 * rule names none) at `fromStop` to trip `b` of route `rb` at `toStop`.
 */
function ruleMatches(r: TransferRuleColumns, i: number, ra: number, b: TripIdx, rb: number, fromStop: StopIdx, toStop: StopIdx): boolean {
  return (
    (r.ruleFromTrip[i] >= 0 || r.ruleFromRoute[i] < 0 || r.ruleFromRoute[i] === ra) &&
    (r.ruleToTrip[i] >= 0 ? r.ruleToTrip[i] === b : r.ruleToRoute[i] < 0 || r.ruleToRoute[i] === rb) &&
    (r.ruleFromStop[i] < 0 || r.ruleFromStop[i] === fromStop) &&
    (r.ruleToStop[i] < 0 || r.ruleToStop[i] === toStop)
  );
}

/** Whether a transfers.txt type 5 row forbids staying on board from trip a into trip b (pairs sorted by from, to). */
function forbiddenSeat(from: Int32Array, to: Int32Array, a: TripIdx, b: TripIdx): boolean {
  let lo = 0;
  let hi = from.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (from[mid] < a || (from[mid] === a && to[mid] < b)) lo = mid + 1;
    else hi = mid;
  }
  return lo < from.length && from[lo] === a && to[lo] === b;
}

/** The first index in [lo, hi) of an ascending array whose value is `value` or more; hi when none is. */
function bisect(values: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** PatternIdx -> 1 when its line's transport type is one of the mask's (bit = index into TRANSPORT_TYPES). */
const patternsOfMask = derivedIndexByKey("routing: transport types (bit mask) -> patterns of those types", (network, mask: number): Uint8Array => {
  const { patterns, lines } = network;
  const ok = new Uint8Array(patterns.count);
  for (let p = 0; p < patterns.count; p++) ok[p] = (mask >>> lines.transportType[patterns.line[p]]) & 1;
  return ok;
});

/** PatternIdx -> 1 when its line's transport type is one of `modes`; once per network and set of modes. */
function patternsOfModes(network: Network, modes: readonly TransportType[]): Uint8Array {
  return patternsOfMask(network, modesMask(modes));
}

/** Bit = index into TRANSPORT_TYPES. */
function modesMask(modes: readonly TransportType[]): number {
  let mask = 0;
  for (const m of modes) mask |= m === "ALLE" ? 0xff : 1 << TRANSPORT_TYPES.indexOf(m);
  return mask;
}

/**
 * Board or alight flags of the network's rows (stopRowFlags) extended by the added patterns' rows: any stop of an
 * added trip, with a wheelchair only an accessible (or, at WHEELCHAIR_OR_UNKNOWN, unknown) one. Once per overlay
 * and flags array.
 */
function extendFlags(network: Network, added: AddedPatterns, flags: Uint8Array, level: WheelchairLevel): Uint8Array {
  let out = added.extendedFlags.get(flags);
  if (out) return out;
  out = new Uint8Array(added.patternStops.length);
  out.set(flags);
  for (let r = flags.length; r < out.length; r++) {
    const access = level === WHEELCHAIR_ANY ? ACCESS_YES : stopWheelchairAccess(network, added.patternStops[r]);
    out[r] = access === ACCESS_YES || (level === WHEELCHAIR_OR_UNKNOWN && access === ACCESS_UNKNOWN) ? 1 : 0;
  }
  added.extendedFlags.set(flags, out);
  return out;
}

/** The stops a view may board and leave at: any; wheelchair-accessible ones; those and the unknown ones. */
const WHEELCHAIR_ANY = 0;
const WHEELCHAIR_KNOWN = 1;
const WHEELCHAIR_OR_UNKNOWN = 2;
type WheelchairLevel = typeof WHEELCHAIR_ANY | typeof WHEELCHAIR_KNOWN | typeof WHEELCHAIR_OR_UNKNOWN;

/**
 * Pattern stop row -> may board / may alight: pickup_type and drop_off_type 1 forbid it (2 and 3, phone or
 * coordinate with the driver, are allowed), and with a wheelchair the stop must be accessible (or, at
 * WHEELCHAIR_OR_UNKNOWN, of unknown access). Once per network and level.
 */
const stopRowFlags = derivedIndexByKey(
  "routing: pattern stop row -> may board, may alight (pickup_type, drop_off_type; by wheelchair level)",
  (network, level: WheelchairLevel): { board: Uint8Array; alight: Uint8Array } => {
    const { patterns } = network;
    const rows = patterns.stops.length;
    const flags = { board: new Uint8Array(rows), alight: new Uint8Array(rows) };
    for (let r = 0; r < rows; r++) {
      const access = level === WHEELCHAIR_ANY ? ACCESS_YES : stopWheelchairAccess(network, patterns.stops[r]);
      const accessible = access === ACCESS_YES || (level === WHEELCHAIR_OR_UNKNOWN && access === ACCESS_UNKNOWN);
      flags.board[r] = accessible && (patterns.stopFlags[r] & 3) !== 1 ? 1 : 0;
      flags.alight[r] = accessible && ((patterns.stopFlags[r] >> 2) & 3) !== 1 ? 1 : 0;
    }
    return flags;
  },
);

interface FootpathList {
  start: Uint32Array;
  /** row -> the stop at the other end */
  other: Uint32Array;
  seconds: Uint16Array;
}

/**
 * The network's footpaths by the stop they leave and by the stop they reach (a transfers.txt time or a forbidden
 * pair holds one way only), each stop's shortest first, so that a search stops at the first walk too long to help
 * (on the MTA a stop has 17 footpaths on average and a search relaxed 250,000); and apart, the footpath from a stop
 * to itself, which is no walk but the minimum time to change there (transfers.txt, build-footpaths.ts). Once per
 * network.
 */
/** PatternIdx -> the seatMay bits of its trips, or-ed (compile-transfer-rules.ts). */
const patternsSeated = derivedIndex("routing: patterns with a trip that may run on into another, or be run on into", (network: Network) => {
  const { seatMay } = network.transferRules;
  const out = new Uint8Array(network.patterns.count);
  for (let t = 0; t < network.trips.count; t++) out[network.trips.pattern[t]] |= seatMay[t];
  return out;
});

/** PatternIdx -> 1 when a transfers.txt rule may apply to a change from (to) one of its trips (touchFrom, touchTo). */
const patternsTouched = derivedIndex("routing: patterns with a trip a transfers.txt route or trip rule may apply to", (network: Network) => {
  const { touchFrom, touchTo } = network.transferRules;
  const from = new Uint8Array(network.patterns.count);
  const to = new Uint8Array(network.patterns.count);
  for (let t = 0; t < network.trips.count; t++) {
    if (touchFrom[t] === 1) from[network.trips.pattern[t]] = 1;
    if (touchTo[t] === 1) to[network.trips.pattern[t]] = 1;
  }
  return { from, to };
});

const footpathsBySeconds = derivedIndex("routing: stop -> footpaths out and in, shortest first; minimum change time at a stop", buildFootpaths);

function buildFootpaths(network: Network): { out: FootpathList; in: FootpathList; sameStop: Uint16Array } {
  const { footpathStart, footpathTo, footpathSeconds, count } = network.stops;
  const sameStop = new Uint16Array(count);
  const outStart = new Uint32Array(count + 1);
  const inStart = new Uint32Array(count + 1);
  for (let s = 0; s < count; s++) {
    for (let i = footpathStart[s]; i < footpathStart[s + 1]; i++) {
      if (footpathTo[i] === s) sameStop[s] = footpathSeconds[i];
      else {
        outStart[s + 1]++;
        inStart[footpathTo[i] + 1]++;
      }
    }
  }
  for (let s = 0; s < count; s++) {
    outStart[s + 1] += outStart[s];
    inStart[s + 1] += inStart[s];
  }
  const rows = outStart[count];
  const out = { start: outStart, other: new Uint32Array(rows), seconds: new Uint16Array(rows) };
  const into = { start: inStart, other: new Uint32Array(rows), seconds: new Uint16Array(rows) };
  const fill = inStart.slice(0, count);
  for (let s = 0, row = 0; s < count; s++) {
    for (let i = footpathStart[s]; i < footpathStart[s + 1]; i++) {
      const to = footpathTo[i];
      if (to === s) continue;
      out.other[row] = to;
      out.seconds[row++] = footpathSeconds[i];
      const back = fill[to]++;
      into.other[back] = s;
      into.seconds[back] = footpathSeconds[i];
    }
  }
  for (const list of [out, into]) sortBySeconds(list, count);
  return { out, in: into, sameStop };
}

/** Sorts each stop's rows by seconds, then by the other stop (insertion sort: a stop has tens of footpaths). */
function sortBySeconds(list: FootpathList, count: number): void {
  const { start, other, seconds } = list;
  for (let s = 0; s < count; s++) {
    for (let i = start[s] + 1; i < start[s + 1]; i++) {
      const o = other[i];
      const secs = seconds[i];
      let j = i - 1;
      while (j >= start[s] && (seconds[j] > secs || (seconds[j] === secs && other[j] > o))) {
        other[j + 1] = other[j];
        seconds[j + 1] = seconds[j];
        j--;
      }
      other[j + 1] = o;
      seconds[j + 1] = secs;
    }
  }
}
