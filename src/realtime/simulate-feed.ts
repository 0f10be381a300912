/**
 * A GTFS-Realtime feed made up for any network: what `npm start` ingests for the demo network, what
 * `lijnwijzer simulate` writes or serves, and the feed of the real-time benchmark.
 *
 * It speaks as an external feed does, in the network's GTFS ids (trip_id, start_date of the service date,
 * start_time of a frequency copy, route_id, stop_id), so that the ingest matches it with no shortcut.
 *
 * Everything is deterministic per (seed, service date, trip): the same trip gets the same delays, vehicle,
 * cancellation and skipped stop in every feed of the day, so successive feeds agree with each other. The
 * figures aim at a plausible city network (mostly 0-5 min late, some early, a long tail):
 * - 85% of the trips under way report (the rest have no working on-board unit, as in real fleets);
 * - the delay at the first stop: 10% early (20 s to 2.5 min), 75% 0 to 5 min (most near 0), 15% a tail
 *   beyond 5 min (exponential, mean 7 min on top, at most 40 min); along the trip it drifts by -1 to +3 min,
 *   with a few seconds of noise per stop, and never makes a vehicle arrive before it left the stop before;
 * - 2% of the trips are cancelled, 4% skip one stop (neither the first nor the last);
 * - trip updates give every stop from the vehicle's last stop on (or `maxStopUpdates` of them); 30% of the
 *   trips give absolute times, the others delays, as both occur in real feeds;
 * - vehicles (numbered 10000-99999, one per block_id when the feed has blocks) are placed on the straight line
 *   between their last and their next stop, by the time elapsed (the network holds no shapes);
 * - now and then an alert: per 4-hour slot of the day, one in two raises one for 45 min to 3 h, on a line, a
 *   line direction or a stop, in nl, fr, en and de (one in three in Dutch only).
 *
 * Stops are named by stop_id, as the MTA's feeds do (a stop_id visited twice by a trip is found by the ingest after
 * the stop before it, as GTFS-RT allows); with `stopSequence` also by the GTFS feed's own stop_sequence
 * (trips.sequences), as De Lijn's feed does.
 */
import { addDays } from "../lib/service-date.js";
import { zonedTime } from "../lib/zoned-time.js";
import type { Network, ServiceDate } from "../network/model.js";
import { createPrng, hashString, type Prng } from "../demo/prng.js";
import { serviceDayActive, serviceDayIndex } from "../timetable/is-service-active.js";
import { maxStopTime } from "../timetable/max-stop-time.js";
import {
  FULL_DATASET,
  IN_TRANSIT_TO,
  STOP_SKIPPED,
  STOPPED_AT,
  TRIP_CANCELED,
  type RtAlert,
  type RtFeedEntity,
  type RtFeedMessage,
  type RtStopTimeUpdate,
  type RtTranslatedString,
  type RtTripDescriptor,
} from "./gtfs-rt-types.js";

export interface SimulateFeedOptions {
  /** Another seed gives other delays, cancellations and alerts; default "lijnwijzer". */
  seed?: string;
  /** Trips due to leave within this time after now report already (the vehicle is on its way); default 30 min. */
  horizonMs?: number;
  /** At most this many stop updates per trip, the vehicle's last stop first (fewer near the end of the trip, more stops before it); default every stop from the vehicle's last one. */
  maxStopUpdates?: number;
  /** Share of the trips under way that report; default 0.85. */
  reportShare?: number;
  /** Share of the trips cancelled; default 0.02. */
  cancelShare?: number;
  /** Share of the trips that skip one stop; default 0.04. */
  skipShare?: number;
  /** Which entities the feed holds; default all three. */
  tripUpdates?: boolean;
  vehiclePositions?: boolean;
  alerts?: boolean;
  /** Stop updates also give the stop's GTFS stop_sequence (stop_id always); default false. */
  stopSequence?: boolean;
}

