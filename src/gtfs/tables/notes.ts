/** Extension notes.txt: docs/DATASET_EXTENSIONS.md#notes-notestxt-and-note_assignmentstxt */
import type { TableSpec } from "../table-spec.js";
import type { NoteRow } from "../types.js";

export const notesTable: TableSpec<NoteRow> = {
  file: "notes.txt",
  extension: true,
  required: ["note_id", "note_text"],
  key: { columns: "note_id", of: (n) => String(n.noteId) },
  parse(r) {
    return { noteId: r.requiredInt("note_id"), text: r.requiredText("note_text") };
  },
};
