/**
 * The OpenAPI document, generated from the route schemas by @fastify/swagger (generation only: no UI) and
 * served at `{corePrefix}/openapi.json` without a key.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../lib/config.js";
import { SUBSCRIPTION_KEY_QUERY } from "./auth.js";

/** Registers the generator; must run before any route is added, as it collects routes in onRoute. */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig, version: string): Promise<void> {
  await app.register(swagger, {
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
      components: {
        securitySchemes: {
          apiKeyHeader: { type: "apiKey", name: "Ocp-Apim-Subscription-Key", in: "header" },
          apiKeyQuery: { type: "apiKey", name: SUBSCRIPTION_KEY_QUERY, in: "query" },
        },
      },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
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
