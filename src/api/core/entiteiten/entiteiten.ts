/**
 * Entities: E14 (all), E16 (by number) and the lookups /entiteiten/{e}/gemeenten|haltes|lijnen.
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { requireEntity } from "../../../network/lookup.js";
import { linesOfEntity } from "../../../network/queries/lines-of-entity.js";
import { municipalitiesOfEntity } from "../../../network/queries/municipalities-of-entity.js";
import { stopsOfEntity } from "../../../network/queries/stops-of-entity.js";
import { ERROR_RESPONSES, Entiteit, ListOf } from "../../shared/common.schemas.js";
import { listDay } from "../../shared/dates.js";
import type { FamilyOptions } from "../../shared/families.js";
import { entiteitView } from "./entiteit-view.js";
import { gemeenteView } from "../gemeenten/gemeente-view.js";
import { halteView } from "../haltes/halte-view.js";
import { lijnView } from "../lijnen/lijn-view.js";
import { Gemeenten, Haltes, lijnenSchemas } from "../lijnen/lijnen.schemas.js";
import { linkerFor, selfLink } from "../../shared/links.js";
import { EntityParams, GeldigOpQuery } from "../../shared/params.schemas.js";

export const Entiteiten = ListOf("entiteiten", Entiteit, "Entiteiten");
type EntityRoute = { Params: Static<typeof EntityParams>; Querystring: Static<typeof GeldigOpQuery> };

export const entiteitenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { family, source, config } = opts;
  const tags = ["entiteiten"];

  app.get(
    "/entiteiten",
    {
      schema: {
        tags,
        summary: "E14: all entities",
        description:
          "The entities (the operator's provinces: entiteitnummer and entiteitcode) of the network, by number, each linking to itself.",
        response: { 200: Entiteiten, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const L = linkerFor(req, opts);
      return { entiteiten: net.meta.entities.map((_, e) => entiteitView(net, e, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<EntityRoute>(
    "/entiteiten/:entiteitnummer",
    {
      schema: {
        tags,
        summary: "E16: an entity by number",
        description:
          "One entity, with links to its lines, stops and municipalities. 404 when the network has no such entity.",
        params: EntityParams,
        response: { 200: Entiteit, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      return entiteitView(net, requireEntity(net, req.params.entiteitnummer), linkerFor(req, opts), "self");
    },
  );

  app.get<EntityRoute>(
    "/entiteiten/:entiteitnummer/gemeenten",
    {
      schema: {
        tags,
        summary: "The municipalities of an entity",
        description:
          "The municipalities of the entity's province, by NIS code. 404 for an unknown entity.",
        params: EntityParams,
        response: { 200: Gemeenten, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const e = requireEntity(net, req.params.entiteitnummer);
      const L = linkerFor(req, opts);
      return { gemeenten: municipalitiesOfEntity(net, e).map((m) => gemeenteView(net, m, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<EntityRoute>(
    "/entiteiten/:entiteitnummer/haltes",
    {
      schema: {
        tags,
        summary: "The stops of an entity, valid at geldigOp",
        description:
          "The stops of the entity that a line valid on the day serves, by stop number. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: EntityParams,
        querystring: GeldigOpQuery,
        response: { 200: Haltes, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const e = requireEntity(net, req.params.entiteitnummer);
      const date = listDay(net, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return { haltes: stopsOfEntity(net, e, date).map((s) => halteView(net, s, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<EntityRoute>(
    "/entiteiten/:entiteitnummer/lijnen",
    {
      schema: {
        tags,
        summary: "The lines of an entity, valid at geldigOp",
        description:
          "The lines of the entity valid on the day, by line number. geldigOp (yyyy-MM-ddTHH:mm:ss in the network's time zone) picks the day; without it, today.",
        params: EntityParams,
        querystring: GeldigOpQuery,
        response: { 200: lijnenSchemas(family).Lijnen, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const e = requireEntity(net, req.params.entiteitnummer);
      const date = listDay(net, req.query.geldigOp, opts.now());
      const L = linkerFor(req, opts);
      return { lijnen: linesOfEntity(net, e, date).map((l) => lijnView(net, l, family, L)), links: [selfLink(req, config)] };
    },
  );
};