/** The simulator's rules in figures (see the file comment). */
export const SIMULATION = {
  reportShare: 0.85,
  cancelShare: 0.02,
  skipShare: 0.04,
  absoluteTimeShare: 0.3,
  horizonMs: 30 * 60_000,
  /** A vehicle shows up at its first stop this long before it leaves. */
  vehicleBeforeStartMs: 5 * 60_000,
  /** Bounds of any simulated delay: trips outside them around now are skipped without a look. */
  maxEarlySeconds: 150 + 60 + 30,
  maxLateSeconds: 2400 + 180 + 30,
  alertSlotHours: 4,
} as const;

const DEFAULT_SEED = "lijnwijzer";

/** A simulated feed at `nowMs` (epoch ms); its header timestamp is now, in seconds. */
export function simulateFeed(network: Network, nowMs: number, options: SimulateFeedOptions = {}): RtFeedMessage {
  const seed = options.seed ?? DEFAULT_SEED;
  const horizonMs = options.horizonMs ?? SIMULATION.horizonMs;
  const maxUpdates = options.maxStopUpdates ?? Infinity;
  const reportShare = options.reportShare ?? SIMULATION.reportShare;
  const cancelShare = options.cancelShare ?? SIMULATION.cancelShare;
  const skipShare = options.skipShare ?? SIMULATION.skipShare;
  const wantTrips = options.tripUpdates ?? true;
  const wantVehicles = options.vehiclePositions ?? true;
  const withSequence = options.stopSequence ?? false;
  const wantAlerts = options.alerts ?? true;

  const { patterns, trips, stopTimes, stops, lines, strings } = network;
  const zone = zonedTime(network.meta.timezone);
  const tripUpdates: RtFeedEntity[] = [];
  const vehicles: RtFeedEntity[] = [];
  const usedVehicles = new Set<number>();
  const nowS = Math.floor(nowMs / 1000);

  // Service dates whose trips can be under way around now: as in upcomingTrips, those that began less than the
  // network's latest stop time (plus the largest delay) before now.
  const first = addDays(zone.localDateOf(nowMs - SIMULATION.maxLateSeconds * 1000), -Math.ceil(maxStopTime(network) / 86_400) - 1);
  const last = zone.localDateOf(nowMs + horizonMs + SIMULATION.maxEarlySeconds * 1000);
  // Reused per trip: predicted arrival and departure per position, epoch ms.
  let arr = new Float64Array(64);
  let dep = new Float64Array(64);

  if (wantTrips || wantVehicles) {
    for (let date = first; date <= last; date = addDays(date, 1)) {
      const day = serviceDayIndex(network, date);
      if (day < 0) continue;
      const baseMs = zone.serviceDayStartMs(date);
      const loSec = Math.floor((nowMs - baseMs) / 1000) - SIMULATION.maxLateSeconds;
      const hiSec = Math.ceil((nowMs + horizonMs - baseMs) / 1000) + SIMULATION.maxEarlySeconds;
      const startDate = String(date);
      for (let p = 0; p < patterns.count; p++) {
        const s0 = patterns.stopStart[p];
        const length = patterns.stopStart[p + 1] - s0;
        if (length < 2) continue;
        for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
          const row0 = trips.stopTimeStart[t];
          // hot: two comparisons decide most trips
          if (stopTimes.arrival[row0 + length - 1] < loSec || stopTimes.departure[row0] > hiSec) continue;
          if (!serviceDayActive(network, trips.service[t], day)) continue;

          const tripId = strings.get(trips.gtfsId[t]);
          const freq = trips.frequencyStart[t];
          const r = createPrng(`${seed}|${date}|${tripId}|${freq}`);
          const reports = r.chance(reportShare);
          const cancelled = r.chance(cancelShare);
          const baseDelay = firstStopDelaySeconds(r);
          const drift = r.int(-60, 180);
          const skipAt = length >= 3 && r.chance(skipShare) ? r.int(1, length - 2) : -1;
          const absolute = r.chance(SIMULATION.absoluteTimeShare);
          if (!reports && !cancelled) continue;

          const descriptor: RtTripDescriptor = { tripId, startDate, routeId: strings.get(lines.gtfsId[patterns.line[p]]) };
          if (freq >= 0) descriptor.startTime = gtfsTime(freq);
          const entityId = freq >= 0 ? `${startDate}:${tripId}:${descriptor.startTime}` : `${startDate}:${tripId}`;

          if (cancelled) {
            const startMs = baseMs + stopTimes.departure[row0] * 1000;
            const endMs = baseMs + stopTimes.arrival[row0 + length - 1] * 1000;
            if (!wantTrips || endMs < nowMs || startMs > nowMs + horizonMs) continue;
            tripUpdates.push({
              id: entityId,
              tripUpdate: { trip: { ...descriptor, scheduleRelationship: TRIP_CANCELED }, stopTimeUpdate: [], timestamp: nowS },
            });
            continue;
          }

          if (arr.length < length) {
            arr = new Float64Array(length * 2);
            dep = new Float64Array(length * 2);
          }
          let prevDep = -Infinity;
          for (let pos = 0; pos < length; pos++) {
            const delay = Math.round(baseDelay + (drift * pos) / (length - 1)) + r.int(-10, 10);
            const a = Math.max(baseMs + (stopTimes.arrival[row0 + pos] + delay) * 1000, prevDep);
            arr[pos] = a;
            dep[pos] = Math.max(baseMs + (stopTimes.departure[row0 + pos] + delay) * 1000, a);
            prevDep = dep[pos];
          }
          if (arr[length - 1] < nowMs || dep[0] > nowMs + horizonMs) continue;

          // The vehicle's last stop: the last it has left (or stands at), -1 before the trip starts.
          let lastStop = -1;
          while (lastStop + 1 < length && arr[lastStop + 1] <= nowMs) lastStop++;
          const vehicleNumber = pickVehicle(usedVehicles, network, t, date, seed);
          const vehicle = { id: String(vehicleNumber), label: String(vehicleNumber) };

          if (wantTrips) {
            let from = Math.max(0, lastStop);
            if (from + maxUpdates > length) from = Math.max(0, length - maxUpdates);
            const to = Math.min(length, from + maxUpdates);
            const updates: RtStopTimeUpdate[] = [];
            for (let pos = from; pos < to; pos++) {
              const stopId = strings.get(stops.gtfsId[patterns.stops[s0 + pos]]);
              const u: RtStopTimeUpdate = withSequence ? { stopSequence: trips.sequences[trips.sequenceStart[t] + pos], stopId } : { stopId };
              if (pos === skipAt) {
                u.scheduleRelationship = STOP_SKIPPED;
                updates.push(u);
                continue;
              }
              if (pos > 0) u.arrival = event(arr[pos], baseMs, stopTimes.arrival[row0 + pos], absolute);
              if (pos < length - 1) u.departure = event(dep[pos], baseMs, stopTimes.departure[row0 + pos], absolute);
              updates.push(u);
            }
            tripUpdates.push({ id: entityId, tripUpdate: { trip: descriptor, vehicle, stopTimeUpdate: updates, timestamp: nowS } });
          }

          if (wantVehicles && dep[0] - nowMs <= SIMULATION.vehicleBeforeStartMs) {
            vehicles.push({ id: `vehicle:${vehicle.id}`, vehicle: vehiclePosition(network, s0, length, lastStop, arr, dep, nowMs, descriptor, vehicle) });
          }
        }
      }
    }
  }

  const entity = [...tripUpdates, ...vehicles];
  if (wantAlerts) entity.push(...simulatedAlerts(network, nowMs, seed));
  return { header: { gtfsRealtimeVersion: "2.0", incrementality: FULL_DATASET, timestamp: nowS }, entity };
}

