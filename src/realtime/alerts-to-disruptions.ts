/**
 * GTFS-Realtime Alerts -> disruptions (storingen): the dataset's DiversionInfo shape, kind "storing", so that every
 * query that lists the dataset's diversions lists them beside it (diversions-for.ts, find-diversion.ts).
 * Spec: https://gtfs.org/realtime/reference/#message-alert
 *
 * Where the spec leaves room, the rules are (docs/COMPATIBILITY.md, the real-time rows):
 * - informed entities, each selector on its own, joined over the alert; the fields of one selector are ANDed, as
 *   https://gtfs.org/realtime/reference/#message-entityselector says:
 *   stop_id -> that stop (`haltes`), or a station's platforms when it is the parent_station of stops;
 *   route_id -> the line's directions, route_id + direction_id -> one of them; trip -> the line direction of its
 *   trip_id (the descriptor's route_id and direction_id must fit it; an unknown trip_id falls back to them: an
 *   ADDED trip); agency_id and route_type narrow the lines of a route or trip, and without one name every line
 *   direction of the lines of that entity / route type (agency-wide strikes), direction_id narrowing those too.
 *   A stop with a route or trip keeps both, the stops narrowed to those its line directions serve: the dataset's
 *   shape (line directions + stops not served) is exactly "line 1 does not serve Markt", and a station with a
 *   route names that route's platforms. A stop with an agency or route type but no route names the stop only,
 *   where a line of that agency / type serves it. A trip is shown on its line direction: the shape holds no trip.
 *   A selector naming nothing of the network (or whose fields exclude each other) is skipped; an alert none of
 *   whose selectors names anything is left out and counted unmatched (the reason of its first selector).
 * - texts: header_text is the title, description_text the description, per language nl/fr/en/de (a tag's primary
 *   subtag, any case: nl-BE is nl). The Dutch text, which every DiversionInfo has, is the nl one, else the
 *   translation without a language (the spec allows one when it is the only text), else the first translation;
 *   a language missing one of the two fields takes the Dutch one.
 * - type: from the cause in the dataset's words (ONGEVAL, WERKEN, STAKING, ...); an unknown or other cause takes
 *   the effect's word (OMLEIDING, VERTRAGING, ...); neither: "" (the API leaves `type` out, as for the dataset).
 * - period: local calendar days of the network's time zone, from the earliest start to the latest end of the
 *   active periods (one period, every weekday: the shape holds no gaps). An end is taken one second early, so
 *   a period ending at midnight does not name the next day. No start: the day of `nowMs` (the day the state
 *   is built), else the network's first day; no end: the network's last day, or the start day when later.
 * - referentieOmleiding: ALERT_ID_BASE + FNV-1a hash of the feed entity id modulo ALERT_ID_SPAN, stable across
 *   polls and restarts; an id taken by the dataset or by an earlier alert moves to the next free one.
 */
import { zonedTime } from "../lib/zoned-time.js";
import { derivedIndex } from "../network/derived-index.js";
import { linesByGtfsRouteId, stopsByGtfsId } from "../network/gtfs-id-lookup.js";
import type { DiversionInfo, DiversionText, LineDirIdx, LineIdx, Network, ServiceDate, StopIdx, TripIdx } from "../network/model.js";
import { diversionLanguage } from "../timetable/diversion-language.js";
import type { Language } from "../timetable/types.js";
import { lineDirectionsThroughStop } from "../timetable/line-directions-through-stop.js";
import type { RtAlert, RtEntitySelector, RtTranslatedString, RtTripDescriptor } from "./gtfs-rt-types.js";
import type { UnmatchedReason } from "./realtime-state.js";

/**
 * The alerts' referentieOmleiding range, [ALERT_ID_BASE, ALERT_ID_BASE + ALERT_ID_SPAN): the top of int32 (the
 * operator's id type), far above any diversion_id a dataset numbers upwards (the operator's are 6 digits), below
 * 2^31 so every client's int32 holds it, and 10 digits at most as the E4 path accepts.
 */
