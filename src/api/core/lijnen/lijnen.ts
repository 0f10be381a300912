/**
 * Lines and line directions: E3, E13, E17, E18, E19 and the lookups /lijnen, /lijnen/lijst/{lijnsleutels},
 * /lijnen/{e}/{l}/gemeenten, /lijnen/{e}/{l}/lijnrichtingen[/{richting}].
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { GTFS_ID_NOT_FOUND } from "../../../errors.js";
import { linesByGtfsRouteId } from "../../../network/gtfs-id-lookup.js";
import { requireLine, requireLineDirection } from "../../../network/lookup.js";
import type { LineIdx, Network } from "../../../network/model.js";
import { lineDirectionsOfLine } from "../../../network/queries/line-directions-of-line.js";
import { linesValidOn } from "../../../network/queries/lines-valid-on.js";
import { lineDefaultDay } from "../../../network/queries/network-validity.js";
import { municipalitiesOfLine } from "../../../network/queries/municipalities-of-line.js";
import { stopsOfLineDirection } from "../../../network/queries/stops-of-line-direction.js";
import { ERROR_RESPONSES, Lijn, LijnkleurCodes, Lijnrichting } from "../../shared/common.schemas.js";
import { geldigOpDay, listDay } from "../../shared/dates.js";
import type { FamilyOptions } from "../../shared/families.js";
import { gemeenteView } from "../gemeenten/gemeente-view.js";
import { halteView } from "../haltes/halte-view.js";
import { directionIndex, parseLineKeys } from "../../shared/path-keys.js";
import { lijnkleurCodesView } from "../kleuren/kleur-view.js";
import { lijnDetailLinks, lijnView, lineKey } from "./lijn-view.js";
import { Gemeenten, Haltes, Lijnrichtingen, lijnenSchemas } from "./lijnen.schemas.js";
import { lijnrichtingDetailLinks, lijnrichtingView } from "./lijnrichting-view.js";
import { linkerFor, selfLink } from "../../shared/links.js";
import { renderedAnswer } from "../../shared/rendered-answers.js";
import { keepForRenderedLane } from "../../http/rendered-lane.js";
import { GeldigOpQuery, GtfsId, LineDirectionParams, LineParams, Lijnsleutels } from "../../shared/params.schemas.js";
import { shownValue } from "../../http/shown-value.js";

type LineRoute = { Params: Static<typeof LineParams>; Querystring: Static<typeof GeldigOpQuery> };
type LineDirectionRoute = { Params: Static<typeof LineDirectionParams>; Querystring: Static<typeof GeldigOpQuery> };
const ListParams = Type.Object({ lijnsleutels: Lijnsleutels });
const GtfsIdParams = Type.Object({ gtfsId: GtfsId });
/** The content type of a rendered JSON answer, as Fastify writes it for an object. */
const JSON_UTF8 = "application/json; charset=utf-8";
type ListRoute = { Params: Static<typeof ListParams>; Querystring: Static<typeof GeldigOpQuery> };

/** The day a line's own lists answer for: geldigOp, else today within the line's validity (network-validity.ts). */
function lineDay(net: Network, line: LineIdx, geldigOp: string | undefined, nowMs: number) {
  return listDay(net, geldigOp, nowMs, (today) => lineDefaultDay(net, line, today));
}

function linesOfKeys(net: Network, text: string): LineIdx[] {
  return parseLineKeys(text).map((k) => requireLine(net, k.entity, k.line));
}