/** The delay at a trip's first stop, seconds (see the file comment for the shares). */
function firstStopDelaySeconds(r: Prng): number {
  const u = r.next();
  const v = r.next();
  if (u < 0.1) return -Math.round(20 + v * 130);
  if (u < 0.85) return Math.round(300 * v * v); // most trips close to on time
  return Math.min(2400, 300 + Math.round(-420 * Math.log(1 - v)));
}

/** A StopTimeEvent: the predicted instant as a time (POSIX seconds) or as the delay to the schedule. */
function event(predictedMs: number, baseMs: number, scheduledSec: number, absolute: boolean) {
  const time = Math.round(predictedMs / 1000);
  return absolute ? { time } : { delay: time - Math.round(baseMs / 1000) - scheduledSec };
}

/**
 * The vehicle of a trip: a number from its block (the same bus runs the block's trips) or from the trip, unique
 * in one feed (a number already given goes to the next free one).
 */
function pickVehicle(used: Set<number>, network: Network, trip: number, date: ServiceDate, seed: string): number {
  const block = network.strings.get(network.trips.block[trip]);
  const key = block !== "" ? `b|${block}` : `t|${network.strings.get(network.trips.gtfsId[trip])}|${network.trips.frequencyStart[trip]}`;
  let n = 10_000 + (hashString(`${seed}|${date}|${key}`) % 90_000);
  while (used.has(n)) n = n === 99_999 ? 10_000 : n + 1;
  used.add(n);
  return n;
}

