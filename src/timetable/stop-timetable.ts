import type { Network, ServiceDate, StopIdx } from "../network/model.js";
import { departuresAtStop } from "./departures-at-stop.js";
import { diversionsAtStop, type TimetableDiversion } from "./diversions-at-stop.js";
import { notesOfPassages } from "./notes-of-passages.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { Passage, TimetableNote } from "./types.js";

export type { TimetableDiversion } from "./diversions-at-stop.js";

export interface StopTimetableParams {
  stop: StopIdx;
  date: ServiceDate;
  includeLastStop?: boolean;
}

export interface StopTimetable {
  stop: StopIdx;
  date: ServiceDate;
  passages: Passage[];
  passageNotes: TimetableNote[];
  tripNotes: TimetableNote[];
  /** Planned diversions (kind omleiding) active that day at the stop, Dutch texts. */
  diversions: TimetableDiversion[];
}

/** Everything a stop's day timetable shows: passages, their notes, and the day's diversions at the stop. */
export function stopTimetable(network: Network, realtime: RealtimeOverlay | undefined, params: StopTimetableParams): StopTimetable {
  const passages = departuresAtStop(network, realtime, params);
  const { passageNotes, tripNotes } = notesOfPassages(network, passages, true);
  const diversions = diversionsAtStop(network, params.stop, params.date);
  return { stop: params.stop, date: params.date, passages, passageNotes, tripNotes, diversions };
}
