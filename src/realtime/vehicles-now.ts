/**
 * The vehicles on the road at one moment, of a line direction or of the whole network: where each is, which way
 * it heads, the trip it serves, its next stop and its delay. Spec: https://gtfs.org/realtime/reference/#message-vehicleposition
 *
 * - A VehiclePosition with a position and a trip of the network is shown as the feed gives it (latitude,
 *   longitude, bearing when given): `estimated` false. Its next stop is the stop its current_stop_sequence /
 *   stop_id names (INCOMING_AT, IN_TRANSIT_TO), the one after it when STOPPED_AT (the vehicle leaves it next).
 *   Degrees are rounded to 5 decimals (1.1 m): a protobuf float32 holds a latitude to about 0.4 m and would be
 *   written 50.87900161743164 for 50.879.
 * - Any other trip the state holds with times (a TripUpdate, or an added trip) and under way at the moment (past
 *   its first stop, not yet at its last) is placed between the stop it last left and the next one, in proportion
 *   to the time between their predicted departure and arrival (a stop without a prediction keeps its schedule, as
 *   the passages do); its bearing is that of the straight line between the two stops: `estimated` true. A
 *   vehicle still dwelling at a stop stands at it. Skipped stops are passed by.
 * - A cancelled trip has no vehicle; a trip whose position and times are both missing is not shown.
 * - The delay: predicted minus scheduled arrival at the next stop (departure when it has no arrival), in whole
 *   seconds; undefined for an added trip (no schedule) and for a vehicle whose trip has no prediction.
 *
 * Pure: a function of (network, state, moment). The list is in line-direction order, then by service date and
 * trip number, so that two calls on one state give the same list.
 */
import { zonedTime } from "../lib/zoned-time.js";
import type { LineDirIdx, Network, ServiceDate, StopIdx, TripIdx } from "../network/model.js";
import type { RealtimeOverlay } from "../timetable/realtime-overlay.js";
import { vehicleNumber } from "./added-trip.js";
import { STOPPED_AT, type RtTripDescriptor } from "./gtfs-rt-types.js";
import type { RealtimeState, TripState, VehicleState } from "./realtime-state.js";
import { realtimeIndex } from "./realtime-index.js";

/** One vehicle on the road. */
export interface VehicleNow {
  /** The scheduled trip; undefined for an added trip. */
  trip: TripIdx | undefined;
  /** ritnummer: the scheduled trip's number, else the added trip's GTFS trip_id. */
  tripNumber: string;
  serviceDate: ServiceDate;
  lineDirection: LineDirIdx;
  /** WGS84 degrees. */
  lat: number;
  lon: number;
  /** Degrees clockwise from true north, 0 to 360; undefined when the feed gives none and the vehicle stands still. */
  bearingDegrees: number | undefined;
  /** The stop it heads to; undefined past the last stop. */
  nextStop: StopIdx | undefined;
  /** Seconds, positive late; undefined without a prediction (or a schedule) to compare. */
  delaySeconds: number | undefined;
  /** vrtnum: the vehicle's label, else its id; undefined when the feeds name none. */
  vehicleNumber: string | undefined;
  /** Placed from the times between two stops, not measured (no VehiclePosition). */
  estimated: boolean;
}

export interface VehiclesQuery {
  /** Only this line direction's vehicles; every line direction's when undefined. */
  lineDirection?: LineDirIdx;
  /** The moment, epoch ms. */
  nowMs: number;
}

/** The overlay a RealtimeSource gives is a whole RealtimeState when a feed manager (or a test) built it. */
export function asRealtimeState(overlay: RealtimeOverlay | undefined): RealtimeState | undefined {
  return overlay !== undefined && typeof (overlay as Partial<RealtimeState>).vehicles === "function" ? (overlay as RealtimeState) : undefined;
}

