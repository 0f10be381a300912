import { dayNumberToServiceDate } from "../lib/service-date.js";
import type { CompileContext } from "./compile-context.js";
import type { ServiceTable } from "./compile-services.js";
import type { StopTable } from "./compile-stops.js";
import type { TripTable } from "./compile-trips.js";
import { NONE32 } from "./constants.js";
import type { LineDirectionColumns } from "./model.js";

/**
 * Line directions (line x direction): their patterns, most trips first; validity from the
 * services of their trips. `bestemming` and `omschrijving` describe the same trips
 * (docs/DATASET_EXTENSIONS.md, "Line directions"): `bestemming` is the most frequent headsign;
 * `omschrijving` ("<first place> - <last place>") the one most of the trips to it share; the main
 * pattern that description's pattern with most of them. Without headsigns every trip counts and
 * `bestemming` is the main pattern's last stop. The LIRR Montauk Branch's busiest pattern is a
 * Patchogue - Babylon shuttle, while most trips go to Jamaica and most of those start at Montauk:
 * "Montauk - Jamaica" towards "Jamaica", not "Patchogue - Babylon" towards "Jamaica".
 */
export function compileLineDirections(
  ctx: CompileContext,
  lineCount: number,
  tripTable: TripTable,
  stopTable: StopTable,
  serviceTable: ServiceTable,
): LineDirectionColumns {
  const { pool } = ctx;
  const { patterns, trips } = tripTable;
  const { stops, stopPlace } = stopTable;
  const { serviceBounds, day0 } = serviceTable;
  const patternCount = patterns.count;
  const dirCount = lineCount * 2;
  const lineDirections = {
    exists: new Uint8Array(dirCount),
    destination: new Uint32Array(dirCount),
    description: new Uint32Array(dirCount),
    mainPattern: new Uint32Array(dirCount).fill(NONE32),
    patternStart: new Uint32Array(dirCount + 1),
    patterns: new Uint32Array(patternCount),
    validFrom: new Uint32Array(dirCount),
    validTo: new Uint32Array(dirCount),
  };
  const dirPatterns: number[][] = Array.from({ length: dirCount }, () => []);
  for (let p = 0; p < patternCount; p++) dirPatterns[patterns.line[p] * 2 + patterns.direction[p]].push(p);
  const tripsOf = (p: number) => patterns.tripStart[p + 1] - patterns.tripStart[p];
  /** "<first place> - <last place>" of pattern p; the stop names when both lie in one place. */
  const describe = (p: number) => {
    const firstStop = patterns.stops[patterns.stopStart[p]];
    const lastStop = patterns.stops[patterns.stopStart[p + 1] - 1];
    const a = stopPlace[firstStop];
    const b = stopPlace[lastStop];
    return a !== b ? `${a} - ${b}` : `${pool.get(stops.name[firstStop])} - ${pool.get(stops.name[lastStop])}`;
  };
  let dpCursor = 0;
  for (let ld = 0; ld < dirCount; ld++) {
    const list = dirPatterns[ld].sort((a, b) => tripsOf(b) - tripsOf(a) || a - b);
    lineDirections.patternStart[ld] = dpCursor;
    lineDirections.patterns.set(list, dpCursor);
    dpCursor += list.length;
    if (list.length === 0) continue;
    lineDirections.exists[ld] = 1;
    const headsigns = new Map<number, number>();
    let first = Infinity;
    let last = -Infinity;
    for (const p of list) {
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
        const h = trips.headsign[t];
        if (h !== 0) headsigns.set(h, (headsigns.get(h) ?? 0) + 1);
        const b = serviceBounds[trips.service[t]];
        if (b) {
          first = Math.min(first, b[0]);
          last = Math.max(last, b[1]);
        }
      }
    }
    let best = 0;
    let bestCount = 0;
    // Ties: the alphabetically first headsign, not the first interned one (which depends on stage order).
    for (const [h, c] of headsigns) if (c > bestCount || (c === bestCount && pool.get(h) < pool.get(best))) [best, bestCount] = [h, c];
    // The trips to the destination: those with the most frequent headsign, all when none has one.
    // Their most frequent description wins, then its pattern with most of them; `list` is in the
    // tie order (more trips overall, then lower index), so the first maximum wins each time.
    const toDestination = list.map((p) => {
      if (best === 0) return tripsOf(p);
      let c = 0;
      for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) if (trips.headsign[t] === best) c++;
      return c;
    });
    const descriptions = list.map(describe);
    const perDescription = new Map<string, number>();
    descriptions.forEach((d, i) => perDescription.set(d, (perDescription.get(d) ?? 0) + toDestination[i]));
    let description = descriptions[0];
    for (const d of descriptions) if (perDescription.get(d)! > perDescription.get(description)!) description = d;
    let mainAt = -1;
    descriptions.forEach((d, i) => {
      if (d === description && (mainAt < 0 || toDestination[i] > toDestination[mainAt])) mainAt = i;
    });
    const main = list[mainAt];
    lineDirections.mainPattern[ld] = main;
    lineDirections.destination[ld] = best || stops.name[patterns.stops[patterns.stopStart[main + 1] - 1]];
    lineDirections.description[ld] = pool.intern(description);
    if (Number.isFinite(first)) {
      lineDirections.validFrom[ld] = dayNumberToServiceDate(day0 + first);
      lineDirections.validTo[ld] = dayNumberToServiceDate(day0 + last);
    }
  }
  lineDirections.patternStart[dirCount] = dpCursor;
  return lineDirections;
}