export const ALERT_ID_BASE = 2_000_000_000;
export const ALERT_ID_SPAN = 2 ** 31 - ALERT_ID_BASE;

/** One alert of a feed, with its FeedEntity id (what its referentieOmleiding is derived from). */
export interface FeedAlert {
  id: string;
  alert: RtAlert;
}

/** The disruptions of a set of alerts, and how many alerts named something of the network (for FeedMatchStats). */
export interface AlertsMatch {
  /** Sorted by id. */
  disruptions: DiversionInfo[];
  /** Alerts that became a disruption. */
  matched: number;
  /** Alerts left out: none of their informed entities names a stop, route, trip or agency of the network. */
  unmatched: number;
  unmatchedByReason: Partial<Record<UnmatchedReason, number>>;
  /**
   * Per alert, in the order given: why it was left out, undefined when it became a disruption. Lets a caller that
   * passes the alerts of several feeds at once (their ids must be kept apart in one call) count them per feed.
   */
  outcomes: Array<UnmatchedReason | undefined>;
}

/** The alerts' disruptions (kind "storing"); see matchAlerts for the counts. `nowMs` dates an alert without a start. */
export function alertsToDisruptions(network: Network, alerts: readonly FeedAlert[], nowMs?: number): DiversionInfo[] {
  return matchAlerts(network, alerts, nowMs).disruptions;
}

/** The alerts' disruptions with the numbers matched and unmatched (by reason). */
export function matchAlerts(network: Network, alerts: readonly FeedAlert[], nowMs?: number): AlertsMatch {
  const taken = new Set(network.meta.diversions.map((d) => d.id));
  const disruptions: DiversionInfo[] = [];
  const unmatchedByReason: AlertsMatch["unmatchedByReason"] = {};
  const outcomes: AlertsMatch["outcomes"] = [];
  let unmatched = 0;
  for (const { id, alert } of alerts) {
    const lineDirections = new Set<LineDirIdx>();
    const stops = new Set<StopIdx>();
    let firstMiss: UnmatchedReason | undefined;
    let named = false;
    for (const sel of alert.informedEntity) {
      const r = resolveSelector(network, sel);
      if (typeof r === "string") {
        firstMiss ??= r;
        continue;
      }
      named = true;
      for (const ld of r.lineDirections) lineDirections.add(ld);
      for (const s of r.stops) stops.add(s);
    }
    if (!named) {
      const reason = firstMiss ?? "unsupported"; // no informed entity at all: the spec requires one
      unmatchedByReason[reason] = (unmatchedByReason[reason] ?? 0) + 1;
      unmatched++;
      outcomes.push(reason);
      continue;
    }
    outcomes.push(undefined);
    const { start, end } = alertPeriod(network, alert, nowMs);
    disruptions.push({
      id: alertDisruptionId(id, taken),
      kind: "storing",
      type: alertType(alert),
      start,
      end,
      weekdays: 0,
      texts: alertTexts(alert),
      lineDirections: [...lineDirections].sort((a, b) => a - b),
      stops: [...stops].sort((a, b) => a - b),
    });
  }
  disruptions.sort((a, b) => a.id - b.id);
  return { disruptions, matched: disruptions.length, unmatched, unmatchedByReason, outcomes };
}

