/**
 * /docs: the interactive API reference (docs/COMPATIBILITY.md W1-W3), Swagger UI over our two generated OpenAPI documents (the core
 * part's and the search part's, chosen at the top of the page), served from this process with no key.
 *
 * Choices:
 * - @fastify/swagger-ui, the Fastify organisation's plugin beside the @fastify/swagger generator we use: it serves
 *   swagger-ui-dist's files from the package (no CDN: the page works offline, as the demo must), and its config
 *   takes several documents. @scalar/fastify-api-reference was the other candidate; its default page loads fonts
 *   from its CDN and its "try it" client is built around a proxy.
 * - "Try it" calls this server (the documents name no server unless PUBLIC_BASE_URL is set, so the page's own
 *   origin). When the server has a key meant for anyone, the page is authorised with it on load: the demo key when
 *   no key is configured, else WEB_API_KEY, the key the demo page at / hands out (web-page.ts). Otherwise the
 *   visitor enters theirs with "Authorize".
 * - No validator badge (Swagger UI would send the document to an outside validator) and a Content-Security-Policy
 *   that allows this origin only (plus PUBLIC_BASE_URL for "try it"); Swagger UI sets inline styles.
 * - Registered before the key check (app.ts): the plugin's routes are added without one. So it compresses its own
 *   answers (the app's compression comes after the key check): Swagger UI's 2.1 MB of assets go out as 0.5 MB.
 */
import compress from "@fastify/compress";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../../config/load-config.js";
import { publicApiKey } from "./public-api-key.js";

/** Where the reference is served. */
export const DOCS_PREFIX = "/docs";

/** The Content-Security-Policy of the reference's pages and assets. */
export function docsContentSecurityPolicy(config: AppConfig): string {
  const api = config.publicBaseUrl ? ` ${new URL(config.publicBaseUrl).origin}` : "";
  return [
    "default-src 'self'",
    `connect-src 'self'${api}`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const docsRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const key = publicApiKey(config);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: docsContentSecurityPolicy(config),
    theme: { title: "lijnwijzer API" },
    uiConfig: {
      urls: [
        { url: `${config.corePrefix}/openapi.json`, name: "core: lijnen, haltes, dienstregelingen, real-time, routeplan, bereikbaarheid, kaart" },
        { url: `${config.searchPrefix}/openapi.json`, name: "search: zoek haltes, lijnrichtingen, locaties" },
      ],
      docExpansion: "list",
      filter: true,
      tryItOutEnabled: true,
      displayRequestDuration: true,
      persistAuthorization: key === undefined,
      // The function's text is written into the page's initializer, where `ui` is the Swagger UI instance.
      ...(key === undefined ? {} : { onComplete: preauthorize(key) }),
    },
  });
};

/** A Swagger UI onComplete hook authorising both documents' header key scheme with `key`. */
function preauthorize(key: string): () => void {
  // biome-ignore lint: the body runs in the browser, where the initializer defines `ui`
  return new Function(`ui.preauthorizeApiKey("apiKeyHeader", ${JSON.stringify(key)});`) as () => void;
}