/** Where a vehicle is at now: at its stop while it dwells, else on the line from its last stop to the next. */
function vehiclePosition(
  network: Network,
  s0: number,
  length: number,
  lastStop: number,
  arr: Float64Array,
  dep: Float64Array,
  nowMs: number,
  trip: RtTripDescriptor,
  vehicle: { id: string; label: string },
) {
  const { stops, patterns, strings } = network;
  const stopAt = (pos: number) => patterns.stops[s0 + pos];
  const timestamp = Math.floor(nowMs / 1000);
  if (lastStop < 0 || lastStop === length - 1 || nowMs <= dep[lastStop]) {
    const pos = Math.max(0, lastStop);
    const s = stopAt(pos);
    return {
      trip,
      vehicle,
      position: { latitude: stops.lat[s], longitude: stops.lon[s] },
      stopId: strings.get(stops.gtfsId[s]),
      currentStatus: STOPPED_AT,
      timestamp,
    };
  }
  const a = stopAt(lastStop);
  const b = stopAt(lastStop + 1);
  const spanMs = arr[lastStop + 1] - dep[lastStop];
  const f = spanMs > 0 ? Math.min(1, Math.max(0, (nowMs - dep[lastStop]) / spanMs)) : 1;
  const meters = distanceMeters(stops.lat[a], stops.lon[a], stops.lat[b], stops.lon[b]);
  return {
    trip,
    vehicle,
    position: {
      latitude: round6(stops.lat[a] + (stops.lat[b] - stops.lat[a]) * f),
      longitude: round6(stops.lon[a] + (stops.lon[b] - stops.lon[a]) * f),
      bearing: Math.round(bearingDegrees(stops.lat[a], stops.lon[a], stops.lat[b], stops.lon[b])),
      speed: spanMs > 0 ? Math.round((meters / (spanMs / 1000)) * 10) / 10 : 0,
    },
    stopId: strings.get(stops.gtfsId[b]),
    currentStatus: IN_TRANSIT_TO,
    timestamp,
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const RAD = Math.PI / 180;

function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * RAD * Math.cos(((lat1 + lat2) / 2) * RAD);
  const y = (lat2 - lat1) * RAD;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/** Degrees clockwise from north (GTFS-RT Position.bearing). */
function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * RAD);
  const y = lat2 - lat1;
  return (Math.atan2(x, y) / RAD + 360) % 360;
}

