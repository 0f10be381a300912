/**
 * Staying on board from one trip to the next (gtfs.org/schedule/reference/#transferstxt, transfer_type 4 and 5, and
 * "Linked trips": trips.block_id): which trip a passenger rides on to, seated, at the last stop of another.
 *
 * - transfer_type 4 between from_trip_id and to_trip_id links them, whatever their stops (the operator says the
 *   vehicle goes on), as long as to_trip does not leave before from_trip arrives. A trip continues into one trip at
 *   most and is continued from one at most: the first row of the feed wins.
 * - trips.block_id: the trips of one block, by first departure (blockTrips). Which of them run on a date depends on
 *   the date (a block may hold the weekday and the school-day trips of one vehicle), so route planning pairs them
 *   per service date (network-view.ts stayOnBoard): the next trip of the block that runs that date and does not
 *   leave before the trip arrives, linked when it starts where the trip ends (the same stop, or a platform of the
 *   same parent station): a bus turning round at a terminal into its next trip.
 * - transfer_type 5 between two trips forbids staying on board between them (seatForbidden): no link, whatever the
 *   block or a type 4 row says. A type 4 row wins over the block.
 * - Trips expanded from frequencies.txt are never linked (a copy per headway has no single next trip).
 *
 * Route planning rides a link as one ride (raptor.ts): no transfer, no walk, no change time, on one service date, as
 * "the trips of a block are on the same service day".
 */
import type { CompileContext } from "./compile-context.js";
import type { StopTable } from "./compile-stops.js";
import type { TripTable } from "./compile-trips.js";
import type { TransferRuleColumns } from "./model.js";

export function compileTransferRules(ctx: CompileContext, tripTable: TripTable, stopTable: StopTable): TransferRuleColumns {
  const { trips, patterns, stopTimes } = tripTable;
  const seatNext = new Int32Array(trips.count).fill(-1);
  const seatPrev = new Int32Array(trips.count).fill(-1);
  const blockRow = new Int32Array(trips.count).fill(-1);
  const blockTrips: number[] = [];
  const blockGroup: number[] = [];
  const forbidden: Array<[number, number]> = [];
  let groups = 0;
  let seatCount = 0;
  const stopCount = (t: number) => patterns.stopStart[trips.pattern[t] + 1] - patterns.stopStart[trips.pattern[t]];
  const leaves = (t: number) => stopTimes.departure[trips.stopTimeStart[t]];
  const arrives = (t: number) => stopTimes.arrival[trips.stopTimeStart[t] + stopCount(t) - 1];

  ctx.inputs.forEach(({ feed }, f) => {
    const copies = tripTable.tripCopies[f];
    const byId = new Map<string, number>();
    feed.trips.forEach((row, i) => {
      const c = copies.get(i);
      if (c !== undefined && c.length === 1 && trips.frequencyStart[c[0]] < 0) byId.set(row.tripId, c[0]);
    });
    const forbid = new Set<string>();
    const links: Array<[number, number, string]> = [];
    for (const row of feed.transfers) {
      if (row.transferType < 4) continue;
      const a = byId.get(row.fromTripId);
      const b = byId.get(row.toTripId);
      if (a === undefined || b === undefined) {
        const missing = a === undefined ? row.fromTripId : row.toTripId;
        ctx.warnings.add("unknown_reference", `transfers.txt: in-seat transfer with unknown or frequency-based trip_id ${JSON.stringify(missing)}: row ignored`);
        continue;
      }
      if (row.transferType === 5) {
        if (!forbid.has(`${a} ${b}`)) forbidden.push([a, b]);
        forbid.add(`${a} ${b}`);
      } else links.push([a, b, `${row.fromTripId} -> ${row.toTripId}`]);
    }
    for (const [a, b, name] of links) {
      if (forbid.has(`${a} ${b}`)) continue; // type 5 wins
      if (a === b || seatNext[a] >= 0 || seatPrev[b] >= 0 || leaves(b) < arrives(a)) {
        ctx.warnings.add("unsupported_row", `transfers.txt: in-seat transfer ${name} ignored (a trip continues into one trip at most, not back in time)`);
        continue;
      }
      seatNext[a] = b;
      seatPrev[b] = a;
      seatCount++;
    }
    const blocks = new Map<string, number[]>();
    for (const row of feed.trips) {
      if (row.blockId === "") continue;
      const t = byId.get(row.tripId);
      if (t === undefined) continue;
      let list = blocks.get(row.blockId);
      if (!list) blocks.set(row.blockId, (list = []));
      list.push(t);
    }
    for (const list of blocks.values()) {
      if (list.length < 2) continue;
      list.sort((a, b) => leaves(a) - leaves(b) || a - b);
      for (const t of list) {
        blockRow[t] = blockTrips.length;
        blockTrips.push(t);
        blockGroup.push(groups);
      }
      groups++;
    }
  });
  forbidden.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  // Which trips may run on (bit 1) or be run on into (bit 2) on some date: a type 4 link, or a later (earlier) trip of
  // the block that starts where it ends (ends where it starts) and does not overlap it. A superset of the links any
  // date makes: route planning asks about staying on board only on patterns with such a trip.
  const seatMay = new Uint8Array(trips.count);
  const { parentGtfsId } = stopTable.stops;
  const noParent = ctx.pool.intern("");
  const firstStop = (t: number) => patterns.stops[patterns.stopStart[trips.pattern[t]]];
  const lastStop = (t: number) => patterns.stops[patterns.stopStart[trips.pattern[t] + 1] - 1];
  const joins = (a: number, b: number) =>
    leaves(b) >= arrives(a) && (lastStop(a) === firstStop(b) || (parentGtfsId[lastStop(a)] !== noParent && parentGtfsId[lastStop(a)] === parentGtfsId[firstStop(b)]));
  for (let t = 0; t < trips.count; t++) {
    if (seatNext[t] >= 0) seatMay[t] |= 1;
    if (seatPrev[t] >= 0) seatMay[t] |= 2;
  }
  for (let start = 0; start < blockTrips.length; ) {
    let end = start + 1;
    while (end < blockTrips.length && blockGroup[end] === blockGroup[start]) end++;
    for (let i = start; i < end; i++) {
      for (let j = i + 1; j < end; j++) {
        if (!joins(blockTrips[i], blockTrips[j])) continue;
        seatMay[blockTrips[i]] |= 1;
        seatMay[blockTrips[j]] |= 2;
      }
    }
    start = end;
  }
  return {
    seatMay,
    ...compileTripRules(ctx, tripTable, stopTable),
    seatCount: seatCount + blockTrips.length,
    seatNext,
    seatPrev,
    blockRow,
    blockTrips: Uint32Array.from(blockTrips),
    blockGroup: Uint32Array.from(blockGroup),
    forbiddenFrom: Int32Array.from(forbidden, (x) => x[0]),
    forbiddenTo: Int32Array.from(forbidden, (x) => x[1]),
  };
}

