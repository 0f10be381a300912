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
      transferType: r.enumOf("transfer_type", TRANSFER_TYPES, 0),
      minTransferTime: r.int("min_transfer_time"),
    };
    // Trip-to-trip transfers may leave the stops empty; TransferRow is stop to stop.
    if (row.fromStopId === "" || row.toStopId === "") {
      r.warn("unsupported_row", "transfer without from_stop_id or to_stop_id: row ignored");
      return undefined;
    }
    for (const id of [row.fromStopId, row.toStopId]) {
      if (!stops.has(id)) {
        r.warn("unknown_reference", `unknown stop_id ${JSON.stringify(id)}: row ignored`);
        return undefined;
      }
    }
    return row;
  },
};