/** HH:MM:SS of ServiceSeconds (may pass 24:00:00), as GTFS-RT start_time. */
function gtfsTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}:${s < 10 ? "0" : ""}${s}`;
}

/** GTFS-RT Alert.Cause and Alert.Effect values the alerts below use. */
const CAUSE = { TECHNICAL_PROBLEM: 3, DEMONSTRATION: 5, ACCIDENT: 6, WEATHER: 8, CONSTRUCTION: 10 } as const;
const EFFECT = { REDUCED_SERVICE: 2, SIGNIFICANT_DELAYS: 3, DETOUR: 4 } as const;

type Texts = Record<"nl" | "fr" | "en" | "de", string>;

interface AlertKind {
  cause: number;
  effect: number;
  header: Texts;
  /** The description, given what it is about ("lijn 3", "ligne 3", ...). */
  description: (about: Texts) => Texts;
}

const ALERT_KINDS: readonly AlertKind[] = [
  {
    cause: CAUSE.CONSTRUCTION,
    effect: EFFECT.DETOUR,
    header: { nl: "Omleiding door werken", fr: "Déviation pour travaux", en: "Diversion due to roadworks", de: "Umleitung wegen Bauarbeiten" },
    description: (a) => ({
      nl: `Door werken rijdt ${a.nl} om. Houd rekening met enkele minuten vertraging.`,
      fr: `En raison de travaux, ${a.fr} est déviée. Prévoyez quelques minutes de retard.`,
      en: `Because of roadworks ${a.en} is diverted. Allow for a few minutes' delay.`,
      de: `Wegen Bauarbeiten wird ${a.de} umgeleitet. Rechnen Sie mit einigen Minuten Verspätung.`,
    }),
  },
  {
    cause: CAUSE.ACCIDENT,
    effect: EFFECT.SIGNIFICANT_DELAYS,
    header: { nl: "Vertraging door een ongeval", fr: "Retards suite à un accident", en: "Delays after an accident", de: "Verspätungen nach einem Unfall" },
    description: (a) => ({
      nl: `Door een ongeval heeft ${a.nl} vertraging.`,
      fr: `Suite à un accident, ${a.fr} circule avec du retard.`,
      en: `After an accident ${a.en} is running late.`,
      de: `Nach einem Unfall hat ${a.de} Verspätung.`,
    }),
  },
  {
    cause: CAUSE.TECHNICAL_PROBLEM,
    effect: EFFECT.REDUCED_SERVICE,
    header: { nl: "Technisch defect", fr: "Problème technique", en: "Technical problem", de: "Technische Störung" },
    description: (a) => ({
      nl: `Door een technisch defect rijden op ${a.nl} minder voertuigen.`,
      fr: `En raison d'un problème technique, moins de véhicules circulent sur ${a.fr}.`,
      en: `Because of a technical problem fewer vehicles run on ${a.en}.`,
      de: `Wegen einer technischen Störung fahren auf ${a.de} weniger Fahrzeuge.`,
    }),
  },
  {
    cause: CAUSE.DEMONSTRATION,
    effect: EFFECT.DETOUR,
    header: { nl: "Omleiding door een betoging", fr: "Déviation pour une manifestation", en: "Diversion for a demonstration", de: "Umleitung wegen einer Demonstration" },
    description: (a) => ({
      nl: `Door een betoging rijdt ${a.nl} om.`,
      fr: `En raison d'une manifestation, ${a.fr} est déviée.`,
      en: `Because of a demonstration ${a.en} is diverted.`,
      de: `Wegen einer Demonstration wird ${a.de} umgeleitet.`,
    }),
  },
  {
    cause: CAUSE.WEATHER,
    effect: EFFECT.SIGNIFICANT_DELAYS,
    header: { nl: "Hinder door het weer", fr: "Perturbations dues à la météo", en: "Disruption due to the weather", de: "Behinderungen wegen des Wetters" },
    description: (a) => ({
      nl: `Door de weersomstandigheden kan ${a.nl} vertraging hebben.`,
      fr: `En raison des conditions météo, ${a.fr} peut avoir du retard.`,
      en: `Because of the weather ${a.en} may run late.`,
      de: `Wegen der Wetterlage kann ${a.de} Verspätung haben.`,
    }),
  },
];

