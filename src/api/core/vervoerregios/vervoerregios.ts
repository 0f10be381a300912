/**
 * Transport regions: E10 (lines of a region) and the lookups /vervoerregios, /vervoerregios/{code}.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { requireRegion } from "../../../network/lookup.js";
import { linesOfRegion } from "../../../network/queries/lines-of-region.js";
import { ERROR_RESPONSES, ListOf, VervoerRegio } from "../../shared/common.schemas.js";
import { listDay } from "../../shared/dates.js";
import type { FamilyOptions } from "../../shared/families.js";
import { lijnView } from "../lijnen/lijn-view.js";
import { lijnenSchemas } from "../lijnen/lijnen.schemas.js";
import { linkerFor, selfLink } from "../../shared/links.js";
import { Code, GeldigOpQuery } from "../../shared/params.schemas.js";
import { vervoerregioView } from "./vervoerregio-view.js";

export const VervoerRegios = ListOf("vervoerRegios", VervoerRegio, "VervoerRegios");
const CodeParams = Type.Object({ code: Code });
type CodeRoute = { Params: Static<typeof CodeParams>; Querystring: Static<typeof GeldigOpQuery> };

export const vervoerregiosRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { family, source, config } = opts;
  const tags = ["vervoerregios"];

  app.get(
    "/vervoerregios",
    {
      schema: {
        tags,
        summary: "All transport regions",
        description:
          "The transport regions (vervoerregio's) of the reference data: code, name and number, by code.",
        response: { 200: VervoerRegios, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const L = linkerFor(req, opts);
      return { vervoerRegios: net.meta.regions.map((_, r) => vervoerregioView(net, r, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<CodeRoute>(
    "/vervoerregios/:code",
    {
      schema: {
        tags,
        summary: "A transport region by code",
        description:
          "One transport region, with a link to its lines. 404 for an unknown code.",
        params: CodeParams,
        response: { 200: VervoerRegio, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      return vervoerregioView(net, requireRegion(net, req.params.code), linkerFor(req, opts), "self");
    },
  );

  app.get<CodeRoute>(
    "/vervoerregios/:code/lijnen",
    {
      schema: {
        tags,
        summary: "E10: the lines of a transport region, valid at geldigOp",
        description:
          "The lines valid on the day that belong to the region (the region of the municipality holding most of a line's stops), by entity and line number. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: CodeParams,
        querystring: GeldigOpQuery,
        response: { 200: lijnenSchemas(family).Lijnen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const r = requireRegion(net, req.params.code);
      const date = listDay(net, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return { lijnen: linesOfRegion(net, r, date).map((l) => lijnView(net, l, family, L)), links: [selfLink(req, config)] };
    },
  );
};
