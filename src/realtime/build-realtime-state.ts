/**
 * The real-time state of a network from the last message of each of its GTFS-Realtime feeds: built whole, off
 * the request path, then swapped in by the feed manager. The rules of each part live beside it:
 * - which trip and service date a descriptor names: match-trip.ts;
 * - the predictions of a scheduled trip (delays, absolute times, propagation, SKIPPED, NO_DATA): apply-stop-time-updates.ts,
 *   its stops located by the feed's own stop_sequence and by stop_id: locate-stop.ts;
 * - ADDED trips: added-trip.ts; Alerts: alerts-to-disruptions.ts.
 * Here: CANCELED (and DELETED, which the spec says not to show: lijnwijzer shows it GESCHRAPT) cancels the trip;
 * REPLACEMENT cancels the scheduled trip it names (when it names one running that date) and adds its stops and times
 * as an added trip of that trip's line direction (docs/COMPATIBILITY.md R20);
 * UNSCHEDULED is matched as a frequency trip (trip_id + start_time); DUPLICATED, and every entity of a
 * DIFFERENTIAL feed (a state is rebuilt from whole messages), are unsupported. Two TripUpdates for one trip and
 * date: the one measured later wins (TripUpdate timestamp, else the header's), on a tie the later one read.
 * VehiclePositions give the vehicle (vrtnum: label, else id) of the trip they name, unless its TripUpdate names
 * one, and its progress (the stop it is at or heading to: current_stop_sequence and stop_id, located as a
 * StopTimeUpdate's, an unknown or disagreeing one counted unknown_stop), which decides VERSTREKEN (realtime-overlay.ts).
 *
 * Layout: trips with predictions share three columns (arrival, departure, skipped) of one allocation, a trip
 * holding its offset; the overlay's passage(trip, date, position) is one Map.get and an array read. The key
 * (dayKey(date) * tripCount + trip, dayKey counting days from the network's calendar start) stays a small integer,
 * which V8 hashes without boxing: keyed by date * tripCount (a double above 2^31) route planning with an overlay took
 * three times as long. Cost on the MTA 08:00 peak (about 10,000 trips, 20 updates each): docs/BENCHMARKS.md.
 */
import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network, ServiceDate, TripIdx } from "../network/model.js";
import { isNotPassed, NO_PREDICTION, type AddedPassageRef, type RealtimePassageUpdate } from "../timetable/realtime-overlay.js";
import { addedTrip, type AddedTripState, vehicleNumber } from "./added-trip.js";
import { matchAlerts } from "./alerts-to-disruptions.js";
import { applyStopTimeUpdates, type PredictionColumns } from "./apply-stop-time-updates.js";
import {
  DIFFERENTIAL,
  TRIP_ADDED,
  TRIP_CANCELED,
  TRIP_DELETED,
  TRIP_DUPLICATED,
  TRIP_NEW,
  TRIP_REPLACEMENT,
  TRIP_SCHEDULED,
  type RtAlert,
  type RtFeedMessage,
  type RtTripDescriptor,
  type RtTripUpdate,
  type RtVehicleDescriptor,
  type RtVehiclePosition,
} from "./gtfs-rt-types.js";
import { locateStop, POSITION_MASK, STOP_MISMATCH } from "./locate-stop.js";
import { matchTrip } from "./match-trip.js";
import { realtimeIndex } from "./realtime-index.js";
import type { FeedMatchStats, RealtimeState, TripState, TripStopState, UnmatchedReason, VehicleState } from "./realtime-state.js";
import { runToEnd, type Steps } from "./run-in-slices.js";

export interface RealtimeFeedInput {
  /** The feed's name (configured name, URL or file), as FeedMatchStats reports it. */
  name: string;
  message: RtFeedMessage;
}

/** One scheduled trip on one service date that a feed speaks of. */
interface TripRecord {
  trip: TripIdx;
  serviceDate: ServiceDate;
  /** Its TripUpdate while the state is built; undefined after (and for a trip only a VehiclePosition names). */
  update: RtTripUpdate | undefined;
  /** The feed of `update`, whose stats count its unknown stops. */
  feed: FeedMatchStats | undefined;
  /** When the feed measured it: TripUpdate timestamp, else the header's, else the build time (epoch ms). */
  reportMs: EpochMs;
  cancelled: boolean;
  vehicle: RtVehicleDescriptor | undefined;
  vrtnum: string | undefined;
  /** Position the vehicle is at or heading to (VehiclePosition), -1 unknown. */
  progress: number;
  /** First row in the prediction columns, -1 without predictions. */
  offset: number;
  length: number;
  delaySeconds: number | undefined;
}

