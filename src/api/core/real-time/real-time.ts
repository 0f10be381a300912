/**
 * Real-time passages: the next passages at a stop or a list of stops (`maxAantalDoorkomsten`), and E20, the
 * trips of a line direction under way or about to leave with the passages they still have to make. "Now" is
 * the app clock (FamilyOptions.now). Each handler parses, calls one query of src/timetable and renames its plain
 * objects, with the timetable plugin's passage writer and notes.
 *
 * The overlay is the real-time state of the network the request reads (opts.realtime). Without one (no
 * GTFS-Realtime feed, or none fresh enough) every passage is the scheduled one, marked GEENREALTIME, as the
 * operator answers a trip without a measurement.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { findStop, requireLineDirection, requireStop } from "../../../network/lookup.js";
import type { Network } from "../../../network/model.js";
import { lineDirectionRealTime } from "../../../timetable/line-direction-real-time.js";
import { stopRealTime, type StopRealTime } from "../../../timetable/stop-real-time.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import { notaOfDiversion, notaOfNote, PassageWriter } from "../dienstregelingen/doorkomst-view.js";
import { realtimeDoorkomst } from "./realtime-doorkomst-view.js";
import type { FamilyOptions } from "../../shared/families.js";
import { directionIndex, parseStopKeys } from "../../shared/path-keys.js";
import { wantsEventStream } from "../../shared/event-streams.js";
import { type Link, linkerFor, selfLink } from "../../shared/links.js";
import { Haltesleutels, LineDirectionParams, StopParams } from "../../shared/params.schemas.js";
import { BAD_PARAMETER } from "../../../errors.js";
import type { FastifyRequest } from "fastify";
import {
  MAX_AANTAL_DOORKOMSTEN_DEFAULT,
  MAX_LIST_PASSAGES,
  MaxAantalDoorkomstenQuery,
  RealtimeHalteDoorkomsten,
  RealtimeHalteDoorkomstenLijst,
  RealtimeRitten,
} from "./real-time.schemas.js";

const StopListParams = Type.Object({ haltesleutels: Haltesleutels });

type StopRoute = { Params: Static<typeof StopParams>; Querystring: Static<typeof MaxAantalDoorkomstenQuery> };
type StopListRoute = { Params: Static<typeof StopListParams>; Querystring: Static<typeof MaxAantalDoorkomstenQuery> };
type LineDirectionRoute = { Params: Static<typeof LineDirectionParams> };

/**
 * A list's cost (request-cost.ts): the passages it may list, stops x maxAantalDoorkomsten; a 400 above
 * MAX_LIST_PASSAGES.
 */
function listCost(request: FastifyRequest): number {
  const req = request as FastifyRequest<StopListRoute>;
  const stops = parseStopKeys(req.params.haltesleutels).length;
  const max = req.query.maxAantalDoorkomsten ?? MAX_AANTAL_DOORKOMSTEN_DEFAULT;
  if (stops * max > MAX_LIST_PASSAGES) {
    throw BAD_PARAMETER(
      `${stops} stops x maxAantalDoorkomsten ${max} = ${stops * max} passages, more than the ${MAX_LIST_PASSAGES} a request may ask for: ask for fewer stops or a smaller maxAantalDoorkomsten, or split the list`,
    );
  }
  return stops * max;
}

function halteDoorkomsten(net: Network, r: StopRealTime, W: PassageWriter, links: Link[]): RealtimeHalteDoorkomsten {
  return {
    halteDoorkomsten: [
      { haltenummer: net.strings.get(net.stops.number[r.stop]), doorkomsten: r.passages.map((p) => realtimeDoorkomst(W, p)) },
    ],
    links,
    doorkomstNotas: r.passageNotes.map(notaOfNote),
    ritNotas: r.tripNotes.map(notaOfNote),
    omleidingen: r.diversions.map((d) => notaOfDiversion(net, d.view, d.lineDirection, d.stop)),
  };
}

/** Real-time answers are stale a moment later: no shared or private cache may keep them. */
function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
}