/**
 * The alerts active at now or starting within the hour: per 4-hour slot of a local day (the day before too, for
 * an alert running past midnight), one in two slots raises one.
 */
export function simulatedAlerts(network: Network, nowMs: number, seed = DEFAULT_SEED): RtFeedEntity[] {
  const { lines, lineDirections, patterns, stops, strings } = network;
  if (lines.count === 0) return [];
  const zone = zonedTime(network.meta.timezone);
  const today = zone.localDateOf(nowMs);
  const out: RtFeedEntity[] = [];
  for (const date of [addDays(today, -1), today]) {
    const dayStart = zone.localDayStartMs(date);
    for (let slot = 0; slot < 24 / SIMULATION.alertSlotHours; slot++) {
      const r = createPrng(`${seed}|alert|${date}|${slot}`);
      if (!r.chance(0.5)) continue;
      const startMs = dayStart + (slot * SIMULATION.alertSlotHours * 60 + r.int(0, SIMULATION.alertSlotHours * 60 - 1)) * 60_000;
      const endMs = startMs + r.int(45, 180) * 60_000;
      const kind = r.pick(ALERT_KINDS);
      const dutchOnly = r.chance(1 / 3);
      const line = r.int(0, lines.count - 1);
      const direction = r.int(0, 1);
      const focus = r.int(0, 2); // 0: the line, 1: a line direction, 2: a stop of it
      if (endMs <= nowMs || startMs > nowMs + 60 * 60_000) continue;

      const number = strings.get(lines.publicNumber[line]) || strings.get(lines.number[line]);
      const routeId = strings.get(lines.gtfsId[line]);
      const ld = line * 2 + direction;
      const pattern = lineDirections.exists[ld] ? lineDirections.mainPattern[ld] : 0xffff_ffff;
      let about: Texts = { nl: `lijn ${number}`, fr: `la ligne ${number}`, en: `line ${number}`, de: `Linie ${number}` };
      let informed: RtAlert["informedEntity"] = [{ routeId }];
      if (focus >= 1 && pattern < patterns.count) {
        const destination = strings.get(lineDirections.destination[ld]);
        if (focus === 1) {
          about = { nl: `lijn ${number} richting ${destination}`, fr: `la ligne ${number} vers ${destination}`, en: `line ${number} towards ${destination}`, de: `Linie ${number} Richtung ${destination}` };
          informed = [{ routeId, directionId: direction }];
        } else {
          const from = patterns.stopStart[pattern];
          const stop = patterns.stops[from + r.int(0, patterns.stopStart[pattern + 1] - from - 1)];
          const name = strings.get(stops.longName[stop]) || strings.get(stops.name[stop]);
          about = { nl: `lijn ${number} aan halte ${name}`, fr: `la ligne ${number} à l'arrêt ${name}`, en: `line ${number} at stop ${name}`, de: `Linie ${number} an der Haltestelle ${name}` };
          informed = [{ routeId, stopId: strings.get(stops.gtfsId[stop]) }];
        }
      }
      const description = kind.description(about);
      out.push({
        id: `alert:${date}:${slot}`,
        alert: {
          activePeriod: [{ start: Math.floor(startMs / 1000), end: Math.floor(endMs / 1000) }],
          informedEntity: informed,
          cause: kind.cause,
          effect: kind.effect,
          headerText: translated(kind.header, dutchOnly),
          descriptionText: translated(description, dutchOnly),
        },
      });
    }
  }
  return out;
}

function translated(texts: Texts, dutchOnly: boolean): RtTranslatedString {
  const languages = dutchOnly ? (["nl"] as const) : (["nl", "fr", "en", "de"] as const);
  return { translation: languages.map((language) => ({ text: texts[language], language })) };
}
