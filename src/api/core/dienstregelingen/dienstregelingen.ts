/**
 * Timetables: passages per stop and day (E5 and the operator's per-stop and stop-list
 * timetables), trips of a line direction with their passages, one trip by ritnummer.
 * Each handler parses, calls one query of src/timetable, and renames its plain objects here.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { findStop, requireLineDirection, requireStop } from "../../../network/lookup.js";
import type { LineDirIdx, Network, ServiceDate, StopIdx } from "../../../network/model.js";
import { checkTimetableDate } from "../../../timetable/check-timetable-date.js";
import { diversionsFor } from "../../../timetable/diversions-for.js";
import { notesOfPassages } from "../../../timetable/notes-of-passages.js";
import { networkLru } from "../../../timetable/network-lru.js";
import { stopTimetable, type StopTimetable } from "../../../timetable/stop-timetable.js";
import { tripOnDate } from "../../../timetable/trip-on-date.js";
import { tripsOfLineDirection } from "../../../timetable/trips-of-line-direction.js";
import type { DiversionView, Passage, TimetableNote, TripTimetable } from "../../../timetable/types.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import { parseDate } from "../../shared/dates.js";
import {
  DatumQuery,
  type Doorkomst,
  HalteDoorkomsten,
  HalteDoorkomstenLijst,
  type Nota,
  Ritnummer,
  Ritten,
  StopTimetableQuery,
} from "./dienstregelingen.schemas.js";
import type { FamilyOptions } from "../../shared/families.js";
import { directionIndex, parseStopKeys } from "../../shared/path-keys.js";
import { type Link, type Linker, linkerFor, selfLink } from "../../shared/links.js";
import { Haltesleutels, LineDirectionParams, StopParams } from "../../shared/params.schemas.js";

const StopListParams = Type.Object({ haltesleutels: Haltesleutels });
const TripParams = Type.Object({ ...LineDirectionParams.properties, ritnummer: Ritnummer });

type StopRoute = { Params: Static<typeof StopParams>; Querystring: Static<typeof StopTimetableQuery> };
type StopListRoute = { Params: Static<typeof StopListParams>; Querystring: Static<typeof DatumQuery> };
type LineDirectionRoute = { Params: Static<typeof LineDirectionParams>; Querystring: Static<typeof DatumQuery> };
type TripRoute = { Params: Static<typeof TripParams>; Querystring: Static<typeof DatumQuery> };

/**
 * `datum`, default today in the network's zone. A given date that is no date, or lies more than a
 * year from the network's validity, is a 400; today is never refused (an old snapshot answers
 * empty timetables rather than errors to clients that send no date).
 */
export function timetableDate(net: Network, text: string | undefined, nowMs: number, name = "datum"): ServiceDate {
  const date = parseDate(text, net.meta.timezone, name, nowMs);
  if (text !== undefined && text !== "") checkTimetableDate(net, date, name);
  return date;
}

/**
 * Renders passages. Link URLs repeat for every passage of a stop or line direction, so they are
 * built once per response. Shared with the real-time answers (real-time.ts).
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

/** One stop's day as the operator writes it (HalteDoorkomsten). */
function halteDoorkomsten(net: Network, t: StopTimetable, W: PassageWriter, links: Link[]): HalteDoorkomsten {
  return {
    halteDoorkomsten: [{ haltenummer: net.strings.get(net.stops.number[t.stop]), doorkomsten: t.passages.map((p) => W.passage(p)) }],
    links,
    doorkomstNotas: t.passageNotes.map(notaOfNote),
    ritNotas: t.tripNotes.map(notaOfNote),
    omleidingen: t.diversions.map((d) => notaOfDiversion(net, d.view, d.lineDirection, d.stop)),
  };
}

/**
 * One stop's day as UTF-8 JSON: the `halteDoorkomsten` array, and the three note arrays as
 * `"doorkomstNotas":[..],"ritNotas":[..],"omleidingen":[..]`. The links of the surrounding object
 * differ per answer (self, or the stop in a list), so they are not part of it. Kept as bytes so
 * that an answer is a concatenation of buffers, not a string to encode again per request.
 */
