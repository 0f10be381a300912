/**
 * GTFS-Realtime Alerts -> disruptions (storingen): the dataset's DiversionInfo shape, kind "storing", so that every
 * query that lists the dataset's diversions lists them beside it (diversions-for.ts, find-diversion.ts).
 * Spec: https://gtfs.org/realtime/reference/#message-alert
 *
 * Where the spec leaves room, the rules are (docs/COMPATIBILITY.md, the real-time rows):
 * - informed entities, each selector on its own, joined over the alert:
 *   stop_id -> that stop (`haltes`); route_id -> the line's directions, route_id + direction_id -> one of them;
 *   trip -> the line direction of its trip_id (an unknown trip_id falls back to the descriptor's route_id and
 *   direction_id); agency_id or route_type without a route, trip or stop -> every line direction of the lines of
 *   that entity / route type (agency-wide strikes). In one selector the fields narrow each other, as the spec's
 *   AND says, except that a stop with a route keeps both: the dataset's shape (line directions + stops not
 *   served) is exactly "line 1 does not serve Markt".
 *   A selector naming nothing of the network is skipped; an alert none of whose selectors names anything is
 *   left out and counted unmatched (the reason of its first selector).
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
import { linesByGtfsRouteId, stopsByGtfsId } from "../network/gtfs-id-lookup.js";
import type { DiversionInfo, DiversionText, LineDirIdx, LineIdx, Network, ServiceDate, StopIdx, TripIdx } from "../network/model.js";
import { diversionLanguage } from "../timetable/diversion-language.js";
import type { Language } from "../timetable/types.js";
import type { RtAlert, RtEntitySelector, RtTranslatedString } from "./gtfs-rt-types.js";
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

/** What one EntitySelector names, or why it names nothing. */
function resolveSelector(net: Network, sel: RtEntitySelector): Named | UnmatchedReason {
  let stops: StopIdx[] = [];
  if (sel.stopId !== undefined) {
    stops = stopsWithId(net, sel.stopId);
    if (stops.length === 0) return "unknown_stop";
  }
  let lineDirections: LineDirIdx[] = [];
  if (sel.trip) {
    const lds = tripLineDirections(net, sel.trip.tripId);
    if (lds.length) lineDirections = lds;
    else if (sel.trip.routeId !== undefined) {
      lineDirections = routeLineDirections(net, linesByGtfsRouteId(net, sel.trip.routeId), sel.trip.directionId);
      if (lineDirections.length === 0) return "unknown_route";
    } else return "unknown_trip";
  } else if (sel.routeId !== undefined) {
    const lines = linesByGtfsRouteId(net, sel.routeId).filter((l) => lineFits(net, l, sel));
    lineDirections = routeLineDirections(net, lines, sel.directionId);
    if (lineDirections.length === 0) return "unknown_route";
  } else if (stops.length === 0 && (sel.agencyId !== undefined || sel.routeType !== undefined)) {
    const lines: LineIdx[] = [];
    for (let l = 0; l < net.lines.count; l++) if (lineFits(net, l, sel)) lines.push(l);
    lineDirections = routeLineDirections(net, lines, undefined);
    if (lineDirections.length === 0) return "unknown_route";
  }
  if (stops.length === 0 && lineDirections.length === 0) return "unsupported"; // e.g. direction_id alone
  return { lineDirections, stops };
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

/** Stops whose GTFS stop_id is exactly `id` (stopsByGtfsId also answers stop_codes, which GTFS-RT never means). */
function stopsWithId(net: Network, id: string): StopIdx[] {
  return stopsByGtfsId(net, id).filter((s) => net.strings.get(net.stops.gtfsId[s]) === id);
}

const tripsById = new WeakMap<Network, Map<string, TripIdx[]>>();

/** The line directions of the trips with a trip_id (several feeds may share one); built once per network, on the first trip selector. */
function tripLineDirections(net: Network, tripId: string | undefined): LineDirIdx[] {
  if (tripId === undefined) return [];
  let byId = tripsById.get(net);
  if (!byId) {
    byId = new Map();
    for (let t = 0; t < net.trips.count; t++) {
      const id = net.strings.get(net.trips.gtfsId[t]);
      const list = byId.get(id);
      if (list) list.push(t);
      else byId.set(id, [t]);
    }
    tripsById.set(net, byId);
  }
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
