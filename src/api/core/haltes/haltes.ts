/**
 * Stops: E6 (all stops, precomputed) and the lookups /haltes/{e}/{h}, /haltes/{e}/{h}/lijnrichtingen,
 * /haltes/lijst/{haltesleutels}[/lijnrichtingen], /haltes/indebuurt/{latlng}.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { GTFS_ID_NOT_FOUND } from "../../../errors.js";
import { stopsByGtfsId } from "../../../network/gtfs-id-lookup.js";
import { requireStop } from "../../../network/lookup.js";
import { lineDirectionsAtStop } from "../../../network/queries/line-directions-at-stop.js";
import type { Network, StopIdx } from "../../../network/model.js";
import { stopDefaultDay } from "../../../network/queries/network-validity.js";
import { stopsNear } from "../../../network/queries/stops-near.js";
import { chooseEncoding, etagOf, matchesIfNoneMatch } from "../../http/content-encoding.js";
import { allStopsBody } from "./all-stops-body.js";
import { ERROR_RESPONSES, Halte } from "../../shared/common.schemas.js";
import { geldigOpDay, listDay } from "../../shared/dates.js";
import type { FamilyOptions } from "../../shared/families.js";
import { HaltesInDeBuurt, HalteLijnrichtingenLijst } from "./haltes.schemas.js";
import { halteDetailLinks, halteView, stopKey, stopOperator } from "./halte-view.js";
import { parseLatLng, parseStopKeys } from "../../shared/path-keys.js";
import { Haltes, Lijnrichtingen } from "../lijnen/lijnen.schemas.js";
import { lijnrichtingView } from "../lijnen/lijnrichting-view.js";
import { linkerFor, requestOrigin, selfLink } from "../../shared/links.js";
import { GeldigOpQuery, GtfsId, Haltesleutels, LatLng, MaxAantalHaltes, Radius, StopParams } from "../../shared/params.schemas.js";
import { shownValue } from "../../http/shown-value.js";

/** The day a stop's line directions answer for: geldigOp, else today within the stop's validity (network-validity.ts). */
function stopDay(net: Network, stop: StopIdx, geldigOp: string | undefined, nowMs: number) {
  return listDay(net, geldigOp, nowMs, (today) => stopDefaultDay(net, stop, today));
}

type StopRoute = { Params: Static<typeof StopParams>; Querystring: Static<typeof GeldigOpQuery> };
const ListParams = Type.Object({ haltesleutels: Haltesleutels });
type ListRoute = { Params: Static<typeof ListParams>; Querystring: Static<typeof GeldigOpQuery> };
const NearParams = Type.Object({ latlng: LatLng });
const GtfsIdParams = Type.Object({ gtfsId: GtfsId });
const NearQuery = Type.Object({ radius: Type.Optional(Radius), maxAantalHaltes: Type.Optional(MaxAantalHaltes) });

