import { type EpochMs, zonedTime } from "../lib/zoned-time.js";
import type { LineDirIdx, Network, ServiceDate } from "../network/model.js";
import { diversionsFor } from "./diversions-for.js";
import { notesOfPassages } from "./notes-of-passages.js";
import type { RealtimeOverlay } from "./realtime-overlay.js";
import type { DiversionView, RealtimeTrip, TimetableNote } from "./types.js";
import { upcomingTrips } from "./upcoming-trips.js";

export interface LineDirectionRealTimeParams {
  lineDirection: LineDirIdx;
  /** "Now". */
  from: EpochMs;
  /** See upcomingTrips; default 90 minutes after `from`. */
  until?: EpochMs;
}

export interface LineDirectionRealTime {
  lineDirection: LineDirIdx;
  /** The local date of `from`: the day whose diversions are listed. */
  date: ServiceDate;
  trips: RealtimeTrip[];
  passageNotes: TimetableNote[];
  tripNotes: TimetableNote[];
  /** Planned diversions (kind omleiding) of the line direction active that day, Dutch texts. */
  diversions: DiversionView[];
}

/** Everything a line direction's real-time answer (E20) shows: the trips under way or about to leave (upcomingTrips), their notes, today's diversions. */
export function lineDirectionRealTime(
  network: Network,
  realtime: RealtimeOverlay | undefined,
  params: LineDirectionRealTimeParams,
): LineDirectionRealTime {
  const trips = upcomingTrips(network, realtime, params);
  const { passageNotes, tripNotes } = notesOfPassages(network, trips.flatMap((t) => t.passages.map((p) => p.passage)));
  const date = zonedTime(network.meta.timezone).localDateOf(params.from);
  const diversions = network.meta.diversions.length
    ? diversionsFor(network, { kind: "omleiding", date, lineDirections: [params.lineDirection] })
    : [];
  return { lineDirection: params.lineDirection, date, trips, passageNotes, tripNotes, diversions };
}
