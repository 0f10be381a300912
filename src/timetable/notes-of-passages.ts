import { NONE32 } from "../network/constants.js";
import type { Network } from "../network/model.js";
import type { Passage, TimetableNote } from "./types.js";

export interface NotesOfPassages {
  /** doorkomstNotas: notes on one listed passage (note_assignments.txt with a stop_id). */
  passageNotes: TimetableNote[];
  /** ritNotas: notes on a whole listed trip (note_assignments.txt without stop_id), once per trip and date. */
  tripNotes: TimetableNote[];
}

/**
 * The dataset notes (docs/DATASET_EXTENSIONS.md, notes.txt + note_assignments.txt) of listed
 * passages. With `tripNotesAtStop` (a stop timetable) a trip note carries the stop where the
 * trip was listed, as the operator's notes carry a haltenummer; otherwise it carries none.
 */
export function notesOfPassages(network: Network, passages: readonly Passage[], tripNotesAtStop = false): NotesOfPassages {
  const { trips, notes, strings } = network;
  const passageNotes: TimetableNote[] = [];
  const tripNotes: TimetableNote[] = [];
  const seenTrips = new Set<string>();
  for (const p of passages) {
    if (p.added) continue; // a trip the real-time feed adds has no notes in the dataset
    const from = trips.noteStart[p.trip];
    const to = trips.noteStart[p.trip + 1];
    if (from === to) continue;
    const tripKey = `${p.trip}|${p.serviceDate}`;
    const firstOfTrip = !seenTrips.has(tripKey);
    seenTrips.add(tripKey);
    for (let r = from; r < to; r++) {
      const n = trips.noteRefs[r];
      const noteStop = notes.stop[n];
      const isTripNote = noteStop === NONE32;
      if (isTripNote ? !firstOfTrip : noteStop !== p.stop) continue;
      const atStop = !isTripNote || tripNotesAtStop;
      (isTripNote ? tripNotes : passageNotes).push({
        id: notes.id[n],
        text: strings.get(notes.text[n]),
        kind: isTripNote ? "trip" : "passage",
        trip: p.trip,
        serviceDate: p.serviceDate,
        tripNumber: p.tripNumber,
        entity: p.entity,
        lineNumber: p.lineNumber,
        direction: p.direction,
        stop: atStop ? p.stop : undefined,
        stopNumber: atStop ? p.stopNumber : undefined,
      });
    }
  }
  return { passageNotes, tripNotes };
}
