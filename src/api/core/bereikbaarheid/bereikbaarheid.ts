/**
 * Reachability, an extension (docs/COMPATIBILITY.md P27): `/bereikbaarheid/{vertrekLatlng}` from a coordinate and
 * `/haltes/{entiteitnummer}/{haltenummer}/bereikbaarheid` from a stop (no access walk: the stop and its footpaths, as
 * `lijnwijzer reach --from <stop>`), in both families. The handler parses, calls reachableStops (src/routing/reachable-stops.ts; the search is E1's RAPTOR without a target, src/routing/reach.ts) and, with
 * geojson=true, reachArea, and renders their plain objects here. Real-time is on by default, as E1's.
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { zonedTime } from "../../../lib/zoned-time.js";
import { requireStop } from "../../../network/lookup.js";
import type { Network } from "../../../network/model.js";
import type { PlanPoint } from "../../../routing/plan-point.js";
import { reachArea } from "../../../routing/reach-area.js";
import { DEFAULT_REACH_MINUTES, reachableStops, type ReachResult } from "../../../routing/reachable-stops.js";
import { HEAVY_COST } from "../../http/request-cost.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import { parseMoment } from "../../shared/dates.js";
import type { FamilyOptions } from "../../shared/families.js";
import { type Link, Linker, linkerFor, selfLink } from "../../shared/links.js";
import { StopParams } from "../../shared/params.schemas.js";
import { parseLatLng } from "../../shared/path-keys.js";
import { Bereikbaarheid, BereikbaarheidParams, BereikbaarheidQuery } from "./bereikbaarheid.schemas.js";

type Route = { Params: Static<typeof BereikbaarheidParams>; Querystring: BereikbaarheidQuery };
type StopRoute = { Params: Static<typeof StopParams>; Querystring: BereikbaarheidQuery };

/**
 * The body of a reach answer: its stops, the area when `area` and `links`. Stop links start with `base` (origin +
 * core prefix + family, by default the beta family); the command line's --json uses it too.
 */
export function bereikbaarheidBody(
  network: Network,
  result: ReachResult,
  area: boolean,
  origin: string,
  base = `${origin}/DLKernOpenData/v1/beta`,
  links: Link[] = [],
): Bereikbaarheid {
  const L = new Linker(origin, base);
  const zone = zonedTime(network.meta.timezone);
  const { stops, strings, meta } = network;
  const body: Bereikbaarheid = {
    vertrek: zone.formatLocal(result.departureMs),
    minuten: Math.round(result.limitSeconds / 60),
    venster: result.windowMinutes,
    haltes: result.stops.map((s) => {
      const entity = meta.entities[stops.entity[s.stop]].number;
      const number = strings.get(stops.number[s.stop]);
      return {
        entiteitnummer: entity,
        haltenummer: number,
        omschrijving: strings.get(stops.longName[s.stop]),
        geoCoordinaat: { latitude: stops.lat[s.stop], longitude: stops.lon[s.stop] },
        vertrek: zone.formatLocal(s.departureMs),
        aankomst: zone.formatLocal(s.arrivalMs),
        reistijdSeconden: s.travelSeconds,
        overstappen: s.transfers,
        ritten: s.rides,
        links: [L.link("halte", L.stop(entity, number))],
      };
    }),
    links,
  };
  if (area) body.gebied = reachArea(network, result);
  return body;
}

const DESCRIPTION =
  "each with its earliest arrival, travel time and transfers, by the route planner's rules (E1: at most 5 transfers, one walk " +
  "between two rides). With venster=N the N departure minutes from tijdstip are searched and a stop is reached when the median " +
  "of its travel times is within minuten, as accessibility analyses measure it. With geojson=true gebied adds the area reachable " +
  "on foot in the time left as a GeoJSON MultiPolygon of circles.";

export const bereikbaarheidRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;

  /** The answer from `from` (a coordinate or a stop of `net`) with the request's query. */
  const answer = (req: FastifyRequest<{ Querystring: BereikbaarheidQuery }>, reply: FastifyReply, net: Network, from: PlanPoint): Bereikbaarheid => {
    const zone = zonedTime(net.meta.timezone);
    const q = req.query;
    let timeMs = opts.now();
    if (q.tijdstip !== undefined && q.tijdstip !== "") {
      const m = parseMoment(q.tijdstip, net.meta.timezone, "tijdstip", timeMs);
      timeMs = zone.localToEpochMs(m.date, m.secondsOfDay);
    }
    const result = reachableStops(net, q.realtime === false ? undefined : opts.realtime.current(net), {
      from,
      timeMs,
      limitMinutes: q.minuten ?? DEFAULT_REACH_MINUTES,
      windowMinutes: q.venster,
      walkRadiusMeters: config.routeplan?.walkRadiusMeters,
      maxTransfers: q.maxOverstappen,
    });
    const L = linkerFor(req, opts);
    // Predictions move: as E1, no cache may keep the answer.
    reply.header("cache-control", "no-store");
    return bereikbaarheidBody(net, result, q.geojson === true, L.origin, L.base, [selfLink(req, config)]);
  };

  app.get<Route>(
    "/bereikbaarheid/:vertrekLatlng",
    {
      // One search per departure minute of the window, over the whole network: its turn is bounded as E1's.
      config: { cost: () => HEAVY_COST },
      schema: {
        tags: ["bereikbaarheid"],
        summary: "Extension: every stop reachable from a coordinate within a number of minutes, and the area as GeoJSON",
        description:
          "The stops reachable from the coordinate leaving at tijdstip (default now) within minuten (default 30, at most 120), the stops " +
          `within 1 km walked to, ${DESCRIPTION}`,
        params: BereikbaarheidParams,
        querystring: BereikbaarheidQuery,
        response: { 200: Bereikbaarheid, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const from = parseLatLng(req.params.vertrekLatlng, "vertrekLatlng");
      return answer(req, reply, net, { kind: "place", ...from });
    },
  );

  app.get<StopRoute>(
    "/haltes/:entiteitnummer/:haltenummer/bereikbaarheid",
    {
      config: { cost: () => HEAVY_COST },
      schema: {
        tags: ["bereikbaarheid"],
        summary: "Extension: every stop reachable from a stop within a number of minutes, and the area as GeoJSON",
        description:
          "The stops reachable from the stop leaving at tijdstip (default now) within minuten (default 30, at most 120), starting at " +
          `the stop itself and the stops its footpaths join it to (other platforms, across the street), ${DESCRIPTION} 404 when the stop does not exist.`,
        params: StopParams,
        querystring: BereikbaarheidQuery,
        response: { 200: Bereikbaarheid, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const stop = requireStop(net, req.params.entiteitnummer, req.params.haltenummer);
      return answer(req, reply, net, { kind: "stop", stop });
    },
  );
};
