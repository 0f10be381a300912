/**
 * The demo page at `/` (docs/OPERATIONS.md "The demo page at /"): the files Vite builds from web/ into dist/web (`npm run build:web`, part of
 * `npm ci` and `npm run build`), and `/web-config.json`, which tells the page where the API is and which key to
 * call it with. Nothing here needs a subscription key; the page then calls the public API like any client.
 *
 * - Files go out through @fastify/static's `sendFile` (content type, ETag and Last-Modified, 304, HEAD, ranges) from
 *   routes of our own: `/`, `/assets/:file` and each other file at the top of dist/web, so an unknown path stays a
 *   404 and every route says `auth: false`. The app's compression applies to them as to every answer.
 * - Caching: index.html and web-config.json are revalidated on every load (`no-cache`; `no-store` for the config);
 *   Vite names the files below assets/ by a hash of their content, so they are cached for a year, `immutable`.
 * - The page's Content-Security-Policy allows its own origin only: no inline script, no CDN, no tile server.
 * - The key: WEB_API_KEY when set; else `demo` when the server runs with the demo key (no key configured); else
 *   none, and the page asks the visitor for one. A key handed to every visitor is public: give it its own quota.
 * - Geometry: the page draws the map from the geometry endpoints when the server has them (the routes are looked
 *   up when the config is asked for), else from stops and line directions' stop lists.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { ROUTE_NOT_FOUND } from "../../errors.js";
import type { AppConfig } from "../../config/load-config.js";
import { publicApiKey } from "./public-api-key.js";
import { WebConfig } from "./web-page.schemas.js";

/** Where the build puts the page (vite.config.ts): dist/web of the package, from src/api or dist/api alike. */
export const WEB_PAGE_DIR = fileURLToPath(new URL("../../../dist/web/", import.meta.url));

/** The geometry endpoints the page can draw the map from, paths below `{corePrefix}/v1/beta` as the router has them. */
const GEOMETRY_ROUTES = {
  /** The whole network at a coarse tolerance: line geometries and municipality outlines. */
  network: "/kaart",
  /** One line direction's geometry; the page fills in the parameters. */
  lineDirection: "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/geometrie",
} as const;


export function webConfigBody(app: FastifyInstance, config: AppConfig): WebConfig {
  const geometry: WebConfig["geometry"] = {};
  for (const [name, path] of Object.entries(GEOMETRY_ROUTES) as Array<[keyof typeof GEOMETRY_ROUTES, string]>) {
    if (app.hasRoute({ method: "GET", url: `${config.corePrefix}/v1/beta${path}` })) geometry[name] = path;
  }
  return { key: publicApiKey(config) ?? null, corePrefix: config.corePrefix, searchPrefix: config.searchPrefix, geometry };
}

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const REVALIDATE = "no-cache";
const ONE_YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";

export interface WebPageOptions {
  config: AppConfig;
  /** The built page; default dist/web. Tests point it elsewhere. */
  dir?: string;
}

/** `/`, its assets and `/web-config.json`. Register it as a plain (encapsulated) plugin: `sendFile` stays inside. */
export const webPageRoutes: FastifyPluginAsync<WebPageOptions> = async (app, { config, dir = WEB_PAGE_DIR }) => {
  const route = { config: { auth: false }, schema: { hide: true } } as const;

  app.get("/web-config.json", { ...route, schema: { hide: true, response: { 200: WebConfig } } }, async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return webConfigBody(app, config);
  });

  if (!existsSync(join(dir, "index.html"))) {
    app.get("/", route, async () => {
      throw ROUTE_NOT_FOUND("/: the demo page is not built; `npm run build` builds it into dist/web");
    });
    return;
  }

  // No wildcard route: @fastify/static serves only what the routes below ask for.
  await app.register(fastifyStatic, { root: dir, serve: false, cacheControl: false, dotfiles: "deny" });

  app.get("/", route, (_req, reply) =>
    reply.header("cache-control", REVALIDATE).header("content-security-policy", PAGE_CSP).sendFile("index.html"),
  );
  // One segment below assets/: send refuses anything leading out of dir, a missing file is the app's 404.
  app.get<{ Params: { file: string } }>("/assets/:file", route, (req, reply) =>
    reply.header("cache-control", ONE_YEAR_IMMUTABLE).sendFile(`assets/${req.params.file}`),
  );
  for (const name of readdirSync(dir)) {
    if (name === "index.html" || name.startsWith(".") || !statSync(join(dir, name)).isFile()) continue;
    app.get(`/${name}`, route, (_req, reply) => reply.header("cache-control", ONE_DAY).sendFile(name));
  }
};
