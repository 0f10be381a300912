import type { CompileContext } from "./compile-context.js";
import type { StopTable } from "./compile-stops.js";
import type { TripTable } from "./compile-trips.js";
import { NONE32 } from "./constants.js";
import type { NoteColumns } from "./model.js";

/**
 * notes.txt + note_assignments.txt -> note rows (one per note and stop; stop NONE32 for a trip
 * note) and each trip's note list (trips.noteStart/noteRefs, filled here).
 */
export function compileNotes(ctx: CompileContext, stopOf: StopTable["stopOf"], tripTable: TripTable): NoteColumns {
  const { inputs, pool, warnings } = ctx;
  const { trips, tripCopies } = tripTable;
  const tripCount = trips.count;
  const noteRowsId: number[] = [];
  const noteRowsText: number[] = [];
  const noteRowsStop: number[] = [];
  const tripNotes: number[][] = Array.from({ length: tripCount }, () => []);
  inputs.forEach(({ feed }, f) => {
    if (feed.notes.length === 0) return;
    const text = new Map(feed.notes.map((n) => [n.noteId, n.text]));
    const tripIndex = new Map(feed.trips.map((t, i) => [t.tripId, i]));
    const rowOf = new Map<string, number>();
    for (const a of feed.noteAssignments) {
      const t = tripIndex.get(a.tripId);
      const noteText = text.get(a.noteId);
      const stop = a.stopId ? stopOf(f, a.stopId) : NONE32;
      if (t === undefined || noteText === undefined || stop === undefined) {
        warnings.add("note_reference", `note assignment ${a.noteId}/${a.tripId}/${a.stopId} names an unknown note, trip or stop; skipped`);
        continue;
      }
      const key = `${a.noteId}|${stop}`;
      let row = rowOf.get(key);
      if (row === undefined) {
        row = noteRowsId.length;
        rowOf.set(key, row);
        noteRowsId.push(a.noteId);
        noteRowsText.push(pool.intern(noteText));
        noteRowsStop.push(stop);
      }
      for (const tripIdx of tripCopies[f].get(t) ?? []) tripNotes[tripIdx].push(row);
    }
  });
  const notes = {
    count: noteRowsId.length,
    id: Uint32Array.from(noteRowsId),
    text: Uint32Array.from(noteRowsText),
    stop: Uint32Array.from(noteRowsStop),
  };
  {
    let n = 0;
    for (let t = 0; t < tripCount; t++) {
      trips.noteStart[t] = n;
      n += tripNotes[t].length;
    }
    trips.noteStart[tripCount] = n;
    trips.noteRefs = new Uint32Array(n);
    for (let t = 0; t < tripCount; t++) trips.noteRefs.set(tripNotes[t], trips.noteStart[t]);
  }
  return notes;
}
