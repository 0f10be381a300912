/**
 * Whether today lies in the network's validity period, and which day a request that names none answers for.
 *
 * The rule (docs/COMPATIBILITY.md, V1): lists say what the network is, timetables what runs on a day. A list
 * without `geldigOp` answers for today when the thing asked about is valid today, else for the nearest day on
 * which it is: the last day of an expired feed, the first day of a feed not yet valid. The network's period
 * decides for the network's lists (all lines, all stops, stops nearby, a municipality's, region's or entity's
 * lines and stops); a line's own period for its directions and municipalities; a stop's for its line
 * directions. So a resource that answers never links to a list that is empty only because today lies outside
 * a period. Timetables without `datum` and real-time passages stay about today: on a day without service they
 * are empty, truthfully.
 */
import { formatServiceDate } from "../../lib/service-date.js";
import type { ServiceDate } from "../../lib/service-time.js";
import { zonedTime } from "../../lib/zoned-time.js";
import type { LineIdx, Network, StopIdx } from "../model.js";

/** `empty`: no trip runs on any day, so there is no period to speak of. */
export type ValidityState = "valid" | "expired" | "not-yet-valid" | "empty";

export interface NetworkValidity {
  state: ValidityState;
  /** Today on the network's wall clock. */
  today: ServiceDate;
  /** The network's first and last service day (0 when `empty`). */
  validFrom: ServiceDate;
  validTo: ServiceDate;
  /** The day lists answer for when the request names no geldigOp. */
  defaultDay: ServiceDate;
  /** One line for people: what is wrong, what the API answers, how to ask for another day. */
  message: string;
}

/** `day` moved into [from, to]; unchanged when the period is unknown (0). */
export function clampDay(day: ServiceDate, from: ServiceDate, to: ServiceDate): ServiceDate {
  if (from === 0 || to === 0) return day;
  return day < from ? from : day > to ? to : day;
}

/** Today on the network's wall clock. */
export function networkToday(net: Network, nowMs: number): ServiceDate {
  return zonedTime(net.meta.timezone).localDateOf(nowMs);
}

export function networkValidity(net: Network, today: ServiceDate): NetworkValidity {
  const { validFrom, validTo } = net.meta;
  const base = { today, validFrom, validTo, defaultDay: clampDay(today, validFrom, validTo) };
  const d = formatServiceDate;
  if (validFrom === 0 || validTo === 0) {
    return { ...base, state: "empty", message: "no trip of the network runs on any day: lists and timetables are empty" };
  }
  const period = `${d(validFrom)} .. ${d(validTo)}`;
  const ask = `ask for a day within ${period} with geldigOp=yyyy-MM-ddTHH:mm:ss (lists) or datum=yyyy-MM-dd (timetables)`;
  if (today > validTo) {
    return {
      ...base,
      state: "expired",
      message:
        `the network expired: its last service day was ${d(validTo)} and today is ${d(today)}; without geldigOp ` +
        `lists answer for ${d(validTo)}, timetables and real-time for today are empty; ${ask}`,
    };
  }
  if (today < validFrom) {
    return {
      ...base,
      state: "not-yet-valid",
      message:
        `the network is not valid yet: its first service day is ${d(validFrom)} and today is ${d(today)}; without ` +
        `geldigOp lists answer for ${d(validFrom)}, timetables and real-time for today are empty; ${ask}`,
    };
  }
  return { ...base, state: "valid", message: `today ${d(today)} lies within the network's validity ${period}` };
}

export interface FeedValidity {
  /** Index into meta.feeds. */
  feed: number;
  source: string;
  /** The feed's first and last service day: the span of its lines' (0 when it has none). */
  validFrom: ServiceDate;
  validTo: ServiceDate;
}

/** Each feed's own period, from its lines (a line belongs to the feed of its entity). */
export function feedValidities(net: Network): FeedValidity[] {
  const out: FeedValidity[] = net.meta.feeds.map((f, i) => ({ feed: i, source: f.source, validFrom: 0, validTo: 0 }));
  const { lines, meta } = net;
  for (let l = 0; l < lines.count; l++) {
    const v = out[meta.entities[lines.entity[l]].feed];
    const from = lines.validFrom[l];
    const to = lines.validTo[l];
    if (!v || from === 0 || to === 0) continue;
    if (v.validFrom === 0 || from < v.validFrom) v.validFrom = from;
    if (to > v.validTo) v.validTo = to;
  }
  return out;
}

/**
 * What an operator should know about the validity today, one sentence each: the network's (when today lies
 * outside it), then each feed of several whose own period ends before, or starts after, the network's day
 * that lists answer for, since its lines and stops are absent from those lists.
 */
export function validityWarnings(net: Network, today: ServiceDate): string[] {
  const v = networkValidity(net, today);
  const out = v.state === "valid" ? [] : [v.message];
  if (net.meta.feeds.length < 2 || v.state === "empty") return out;
  const d = formatServiceDate;
  for (const f of feedValidities(net)) {
    if (f.validTo === 0) continue;
    const gap = v.defaultDay > f.validTo ? `ended on ${d(f.validTo)}` : v.defaultDay < f.validFrom ? `starts on ${d(f.validFrom)}` : "";
    if (gap) {
      out.push(
        `feed ${f.source} ${gap}: its lines and stops are absent from the lists of ${d(v.defaultDay)}; ` +
          `ask for a day within ${d(f.validFrom)} .. ${d(f.validTo)} with geldigOp`,
      );
    }
  }
  return out;
}

/** The day a line's own lists (directions, municipalities) answer for without geldigOp. */
export function lineDefaultDay(net: Network, line: LineIdx, today: ServiceDate): ServiceDate {
  return clampDay(today, net.lines.validFrom[line], net.lines.validTo[line]);
}

/** The day a stop's line directions answer for without geldigOp: the stop's period spans its line directions'. */
export function stopDefaultDay(net: Network, stop: StopIdx, today: ServiceDate): ServiceDate {
  const { stops, patterns, lineDirections } = net;
  let from = 0;
  let to = 0;
  for (let r = stops.patternStart[stop]; r < stops.patternStart[stop + 1]; r++) {
    const p = stops.patternRefs[r];
    const ld = patterns.line[p] * 2 + patterns.direction[p];
    const f = lineDirections.validFrom[ld];
    const t = lineDirections.validTo[ld];
    if (f === 0 || t === 0) continue;
    if (from === 0 || f < from) from = f;
    if (t > to) to = t;
  }
  return clampDay(today, from, to);
}
