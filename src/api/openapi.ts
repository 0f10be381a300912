/**
 * The OpenAPI documents, generated from the route schemas by @fastify/swagger (generation only: no UI) and served
 * without a key: the core part's at `{corePrefix}/openapi.json`, the search part's at `{searchPrefix}/openapi.json`,
 * as the operator publishes one document per part. Two generators see every route; each leaves out the other
 * part's routes, told apart by the search routes' tag `zoek`.
 */
import swagger, { type SwaggerTransform } from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../lib/config.js";
import { SUBSCRIPTION_KEY_QUERY } from "./auth.js";

/** The tag of every search route (zoeken.ts), as the published Search OpenAPI tags them. */
export const SEARCH_TAG = "zoek";

const SECURITY_SCHEMES = {
  apiKeyHeader: { type: "apiKey", name: "Ocp-Apim-Subscription-Key", in: "header" },
  apiKeyQuery: { type: "apiKey", name: SUBSCRIPTION_KEY_QUERY, in: "query" },
} as const;

/** A transform that keeps the routes of one part in its document and hides the others. */
function onlyPart(search: boolean): SwaggerTransform {
  return ({ schema, url }) => {
    const isSearch = ((schema?.tags as string[] | undefined) ?? []).includes(SEARCH_TAG);
    return { schema: isSearch === search ? schema : { ...schema, hide: true }, url };
  };
}

/** Registers the generators; must run before any route is added, as they collect routes in onRoute. */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig, version: string): Promise<void> {
  await app.register(swagger, {
    transform: onlyPart(false),
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "lijnwijzer",
        description:
          "Public-transport open data compatible with De Lijn's open-data API (core part: lines, line directions, " +
          "stops, municipalities, entities, transport regions, colours). Paths exist in two families, " +
          `${config.corePrefix}/api/v1 and ${config.corePrefix}/v1/beta. Every endpoint needs a subscription key.`,
        version,
      },
      servers: config.publicBaseUrl ? [{ url: config.publicBaseUrl }] : [],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
    },
  });
  await app.register(swagger, {
    decorator: "searchSwagger",
    transform: onlyPart(true),
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "lijnwijzer search",
        description:
          "Public-transport open data compatible with De Lijn's open-data API, search part: stops (E7), line " +
          "directions (E9) and locations (E8) by free text. Paths exist in two families, " +
          `${config.searchPrefix}/v1/beta (the spec's) and ${config.searchPrefix}/v1 (the published Search OpenAPI's); ` +
          `hits link to the core part's resources (${config.corePrefix}/openapi.json). Every endpoint needs a subscription key.`,
        version,
      },
      servers: config.publicBaseUrl ? [{ url: config.publicBaseUrl }] : [],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
      tags: [{ name: SEARCH_TAG, description: "free-text search (spec 4.4)" }],
    },
  });
}

/** The route that serves the document; added last, so that every route is in it. */
export function openApiRoute(app: FastifyInstance, config: AppConfig): void {
  let document: string | undefined;
  app.get(
    `${config.corePrefix}/openapi.json`,
    { schema: { hide: true }, config: { auth: false } },
    async (_req, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type("application/json; charset=utf-8").send(document);
    },
  );
}

/** The route that serves the search part's document; added last, so that every search route is in it. */
export function searchOpenApiRoute(app: FastifyInstance, config: AppConfig): void {
  let document: string | undefined;
  app.get(
    `${config.searchPrefix}/openapi.json`,
    { schema: { hide: true }, config: { auth: false } },
    async (_req, reply) => {
      document ??= JSON.stringify(app.getDecorator<() => unknown>("searchSwagger")());
      return reply.type("application/json; charset=utf-8").send(document);
    },
  );
}