export interface StopDayJson {
  halteDoorkomsten: Buffer;
  notes: Buffer;
}

/**
 * Stop days as JSON, per network (a swapped-out network takes its entries with it), least recently
 * used out first, bounded in characters. A stop's day is a pure function of (network, stop, date,
 * last-stop flag, link base) and popular stops are asked for again and again, alone and in E5
 * lists; serialising a day costs several times computing it (docs/BENCHMARKS.md). The bound also
 * caps what arbitrary Host headers (link bases) can make us keep.
 */
const STOP_DAY_CACHE_BYTES = 64 * 1024 * 1024;
const stopDayJsonCache = networkLru<StopDayJson, string>(STOP_DAY_CACHE_BYTES, (json) => json.halteDoorkomsten.length + json.notes.length);

/** One stop's day as JSON, computed (no cache): the query, the renaming, the serialisation. */
export function renderStopDay(net: Network, L: Linker, stop: StopIdx, date: ServiceDate, includeLastStop: boolean): StopDayJson {
  const t = stopTimetable(net, undefined, { stop, date, includeLastStop });
  const view = halteDoorkomsten(net, t, new PassageWriter(L), []);
  return {
    halteDoorkomsten: Buffer.from(JSON.stringify(view.halteDoorkomsten)),
    notes: Buffer.from(
      `"doorkomstNotas":${JSON.stringify(view.doorkomstNotas)},"ritNotas":${JSON.stringify(view.ritNotas)},"omleidingen":${JSON.stringify(view.omleidingen)}`,
    ),
  };
}

function stopDayJson(net: Network, L: Linker, stop: StopIdx, date: ServiceDate, includeLastStop: boolean): StopDayJson {
  const key = `${L.base}|${stop}|${date}|${includeLastStop ? 1 : 0}`;
  return stopDayJsonCache.get(net, key, () => renderStopDay(net, L, stop, date, includeLastStop));
}

const HALTE_DOORKOMSTEN_OPEN = Buffer.from('{"halteDoorkomsten":');
const LIJST_OPEN = Buffer.from('{"halteDoorkomstenLijst":[');
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("}");

/** Appends a HalteDoorkomsten object as JSON, field order as in its schema. */
function pushHalteDoorkomsten(parts: Buffer[], day: StopDayJson, links: Link[]): void {
  parts.push(HALTE_DOORKOMSTEN_OPEN, day.halteDoorkomsten, Buffer.from(`,"links":${JSON.stringify(links)},`), day.notes, CLOSE);
}

const JSON_TYPE = "application/json; charset=utf-8";

function stopEntity(net: Network, stop: StopIdx): string {
  return net.meta.entities[net.stops.entity[stop]].number;
}

/** Trips with their passages (Ritten), with the notes of those trips and the day's diversions of the line direction. */
function ritten(net: Network, ld: LineDirIdx, date: ServiceDate, trips: TripTimetable[], W: PassageWriter, links: Link[]): Static<typeof Ritten> {
  const notes = notesOfPassages(net, trips.flatMap((t) => t.passages));
  const diversions = net.meta.diversions.length ? diversionsFor(net, { kind: "omleiding", date, lineDirections: [ld] }) : [];
  return {
    ritDoorkomsten: trips.map((t) => ({
      ritnummer: t.tripNumber,
      bestemming: t.destination,
      plaatsBestemming: t.placeDestination,
      vias: [],
      doorkomsten: t.passages.map((p) => W.passage(p)),
    })),
    links,
    doorkomstNotas: notes.passageNotes.map(notaOfNote),
    ritNotas: notes.tripNotes.map(notaOfNote),
    omleidingen: diversions.map((v) => notaOfDiversion(net, v, ld, undefined)),
  };
}

