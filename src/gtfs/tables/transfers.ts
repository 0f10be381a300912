/** transfers.txt: https://gtfs.org/schedule/reference/#transferstxt */
import type { TableSpec } from "../table-spec.js";
import type { TransferRow } from "../types.js";

/** 0 recommended, 1 timed, 2 minimum time, 3 impossible, 4 in-seat, 5 in-seat impossible. */
const TRANSFER_TYPES = [0, 1, 2, 3, 4, 5] as const;

export const transfersTable: TableSpec<TransferRow, ReadonlyMap<string, number>> = {
  file: "transfers.txt",
  required: ["transfer_type"],
  parse(r, stops) {
    const row: TransferRow = {
      fromStopId: r.text("from_stop_id"),
      toStopId: r.text("to_stop_id"),
      fromRouteId: r.text("from_route_id"),
      toRouteId: r.text("to_route_id"),
      fromTripId: r.text("from_trip_id"),
      toTripId: r.text("to_trip_id"),
      transferType: r.enumOf("transfer_type", TRANSFER_TYPES, 0),
      minTransferTime: r.int("min_transfer_time"),
    };
    // In-seat rows (4, 5) are between two trips; the others name stops, or routes or trips, or both
    // (gtfs.org/schedule/reference/#transferstxt). Route and trip ids are checked where the trips are compiled.
    if (row.transferType >= 4 && (row.fromTripId === "" || row.toTripId === "")) {
      r.warn("unsupported_row", "in-seat transfer (transfer_type 4 or 5) without from_trip_id and to_trip_id: row ignored");
      return undefined;
    }
    const ruled = row.fromRouteId !== "" || row.toRouteId !== "" || row.fromTripId !== "" || row.toTripId !== "";
    if (!ruled && (row.fromStopId === "" || row.toStopId === "")) {
      r.warn("unsupported_row", "transfer without from_stop_id or to_stop_id, nor a route or trip: row ignored");
      return undefined;
    }
    for (const id of [row.fromStopId, row.toStopId]) {
      if (id !== "" && !stops.has(id)) {
        r.warn("unknown_reference", `unknown stop_id ${JSON.stringify(id)}: row ignored`);
        return undefined;
      }
    }
    return row;
  },
};
