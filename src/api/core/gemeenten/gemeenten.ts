/**
 * Municipalities: E2 (lines), E11 (stops) and the lookups /gemeenten, /gemeenten/{nr},
 * /gemeenten/lijst/{nrs}/haltes. The municipality number is the NIS code (docs/COMPATIBILITY.md).
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { requireMunicipality } from "../../../network/lookup.js";
import { linesOfMunicipality } from "../../../network/queries/lines-of-municipality.js";
import { stopsOfMunicipality } from "../../../network/queries/stops-of-municipality.js";
import { ERROR_RESPONSES, Gemeente, Halte, Links } from "../../shared/common.schemas.js";
import { listDay } from "../../shared/dates.js";
import type { FamilyOptions } from "../../shared/families.js";
import { gemeenteDetailLinks, gemeenteView } from "./gemeente-view.js";
import { halteView } from "../haltes/halte-view.js";
import { parseMunicipalityNumbers } from "../../shared/path-keys.js";
import { lijnView } from "../lijnen/lijn-view.js";
import { Gemeenten, Haltes, lijnenSchemas } from "../lijnen/lijnen.schemas.js";
import { linkerFor, selfLink } from "../../shared/links.js";
import { GeldigOpQuery, GemeenteNummer, GemeenteNummers } from "../../shared/params.schemas.js";

const OneParams = Type.Object({ gemeenteNummer: GemeenteNummer });
type OneRoute = { Params: Static<typeof OneParams>; Querystring: Static<typeof GeldigOpQuery> };
const ListParams = Type.Object({ gemeenteNummers: GemeenteNummers });

export const GemeentenHaltes = Type.Object(
  {
    gemeenteHaltes: Type.Array(Type.Object({ gemeente: Gemeente, haltes: Type.Array(Halte) })),
    links: Links,
  },
  { title: "GemeentenHaltes" },
);

export const gemeentenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { family, source, config } = opts;
  const tags = ["gemeenten"];

  app.get(
    "/gemeenten",
    {
      schema: {
        tags,
        summary: "All municipalities",
        description:
          "Every municipality of the reference data the network was imported with, by NIS code (gemeentenummer); empty for a network imported without reference data.",
        response: { 200: Gemeenten, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const L = linkerFor(req, opts);
      const ms = net.meta.municipalities.map((_, i) => i).sort((a, b) => net.meta.municipalities[a].nis - net.meta.municipalities[b].nis);
      return { gemeenten: ms.map((m) => gemeenteView(net, m, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<{ Params: Static<typeof ListParams>; Querystring: Static<typeof GeldigOpQuery> }>(
    "/gemeenten/lijst/:gemeenteNummers/haltes",
    {
      schema: {
        tags,
        summary: "The stops of each municipality of a list, valid at geldigOp",
        description:
          "Per municipality of the list, in the order asked: the municipality and the stops in it that a line valid on the day serves. 404 when one of them does not exist. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: ListParams,
        querystring: GeldigOpQuery,
        response: { 200: GemeentenHaltes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const date = listDay(net, req.query.geldigOp, opts.now());
      const ms = parseMunicipalityNumbers(req.params.gemeenteNummers).map((nis) => requireMunicipality(net, nis));
      const L = linkerFor(req, opts);
      return {
        gemeenteHaltes: ms.map((m) => ({
          gemeente: gemeenteView(net, m, L),
          haltes: stopsOfMunicipality(net, m, date).map((s) => halteView(net, s, L)),
        })),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<OneRoute>(
    "/gemeenten/:gemeenteNummer",
    {
      schema: {
        tags,
        summary: "A municipality by number (NIS code)",
        description:
          "One municipality, with links to its lines and stops and, for a sub-municipality, its main municipality (hoofdGemeente). 404 when unknown.",
        params: OneParams,
        response: { 200: Gemeente, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const m = requireMunicipality(net, Number(req.params.gemeenteNummer));
      const L = linkerFor(req, opts);
      return gemeenteView(net, m, L, gemeenteDetailLinks(net, m, L));
    },
  );

  app.get<OneRoute>(
    "/gemeenten/:gemeenteNummer/lijnen",
    {
      schema: {
        tags,
        summary: "E2: the lines stopping in a municipality, valid at geldigOp",
        description:
          "The lines valid on the day with at least one stop in the municipality, by entity and line number. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: OneParams,
        querystring: GeldigOpQuery,
        response: { 200: lijnenSchemas(family).Lijnen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const m = requireMunicipality(net, Number(req.params.gemeenteNummer));
      const date = listDay(net, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return {
        lijnen: linesOfMunicipality(net, m, date).map((l) => lijnView(net, l, family, L)),
        links: [selfLink(req, config)],
      };
    },
  );

  app.get<OneRoute>(
    "/gemeenten/:gemeenteNummer/haltes",
    {
      schema: {
        tags,
        summary: "E11: the stops of a municipality, valid at geldigOp",
        description:
          "The stops in the municipality that a line valid on the day serves, by stop number. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: OneParams,
        querystring: GeldigOpQuery,
        response: { 200: Haltes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const m = requireMunicipality(net, Number(req.params.gemeenteNummer));
      const date = listDay(net, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return { haltes: stopsOfMunicipality(net, m, date).map((s) => halteView(net, s, L)), links: [selfLink(req, config)] };
    },
  );
};