export const dienstregelingenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;
  const tags = ["dienstregelingen"];

  app.get<StopRoute>(
    "/haltes/:entiteitnummer/:haltenummer/dienstregelingen",
    {
      schema: {
        tags,
        summary: "The timetable of a stop on one day (datum, default today)",
        description:
          "Passages sorted by time; a trip after midnight is listed on the day it passes. The last stop of a trip is listed only with inclusiefLaatsteDoorkomst=true.",
        params: StopParams,
        querystring: StopTimetableQuery,
        response: { 200: HalteDoorkomsten, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const stop = requireStop(net, req.params.entiteitnummer, req.params.haltenummer);
      const date = timetableDate(net, req.query.datum, opts.now());
      const day = stopDayJson(net, linkerFor(req, opts), stop, date, req.query.inclusiefLaatsteDoorkomst === true);
      const parts: Buffer[] = [];
      pushHalteDoorkomsten(parts, day, [selfLink(req, config)]);
      // Already JSON (the schema above documents it): sent as it is.
      return reply.type(JSON_TYPE).send(Buffer.concat(parts));
    },
  );

  // E5 (spec 4.2, /haltes/{haltesleutels}/dienstregelingen) and the operator's /haltes/lijst/{haltesleutels}/dienstregelingen.
  for (const path of ["/haltes/:haltesleutels/dienstregelingen", "/haltes/lijst/:haltesleutels/dienstregelingen"]) {
    app.get<StopListRoute>(
      path,
      {
        schema: {
          tags,
          summary: "E5: the timetables of a list of stops on one day",
          description:
            "One item per known stop, in the order asked. A stop key that names no stop is left out and reported by a top-level link with rel onbekendeHalte. At most 100 keys.",
          params: StopListParams,
          querystring: DatumQuery,
          response: { 200: HalteDoorkomstenLijst, ...ERROR_RESPONSES },
        },
      },
      async (req, reply) => {
        const net = source.current();
        const keys = parseStopKeys(req.params.haltesleutels);
        const date = timetableDate(net, req.query.datum, opts.now());
        const L = linkerFor(req, opts);
        const links: Link[] = [selfLink(req, config)];
        const parts: Buffer[] = [LIJST_OPEN];
        for (const key of keys) {
          const stop = findStop(net, key.entity, key.stop);
          if (stop === undefined) {
            links.push(L.link("onbekendeHalte", L.stop(key.entity, key.stop)));
            continue;
          }
          const day = stopDayJson(net, L, stop, date, false);
          if (parts.length > 1) parts.push(COMMA);
          pushHalteDoorkomsten(parts, day, [L.link("halte", L.stop(stopEntity(net, stop), net.strings.get(net.stops.number[stop])))]);
        }
        parts.push(Buffer.from(`],"links":${JSON.stringify(links)}}`));
        return reply.type(JSON_TYPE).send(Buffer.concat(parts));
      },
    );
  }

  app.get<LineDirectionRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/dienstregelingen",
    {
      schema: {
        tags,
        summary: "The trips of a line direction on a service date, each with all its passages",
        description:
          "datum is the service date (exploitatiedatum): a trip planned at 25:10 is listed under that date with its passage on the next day.",
        params: LineDirectionParams,
        querystring: DatumQuery,
        response: { 200: Ritten, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const { entiteitnummer, lijnnummer, richting } = req.params;
      const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
      const date = timetableDate(net, req.query.datum, opts.now());
      const trips = tripsOfLineDirection(net, undefined, { lineDirection: ld, date });
      return ritten(net, ld, date, trips, new PassageWriter(linkerFor(req, opts)), [selfLink(req, config)]);
    },
  );

  app.get<TripRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/rit/:ritnummer",
    {
      schema: {
        tags,
        summary: "One trip of a line direction on a service date, with all its passages",
        description: "404 when the trip does not run on that service date.",
        params: TripParams,
        querystring: DatumQuery,
        response: { 200: Ritten, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const { entiteitnummer, lijnnummer, richting, ritnummer } = req.params;
      const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
      const date = timetableDate(net, req.query.datum, opts.now());
      const trips = tripOnDate(net, undefined, { lineDirection: ld, tripNumber: ritnummer, date });
      return ritten(net, ld, date, trips, new PassageWriter(linkerFor(req, opts)), [selfLink(req, config)]);
    },
  );
};