/** A VehiclePosition the state holds, with its trip: the TripUpdate's state, or the scheduled trip's stops. */
interface MeasuredVehicle {
  vehicle: VehicleState;
  position: NonNullable<VehicleState["position"]>;
  /** The TripUpdate's state of its trip, if the feed has one. */
  update: TripState | undefined;
  found: TripState;
}

/**
 * What vehiclesNow needs of one state, whatever the moment: its trips by descriptor and its measured vehicles, each
 * grouped by line direction. A state serves many questions (every line direction's event stream renders on each
 * new state), so this is built once per state and network, not once per question.
 */
interface StateVehicles {
  network: Network;
  /** Not cancelled, with no VehiclePosition: placed from their times. */
  unmeasured: Map<LineDirIdx, TripState[]>;
  measured: Map<LineDirIdx, MeasuredVehicle[]>;
}

const byState = new WeakMap<RealtimeState, StateVehicles>();

function stateVehicles(network: Network, state: RealtimeState): StateVehicles {
  const had = byState.get(state);
  if (had?.network === network) return had;
  const tripStates = new Map<string, TripState>();
  for (const t of state.trips()) tripStates.set(descriptorKey(t.descriptor), t);
  const measured = new Map<LineDirIdx, MeasuredVehicle[]>();
  const measuredKeys = new Set<string>();
  for (const v of state.vehicles()) {
    if (v.position === undefined || v.descriptor === undefined) continue;
    const key = descriptorKey(v.descriptor);
    const update = tripStates.get(key);
    if (update?.cancelled) continue;
    const found = update ?? scheduledTripState(network, v.descriptor);
    if (found === undefined) continue;
    measuredKeys.add(key);
    push(measured, found.lineDirection, { vehicle: v, position: v.position, update, found });
  }
  const unmeasured = new Map<LineDirIdx, TripState[]>();
  for (const [key, t] of tripStates) if (!t.cancelled && !measuredKeys.has(key)) push(unmeasured, t.lineDirection, t);
  const built = { network, unmeasured, measured };
  byState.set(state, built);
  return built;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The lists of `map` for one line direction, or all of them. */
function listsOf<V>(map: Map<LineDirIdx, V[]>, lineDirection: LineDirIdx | undefined): V[][] {
  if (lineDirection === undefined) return [...map.values()];
  const list = map.get(lineDirection);
  return list === undefined ? [] : [list];
}

export function vehiclesNow(network: Network, state: RealtimeState | undefined, query: VehiclesQuery): VehicleNow[] {
  if (state === undefined) return [];
  const { lineDirection, nowMs } = query;
  const zone = zonedTime(network.meta.timezone);
  const index = stateVehicles(network, state);

  const out: VehicleNow[] = [];
  for (const list of listsOf(index.measured, lineDirection)) {
    for (const { vehicle: v, position, update: t, found } of list) {
      const times = t ? stopTimesOf(network, zone.serviceDayStartMs(t.serviceDate), t) : undefined;
      const timed = times?.predicted ? times : undefined;
      const next = nextStopOf(found.stops, v);
      out.push({
        trip: found.trip,
        tripNumber: tripNumberOf(network, found),
        serviceDate: found.serviceDate,
        lineDirection: found.lineDirection,
        lat: round5(position.latitude),
        lon: round5(position.longitude),
        bearingDegrees: position.bearing === undefined ? undefined : round5(position.bearing),
        nextStop: next < 0 ? undefined : found.stops[next].stop,
        delaySeconds: timed && next >= 0 ? delayAt(timed, next) : undefined,
        vehicleNumber: vehicleNumber(v.vehicle) ?? (found.vehicle ? vehicleNumber(found.vehicle) : undefined),
        estimated: false,
      });
    }
  }

  for (const list of listsOf(index.unmeasured, lineDirection)) {
    for (const t of list) {
      const timed = stopTimesOf(network, zone.serviceDayStartMs(t.serviceDate), t);
      if (!timed.predicted) continue;
      const placed = placeBetweenStops(network, t, timed, nowMs);
      if (placed) out.push(placed);
    }
  }

  return out.sort(
    (a, b) => a.lineDirection - b.lineDirection || a.serviceDate - b.serviceDate || a.tripNumber.localeCompare(b.tripNumber, "en", { numeric: true }),
  );
}

/** Predicted times of a trip's stops (the schedule where the state has none), epoch ms; NaN for a skipped stop. */
interface TimedStops {
  arrivalMs: number[];
  departureMs: number[];
  /** Scheduled times, epoch ms; undefined for an added trip. */
  scheduledArrivalMs: number[] | undefined;
  scheduledDepartureMs: number[] | undefined;
  /** At least one stop has a predicted time. */
  predicted: boolean;
}

function stopTimesOf(network: Network, dayStartMs: number, t: TripState): TimedStops {
  const n = t.stops.length;
  const arrivalMs = new Array<number>(n);
  const departureMs = new Array<number>(n);
  const row0 = t.trip === undefined ? -1 : network.trips.stopTimeStart[t.trip];
  const scheduledArrivalMs = row0 < 0 ? undefined : new Array<number>(n);
  const scheduledDepartureMs = row0 < 0 ? undefined : new Array<number>(n);
  let predicted = false;
  for (let i = 0; i < n; i++) {
    const s = t.stops[i];
    const schedArr = row0 < 0 ? NaN : dayStartMs + network.stopTimes.arrival[row0 + i] * 1000;
    const schedDep = row0 < 0 ? NaN : dayStartMs + network.stopTimes.departure[row0 + i] * 1000;
    if (scheduledArrivalMs && scheduledDepartureMs) {
      scheduledArrivalMs[i] = schedArr;
      scheduledDepartureMs[i] = schedDep;
    }
    if (!Number.isNaN(s.arrivalMs) || !Number.isNaN(s.departureMs)) predicted = true;
    if (s.skipped) {
      arrivalMs[i] = departureMs[i] = NaN;
      continue;
    }
    const arr = Number.isNaN(s.arrivalMs) ? s.departureMs : s.arrivalMs;
    const dep = Number.isNaN(s.departureMs) ? s.arrivalMs : s.departureMs;
    arrivalMs[i] = Number.isNaN(arr) ? schedArr : arr;
    departureMs[i] = Number.isNaN(dep) ? schedDep : dep;
  }
  return { arrivalMs, departureMs, scheduledArrivalMs, scheduledDepartureMs, predicted };
}

/** Predicted minus scheduled at stop `i`, whole seconds; undefined without both. */
function delayAt(timed: TimedStops, i: number): number | undefined {
  if (!timed.scheduledArrivalMs || !timed.scheduledDepartureMs) return undefined;
  const arr = timed.arrivalMs[i] - timed.scheduledArrivalMs[i];
  const d = Number.isNaN(arr) ? timed.departureMs[i] - timed.scheduledDepartureMs[i] : arr;
  return Number.isNaN(d) ? undefined : Math.round(d / 1000);
}

/** A trip under way at `nowMs`, placed between the stop it left and the next; undefined before its first stop or after its last. */
function placeBetweenStops(network: Network, t: TripState, timed: TimedStops, nowMs: number): VehicleNow | undefined {
  const { stops } = network;
  let prev = -1;
  let next = -1;
  for (let i = 0; i < t.stops.length; i++) {
    if (Number.isNaN(timed.arrivalMs[i])) continue; // skipped
    if (timed.arrivalMs[i] > nowMs) {
      next = i;
      break;
    }
    prev = i;
  }
  if (prev < 0 || next < 0) return undefined;
  const from = t.stops[prev].stop;
  const to = t.stops[next].stop;
  const leaveMs = timed.departureMs[prev];
  const span = timed.arrivalMs[next] - leaveMs;
  const f = nowMs <= leaveMs || span <= 0 ? 0 : Math.min(1, (nowMs - leaveMs) / span);
  return {
    trip: t.trip,
    tripNumber: tripNumberOf(network, t),
    serviceDate: t.serviceDate,
    lineDirection: t.lineDirection,
    lat: round5(stops.lat[from] + f * (stops.lat[to] - stops.lat[from])),
    lon: round5(stops.lon[from] + f * (stops.lon[to] - stops.lon[from])),
    bearingDegrees: bearing(stops.lat[from], stops.lon[from], stops.lat[to], stops.lon[to]),
    nextStop: to,
    delaySeconds: delayAt(timed, next),
    vehicleNumber: t.vehicle ? vehicleNumber(t.vehicle) : undefined,
    estimated: true,
  };
}

/** Position in `stops` of the stop a VehiclePosition heads to, -1 when unknown or past the last stop. */
function nextStopOf(stops: TripState["stops"], v: VehicleState): number {
  let at = -1;
  if (v.currentStopSequence !== undefined) at = stops.findIndex((s) => s.stopSequence === v.currentStopSequence);
  if (at < 0 && v.stopId !== undefined) at = stops.findIndex((s) => s.stopId === v.stopId);
  if (at < 0) return -1;
  if (v.currentStatus === STOPPED_AT) return at + 1 < stops.length ? at + 1 : -1;
  return at;
}

/** Initial great-circle bearing from one point to another, whole degrees 0..359; undefined for one point. */
function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number | undefined {
  if (lat1 === lat2 && lon1 === lon2) return undefined;
  const r = Math.PI / 180;
  const dLon = (lon2 - lon1) * r;
  const y = Math.sin(dLon) * Math.cos(lat2 * r);
  const x = Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos(dLon);
  return (Math.round(Math.atan2(y, x) / r) + 360) % 360;
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

function tripNumberOf(network: Network, t: TripState): string {
  return t.trip === undefined ? (t.descriptor.tripId ?? "") : network.strings.get(network.trips.number[t.trip]);
}

/** Trip and service date of a descriptor the state wrote (its network's ids): one key. */
function descriptorKey(d: RtTripDescriptor): string {
  return `${d.startDate ?? ""}|${d.tripId ?? ""}|${d.startTime ?? ""}`;
}

/**
 * A VehiclePosition's trip that no TripUpdate predicts: its scheduled stops without times, found by trip_id (the
 * copy of a frequency trip whose start time the descriptor gives).
 */
function scheduledTripState(network: Network, d: RtTripDescriptor): TripState | undefined {
  if (d.tripId === undefined || d.startDate === undefined) return undefined;
  const entry = realtimeIndex(network).tripsById.get(d.tripId);
  if (entry === undefined) return undefined;
  const { trips, patterns, strings } = network;
  let trip = typeof entry === "number" ? entry : entry[0];
  if (typeof entry !== "number" && d.startTime !== undefined) {
    const [h, m, s] = d.startTime.split(":").map(Number);
    trip = entry.find((x) => trips.frequencyStart[x] === h * 3600 + m * 60 + s) ?? trip;
  }
  const p = trips.pattern[trip];
  const row0 = patterns.stopStart[p];
  const n = patterns.stopStart[p + 1] - row0;
  const seq0 = trips.sequenceStart[trip];
  const stops = [];
  for (let i = 0; i < n; i++) {
    const stop = patterns.stops[row0 + i];
    stops.push({ stop, stopId: strings.get(network.stops.gtfsId[stop]), stopSequence: trips.sequences[seq0 + i], arrivalMs: NaN, departureMs: NaN, skipped: false });
  }
  return {
    trip,
    serviceDate: Number(d.startDate),
    lineDirection: patterns.line[p] * 2 + patterns.direction[p],
    descriptor: d,
    cancelled: false,
    vehicle: undefined,
    stops,
    delaySeconds: undefined,
  };
}
