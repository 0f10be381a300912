/**
 * Validity of lines, line directions and stops on a service day: what `geldigOp` filters.
 *
 * - A line (direction) is valid on a day when the day lies in its validity period: from the first to the
 *   last service date of its trips (lines.validFrom/validTo), whether or not a trip runs that very day.
 * - A stop is valid on a day when at least one line direction that is valid that day serves it. Stops that
 *   no valid line direction serves (a closed stop, a station entrance without trips) are left out.
 */
import { derivedIndex } from "../derived-index.js";
import type { LineDirIdx, LineIdx, Network, ServiceDate } from "../model.js";

export function isLineValidOn(net: Network, line: LineIdx, date: ServiceDate): boolean {
  return net.lines.validFrom[line] <= date && date <= net.lines.validTo[line] && net.lines.validTo[line] !== 0;
}

export function isLineDirectionValidOn(net: Network, ld: LineDirIdx, date: ServiceDate): boolean {
  const d = net.lineDirections;
  return d.exists[ld] === 1 && d.validFrom[ld] <= date && date <= d.validTo[ld];
}

/** Days kept per network: today, tomorrow and a few explicit geldigOp values. Each mask is one byte per stop. */
const MASKS_PER_NETWORK = 8;

/** Service date -> stops valid that day (the last MASKS_PER_NETWORK days asked for, oldest first). */
const stopMasks = derivedIndex("service date -> stops a valid line direction serves (last 8 days asked)", () => new Map<ServiceDate, Uint8Array>());

/** StopIdx -> 1 when a line direction valid on `date` serves the stop. Cached per network and day. */
export function stopsValidOn(net: Network, date: ServiceDate): Uint8Array {
  const byDate = stopMasks(net);
  const hit = byDate.get(date);
  if (hit) return hit;
  const mask = new Uint8Array(net.stops.count);
  const { lineDirections: dirs, patterns } = net;
  const dirCount = net.lines.count * 2;
  for (let ld = 0; ld < dirCount; ld++) {
    if (!isLineDirectionValidOn(net, ld, date)) continue;
    for (let r = dirs.patternStart[ld]; r < dirs.patternStart[ld + 1]; r++) {
      const p = dirs.patterns[r];
      for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) mask[patterns.stops[i]] = 1;
    }
  }
  if (byDate.size >= MASKS_PER_NETWORK) byDate.delete(byDate.keys().next().value as ServiceDate);
  byDate.set(date, mask);
  return mask;
}
