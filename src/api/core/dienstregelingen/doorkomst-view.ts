/**
 * Passages and notes as the operator writes them (Doorkomst, Nota; spec 2.7 and 2.8): the timetables' shapes, which
 * the real-time answers, the diversions and the route plan's legs use too.
 */
import type { LineDirIdx, Network, StopIdx } from "../../../network/model.js";
import type { DiversionView, Passage, TimetableNote } from "../../../timetable/types.js";
import type { Link, Linker } from "../../shared/links.js";
import type { Doorkomst, Nota } from "./dienstregelingen.schemas.js";

/**
 * Renders passages. Link URLs repeat for every passage of a stop or line direction, so they are
 * built once per response. Shared with the real-time answers (core/real-time) and the route plan (core/routeplan).
 */
export class PassageWriter {
  private readonly stopLinks = new Map<StopIdx, Link>();
  private readonly dirLinks = new Map<LineDirIdx, Link>();
  constructor(private readonly L: Linker) {}

  passage(p: Passage): Doorkomst {
    let stop = this.stopLinks.get(p.stop);
    if (!stop) {
      stop = this.L.link("halte", this.L.stop(p.stopEntity, p.stopNumber));
      this.stopLinks.set(p.stop, stop);
    }
    let dir = this.dirLinks.get(p.lineDirection);
    if (!dir) {
      dir = this.L.link("lijnrichting", this.L.lineDirection(p.entity, p.lineNumber, p.direction));
      this.dirLinks.set(p.lineDirection, dir);
    }
    return {
      doorkomstId: p.id,
      entiteitnummer: p.entity,
      lijnnummer: Number(p.lineNumber),
      richting: p.direction,
      ritnummer: p.tripNumber,
      bestemming: p.destination,
      plaatsBestemming: p.placeDestination,
      vias: [],
      haltenummer: p.stopNumber,
      dienstregelingTijdstip: p.time,
      links: [stop, dir],
    };
  }
}

export function notaOfNote(n: TimetableNote): Nota {
  return {
    id: n.id,
    ritnummer: n.tripNumber,
    haltenummer: n.stopNumber === undefined ? undefined : intOrUndefined(n.stopNumber),
    omschrijving: n.text,
    entiteitnummer: intOrUndefined(n.entity),
    lijnnummer: intOrUndefined(n.lineNumber),
    richting: n.direction,
  };
}

/** A diversion as a timetable note: its reference, Dutch title and text, and the line direction concerned. */
export function notaOfDiversion(net: Network, v: DiversionView, lineDirection: LineDirIdx | undefined, stop: StopIdx | undefined): Nota {
  const line = lineDirection === undefined ? undefined : lineDirection >> 1;
  return {
    id: v.diversion.id,
    titel: v.title,
    haltenummer: stop === undefined ? undefined : intOrUndefined(net.strings.get(net.stops.number[stop])),
    omschrijving: v.description,
    entiteitnummer: line === undefined ? undefined : intOrUndefined(net.meta.entities[net.lines.entity[line]].number),
    lijnnummer: line === undefined ? undefined : intOrUndefined(net.strings.get(net.lines.number[line])),
    richting: lineDirection === undefined ? undefined : lineDirection & 1 ? "TERUG" : "HEEN",
  };
}

function intOrUndefined(text: string): number | undefined {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

