import { dayNumberToServiceDate } from "../lib/service-date.js";
import type { CompileContext } from "./compile-context.js";
import type { ServiceTable } from "./compile-services.js";
import type { StopTable } from "./compile-stops.js";
import type { TripTable } from "./compile-trips.js";
import { NONE32 } from "./constants.js";
import type { LineDirectionColumns } from "./model.js";

/**
 * Line directions (line x direction): their patterns, most trips first; the busiest is the main
 * pattern; `bestemming` is the most frequent headsign (else the main pattern's last stop);
 * `omschrijving` is "<first place> - <last place>" of the main pattern; validity from the
 * services of their trips.
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
  let dpCursor = 0;
  for (let ld = 0; ld < dirCount; ld++) {
    const list = dirPatterns[ld].sort((a, b) => tripsOf(b) - tripsOf(a) || a - b);
    lineDirections.patternStart[ld] = dpCursor;
    lineDirections.patterns.set(list, dpCursor);
    dpCursor += list.length;
    if (list.length === 0) continue;
    lineDirections.exists[ld] = 1;
    const main = list[0];
    lineDirections.mainPattern[ld] = main;
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
    const firstStop = patterns.stops[patterns.stopStart[main]];
    const lastStop = patterns.stops[patterns.stopStart[main + 1] - 1];
    let best = 0;
    let bestCount = 0;
    for (const [h, c] of headsigns) if (c > bestCount || (c === bestCount && h < best)) [best, bestCount] = [h, c];
    lineDirections.destination[ld] = best || stops.name[lastStop];
    const a = stopPlace[firstStop];
    const b = stopPlace[lastStop];
    lineDirections.description[ld] = pool.intern(
      a !== b ? `${a} - ${b}` : `${pool.get(stops.name[firstStop])} - ${pool.get(stops.name[lastStop])}`,
    );
    if (Number.isFinite(first)) {
      lineDirections.validFrom[ld] = dayNumberToServiceDate(day0 + first);
      lineDirections.validTo[ld] = dayNumberToServiceDate(day0 + last);
    }
  }
  lineDirections.patternStart[dirCount] = dpCursor;
  return lineDirections;
}