export const lijnenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { family, source, config } = opts;
  const S = lijnenSchemas(family);
  const tags = ["lijnen"];

  app.get<{ Querystring: Static<typeof GeldigOpQuery> }>(
    "/lijnen",
    {
      schema: {
        tags,
        summary: "All lines valid at geldigOp",
        description:
          "Every line with trips on the day, by entity and line number, with its public number, description, transport type and validity. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        querystring: GeldigOpQuery,
        response: { 200: S.Lijnen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const date = listDay(net, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return { lijnen: linesValidOn(net, date).map((l) => lijnView(net, l, family, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<{ Params: Static<typeof GtfsIdParams> }>(
    "/lijnen/gtfs/:gtfsId",
    {
      schema: {
        tags,
        summary: "Extension: the line of a GTFS route_id, to find a line's key from the feed's ids",
        description: "The lines whose GTFS route_id is the value (case-sensitive); several when feeds share an id. 404 when none.",
        params: GtfsIdParams,
        response: { 200: S.Lijnen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const lines = linesByGtfsRouteId(net, req.params.gtfsId);
      if (lines.length === 0) throw GTFS_ID_NOT_FOUND("line", "route_id", shownValue(req.params.gtfsId));
      const L = linkerFor(req, opts);
      return { lijnen: lines.map((l) => lijnView(net, l, family, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<ListRoute>(
    "/lijnen/lijst/:lijnsleutels",
    {
      schema: {
        tags,
        summary: "Lines by a list of line keys",
        description:
          "The lines of the keys entiteitnummer_lijnnummer joined with _, in the order asked. 404 when one of them does not exist.",
        params: ListParams,
        querystring: GeldigOpQuery,
        response: { 200: S.Lijnen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      return {
        lijnen: linesOfKeys(net, req.params.lijnsleutels).map((l) => lijnView(net, l, family, L)),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<ListRoute>(
    "/lijnen/lijst/:lijnsleutels/lijnrichtingen",
    {
      schema: {
        tags,
        summary: "E13: the line directions of a list of lines, valid at geldigOp",
        description:
          "Per line of the list, in the order asked: the line and its directions (HEEN, TERUG) valid on the day, with destination, description and colours. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: ListParams,
        querystring: GeldigOpQuery,
        response: { 200: S.LijnLijnrichtingenLijst, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const L = linkerFor(req, opts);
      return {
        lijnLijnrichtingen: linesOfKeys(net, req.params.lijnsleutels).map((l) => ({
          lijn: lijnView(net, l, family, L),
          lijnrichtingen: lineDirectionsOfLine(net, l, lineDay(net, l, req.query.geldigOp, opts.now())).map((ld) =>
            lijnrichtingView(net, ld, L),
          ),
        })),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<ListRoute>(
    "/lijnen/lijst/:lijnsleutels/lijnkleuren",
    {
      schema: {
        tags,
        summary: "E17: the colour codes of a list of lines",
        description:
          "Per line of the list, in the order asked: the palette codes of its foreground, background and their borders, each linking to the colour.",
        params: ListParams,
        querystring: GeldigOpQuery,
        response: { 200: S.LijnLijnkleurCodesLijst, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      return {
        lijnLijnkleurCodesijst: linesOfKeys(net, req.params.lijnsleutels).map((l) => ({
          lijn: lijnView(net, l, family, L),
          lijnkleurCodes: lijnkleurCodesView(net, l, L),
        })),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<LineRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer",
    {
      schema: {
        tags,
        summary: "E3: a line by key",
        description:
          "One line: public number, description, transport type, service type, region and validity, with links to its directions, colours and municipalities. 404 when it does not exist.",
        params: LineParams,
        querystring: GeldigOpQuery,
        response: { 200: Lijn(family), ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const net = source.current();
      const line = requireLine(net, req.params.entiteitnummer, req.params.lijnnummer);
      if (req.query.geldigOp !== undefined) geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      // The answer depends on the network, the line and the link base only: kept rendered (rendered-answers.ts).
      const text = renderedAnswer(net, `lijn|${L.base}|${line}`, () => lijnView(net, line, family, L, lijnDetailLinks(net, line, L)));
      // Asked again, it is answered before the routing (rendered-lane.ts).
      keepForRenderedLane(req, net, text, JSON_UTF8);
      return reply.type(JSON_UTF8).send(text);
    },
  );

  app.get<LineRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/gemeenten",
    {
      schema: {
        tags,
        summary: "The municipalities a line stops in, at geldigOp",
        description:
          "The municipalities with at least one stop of the line's trips on the day, by NIS code. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: LineParams,
        querystring: GeldigOpQuery,
        response: { 200: Gemeenten, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const line = requireLine(net, req.params.entiteitnummer, req.params.lijnnummer);
      const date = lineDay(net, line, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return {
        gemeenten: municipalitiesOfLine(net, line, date).map((m) => gemeenteView(net, m, L)),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<LineRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnkleuren",
    {
      schema: {
        tags,
        summary: "E18: the colour codes of one line",
        description:
          "The palette codes of the line's foreground, background and their borders, each linking to the colour. 404 when the line does not exist.",
        params: LineParams,
        querystring: GeldigOpQuery,
        response: { 200: LijnkleurCodes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const line = requireLine(net, req.params.entiteitnummer, req.params.lijnnummer);
      if (req.query.geldigOp !== undefined) geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      const key = lineKey(net, line);
      const path = L.line(key.entity, key.line);
      return lijnkleurCodesView(net, line, L, [L.link("self", `${path}/lijnkleuren`), L.link("lijn", path)]);
    },
  );

  app.get<LineRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen",
    {
      schema: {
        tags,
        summary: "The directions of a line valid at geldigOp",
        description:
          "The line's directions (HEEN, TERUG) with trips on the day, with destination, description and colours. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: LineParams,
        querystring: GeldigOpQuery,
        response: { 200: Lijnrichtingen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const line = requireLine(net, req.params.entiteitnummer, req.params.lijnnummer);
      const date = lineDay(net, line, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return {
        lijnrichtingen: lineDirectionsOfLine(net, line, date).map((ld) => lijnrichtingView(net, ld, L)),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<LineDirectionRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting",
    {
      schema: {
        tags,
        summary: "A line direction by key",
        description:
          "One direction of a line (HEEN or TERUG): destination, description and colours, with links to its stops and line. 404 when the line has no trips in that direction.",
        params: LineDirectionParams,
        querystring: GeldigOpQuery,
        response: { 200: Lijnrichting, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const { entiteitnummer, lijnnummer, richting } = req.params;
      const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
      if (req.query.geldigOp !== undefined) geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      return lijnrichtingView(net, ld, L, lijnrichtingDetailLinks(net, ld, L));
    },
  );

  app.get<LineDirectionRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/haltes",
    {
      schema: {
        tags,
        summary: "E19: the stops of a line direction in travel order",
        description:
          "The stops the direction's trips call at, in travel order: its main pattern, with the stops only other patterns serve inserted where they come. 404 when the line direction does not exist.",
        params: LineDirectionParams,
        querystring: GeldigOpQuery,
        response: { 200: Haltes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const { entiteitnummer, lijnnummer, richting } = req.params;
      const ld = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
      if (req.query.geldigOp !== undefined) geldigOpDay(req.query.geldigOp, net.meta.timezone, opts.now());
      const L = linkerFor(req, opts);
      return { haltes: stopsOfLineDirection(net, ld).map((s) => halteView(net, s, L)), links: [selfLink(req, config)] };
    },
  );
};
