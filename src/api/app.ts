/**
 * The HTTP app: Fastify with the subscription-key check, compression, the error mapping, the OpenAPI documents,
 * HTTP hygiene (CORS, security headers, request ids, 405), /metrics, /health, /ready, and every resource plugin registered once per path family (v1 and beta), the search part's below its
 * own prefix.
 */
import { packageInfo } from "../lib/package-info.js";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { Registry } from "prom-client";
import type { AppConfig } from "../config/load-config.js";
import { authPlugin, loggedRequest } from "./http/auth.js";
import { dienstregelingenRoutes } from "./core/dienstregelingen/dienstregelingen.js";
import { docsRoutes } from "./docs/docs.js";
import { eventStreamsPlugin } from "./shared/event-streams.js";
import { entiteitenRoutes } from "./core/entiteiten/entiteiten.js";
import { compressedAnswersPlugin } from "./http/compressed-answers.js";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from "./http/error-handler.js";
import { FAMILIES, type FamilyOptions, familyOptions, searchFamilySegment } from "./shared/families.js";
import { gemeentenRoutes } from "./core/gemeenten/gemeenten.js";
import { geometrieRoutes } from "./core/kaart/geometrie.js";
import { gtfsRealtimeRoute } from "./gtfs-rt/gtfs-realtime.js";
import { haltesRoutes } from "./core/haltes/haltes.js";
import { type FeedRefreshHealth, feedHealthOf, healthRoute, readyRoute } from "./beheer/health.js";
import { httpHygienePlugin } from "./http/http-hygiene.js";
import { kleurenRoutes } from "./core/kleuren/kleuren.js";
import { lijnenRoutes } from "./core/lijnen/lijnen.js";
import { metricsPlugin } from "./beheer/metrics.js";
import type { NetworkSource } from "./shared/network-source.js";
import type { RealtimeSource } from "./shared/realtime-source.js";
import { omleidingenRoutes } from "./core/omleidingen/omleidingen.js";
import { openApiRoute, registerOpenApi, searchOpenApiRoute } from "./docs/openapi.js";
import { quotaPlugin } from "./quota/quota-plugin.js";
import { renderedLanePlugin } from "./http/rendered-lane.js";
import { COMPRESS_THRESHOLD_BYTES } from "./http/content-encoding.js";
import { realTimeRoutes } from "./core/real-time/real-time.js";
import { requestCostPlugin } from "./http/request-cost.js";
import { requestIdOf } from "./http/request-id.js";
import { routeplanRoutes } from "./core/routeplan/routeplan.js";
import { bereikbaarheidRoutes } from "./core/bereikbaarheid/bereikbaarheid.js";
import { strictQueryPlugin } from "./http/strict-query.js";
import { vervoerregiosRoutes } from "./core/vervoerregios/vervoerregios.js";
import { voertuigenRoutes } from "./core/voertuigen/voertuigen.js";
import { webNetworkRoute } from "./docs/web-network.js";
import { webPageRoutes } from "./docs/web-page.js";
import { warmSearch, zoekRoutes } from "./zoek/zoeken.js";

/** A resource family's routes, written once and registered below `{corePrefix}/api/v1` and `{corePrefix}/v1/beta`. */
export type FamilyPlugin = FastifyPluginAsync<FamilyOptions>;

/** Every resource plugin of the core part. A new resource family is one more entry here. */
export const CORE_PLUGINS: readonly FamilyPlugin[] = [
  lijnenRoutes,
  haltesRoutes,
  gemeentenRoutes,
  entiteitenRoutes,
  vervoerregiosRoutes,
  kleurenRoutes,
  dienstregelingenRoutes, omleidingenRoutes, // timetables (E5) and diversions (E4)
  realTimeRoutes, // real-time passages per stop, stop list and line direction (E20)
  routeplanRoutes, // E1, route planning (spec 2.12)
  bereikbaarheidRoutes, // reachability within a time limit, an extension (docs/COMPATIBILITY.md P27)
  geometrieRoutes, // the map: line direction paths, municipality outlines, /kaart (docs/COMPATIBILITY.md W5-W9)
  voertuigenRoutes, // vehicles of a line direction and of the network (docs/COMPATIBILITY.md R21-R23)
];