/** referentieOmleiding of an alert: its hashed id, moved on past ids already `taken` (which it then joins). */
export function alertDisruptionId(feedEntityId: string, taken: Set<number>): number {
  let h = 0x811c9dc5; // FNV-1a 32-bit over the UTF-16 code units: tiny, stable, well spread
  for (let i = 0; i < feedEntityId.length; i++) {
    h ^= feedEntityId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let slot = (h >>> 0) % ALERT_ID_SPAN;
  while (taken.has(ALERT_ID_BASE + slot)) slot = (slot + 1) % ALERT_ID_SPAN;
  taken.add(ALERT_ID_BASE + slot);
  return ALERT_ID_BASE + slot;
}

// --- informed entities ------------------------------------------------------------------------------------------

interface Named {
  lineDirections: LineDirIdx[];
  stops: StopIdx[];
}

/**
 * What one EntitySelector names, or why it names nothing. Its fields are ANDed
 * (https://gtfs.org/realtime/reference/#message-entityselector): each one given narrows what the others name.
 */
function resolveSelector(net: Network, sel: RtEntitySelector): Named | UnmatchedReason {
  let stops: StopIdx[] | undefined;
  if (sel.stopId !== undefined) {
    stops = stopsNamed(net, sel.stopId);
    if (stops.length === 0) return "unknown_stop";
  }
  // The line directions the selector names; undefined when it names no route, trip, agency or route type.
  let lineDirections: LineDirIdx[] | undefined;
  if (sel.trip) {
    const r = tripSelectorLineDirections(net, sel.trip, sel);
    if (typeof r === "string") return r;
    lineDirections = r;
  } else if (sel.routeId !== undefined) {
    lineDirections = routeLineDirections(net, linesByGtfsRouteId(net, sel.routeId).filter((l) => lineFits(net, l, sel)), sel.directionId);
    if (lineDirections.length === 0) return "unknown_route";
  } else if (sel.agencyId !== undefined || sel.routeType !== undefined) {
    const lines: LineIdx[] = [];
    for (let l = 0; l < net.lines.count; l++) if (lineFits(net, l, sel)) lines.push(l);
    const lds = routeLineDirections(net, lines, sel.directionId);
    if (lds.length === 0) return "unknown_route";
    if (stops) {
      // A stop of an agency (or a route type): the stop, where one of those lines serves it. Not every line
      // direction of the agency, which would list the alert at each of its stops.
      stops = stopsServedBy(net, stops, lds);
      return stops.length === 0 ? "unknown_stop" : { lineDirections: [], stops };
    }
    lineDirections = lds;
  }
  if (stops && lineDirections) {
    // A stop with a route or trip: the stops of the selector it serves (a station's platforms of that line).
    stops = stopsServedBy(net, stops, lineDirections);
    if (stops.length === 0) return "unknown_stop";
  }
  if (!stops && !lineDirections) return "unsupported"; // e.g. direction_id alone
  return { lineDirections: lineDirections ?? [], stops: stops ?? [] };
}

/**
 * The line directions of a selector's trip: those of the trips with its trip_id that fit the descriptor's route_id
 * and direction_id and the selector's route_id, direction_id, agency_id and route_type. An unknown trip_id (an
 * ADDED trip) falls back to the descriptor's route_id and direction_id, narrowed the same way.
 */
function tripSelectorLineDirections(net: Network, trip: RtTripDescriptor, sel: RtEntitySelector): LineDirIdx[] | UnmatchedReason {
  const fits = (ld: LineDirIdx) =>
    lineFits(net, ld >> 1, sel) &&
    (sel.routeId === undefined || linesByGtfsRouteId(net, sel.routeId).includes(ld >> 1)) &&
    (trip.routeId === undefined || linesByGtfsRouteId(net, trip.routeId).includes(ld >> 1)) &&
    (sel.directionId === undefined || (ld & 1) === sel.directionId) &&
    (trip.directionId === undefined || (ld & 1) === trip.directionId);
  const byId = tripLineDirections(net, trip.tripId);
  if (byId.length) {
    const kept = byId.filter(fits);
    return kept.length ? kept : "unknown_trip";
  }
  if (trip.routeId === undefined) return "unknown_trip";
  const lds = routeLineDirections(net, linesByGtfsRouteId(net, trip.routeId), undefined).filter(fits);
  return lds.length ? lds : "unknown_route";
}

/** A line passes the selector's agency_id and route_type, where given. */
function lineFits(net: Network, l: LineIdx, sel: RtEntitySelector): boolean {
  if (sel.agencyId !== undefined && !net.meta.entities[net.lines.entity[l]].agencyIds.includes(sel.agencyId)) return false;
  return sel.routeType === undefined || net.lines.routeType[l] === sel.routeType;
}

/** The line directions with trips of some lines: one when `direction` (GTFS direction_id) is given, else both. */
function routeLineDirections(net: Network, lines: readonly LineIdx[], direction: number | undefined): LineDirIdx[] {
  const out: LineDirIdx[] = [];
  for (const l of lines) {
    for (const d of direction === undefined ? [0, 1] : [direction]) {
      const ld = l * 2 + d;
      if ((d === 0 || d === 1) && net.lineDirections.exists[ld] === 1) out.push(ld);
    }
  }
  return out;
}

/** The stops that one of the line directions serves. */
function stopsServedBy(net: Network, stops: readonly StopIdx[], lineDirections: readonly LineDirIdx[]): StopIdx[] {
  const wanted = new Set(lineDirections);
  return stops.filter((s) => lineDirectionsThroughStop(net, s).some((ld) => wanted.has(ld)));
}

/**
 * The stops a selector's stop_id names: the stop with that GTFS stop_id (stopsByGtfsId also answers stop_codes,
 * which GTFS-RT never means), and when it is a station's (the parent_station of stops, location_type 1, which
 * the network holds as no stop of its own) every platform of the station: the reference's "stop_id ... may be a
 * station" applies an alert to all of it.
 */
function stopsNamed(net: Network, id: string): StopIdx[] {
  const own = stopsByGtfsId(net, id).filter((s) => net.strings.get(net.stops.gtfsId[s]) === id);
  const platforms = platformsOf(net).get(id);
  if (!platforms) return own;
  return [...new Set([...own, ...platforms])].sort((a, b) => a - b);
}

/** parent_station stop_id -> its stops (stops.parentGtfsId), built once per network on the first stop selector. */
const platformsOf = derivedIndex("GTFS parent_station -> its stops", (net: Network): Map<string, StopIdx[]> => {
  const byStation = new Map<string, StopIdx[]>();
  const { parentGtfsId } = net.stops;
  for (let s = 0; s < net.stops.count; s++) {
    const station = net.strings.get(parentGtfsId[s]);
    if (station === "") continue;
    const list = byStation.get(station);
    if (list) list.push(s);
    else byStation.set(station, [s]);
  }
  return byStation;
});

/** trip_id -> its trips (several feeds may share one), built once per network on the first trip selector. */
const tripsById = derivedIndex("GTFS trip_id -> trips (alerts' trip selectors)", (net: Network): Map<string, TripIdx[]> => {
  const byId = new Map<string, TripIdx[]>();
  for (let t = 0; t < net.trips.count; t++) {
    const id = net.strings.get(net.trips.gtfsId[t]);
    const list = byId.get(id);
    if (list) list.push(t);
    else byId.set(id, [t]);
  }
  return byId;
});

/** The line directions of the trips with a trip_id (several feeds may share one); built once per network, on the first trip selector. */
function tripLineDirections(net: Network, tripId: string | undefined): LineDirIdx[] {
  if (tripId === undefined) return [];
  const byId = tripsById(net);
  const lds = new Set<LineDirIdx>();
  for (const t of byId.get(tripId) ?? []) {
    const p = net.trips.pattern[t];
    lds.add(net.patterns.line[p] * 2 + net.patterns.direction[p]);
  }
  return [...lds];
}

// --- texts, type, period ----------------------------------------------------------------------------------------

const LANGUAGES: readonly Language[] = ["nl", "fr", "en", "de"];

/** Per language the first translation of that language; "" keys the translation without a language. */
function byLanguage(s: RtTranslatedString | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of s?.translation ?? []) {
    const tag = t.language?.trim() ?? "";
    const key = tag === "" ? "" : (diversionLanguage(tag.split(/[-_]/)[0]) ?? tag.toLowerCase());
    if (!out.has(key)) out.set(key, t.text);
  }
  return out;
}