interface VehicleInput {
  vehicle: RtVehiclePosition;
  stats: FeedMatchStats;
  feedMs: EpochMs;
}

export function buildRealtimeState(network: Network, feeds: readonly RealtimeFeedInput[], nowMs: number): RealtimeState {
  return runToEnd(buildRealtimeStateSteps(network, feeds, nowMs));
}

/** Entities (or trips) handled between two yields of buildRealtimeStateSteps. */
const PER_STEP = 32;

/**
 * buildRealtimeState as steps (run-in-slices.ts), for the feed manager, which runs them in slices: it yields
 * every PER_STEP entities matched, trips applied and vehicles placed.
 */
export function* buildRealtimeStateSteps(network: Network, feeds: readonly RealtimeFeedInput[], nowMs: number): Steps<RealtimeState> {
  let done = 0;
  const zone = zonedTime(network.meta.timezone);
  const index = realtimeIndex(network);
  const { trips, patterns } = network;
  const tripCount = trips.count;
  const firstDay = dayKey(network.meta.calendarStart);
  const keyOf = (serviceDate: ServiceDate, trip: TripIdx) => (dayKey(serviceDate) - firstDay) * tripCount + trip;

  const records = new Map<number, TripRecord>();
  const added = new Map<string, AddedTripState>();
  const vehicleInputs: VehicleInput[] = [];
  const alertInputs: Array<{ id: string; alert: RtAlert; stats: FeedMatchStats }> = [];
  const stats: FeedMatchStats[] = [];
  const miss = (s: FeedMatchStats, reason: UnmatchedReason, n = 1) => {
    s.unmatched += n;
    s.unmatchedByReason[reason] = (s.unmatchedByReason[reason] ?? 0) + n;
  };

  for (const { name, message } of feeds) {
    const headerMs = (message.header.timestamp ?? 0) * 1000;
    const s: FeedMatchStats = { feed: name, headerMs, tripUpdates: 0, vehiclePositions: 0, alerts: 0, matched: 0, unmatched: 0, unmatchedByReason: {} };
    stats.push(s);
    const differential = message.header.incrementality === DIFFERENTIAL;
    const defaultMs = headerMs > 0 ? headerMs : nowMs;
    for (const entity of message.entity) {
      if (++done % PER_STEP === 0) yield;
      if (entity.isDeleted) continue; // only meaningful in a DIFFERENTIAL feed
      const { tripUpdate: tu, vehicle: vp, alert } = entity;
      if (tu) s.tripUpdates++;
      if (vp) s.vehiclePositions++;
      if (alert) s.alerts++;
      if (differential) {
        miss(s, "unsupported", (tu ? 1 : 0) + (vp ? 1 : 0) + (alert ? 1 : 0));
        continue;
      }
      if (alert) alertInputs.push({ id: entity.id, alert, stats: s });
      if (vp) vehicleInputs.push({ vehicle: vp, stats: s, feedMs: vp.timestamp ? vp.timestamp * 1000 : defaultMs });
      if (!tu) continue;
      const feedMs = tu.timestamp ? tu.timestamp * 1000 : defaultMs;
      const relation = tu.trip.scheduleRelationship ?? TRIP_SCHEDULED;
      if (relation === TRIP_ADDED || relation === TRIP_NEW || relation === TRIP_REPLACEMENT) {
        const r = addedTrip(network, index, zone, relation === TRIP_REPLACEMENT ? replace(tu, feedMs) : tu, entity.id, feedMs);
        if (r.unknownStops > 0 && r.reason !== "unknown_stop") miss(s, "unknown_stop", r.unknownStops);
        if (!r.trip) {
          miss(s, r.reason!, r.reason === "unknown_stop" ? Math.max(1, r.unknownStops) : 1);
          continue;
        }
        s.matched++;
        const before = added.get(r.trip.tripId);
        if (!before || before.reportMs <= feedMs) added.set(r.trip.tripId, r.trip);
        continue;
      }
      if (relation === TRIP_DUPLICATED) {
        miss(s, "unsupported");
        continue;
      }
      const m = matchTrip(network, index, zone, tu.trip, feedMs);
      if (typeof m === "string") {
        miss(s, m);
        continue;
      }
      s.matched++;
      const key = keyOf(m.serviceDate, m.trip);
      const before = records.get(key);
      if (before && before.update && before.reportMs > feedMs) continue;
      const rec = before ?? newRecord(m.trip, m.serviceDate, feedMs);
      rec.update = tu;
      rec.feed = s;
      rec.reportMs = feedMs;
      rec.cancelled = relation === TRIP_CANCELED || relation === TRIP_DELETED;
      if (tu.vehicle && vehicleNumber(tu.vehicle) !== undefined) {
        rec.vehicle = tu.vehicle;
        rec.vrtnum = vehicleNumber(tu.vehicle);
      }
      records.set(key, rec);
    }
  }

  /**
   * A REPLACEMENT's update as an added trip's: the scheduled trip it names (that date) is cancelled, and lends the
   * added trip its route, direction and date where the update leaves them out. Unmatched, it is an added trip.
   */
  function replace(tu: RtTripUpdate, feedMs: EpochMs): RtTripUpdate {
    const m = matchTrip(network, index, zone, tu.trip, feedMs);
    if (typeof m === "string") return tu;
    const key = keyOf(m.serviceDate, m.trip);
    const rec = records.get(key) ?? newRecord(m.trip, m.serviceDate, feedMs);
    rec.cancelled = true;
    rec.reportMs = feedMs;
    records.set(key, rec);
    const p = trips.pattern[m.trip];
    const trip: RtTripDescriptor = {
      ...tu.trip,
      routeId: tu.trip.routeId || network.strings.get(network.lines.gtfsId[patterns.line[p]]),
      directionId: tu.trip.directionId ?? patterns.direction[p],
      startDate: tu.trip.startDate || String(m.serviceDate),
    };
    return { ...tu, trip };
  }

  function newRecord(trip: TripIdx, serviceDate: ServiceDate, reportMs: EpochMs): TripRecord {
    const p = trips.pattern[trip];
    const length = patterns.stopStart[p + 1] - patterns.stopStart[p];
    return { trip, serviceDate, update: undefined, feed: undefined, reportMs, cancelled: false, vehicle: undefined, vrtnum: undefined, progress: -1, offset: -1, length, delaySeconds: undefined };
  }

  // The predictions, in one allocation for every trip.
  let rows = 0;
  for (const r of records.values()) if (r.update && !r.cancelled) rows += r.length;
  const columns: PredictionColumns = { arrivalMs: new Float64Array(rows), departureMs: new Float64Array(rows), skipped: new Uint8Array(rows) };
  rows = 0;
  for (const r of records.values()) {
    if (!r.update || r.cancelled) continue;
    if (++done % PER_STEP === 0) yield;
    r.offset = rows;
    rows += r.length;
    const applied = applyStopTimeUpdates(network, index, r.trip, zone.serviceDayStartMs(r.serviceDate), r.update, columns, r.offset);
    r.delaySeconds = applied.delaySeconds;
    // A stop_sequence and stop_id that disagree are counted with the unknown stops (locate-stop.ts says why).
    if (applied.unknownStops + applied.mismatchedStops > 0) miss(r.feed!, "unknown_stop", applied.unknownStops + applied.mismatchedStops);
  }
  // The decoded message is not needed past this point: a state keeps only its columns (memory stays bounded by
  // the trips matched, not by the size of what a feed sent).
  for (const r of records.values()) {
    r.update = undefined;
    r.feed = undefined;
  }

  const vehicles: VehicleState[] = [];
  for (const { vehicle: vp, stats: s, feedMs } of vehicleInputs) {
    if (++done % PER_STEP === 0) yield;
    const state: VehicleState = {
      vehicle: vp.vehicle ?? {},
      descriptor: undefined,
      position: vp.position,
      currentStopSequence: vp.currentStopSequence,
      stopId: vp.stopId,
      currentStatus: vp.currentStatus,
      timestampMs: vp.timestamp ? vp.timestamp * 1000 : undefined,
    };
    vehicles.push(state);
    if (!vp.trip) {
      miss(s, "no_trip");
      continue;
    }
    const vrtnum = vp.vehicle ? vehicleNumber(vp.vehicle) : undefined;
    const a = vp.trip.tripId ? added.get(vp.trip.tripId) : undefined;
    if (a) {
      s.matched++;
      state.descriptor = a.descriptor;
      if (a.vehicle === undefined && vrtnum !== undefined) {
        a.vehicle = vrtnum;
        a.vehicleDescriptor = vp.vehicle;
      }
      a.progress = addedProgress(a, vp);
      continue;
    }
    const m = matchTrip(network, index, zone, vp.trip, feedMs);
    if (typeof m === "string") {
      miss(s, m);
      continue;
    }
    s.matched++;
    const key = keyOf(m.serviceDate, m.trip);
    let rec = records.get(key);
    if (!rec) {
      rec = newRecord(m.trip, m.serviceDate, feedMs);
      records.set(key, rec);
    }
    if (rec.vrtnum === undefined && vrtnum !== undefined) {
      rec.vehicle = vp.vehicle;
      rec.vrtnum = vrtnum;
    }
    if (vp.currentStopSequence !== undefined || vp.stopId) {
      const located = locateStop(network, index, m.trip, vp.currentStopSequence, vp.stopId, 0);
      rec.progress = located < 0 ? -1 : located & POSITION_MASK;
      if (located < 0 || (located & STOP_MISMATCH) !== 0) miss(s, "unknown_stop");
    }
    state.descriptor = descriptorOf(rec);
  }

  const feedAlerts = alertInputs.map(({ id, alert }) => ({ id, alert }));
  for (const s of stats) {
    const own = alertInputs.filter((a) => a.stats === s);
    if (own.length === 0) continue;
    const r = matchAlerts(network, own, nowMs);
    s.matched += r.matched;
    for (const [reason, n] of Object.entries(r.unmatchedByReason)) miss(s, reason as UnmatchedReason, n);
  }
  const disruptions = feedAlerts.length ? matchAlerts(network, feedAlerts, nowMs).disruptions : [];

  // Added trips by stop and by line direction: the overlay's two lookups; all of them for route planning.
  const addedList = [...added.values()];
  const predictedByDate = new Map<ServiceDate, TripIdx[]>();
  const addedAtStop = new Map<number, AddedPassageRef[]>();
  const addedOfLineDirection = new Map<number, AddedTripState[]>();
  for (const a of added.values()) {
    a.stops.forEach((stop, position) => push(addedAtStop, stop, { trip: a, position }));
    push(addedOfLineDirection, a.lineDirection, a);
  }

  function descriptorOf(r: TripRecord): RtTripDescriptor {
    const line = patterns.line[trips.pattern[r.trip]];
    const d: RtTripDescriptor = {
      tripId: network.strings.get(trips.gtfsId[r.trip]),
      routeId: network.strings.get(network.lines.gtfsId[line]),
      directionId: patterns.direction[trips.pattern[r.trip]],
      startDate: String(r.serviceDate),
      scheduleRelationship: r.cancelled ? TRIP_CANCELED : TRIP_SCHEDULED,
    };
    const start = trips.frequencyStart[r.trip];
    if (start >= 0) d.startTime = gtfsTime(start);
    return d;
  }

  return {
    network,
    builtMs: nowMs,
    stats,
    alerts: feedAlerts,
    disruptions,
    passage(trip: TripIdx, serviceDate: ServiceDate, position: number): RealtimePassageUpdate | undefined {
      const r = records.get(keyOf(serviceDate, trip));
      if (r === undefined || position >= r.length) return undefined;
      const vehicle = r.vrtnum;
      if (r.cancelled) return { cancelled: true, vehicle };
      if (r.offset < 0) return vehicle === undefined ? undefined : { vehicle };
      const row = r.offset + position;
      if (columns.skipped[row] === 1) return { cancelled: true, vehicle };
      const epochMs = position === r.length - 1 ? columns.arrivalMs[row] : columns.departureMs[row];
      if (Number.isNaN(epochMs)) return vehicle === undefined ? undefined : { vehicle };
      return { epochMs, vehicle, notPassed: isNotPassed(r.progress, r.reportMs, position, epochMs) };
    },
    predictedMs(trip: TripIdx, serviceDate: ServiceDate, position: number): number {
      const r = records.get(keyOf(serviceDate, trip));
      if (r === undefined || position >= r.length) return NO_PREDICTION;
      if (r.cancelled) return NaN;
      if (r.offset < 0) return NO_PREDICTION;
      const row = r.offset + position;
      if (columns.skipped[row] === 1) return NaN;
      const epochMs = position === r.length - 1 ? columns.arrivalMs[row] : columns.departureMs[row];
      return Number.isNaN(epochMs) ? NO_PREDICTION : epochMs;
    },
    addedPassagesAt(stop, fromMs, untilMs) {
      const refs = addedAtStop.get(stop);
      if (!refs) return [];
      return refs.filter(({ trip, position }) => trip.passageMs[position] >= fromMs && trip.passageMs[position] < untilMs);
    },
    addedTripsOf(lineDirection) {
      return addedOfLineDirection.get(lineDirection) ?? [];
    },
    addedTrips: () => addedList,
    predictedTrips(serviceDate: ServiceDate): Iterable<TripIdx> {
      let list = predictedByDate.get(serviceDate);
      if (list === undefined) {
        list = [];
        for (const r of records.values()) if (r.serviceDate === serviceDate && (r.cancelled || r.offset >= 0)) list.push(r.trip);
        predictedByDate.set(serviceDate, list);
      }
      return list;
    },
    *trips(): Iterable<TripState> {
      for (const r of records.values()) {
        if (!r.cancelled && r.offset < 0 && r.vrtnum === undefined) continue; // a position without trip update nor vehicle number
        yield {
          trip: r.trip,
          serviceDate: r.serviceDate,
          lineDirection: patterns.line[trips.pattern[r.trip]] * 2 + patterns.direction[trips.pattern[r.trip]],
          descriptor: descriptorOf(r),
          cancelled: r.cancelled,
          vehicle: r.vehicle,
          stops: scheduledStops(r),
          delaySeconds: r.delaySeconds,
        };
      }
      for (const a of added.values()) {
        yield {
          trip: undefined,
          serviceDate: a.serviceDate,
          lineDirection: a.lineDirection,
          descriptor: a.descriptor,
          cancelled: a.cancelled,
          vehicle: a.vehicleDescriptor,
          stops: a.stops.map((stop, i) => ({
            stop,
            stopId: a.stopIds[i],
            stopSequence: a.stopSequences[i] >= 0 ? a.stopSequences[i] : undefined,
            arrivalMs: a.arrivalMs[i],
            departureMs: a.departureMs[i],
            skipped: a.skipped[i] === true,
          })),
          delaySeconds: undefined,
        };
      }
    },
    vehicles: () => vehicles,
  };

  function scheduledStops(r: TripRecord): TripStopState[] {
    const row0 = patterns.stopStart[trips.pattern[r.trip]];
    const sequence0 = trips.sequenceStart[r.trip];
    const out: TripStopState[] = new Array(r.length);
    for (let i = 0; i < r.length; i++) {
      const stop = patterns.stops[row0 + i];
      const row = r.offset + i;
      out[i] = {
        stop,
        stopId: network.strings.get(network.stops.gtfsId[stop]),
        stopSequence: trips.sequences[sequence0 + i],
        arrivalMs: r.offset < 0 ? NaN : columns.arrivalMs[row],
        departureMs: r.offset < 0 ? NaN : columns.departureMs[row],
        skipped: r.offset >= 0 && columns.skipped[row] === 1,
      };
    }
    return out;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The position an added trip's vehicle is at or heading to: its stop_id among the trip's stops (the visit its
 * current_stop_sequence names when the trip passes the stop twice), else the stop whose stop_sequence the
 * TripUpdate gave as current_stop_sequence, else, when the TripUpdate gave no stop_sequence at all, the
 * current_stop_sequence as a 1-based position (the only numbering an added trip without sequences can mean).
 */
function addedProgress(a: AddedTripState, vp: RtVehiclePosition): number {
  const seq = vp.currentStopSequence;
  const bySequence = seq === undefined ? -1 : a.stopSequences.indexOf(seq);
  if (vp.stopId) {
    if (bySequence >= 0 && a.stopIds[bySequence] === vp.stopId) return bySequence;
    const i = a.stopIds.indexOf(vp.stopId);
    if (i >= 0) return i;
  }
  if (bySequence >= 0) return bySequence;
  const numbered = a.stopSequences.some((x) => x >= 0);
  if (!numbered && seq !== undefined && seq >= 1 && seq <= a.stops.length) return seq - 1;
  return a.progress;
}

/** ServiceSeconds as GTFS "HH:MM:SS" (hours may pass 24). */
function gtfsTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}:${s < 10 ? "0" : ""}${s}`;
}

/**
 * yyyymmdd -> a day number, one apart for consecutive days within a month and never equal for two dates (months
 * count 31 days, years 372): integer arithmetic, hot in passage().
 */
function dayKey(date: ServiceDate): number {
  const y = (date / 10000) | 0;
  const m = ((date / 100) | 0) - y * 100;
  return y * 372 + m * 31 + (date - ((date / 100) | 0) * 100);
}
