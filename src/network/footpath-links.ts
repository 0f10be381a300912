import type { TransferRow } from "../gtfs/types.js";
import type { CompileInput } from "./compile-context.js";
import type { StopTable } from "./compile-stops.js";
import type { StopIdx } from "./model.js";

/** What links stops on foot besides their distance: transfers.txt and parent stations, in network StopIdx. */
export interface FootpathLinks {
  /**
   * transfers.txt rows between network stops, a station expanded to its platforms. Applied in order, a later row
   * winning over an earlier one for the same pair: rows that named a station come first, so that a row naming the
   * platforms themselves is the one that counts.
   */
  transfers: Array<{ from: StopIdx; to: StopIdx; row: TransferRow }>;
  /** StopIdx -> a number shared by the platforms of one parent station (within one feed), -1 for none. */
  station: Int32Array;
}

/**
 * The compiler keeps platforms, not stations (location_type 1), but transfers.txt may name stations: New York's
 * subway gives all its 613 transfers between parent stations (`101,101,2,180`: changing platforms at Van Cortlandt
 * Park takes 3 minutes), which would otherwise all be lost. A row naming a stop that is no network stop stands for
 * its child platforms that are: `101,101` becomes 101N -> 101S and 101S -> 101N (never a stop to itself; that is
 * buildFootpaths' rule). Every id is resolved within its own feed.
 */
export function footpathLinks(inputs: readonly CompileInput[], stopTable: StopTable): FootpathLinks {
  const station = new Int32Array(stopTable.stops.count).fill(-1);
  const viaStation: FootpathLinks["transfers"] = [];
  const direct: FootpathLinks["transfers"] = [];
  let stations = 0;
  inputs.forEach(({ feed }, f) => {
    const toStop = stopTable.feedStopToStop[f];
    const children = new Map<string, StopIdx[]>();
    feed.stops.forEach((s, i) => {
      if (!s.parentStation || toStop[i] < 0) return;
      let list = children.get(s.parentStation);
      if (!list) children.set(s.parentStation, (list = []));
      if (!list.includes(toStop[i])) list.push(toStop[i]);
    });
    for (const list of children.values()) {
      for (const s of list) station[s] = stations;
      stations++;
    }
    const resolve = (id: string): StopIdx[] => {
      const s = stopTable.stopOf(f, id);
      return s !== undefined ? [s] : (children.get(id) ?? []);
    };
    for (const row of feed.transfers) {
      // Rows naming routes or trips hold between those only: compile-transfer-rules.ts, not the footpaths.
      if (row.fromRouteId !== "" || row.toRouteId !== "" || row.fromTripId !== "" || row.toTripId !== "") continue;
      const named = stopTable.stopOf(f, row.fromStopId) !== undefined && stopTable.stopOf(f, row.toStopId) !== undefined;
      const out = named ? direct : viaStation;
      for (const from of resolve(row.fromStopId)) for (const to of resolve(row.toStopId)) out.push({ from, to, row });
    }
  });
  return { transfers: [...viaStation, ...direct], station };
}