function dutchOf(texts: Map<string, string>): string {
  return texts.get("nl") ?? texts.get("") ?? texts.values().next().value ?? "";
}

function alertTexts(alert: RtAlert): Record<string, DiversionText> {
  const header = byLanguage(alert.headerText);
  const description = byLanguage(alert.descriptionText);
  const nl = { title: dutchOf(header), description: dutchOf(description) };
  const texts: Record<string, DiversionText> = { nl };
  for (const language of LANGUAGES) {
    if (language === "nl" || !(header.has(language) || description.has(language))) continue;
    texts[language] = { title: header.get(language) ?? nl.title, description: description.get(language) ?? nl.description };
  }
  return texts;
}

/** Alert.Cause -> the dataset's type words; UNKNOWN_CAUSE (1) and OTHER_CAUSE (2) defer to the effect. */
const CAUSE_TYPES: Record<number, string> = {
  3: "TECHNISCH_DEFECT", // TECHNICAL_PROBLEM
  4: "STAKING", // STRIKE
  5: "MANIFESTATIE", // DEMONSTRATION: the dataset's word for a demonstration
  6: "ONGEVAL", // ACCIDENT
  7: "FEESTDAG", // HOLIDAY
  8: "WEERSOMSTANDIGHEDEN", // WEATHER
  9: "WERKEN", // MAINTENANCE
  10: "WERKEN", // CONSTRUCTION
  11: "POLITIEOPTREDEN", // POLICE_ACTIVITY
  12: "INTERVENTIE_HULPDIENSTEN", // MEDICAL_EMERGENCY: the operator's "Interventie hulpdiensten"
  13: "EVENEMENT", // SPECIAL_EVENT
};