export interface BuildAppOptions {
  network: NetworkSource;
  config: AppConfig;
  /** What "now" is, in epoch milliseconds; default Date.now. Tests pin it. */
  clock?: () => number;
  /** The real-time state per network; default none (the schedule answers, GEENREALTIME). */
  realtime?: RealtimeSource;
  /** Where log lines go (one JSON object per line); default stdout. */
  logStream?: { write(line: string): void };
  /** Log the configuration's warnings (default true); a cluster's workers but the first leave them to it. */
  logConfigWarnings?: boolean;
  /**
   * The Prometheus registry /metrics reads (default a new one), what /metrics answers (default that registry's
   * text), and the feed refresh's series when this process runs the refresh (src/cli/feed-refresh.ts).
   */
  metrics?: { registry?: Registry; exposition?: () => Promise<string>; feedRefresh?: () => FeedRefreshHealth | undefined };
  /** The feed refresh's report for /health (`serve --feed`; a cluster's worker holds what its primary sent). */
  feedRefresh?: () => FeedRefreshHealth | undefined;
  /** True once the server is shutting down (serve-command.ts): /ready answers 503, answers close their connection. */
  closing?: () => boolean;
}

/** The longest path parameter the router takes: a list of 100 line direction keys is about 1,200 characters. */
const MAX_PARAM_LENGTH = 2048;

/** Milliseconds between Node's checks of the headers and request timeouts: a connection outlives them by at most this. */
const CONNECTIONS_CHECK_MS = 500;

