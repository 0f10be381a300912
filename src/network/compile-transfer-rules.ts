/**
 * Staying on board from one trip to the next (gtfs.org/schedule/reference/#transferstxt, transfer_type 4 and 5, and
 * "Linked trips": trips.block_id): which trip a passenger rides on to, seated, at the last stop of another.
 *
 * - transfer_type 4 between from_trip_id and to_trip_id links them, whatever their stops (the operator says the
 *   vehicle goes on), as long as to_trip does not leave before from_trip arrives.
 * - trips.block_id: the trips of one block and one service_id, by first departure, each linked to the next when
 *   that one starts where it ends (the same stop, or a platform of the same parent station) and not before it
 *   arrives: a bus turning round at a terminal into its next trip. Trips of one block with different service_ids
 *   may run on different days, and the reference leaves how to pair them to the feed: only trips of one service_id
 *   are linked (docs/COMPATIBILITY.md P23).
 * - transfer_type 5 between two trips forbids staying on board between them: no link, whatever the block says.
 * - A trip continues into one trip at most and is continued from one at most: the first type 4 row of the feed wins,
 *   then the block. Trips expanded from frequencies.txt are never linked (a copy per headway has no single next).
 *
 * Route planning rides a link as one ride (raptor.ts): no transfer, no walk, no change time; the view links
 * instances only on one service date (network-view.ts), as "the trips of a block are on the same service day".
 */
import type { CompileContext } from "./compile-context.js";
import type { StopTable } from "./compile-stops.js";
import type { TripTable } from "./compile-trips.js";
import type { TransferRuleColumns } from "./model.js";

export function compileTransferRules(ctx: CompileContext, tripTable: TripTable, stopTable: StopTable): TransferRuleColumns {
  const { trips, patterns, stopTimes } = tripTable;
  const { parentGtfsId } = stopTable.stops;
  const noParent = ctx.pool.intern("");
  const seatNext = new Int32Array(trips.count).fill(-1);
  const seatPrev = new Int32Array(trips.count).fill(-1);
  let seatCount = 0;
  const firstStop = (t: number) => patterns.stops[patterns.stopStart[trips.pattern[t]]];
  const lastStop = (t: number) => patterns.stops[patterns.stopStart[trips.pattern[t] + 1] - 1];
  const stopCount = (t: number) => patterns.stopStart[trips.pattern[t] + 1] - patterns.stopStart[trips.pattern[t]];
  const leaves = (t: number) => stopTimes.departure[trips.stopTimeStart[t]];
  const arrives = (t: number) => stopTimes.arrival[trips.stopTimeStart[t] + stopCount(t) - 1];
  const link = (a: number, b: number): boolean => {
    if (a === b || seatNext[a] >= 0 || seatPrev[b] >= 0 || leaves(b) < arrives(a)) return false;
    seatNext[a] = b;
    seatPrev[b] = a;
    seatCount++;
    return true;
  };

  ctx.inputs.forEach(({ feed }, f) => {
    const copies = tripTable.tripCopies[f];
    const byId = new Map<string, number>();
    feed.trips.forEach((row, i) => {
      const c = copies.get(i);
      if (c !== undefined && c.length === 1 && trips.frequencyStart[c[0]] < 0) byId.set(row.tripId, c[0]);
    });
    const forbidden = new Set<string>();
    for (const row of feed.transfers) {
      if (row.transferType < 4) continue;
      const a = byId.get(row.fromTripId);
      const b = byId.get(row.toTripId);
      if (a === undefined || b === undefined) {
        const missing = a === undefined ? row.fromTripId : row.toTripId;
        ctx.warnings.add("unknown_reference", `transfers.txt: in-seat transfer with unknown or frequency-based trip_id ${JSON.stringify(missing)}: row ignored`);
        continue;
      }
      if (row.transferType === 5) forbidden.add(`${a} ${b}`);
      else if (!link(a, b)) ctx.warnings.add("unsupported_row", `transfers.txt: in-seat transfer ${row.fromTripId} -> ${row.toTripId} ignored (a trip continues into one trip at most, not back in time)`);
    }
    const blocks = new Map<string, number[]>();
    for (const row of feed.trips) {
      if (row.blockId === "") continue;
      const t = byId.get(row.tripId);
      if (t === undefined) continue;
      const key = `${row.blockId}\u0000${row.serviceId}`;
      let list = blocks.get(key);
      if (!list) blocks.set(key, (list = []));
      list.push(t);
    }
    for (const list of blocks.values()) {
      list.sort((a, b) => leaves(a) - leaves(b) || a - b);
      for (let i = 0; i + 1 < list.length; i++) {
        const a = list[i];
        const b = list[i + 1];
        if (forbidden.has(`${a} ${b}`)) continue;
        const [end, start] = [lastStop(a), firstStop(b)];
        if (end === start || (parentGtfsId[end] !== noParent && parentGtfsId[end] === parentGtfsId[start])) link(a, b);
      }
    }
    // A type 4 row that a type 5 row contradicts: the prohibition wins.
    for (const key of forbidden) {
      const [a, b] = key.split(" ").map(Number);
      if (seatNext[a] === b) {
        seatNext[a] = -1;
        seatPrev[b] = -1;
        seatCount--;
      }
    }
  });
  return { seatCount, seatNext, seatPrev };
}
