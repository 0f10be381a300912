/** Extension note_assignments.txt: docs/DATASET_EXTENSIONS.md#notes-notestxt-and-note_assignmentstxt */
import type { TableSpec } from "../table-spec.js";
import type { NoteAssignmentRow } from "../types.js";

export interface NoteAssignmentRefs {
  /** String(note_id) -> index */
  notes: ReadonlyMap<string, number>;
  trips: ReadonlyMap<string, number>;
  stops: ReadonlyMap<string, number>;
}

export const noteAssignmentsTable: TableSpec<NoteAssignmentRow, NoteAssignmentRefs> = {
  file: "note_assignments.txt",
  extension: true,
  required: ["note_id", "trip_id"],
  key: { columns: "note_id, trip_id and stop_id", of: (a) => `${a.noteId} ${a.tripId} ${a.stopId}` },
  parse(r, refs) {
    const row: NoteAssignmentRow = {
      noteId: r.requiredInt("note_id"),
      tripId: r.requiredText("trip_id"),
      stopId: r.text("stop_id"),
    };
    if (!refs.notes.has(String(row.noteId))) return unknown(r, "note_id", String(row.noteId));
    if (!refs.trips.has(row.tripId)) return unknown(r, "trip_id", row.tripId);
    if (row.stopId !== "" && !refs.stops.has(row.stopId)) return unknown(r, "stop_id", row.stopId);
    return row;
  },
};

function unknown(r: { warn(code: string, message: string): void }, column: string, value: string): undefined {
  r.warn("unknown_reference", `unknown ${column} ${JSON.stringify(value)}: row ignored`);
  return undefined;
}
