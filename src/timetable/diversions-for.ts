import { addDays, serviceDateToDayNumber, weekdayOf } from "../lib/service-date.js";
import type { DiversionInfo, LineDirIdx, Network, ServiceDate, StopIdx } from "../network/model.js";
import { diversionText } from "./diversion-language.js";
import { lineDirectionsThroughStop } from "./line-directions-through-stop.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { DiversionView, Language } from "./types.js";

export interface DiversionsForParams {
  /** Only diversions (planned) or only disruptions (unplanned); both when absent. */
  kind?: DiversionInfo["kind"];
  /** Active on this date: within its period and on one of its weekdays. */
  date?: ServiceDate;
  /** Active on at least one day of this range (inclusive). */
  period?: { from: ServiceDate; to: ServiceDate };
  /**
   * Concerning one of these stops: the stop is listed as not served, or a line direction of
   * the diversion serves it (the operator lists a disruption of line 157 at the stops of 157).
   */
  stops?: readonly StopIdx[];
  /** Concerning one of these line directions. */
  lineDirections?: readonly LineDirIdx[];
  /** Language of title and description; nl when the diversion has no translation. */
  language?: Language;
  /** The real-time state, whose disruptions (GTFS-RT Alerts) are listed beside the dataset's; none when absent. */
  realtime?: RealtimeOverlay;
}

/**
 * Diversions and disruptions of the dataset (meta.diversions) and of the real-time overlay
 * (alerts-to-disruptions.ts keeps their ids apart), filtered, sorted by referentieOmleiding,
 * texts in the language asked for with fallback to Dutch.
 */
export function diversionsFor(network: Network, params: DiversionsForParams): DiversionView[] {
  const language = params.language ?? "nl";
  let stopSet: Set<number> | undefined;
  let stopLineDirs: Set<number> | undefined;
  if (params.stops) {
    stopSet = new Set(params.stops);
    stopLineDirs = new Set(params.stops.flatMap((s) => lineDirectionsThroughStop(network, s)));
  }
  const lineDirSet = params.lineDirections ? new Set(params.lineDirections) : undefined;
  const out: DiversionView[] = [];
  for (const d of allDiversions(network, params.realtime)) {
    if (params.kind && d.kind !== params.kind) continue;
    if (params.date !== undefined && !activeOn(d, params.date)) continue;
    if (params.period && !activeDuring(d, params.period.from, params.period.to)) continue;
    if (stopSet && !(d.stops.some((s) => stopSet.has(s)) || d.lineDirections.some((ld) => stopLineDirs!.has(ld)))) continue;
    if (lineDirSet && !d.lineDirections.some((ld) => lineDirSet.has(ld))) continue;
    out.push({ diversion: d, ...diversionText(d, language) });
  }
  out.sort((a, b) => a.diversion.id - b.diversion.id);
  return out;
}

/** The dataset's diversions, then the overlay's disruptions. */
export function allDiversions(network: Network, realtime: RealtimeOverlay | undefined): readonly DiversionInfo[] {
  const live = realtime?.disruptions ?? [];
  return live.length === 0 ? network.meta.diversions : [...network.meta.diversions, ...live];
}

/** Bit 0 = Monday; no bits at all means every day. */
function runsOnWeekday(d: DiversionInfo, date: ServiceDate): boolean {
  return d.weekdays === 0 || (d.weekdays & (1 << weekdayOf(date))) !== 0;
}

export function activeOn(d: DiversionInfo, date: ServiceDate): boolean {
  return d.start <= date && date <= d.end && runsOnWeekday(d, date);
}

function activeDuring(d: DiversionInfo, from: ServiceDate, to: ServiceDate): boolean {
  const a = Math.max(d.start, from);
  const b = Math.min(d.end, to);
  if (a > b) return false;
  const days = Math.min(7, serviceDateToDayNumber(b) - serviceDateToDayNumber(a) + 1);
  for (let i = 0; i < days; i++) if (runsOnWeekday(d, addDays(a, i))) return true;
  return false;
}