export const haltesRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config, familyPrefix } = opts;
  const tags = ["haltes"];

  app.get<{ Querystring: Static<typeof GeldigOpQuery> }>(
    "/haltes",
    {
      // Precompressed here: the compress plugin must leave it alone.
      compress: false,
      schema: {
        tags,
        summary: "E6: all stops valid on the day of geldigOp (large: ask for gzip or br)",
        description:
          "A stop is valid on a day when a line direction valid that day serves it. The body is built once per " +
          "day and served with an ETag; If-None-Match answers 304.",
        querystring: GeldigOpQuery,
        response: { 200: Haltes, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const date = listDay(net, req.query.geldigOp, opts.now());
      const origin = requestOrigin(req, config);
      const body = await allStopsBody(net, { origin, base: origin + familyPrefix, date });
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      reply
        .header("vary", "Accept-Encoding")
        .header("cache-control", "private, no-cache")
        .header("etag", etagOf(body.hash, encoding));
      if (matchesIfNoneMatch(req.headers["if-none-match"], body.hash)) return reply.code(304).send();
      reply.type("application/json; charset=utf-8");
      if (encoding === "identity") return reply.send(body.json);
      reply.header("content-encoding", encoding);
      return reply.send(encoding === "gzip" ? body.gzip : await body.brotli());
    },
  );

  app.get<{ Params: Static<typeof NearParams>; Querystring: Static<typeof NearQuery> }>(
    "/haltes/indebuurt/:latlng",
    {
      schema: {
        tags,
        summary: "Stops near a point, nearest first",
        description:
          "The stops within radius metres (default 750) of latlng, nearest first, at most maxAantalHaltes (default 50), each with its distance in metres.",
        params: NearParams,
        querystring: NearQuery,
        response: { 200: HaltesInDeBuurt, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const { lat, lon } = parseLatLng(req.params.latlng);
      const day = listDay(net, undefined, opts.now());
      const near = stopsNear(net, lat, lon, req.query.radius ?? 750, req.query.maxAantalHaltes ?? 50, day);
      const L = linkerFor(req, opts);
      return {
        haltes: near.map(({ stop, meters }) => {
          const key = stopKey(net, stop);
          const path = L.stop(key.entity, key.stop);
          return {
            type: stopOperator(net, stop),
            entiteitnummer: key.entity,
            id: key.stop,
            naam: net.strings.get(net.stops.longName[stop]),
            afstand: Math.round(meters),
            geoCoordinaat: { latitude: net.stops.lat[stop], longitude: net.stops.lon[stop] },
            links: [
              L.link("detail", path),
              L.link("lijnrichtingen", `${path}/lijnrichtingen`),
              L.link("real-time", `${path}/real-time`),
              L.link("dienstregelingen", `${path}/dienstregelingen`),
            ],
          };
        }),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<{ Params: Static<typeof GtfsIdParams> }>(
    "/haltes/gtfs/:gtfsId",
    {
      schema: {
        tags,
        summary: "Extension: the stops of a GTFS stop_id or stop_code, to find a stop's key from the feed's ids",
        description:
          "The stops whose GTFS stop_id is the value, then those whose stop_code is (case-sensitive). Several stops " +
          "answer when feeds share an id or an id is another stop's code. 404 when none.",
        params: GtfsIdParams,
        response: { 200: Haltes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const stops = stopsByGtfsId(net, req.params.gtfsId);
      if (stops.length === 0) throw GTFS_ID_NOT_FOUND("stop", "stop_id or stop_code", shownValue(req.params.gtfsId));
      const L = linkerFor(req, opts);
      return { haltes: stops.map((s) => halteView(net, s, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<ListRoute>(
    "/haltes/lijst/:haltesleutels",
    {
      schema: {
        tags,
        summary: "Stops by a list of stop keys",
        description:
          "The stops of the keys entiteitnummer_haltenummer joined with _, in the order asked. 404 when one of them does not exist.",
        params: ListParams,
        querystring: GeldigOpQuery,
        response: { 200: Haltes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const stops = parseStopKeys(req.params.haltesleutels).map((k) => requireStop(net, k.entity, k.stop));
      const L = linkerFor(req, opts);
      return { haltes: stops.map((s) => halteView(net, s, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<ListRoute>(
    "/haltes/lijst/:haltesleutels/lijnrichtingen",
    {
      schema: {
        tags,
        summary: "The line directions at each stop of a list, valid at geldigOp",
        description:
          "Per stop of the list, in the order asked: the stop and the line directions valid on the day that serve it. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: ListParams,
        querystring: GeldigOpQuery,
        response: { 200: HalteLijnrichtingenLijst, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const stops = parseStopKeys(req.params.haltesleutels).map((k) => requireStop(net, k.entity, k.stop));
      const L = linkerFor(req, opts);
      return {
        halteLijnrichtingen: stops.map((s) => ({
          halte: halteView(net, s, L),
          lijnrichtingen: lineDirectionsAtStop(net, s, stopDay(net, s, req.query.geldigOp, opts.now())).map((ld) =>
            lijnrichtingView(net, ld, L),
          ),
        })),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<StopRoute>(
    "/haltes/:entiteitnummer/:haltenummer",
    {
      schema: {
        tags,
        summary: "A stop by key, with links to its line directions, timetable and real-time passages",
        description:
          "One stop: its names, municipality, coordinates and accessibility, with links to its line directions, timetable, real-time passages and diversions. 404 when it does not exist.",
        params: StopParams,
        querystring: GeldigOpQuery,
        response: { 200: Halte, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const stop = requireStop(net, req.params.entiteitnummer, req.params.haltenummer);
      if (req.query.geldigOp !== undefined) geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      return halteView(net, stop, L, halteDetailLinks(net, stop, L));
    },
  );

  app.get<StopRoute>(
    "/haltes/:entiteitnummer/:haltenummer/lijnrichtingen",
    {
      schema: {
        tags,
        summary: "The line directions serving a stop, valid at geldigOp",
        description:
          "The line directions valid on the day whose trips call at the stop, by line number and direction. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: StopParams,
        querystring: GeldigOpQuery,
        response: { 200: Lijnrichtingen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const stop = requireStop(net, req.params.entiteitnummer, req.params.haltenummer);
      const date = stopDay(net, stop, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return {
        lijnrichtingen: lineDirectionsAtStop(net, stop, date).map((ld) => lijnrichtingView(net, ld, L)),
        links: [selfLink(req, config)],
      };
    },
  );
};