/**
 * Rows of types 0-3 that name a route or a trip (gtfs.org/schedule/reference/#transferstxt): they hold between the
 * trips (of the routes) they name, at the stops they name (a station: each of its platforms) or at any stop. Rows
 * naming neither are the footpaths' (build-footpaths.ts). Where several rows match one change, the most specific
 * wins, as the reference ranks them (rank, 1 most specific): 1 both trips; 2 a trip and a route; 3 one trip; 4 both
 * routes; 5 one route; and among rows of one rank, one naming both stops before one naming one, before none; then
 * the first in the file. Stop-level rows (rank 6) stay the footpaths' and the stops' change time: a route or trip
 * row that matches replaces them.
 */
function compileTripRules(ctx: CompileContext, tripTable: TripTable, stopTable: StopTable) {
  const { trips } = tripTable;
  const tripRoute = new Int32Array(trips.count).fill(-1);
  const touchFrom = new Uint8Array(trips.count);
  const touchTo = new Uint8Array(trips.count);
  const rules: Array<{ fromStop: number; toStop: number; fromRoute: number; toRoute: number; fromTrip: number; toTrip: number; type: number; seconds: number; rank: number; order: number }> = [];
  let routes = 0;
  ctx.inputs.forEach(({ feed }, f) => {
    const ruled = feed.transfers.filter((r) => r.transferType < 4 && (r.fromRouteId !== "" || r.toRouteId !== "" || r.fromTripId !== "" || r.toTripId !== ""));
    if (ruled.length === 0) return;
    const routeOf = new Map<string, number>();
    for (const r of ruled) for (const id of [r.fromRouteId, r.toRouteId]) if (id !== "" && !routeOf.has(id)) routeOf.set(id, routes++);
    const copies = tripTable.tripCopies[f];
    const tripsOf = new Map<string, number[]>();
    feed.trips.forEach((row, i) => {
      const c = copies.get(i) ?? [];
      tripsOf.set(row.tripId, c);
      const route = routeOf.get(row.routeId);
      if (route !== undefined) for (const t of c) tripRoute[t] = route;
    });
    // A station stands for its platforms, as in footpath-links.ts.
    const children = new Map<string, number[]>();
    feed.stops.forEach((st, i) => {
      const s = stopTable.feedStopToStop[f][i];
      if (!st.parentStation || s < 0) return;
      let list = children.get(st.parentStation);
      if (!list) children.set(st.parentStation, (list = []));
      if (!list.includes(s)) list.push(s);
    });
    const stopsOf = (id: string): number[] => {
      if (id === "") return [-1];
      const s = stopTable.stopOf(f, id);
      return s !== undefined ? [s] : (children.get(id) ?? []);
    };
    for (const r of ruled) {
      const ids = (trip: string, route: string): [number[], number] | undefined => {
        if (trip !== "") {
          const c = tripsOf.get(trip);
          return c === undefined ? undefined : [c, -1];
        }
        if (route !== "") return [[-1], routeOf.get(route)!];
        return [[-1], -1];
      };
      const from = ids(r.fromTripId, r.fromRouteId);
      const to = ids(r.toTripId, r.toRouteId);
      if (!from || !to) {
        ctx.warnings.add("unknown_reference", `transfers.txt: unknown trip_id ${JSON.stringify(from ? r.toTripId : r.fromTripId)}: row ignored`);
        continue;
      }
      const trip = (r.fromTripId !== "" ? 1 : 0) + (r.toTripId !== "" ? 1 : 0);
      const route = (r.fromRouteId !== "" ? 1 : 0) + (r.toRouteId !== "" ? 1 : 0);
      const rank = trip === 2 ? 1 : trip === 1 && route >= 1 ? 2 : trip === 1 ? 3 : route === 2 ? 4 : 5;
      const stops = (r.fromStopId !== "" ? 1 : 0) + (r.toStopId !== "" ? 1 : 0);
      for (const fromStop of stopsOf(r.fromStopId)) {
        for (const toStop of stopsOf(r.toStopId)) {
          for (const fromTrip of from[0]) {
            for (const toTrip of to[0]) {
              rules.push({ fromStop, toStop, fromRoute: from[1], toRoute: to[1], fromTrip, toTrip, type: r.transferType, seconds: r.minTransferTime ?? 0, rank: rank * 4 + (2 - stops), order: rules.length });
            }
          }
        }
      }
    }
  });
  // Most specific first: a search takes the first rule that matches.
  rules.sort((a, b) => a.rank - b.rank || a.order - b.order);
  for (const r of rules) {
    for (const [trip, route, touch] of [[r.fromTrip, r.fromRoute, touchFrom], [r.toTrip, r.toRoute, touchTo]] as const) {
      if (trip >= 0) {
        touch[trip] = 1;
      } else if (route >= 0) {
        for (let t = 0; t < trips.count; t++) if (tripRoute[t] === route) touch[t] = 1;
      } else {
        touch.fill(1);
      }
    }
  }
  const column = (key: "fromStop" | "toStop" | "fromRoute" | "toRoute" | "fromTrip" | "toTrip" | "seconds") => Int32Array.from(rules, (r) => r[key]);
  // The rules naming the arriving trip, per trip (CSR), and the others: a change reads its trip's few and the others.
  const ruleByTripStart = new Uint32Array(trips.count + 1);
  for (const r of rules) if (r.fromTrip >= 0) ruleByTripStart[r.fromTrip + 1]++;
  for (let t = 0; t < trips.count; t++) ruleByTripStart[t + 1] += ruleByTripStart[t];
  const ruleByTrip = new Uint32Array(ruleByTripStart[trips.count]);
  const fill = ruleByTripStart.slice(0, trips.count);
  const general: number[] = [];
  rules.forEach((r, i) => (r.fromTrip >= 0 ? (ruleByTrip[fill[r.fromTrip]++] = i) : general.push(i)));
  return {
    ruleCount: rules.length,
    ruleByTripStart,
    ruleByTrip,
    ruleGeneral: Uint32Array.from(general),
    tripRoute,
    touchFrom,
    touchTo,
    ruleFromStop: column("fromStop"),
    ruleToStop: column("toStop"),
    ruleFromRoute: column("fromRoute"),
    ruleToRoute: column("toRoute"),
    ruleFromTrip: column("fromTrip"),
    ruleToTrip: column("toTrip"),
    ruleType: Uint8Array.from(rules, (r) => r.type),
    ruleSeconds: column("seconds"),
  };
}
