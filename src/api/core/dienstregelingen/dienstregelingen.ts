/**
 * Timetables: passages per stop and day (E5 and the operator's per-stop and stop-list
 * timetables), trips of a line direction with their passages, one trip by ritnummer.
 * Each handler parses, calls one query of src/timetable, and renames its plain objects here.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { findStop, requireLineDirection, requireStop } from "../../../network/lookup.js";
import type { LineDirIdx, Network, ServiceDate, StopIdx } from "../../../network/model.js";
import { diversionsFor } from "../../../timetable/diversions-for.js";
import { notesOfPassages } from "../../../timetable/notes-of-passages.js";
import { tripOnDate } from "../../../timetable/trip-on-date.js";
import { tripsOfLineDirection } from "../../../timetable/trips-of-line-direction.js";
import type { TripTimetable } from "../../../timetable/types.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import { timetableDate } from "../../shared/timetable-date.js";
import { notaOfDiversion, notaOfNote, PassageWriter } from "./doorkomst-view.js";
import { stopDayJson, type StopDayJson } from "./stop-day-view.js";
import {
  DatumQuery,
  HalteDoorkomsten,
  HalteDoorkomstenLijst,
  Ritnummer,
  Ritten,
  StopTimetableQuery,
} from "./dienstregelingen.schemas.js";
import type { FamilyOptions } from "../../shared/families.js";
import { directionIndex, parseStopKeys } from "../../shared/path-keys.js";
import { type Link, linkerFor, selfLink } from "../../shared/links.js";
import { Haltesleutels, LineDirectionParams, StopParams } from "../../shared/params.schemas.js";

const StopListParams = Type.Object({ haltesleutels: Haltesleutels });
const TripParams = Type.Object({ ...LineDirectionParams.properties, ritnummer: Ritnummer });

type StopRoute = { Params: Static<typeof StopParams>; Querystring: Static<typeof StopTimetableQuery> };
type StopListRoute = { Params: Static<typeof StopListParams>; Querystring: Static<typeof DatumQuery> };
type LineDirectionRoute = { Params: Static<typeof LineDirectionParams>; Querystring: Static<typeof DatumQuery> };
type TripRoute = { Params: Static<typeof TripParams>; Querystring: Static<typeof DatumQuery> };

const HALTE_DOORKOMSTEN_OPEN = Buffer.from('{"halteDoorkomsten":');
const LIJST_OPEN = Buffer.from('{"halteDoorkomstenLijst":[');
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("}");

/** Appends a HalteDoorkomsten object as JSON, field order as in its schema. */
function pushHalteDoorkomsten(parts: Buffer[], day: StopDayJson, links: Link[]): void {
  parts.push(HALTE_DOORKOMSTEN_OPEN, day.halteDoorkomsten, Buffer.from(`,"links":${JSON.stringify(links)},`), day.notes, CLOSE);
}

const JSON_TYPE = "application/json; charset=utf-8";

/** What a stop's day weighs in a list's cost (request-cost.ts): the passages of a busy stop's day, roughly. */
const PASSAGES_PER_STOP_DAY = 100;

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
        config: { cost: (req) => parseStopKeys((req as FastifyRequest<StopListRoute>).params.haltesleutels).length * PASSAGES_PER_STOP_DAY },
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