export const realTimeRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;
  const tags = ["real-time"];

  app.get<StopRoute>(
    "/haltes/:entiteitnummer/:haltenummer/real-time",
    {
      schema: {
        tags,
        summary: "The next passages at a stop (maxAantalDoorkomsten, default 10)",
        description:
          "From now on, sorted by time, continuing into the next day within 24 hours. Without a real-time measurement a passage is the scheduled one with predictionStatussen [GEENREALTIME]. With `Accept: text/event-stream`: a Server-Sent Events stream of this answer (event `doorkomsten`), pushed when it changes (docs/COMPATIBILITY.md R24-R26).",
        params: StopParams,
        querystring: MaxAantalDoorkomstenQuery,
        response: { 200: RealtimeHalteDoorkomsten, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const answer = (net: Network) => {
        const stop = requireStop(net, req.params.entiteitnummer, req.params.haltenummer);
        const max = req.query.maxAantalDoorkomsten ?? MAX_AANTAL_DOORKOMSTEN_DEFAULT;
        const r = stopRealTime(net, opts.realtime.current(net), { stop, from: opts.now(), max });
        return halteDoorkomsten(net, r, new PassageWriter(linkerFor(req, opts)), [selfLink(req, config)]);
      };
      // Accept: text/event-stream: the same answer pushed as it changes (event-streams.ts).
      if (wantsEventStream(req)) return app.openEventStream(req, reply, { event: "doorkomsten", render: answer });
      noStore(reply);
      return answer(source.current());
    },
  );

  app.get<StopListRoute>(
    "/haltes/lijst/:haltesleutels/real-time",
    {
      config: { cost: listCost },
      schema: {
        tags,
        summary: "The next passages at each stop of a list (maxAantalDoorkomsten per stop, default 10)",
        description:
          `One item per known stop, in the order asked. A stop key that names no stop is left out and reported by a top-level link with rel onbekendeHalte. At most 100 keys, and at most ${MAX_LIST_PASSAGES} passages: keys x maxAantalDoorkomsten.`,
        params: StopListParams,
        querystring: MaxAantalDoorkomstenQuery,
        response: { 200: RealtimeHalteDoorkomstenLijst, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const keys = parseStopKeys(req.params.haltesleutels);
      const max = req.query.maxAantalDoorkomsten ?? MAX_AANTAL_DOORKOMSTEN_DEFAULT;
      const from = opts.now();
      const L = linkerFor(req, opts);
      const W = new PassageWriter(L);
      const links: Link[] = [selfLink(req, config)];
      const items: RealtimeHalteDoorkomsten[] = [];
      const realtime = opts.realtime.current(net);
      for (const key of keys) {
        const stop = findStop(net, key.entity, key.stop);
        if (stop === undefined) {
          links.push(L.link("onbekendeHalte", L.stop(key.entity, key.stop)));
          continue;
        }
        const entity = net.meta.entities[net.stops.entity[stop]].number;
        const halte = L.link("halte", L.stop(entity, net.strings.get(net.stops.number[stop])));
        items.push(halteDoorkomsten(net, stopRealTime(net, realtime, { stop, from, max }), W, [halte]));
      }
      noStore(reply);
      return { halteDoorkomstenLijst: items, links };
    },
  );

  app.get<LineDirectionRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/real-time",
    {
      schema: {
        tags,
        summary: "E20: the trips of a line direction under way or leaving within 90 minutes, with their remaining passages",
        description:
          "Trips of earlier service dates still running after midnight are included. Without a real-time measurement a passage is the scheduled one with predictionStatussen [GEENREALTIME].",
        params: LineDirectionParams,
        response: { 200: RealtimeRitten, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const { entiteitnummer, lijnnummer, richting } = req.params;
      const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
      const r = lineDirectionRealTime(net, opts.realtime.current(net), { lineDirection: ld, from: opts.now() });
      const W = new PassageWriter(linkerFor(req, opts));
      noStore(reply);
      return {
        ritDoorkomsten: r.trips.map((t) => ({
          ritnummer: t.tripNumber,
          bestemming: t.destination,
          plaatsBestemming: t.placeDestination,
          vias: [],
          doorkomsten: t.passages.map((p) => realtimeDoorkomst(W, p)),
        })),
        links: [selfLink(req, config)],
        doorkomstNotas: r.passageNotes.map(notaOfNote),
        ritNotas: r.tripNotes.map(notaOfNote),
        omleidingen: r.diversions.map((v) => notaOfDiversion(net, v, ld, undefined)),
      };
    },
  );
};
