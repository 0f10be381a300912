import type { LineDirIdx, Network, ServiceDate, StopIdx } from "../network/model.js";
import { departuresAtStop } from "./departures-at-stop.js";
import { diversionsFor } from "./diversions-for.js";
import { lineDirectionsThroughStop } from "./line-directions-through-stop.js";
import { notesOfPassages } from "./notes-of-passages.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { DiversionView, Passage, TimetableNote } from "./types.js";

export interface StopTimetableParams {
  stop: StopIdx;
  date: ServiceDate;
  includeLastStop?: boolean;
}

/** A diversion listed on a stop timetable, with the line direction through which it concerns the stop. */
export interface TimetableDiversion {
  view: DiversionView;
  stop: StopIdx;
  /** A line direction of the diversion that serves the stop (the lowest), or undefined when it concerns the stop only as not served. */
  lineDirection: LineDirIdx | undefined;
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
  const views = network.meta.diversions.length
    ? diversionsFor(network, { kind: "omleiding", date: params.date, stops: [params.stop] })
    : [];
  let atStop: Set<number> | undefined;
  const diversions = views.map((view) => {
    atStop ??= new Set(lineDirectionsThroughStop(network, params.stop));
    return { view, stop: params.stop, lineDirection: view.diversion.lineDirections.find((ld) => atStop!.has(ld)) };
  });
  return { stop: params.stop, date: params.date, passages, passageNotes, tripNotes, diversions };
}
