import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { Network, ServiceDate, StopIdx } from "../network/model.js";
import { diversionsAtStop, type TimetableDiversion } from "./diversions-at-stop.js";
import { notesOfPassages } from "./notes-of-passages.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { RealtimePassage, TimetableNote } from "./types.js";
import { upcomingPassages } from "./upcoming-passages.js";

export interface StopRealTimeParams {
  stop: StopIdx;
  /** "Now". */
  from: EpochMs;
  /** maxAantalDoorkomsten. */
  max: number;
}

export interface StopRealTime {
  stop: StopIdx;
  /** The local date of `from`: the day whose diversions are listed. */
  date: ServiceDate;
  passages: RealtimePassage[];
  passageNotes: TimetableNote[];
  tripNotes: TimetableNote[];
  diversions: TimetableDiversion[];
}

/** Everything a stop's real-time answer shows: the next passages (upcomingPassages), their notes, and today's diversions at the stop. */
export function stopRealTime(network: Network, realtime: RealtimeOverlay | undefined, params: StopRealTimeParams): StopRealTime {
  const passages = upcomingPassages(network, realtime, params);
  const { passageNotes, tripNotes } = notesOfPassages(
    network,
    passages.map((p) => p.passage),
    true,
  );
  const date = zonedTime(network.meta.timezone).localDateOf(params.from);
  return { stop: params.stop, date, passages, passageNotes, tripNotes, diversions: diversionsAtStop(network, params.stop, date) };
}