/** Alert.Effect -> a type word when the cause says nothing; OTHER_EFFECT, UNKNOWN_EFFECT, NO_EFFECT give none. */
const EFFECT_TYPES: Record<number, string> = {
  1: "GEEN_DIENST", // NO_SERVICE
  2: "BEPERKTE_DIENST", // REDUCED_SERVICE
  3: "VERTRAGING", // SIGNIFICANT_DELAYS
  4: "OMLEIDING", // DETOUR
  5: "EXTRA_DIENST", // ADDITIONAL_SERVICE
  6: "GEWIJZIGDE_DIENST", // MODIFIED_SERVICE
  9: "HALTE_VERPLAATST", // STOP_MOVED
  11: "TOEGANKELIJKHEID", // ACCESSIBILITY_ISSUE
};

function alertType(alert: RtAlert): string {
  return (alert.cause !== undefined ? CAUSE_TYPES[alert.cause] : undefined) ?? (alert.effect !== undefined ? EFFECT_TYPES[alert.effect] : undefined) ?? "";
}

function alertPeriod(net: Network, alert: RtAlert, nowMs: number | undefined): { start: ServiceDate; end: ServiceDate } {
  const z = zonedTime(net.meta.timezone);
  let startS = Infinity;
  let endS = -Infinity;
  if (alert.activePeriod.length === 0) {
    startS = NaN;
    endS = NaN;
  }
  for (const p of alert.activePeriod) {
    startS = Math.min(startS, p.start ? p.start : NaN); // Math.min with NaN is NaN: one open start opens the whole
    endS = Math.max(endS, p.end ? p.end : NaN);
  }
  const openStart = nowMs !== undefined ? z.localDateOf(nowMs) : net.meta.validFrom;
  let start = Number.isNaN(startS) ? openStart : z.localDateOf(startS * 1000);
  const lastS = endS > startS || Number.isNaN(startS) ? endS - 1 : endS; // a period of one instant keeps it
  const end = Number.isNaN(endS) ? Math.max(start, net.meta.validTo) : z.localDateOf(lastS * 1000);
  if (start > end) start = end; // an open start after an end that has passed: the alert names only its last day
  return { start, end };
}
