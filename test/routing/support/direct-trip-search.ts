/**
 * A tiny stand-in for RAPTOR, for the planner's own rules (paging, walking, the best match) apart from the
 * algorithm: every direct trip (no transfer) from an origin stop to a destination stop, with the access and egress
 * walks, answered as RAPTOR does: for one departure (arrive-by: arrival) the best arrival (departure) per number of
 * transfers, better than the known journeys' (query.known), for a window the Pareto set of the journeys departing
 * (arriving) within it. Modes are applied; real-time and wheelchair are not.
 */
import { addDays } from "../../../src/lib/service-date.js";
import { zonedTime } from "../../../src/lib/zoned-time.js";
import { type Network, TRANSPORT_TYPES } from "../../../src/network/model.js";
import type { SearchFactory } from "../../../src/routing/plan-types.js";
import { journeyCriteria, paretoJourneys } from "../../../src/routing/pareto-journeys.js";
import type { Journey } from "../../../src/routing/raptor-types.js";
import { serviceDayActive, serviceDayIndex } from "../../../src/timetable/is-service-active.js";

export interface SearchLog {
  /** Every query's window, as [timeMs, windowEndMs, arriveBy]; windowEndMs undefined for a probe (one departure). */
  windows: Array<[number, number | undefined, boolean]>;
}

export function directTripSearch(log: SearchLog = { windows: [] }): SearchFactory {
  return (net: Network, scope) => (q) => {
    log.windows.push([q.timeMs, q.windowEndMs, q.arriveBy]);
    const zone = zonedTime(net.meta.timezone);
    const { trips, patterns, stopTimes, lines } = net;
    const out: Journey[] = [];
    const last = zone.localDateOf(scope.toMs);
    for (let date = addDays(zone.localDateOf(scope.fromMs), -1); date <= last; date = addDays(date, 1)) {
      const day = serviceDayIndex(net, date);
      for (let t = 0; t < trips.count; t++) {
        if (!serviceDayActive(net, trips.service[t], day)) continue;
        const p = trips.pattern[t];
        if (scope.modes && !scope.modes.includes(TRANSPORT_TYPES[lines.transportType[patterns.line[p]]] as never)) continue;
        const first = patterns.stopStart[p];
        const n = patterns.stopStart[p + 1] - first;
        const row0 = trips.stopTimeStart[t];
        for (const o of q.origins) {
          for (let i = 0; i < n; i++) {
            if (patterns.stops[first + i] !== o.stop) continue;
            for (const x of q.destinations) {
              for (let k = i + 1; k < n; k++) {
                if (patterns.stops[first + k] !== x.stop) continue;
                const boardMs = zone.toEpochMs(date, stopTimes.departure[row0 + i]);
                const alightMs = zone.toEpochMs(date, stopTimes.arrival[row0 + k]);
                const departureMs = boardMs - o.seconds * 1000;
                const arrivalMs = alightMs + x.seconds * 1000;
                out.push({
                  departureMs,
                  arrivalMs,
                  transfers: 0,
                  walkSeconds: o.seconds + x.seconds,
                  legs: [
                    { kind: "walk", from: undefined, to: o.stop, departureMs, arrivalMs: boardMs, meters: o.meters },
                    { kind: "transit", trip: t, serviceDate: date, fromPosition: i, toPosition: k, from: o.stop, to: x.stop, departureMs: boardMs, arrivalMs: alightMs },
                    { kind: "walk", from: x.stop, to: undefined, departureMs: alightMs, arrivalMs, meters: x.meters },
                  ],
                });
              }
            }
          }
        }
      }
    }
    if (q.windowEndMs === undefined) {
      // One departure (arrive-by: arrival): the best arrival (departure) per number of transfers, as RAPTOR's rounds.
      const usable = out.filter((j) => (q.arriveBy ? j.arrivalMs <= q.timeMs : j.departureMs >= q.timeMs));
      const key = (j: Journey) => (q.arriveBy ? -j.departureMs : j.arrivalMs);
      // As RAPTOR, only journeys strictly better than the known ones (query.known) with as many transfers or fewer.
      const known = q.known ?? [];
      return usable.filter((j) => !usable.some((o) => o !== j && o.transfers <= j.transfers && key(o) < key(j)) && !known.some((o) => o.transfers <= j.transfers && key(o) <= key(j)));
    }
    const end = q.windowEndMs;
    const inWindow = q.arriveBy
      ? out.filter((j) => j.arrivalMs <= q.timeMs && j.arrivalMs >= end)
      : out.filter((j) => j.departureMs >= q.timeMs && j.departureMs <= end);
    // As RAPTOR answers a window: the Pareto set on departure, arrival and transfers, in that order.
    return paretoJourneys(inWindow, journeyCriteria(0)).sort((a, b) => a.departureMs - b.departureMs || a.arrivalMs - b.arrivalMs || a.transfers - b.transfers);
  };
}