/** Builds the app, ready to `listen()` or `inject()`. Reads the network through `network.current()` per request. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { network: source, config } = options;
  const app = Fastify({
    // The request log lines never show a subscription key given in the query (auth.ts).
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}), serializers: { req: loggedRequest } },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Malformed percent-encoding and over-long path parameters fail in the router: answer them as every other 400.
    frameworkErrors: frameworkErrorHandler(MAX_PARAM_LENGTH),
    // Requests Node's HTTP parser refuses never reach the router: answer them in the same shape.
    clientErrorHandler,
    // Node answers an HTTP/1.1 request without Host with an empty 400; installErrorHandling answers it in JSON.
    // connectionsCheckingInterval: how often Node looks for connections past the headers and request timeouts; its
    // default of 30 s let a slowloris connection live up to 30 s past a 2 s headers timeout.
    http: { requireHostHeader: false, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    // Request ids: an incoming sane X-Request-Id, else a random UUID (request-id.ts); returned by http-hygiene.ts.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // While shutting down, a request on an open keep-alive connection is still answered (with Connection: close),
    // not refused with a 503: it arrived before the client could know (http-hygiene.ts).
    return503OnClosing: false,
    requestTimeout: config.server.requestTimeoutSeconds * 1000,
    keepAliveTimeout: config.server.keepAliveTimeoutSeconds * 1000,
  });
  app.server.headersTimeout = config.server.headersTimeoutSeconds * 1000;
  const closing = options.closing ?? (() => false);
  if (options.logConfigWarnings !== false) for (const w of config.warnings) app.log.warn(w);
  if (config.apiKeysSource !== "demo" && config.apiKeys.length > 0) app.log.info(`${config.apiKeys.length} API key(s) configured (${config.apiKeysSource})`);

  installErrorHandling(app, config);
  // CORS, security headers, request ids, 405 and OPTIONS (docs/COMPATIBILITY.md O10-O14); before every route, so that it sees them all.
  await app.register(httpHygienePlugin, {
    corsOrigins: config.server.corsOrigins,
    ignoreTrailingSlash: true,
    maxParamLength: MAX_PARAM_LENGTH,
    closing,
  });
  // The API only reads and no route takes a body, so none is parsed: with Fastify's parsers a POST with a broken
  // JSON body to a GET path answered 400 (413 over 1 MB) instead of the 404 of a method the path does not have.
  // Node discards a body nobody reads once the answer is sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  await registerOpenApi(app, config, packageInfo().version);
  await app.register(docsRoutes, { config }); // /docs, the interactive reference: before the key check, it needs none
  await app.register(authPlugin, { keys: config.apiKeys, keysFile: config.quota.keysFile });
  await app.register(quotaPlugin, { config: config.quota, now: options.clock }); // quotas per key of KEYS_FILE (docs/OPERATIONS.md "Keys and quotas")
  await app.register(strictQueryPlugin);
  // Accept: text/event-stream on the real-time and vehicle routes (docs/COMPATIBILITY.md R24-R26).
  await app.register(eventStreamsPlugin, {
    source,
    realtime: options.realtime,
    now: options.clock ?? Date.now,
    streamsPerWorker: config.server.streamsPerWorker,
    streamsPerKey: config.server.streamsPerKey,
  });
  // Large answers asked again go out in the encoding kept from last time, while they are the same (docs/COMPATIBILITY.md O20).
  await app.register(compressedAnswersPlugin);
  // Costly requests (lists of stops with many passages, route plans) run a few at a time per worker (request-cost.ts).
  await app.register(requestCostPlugin);
  // brotli quality 4 (the plugin's default) and a 1 KiB threshold: small answers go out as they are. No request
  // decompression: no route reads a body (above), and its preParsing hook cost every request a hook stage.
  await app.register(compress, { global: true, globalDecompression: false, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ["br", "gzip", "deflate"] });

  // /metrics (docs/OPERATIONS.md "Metrics"): counts every route registered after it.
  await app.register(metricsPlugin, {
    registry: options.metrics?.registry ?? new Registry(),
    exposition: options.metrics?.exposition,
    access: config.server.metrics,
    trustProxy: config.trustProxy,
    source,
    feedHealth: feedHealthOf(options.realtime),
    feedRefresh: options.metrics?.feedRefresh,
    now: options.clock ?? Date.now,
  });
  // Answers already rendered, asked again, before Fastify's routing (rendered-lane.ts): after the key check, the
  // quota and /metrics, whose functions it calls.
  await app.register(renderedLanePlugin, { source, corsOrigins: config.server.corsOrigins, closing });
  await app.register(healthRoute, {
    source,
    trustProxy: config.trustProxy,
    now: options.clock ?? Date.now,
    realtime: options.realtime,
    validityWarningDays: config.validityWarningDays,
    feedRefresh: options.feedRefresh,
  });
  await app.register(readyRoute, {
    source,
    trustProxy: config.trustProxy,
    now: options.clock ?? Date.now,
    realtime: options.realtime,
    realtimeMaxAgeSeconds: config.server.readyRealtimeMaxAgeSeconds,
    closing,
  });
  for (const family of FAMILIES) {
    const opts = familyOptions(family, source, config, options.clock, options.realtime);
    for (const plugin of CORE_PLUGINS) await app.register(plugin, { ...opts, prefix: opts.familyPrefix });
    // E7, E8, E9 (spec 4.4) below the search prefix; their links lead to the core family of the same name.
    await app.register(zoekRoutes, { ...opts, prefix: `${config.searchPrefix}${searchFamilySegment(family)}` });
  }
  await app.register(gtfsRealtimeRoute, { source, config, realtime: options.realtime, now: options.clock }); // GTFS-RT out (gtfs.org/realtime/reference)
  await app.register(webPageRoutes, { config }); // the demo page at / and /web-config.json (docs/OPERATIONS.md "The demo page at /")
  await app.register(webNetworkRoute, { source, now: options.clock ?? Date.now }); // the page's /web-network.json (docs/COMPATIBILITY.md W27)
  openApiRoute(app, config);
  searchOpenApiRoute(app, config);
  // The search indexes of the network served, built now rather than by the first search.
  warmSearch(source.current());
  return app;
}
