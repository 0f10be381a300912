import type { RealtimePassage } from "../../../timetable/types.js";
import type { PassageWriter } from "../dienstregelingen/doorkomst-view.js";
import type { RealtimeDoorkomst } from "./real-time.schemas.js";

/** A timetable passage plus the real-time fields, before its links (the captured order); also E1's passages. */
export function realtimeDoorkomst(W: PassageWriter, p: RealtimePassage): RealtimeDoorkomst {
  const { links, ...passage } = W.passage(p.passage);
  return {
    ...passage,
    "real-timeTijdstip": p.realtimeTime,
    vrtnum: p.vehicle,
    predictionStatussen: p.statuses,
    links,
    status: p.cancelled ? "CANCELLED" : undefined,
  };
}
