import type { RealtimePassage } from "../../../timetable/types.js";
import type { PassageWriter } from "../dienstregelingen/doorkomst-view.js";
import type { RealtimeDoorkomst } from "./real-time.schemas.js";

/**
 * A timetable passage plus the real-time fields, before its links (the captured order); also E1's passages.
 *
 * Field by field, not `{ links, ...passage } = W.passage(p)` and `{ ...passage, ... }`: the object rest and spread
 * left about 1.2 KB of every passage in the old generation (measured on the demo: 1.8 MB per list of 100 stops x 20
 * passages, against next to nothing field by field; test/api/core/real-time/realtime-doorkomst-view.test.ts),
 * garbage that only a full collection frees, so a server answering such lists grew by hundreds of megabytes
 * between two (docs/BENCHMARKS.md "Hostile clients (bench:abuse)").
 */
export function realtimeDoorkomst(W: PassageWriter, p: RealtimePassage): RealtimeDoorkomst {
  const d = W.passage(p.passage);
  return {
    doorkomstId: d.doorkomstId,
    entiteitnummer: d.entiteitnummer,
    lijnnummer: d.lijnnummer,
    richting: d.richting,
    ritnummer: d.ritnummer,
    bestemming: d.bestemming,
    plaatsBestemming: d.plaatsBestemming,
    vias: d.vias,
    haltenummer: d.haltenummer,
    dienstregelingTijdstip: d.dienstregelingTijdstip,
    "real-timeTijdstip": p.realtimeTime,
    vrtnum: p.vehicle,
    predictionStatussen: p.statuses,
    links: d.links,
    status: p.cancelled ? "CANCELLED" : undefined,
  };
}
