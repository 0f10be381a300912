import { zonedTime } from "../lib/zoned-time.js";
import type { Network, ServiceDate, StopIdx } from "../network/model.js";
import { passageMaker } from "./make-passage.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import { maxStopTime } from "./max-stop-time.js";
import { serviceDateWindows } from "./service-date-windows.js";
import type { Passage } from "./types.js";

export interface DeparturesAtStopParams {
  stop: StopIdx;
  /** The local calendar day asked for (datum). */
  date: ServiceDate;
  /**
   * inclusiefLaatsteDoorkomst: also list arrivals at the trip's last stop. Without it a stop
   * timetable lists only passages where one can board: not the last stop of a trip, and not a
   * stop with pickup_type 1 (no pickup).
   */
  includeLastStop?: boolean;
}

/**
 * The passages at a stop on one local calendar day, sorted by time (then by trip).
 *
 * A trip counts on day D when its passage falls on D on the network's wall clock, whatever its
 * service date: a 25:10 trip of D-1 is listed on D at 01:10 (see serviceDateWindows for the
 * DST days). The time is the departure, or the arrival at a trip's last stop.
 *
 * Performance contract: one pass over the stop's patterns and their trips with integer
 * comparisons only; objects are built for the passages kept. About 1 ms for a busy stop of a
 * big network (docs/BENCHMARKS.md).
 */
export function departuresAtStop(
  network: Network,
  realtime: RealtimeOverlay | undefined,
  params: DeparturesAtStopParams,
): Passage[] {
  void realtime; // planned times only: every caller passes undefined, and the stop-day cache keys on the plan alone
  const { stops, patterns, trips, stopTimes, services, meta } = network;
  const maxTime = maxStopTime(network);
  // A window that starts after the network's latest time (usually the D-2 one) can hold nothing.
  const windows = serviceDateWindows(network, params.date).filter((w) => w.lo <= maxTime);
  if (windows.length === 0) return [];
  const includeLast = params.includeLastStop === true;
  const words = meta.wordsPerService;
  const days = services.days;
  const departure = stopTimes.departure;
  const arrival = stopTimes.arrival;

  // Candidates as parallel arrays: (trip, position, window, seconds).
  const cTrip: number[] = [];
  const cPos: number[] = [];
  const cWin: number[] = [];
  const cSec: number[] = [];
  const wCount = windows.length;
  const wLo = windows.map((w) => w.lo);
  const wHi = windows.map((w) => w.hi);
  const wWord = windows.map((w) => w.day >> 5);
  const wBit = windows.map((w) => w.day & 31);

  // hot: no allocation beyond the candidate arrays
  for (let r = stops.patternStart[params.stop]; r < stops.patternStart[params.stop + 1]; r++) {
    const p = stops.patternRefs[r];
    const pos = stops.patternPositions[r];
    const row = patterns.stopStart[p] + pos;
    const isLast = row === patterns.stopStart[p + 1] - 1;
    if (isLast ? !includeLast : (patterns.stopFlags[row] & 3) === 1) continue;
    const times = isLast ? arrival : departure;
    for (let t = patterns.tripStart[p]; t < patterns.tripStart[p + 1]; t++) {
      const sec = times[trips.stopTimeStart[t] + pos];
      const base = trips.service[t] * words;
      for (let w = 0; w < wCount; w++) {
        if (sec >= wLo[w] && sec < wHi[w] && ((days[base + wWord[w]] >>> wBit[w]) & 1) === 1) {
          cTrip.push(t);
          cPos.push(pos);
          cWin.push(w);
          cSec.push(sec);
        }
      }
    }
  }

  const n = cTrip.length;
  const epoch = new Float64Array(n);
  for (let i = 0; i < n; i++) epoch[i] = windows[cWin[i]].baseMs + cSec[i] * 1000;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => epoch[a] - epoch[b] || cTrip[a] - cTrip[b] || cPos[a] - cPos[b]);

  const zone = zonedTime(network.meta.timezone);
  const make = passageMaker(network);
  const out: Passage[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    const e = epoch[i];
    out[k] = make(windows[cWin[i]].serviceDate, cTrip[i], cPos[i], cSec[i], e, zone.formatLocal(e));
  }
  return out;
}
