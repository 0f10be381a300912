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
import type { TripTable } from "./compile-trips.js";
import type { TransferRuleColumns } from "./model.js";

export function compileTransferRules(ctx: CompileContext, tripTable: TripTable): TransferRuleColumns {
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
  return {
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
