/**
 * GET /metrics in the Prometheus text format (prom-client: it brings histograms, the
 * process metrics and AggregatorRegistry, which merges the workers' metrics in a cluster's primary).
 *
 * What is measured, per process (a cluster labels every series with its `worker`, 0 to N-1, see cluster.ts):
 * - lijnwijzer_http_requests_total{route, method, status} and lijnwijzer_http_request_duration_seconds{route,
 *   method} (a histogram): `route` is the route's pattern (`/DLKernOpenData/api/v1/lijnen/:entiteitnummer/
 *   :lijnnummer`), "unmatched" for a path no route has, so that the series stay few whatever clients ask;
 * - lijnwijzer_quota_rejections_total{window, product} and lijnwijzer_quota_store_errors_total{policy}, from the
 *   quota module's events (src/api/quota/quota-counters.ts);
 * - per GTFS-Realtime feed (FeedManager.feedHealth, read at each scrape): the age of the message served, whether
 *   it is served, the polls in a row that failed, the last success, entities matched and unmatched;
 * - the snapshot served: its creation time and age, its format version and feed versions (an info series), when
 *   it was loaded, and reloads swapped in or refused;
 * - the network's days left to its last service day (negative once it has run out);
 * - with `serve --feed` (src/cli/feed-refresh.ts), per GTFS feed: its last check and last success, the checks in a
 *   row that failed, whether a new version was refused; and the last import (seconds, peak memory, ok) and swap.
 *   In a cluster the primary runs the refresh and registers these on its own registry (worker="primary");
 * - the process (RSS, heap, event loop lag, GC: prom-client's default metrics) when the caller turns them on.
 *
 * Who may read it (METRICS): `loopback` (default) answers a client on this machine that came directly, not
 * through a proxy (no X-Forwarded-For, Forwarded, X-Real-IP, X-Forwarded-Host/-Proto or Via header: nginx on the
 * same machine connects from loopback too); with TRUST_PROXY, a client whose address as the proxy reports it
 * (request.ip) is loopback; `open` answers anyone; `off` has no route. The answer needs no subscription key.
 */
import type { FastifyInstance, FastifyPluginCallback, onResponseHookHandler } from "fastify";
import fp from "fastify-plugin";
import { type CollectFunction, Counter, Gauge, Histogram, type Registry } from "prom-client";
import { METRICS_FORBIDDEN } from "../../errors.js";
import type { MetricsAccess } from "../../config/server.js";
import { SNAPSHOT_FORMAT_VERSION } from "../../network/constants.js";
import type { RealtimeHealth } from "../../realtime/feed-manager.js";
import { serviceDateToDayNumber } from "../../lib/service-date.js";
import { networkToday } from "../../network/queries/network-validity.js";
import type { FeedRefreshHealth } from "./health.js";
import { isLocalClient } from "./local-client.js";
import { asSwappable, type NetworkSource } from "../shared/network-source.js";
import { onQuotaEvent } from "../quota/quota-counters.js";

export interface MetricsOptions {
  registry: Registry;
  access: MetricsAccess;
  /** TRUST_PROXY: loopback is then judged by the client address the proxy reports (request.ip). */
  trustProxy?: boolean;
  source: NetworkSource;
  /** The real-time feeds' report, when feeds are configured. */
  feedHealth?: (nowMs: number) => RealtimeHealth;
  now: () => number;
  /** The feed refresh's report, when this process runs it (`serve --feed` with one worker). */
  feedRefresh?: () => FeedRefreshHealth | undefined;
  /** The text /metrics answers; default this registry's. A cluster worker asks the primary for every worker's. */
  exposition?: () => Promise<string>;
}

/** Latency buckets, seconds: most answers take under a millisecond, a route plan up to its budget (1 s by default). */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const UNMATCHED_ROUTE = "unmatched";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts an answer in the HTTP series, for an answer made without the hooks (rendered-lane.ts): the route's
     * config object (`request.routeOptions.config`, one per route) and pattern, the method, the status and the
     * seconds from the request's arrival to its answer.
     */
    countAnswer(routeConfig: object, route: string | undefined, method: string, status: number, seconds: number): void;
  }
}

/** Registers the HTTP series and answers /metrics. Register it before the routes. */
const metrics: FastifyPluginCallback<MetricsOptions> = (app, opts, done) => {
  const { registry } = opts;
  // Counted per request in a plain number (`pending` of the child below) and added to the counter when it is read:
  // prom-client's inc() checks and hashes the labels on every call.
  const requests: Counter<"route" | "method" | "status"> = new Counter({
    name: "lijnwijzer_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
    collect() {
      for (const child of children.values()) {
        if (child.pending === 0) continue;
        child.count.inc(child.pending);
        child.pending = 0;
      }
    },
  });
  const duration = new Histogram({
    name: "lijnwijzer_http_request_duration_seconds",
    help: "Time from the request's arrival to its answer being sent, by route pattern and method",
    labelNames: ["route", "method"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  registerSnapshotMetrics(registry, opts.source, opts.now);
  registerQuotaMetrics(app, registry);
  if (opts.feedHealth) registerRealtimeMetrics(registry, opts.feedHealth, opts.now);
  if (opts.feedRefresh) registerFeedRefreshMetrics(registry, opts.feedRefresh);

  // prom-client hashes the labels of every call; the children are kept per route, method and status instead, found
  // per request without building a string: by the route's config object (one per route), then the status.
  interface Child {
    method: string;
    count: Counter.Internal;
    pending: number;
    time: Histogram.Internal<"route" | "method">;
  }
  const children = new Map<string, Child>();
  const byRoute = new WeakMap<object, Map<number, Child>>();
  const childOf = (route: string, method: string, status: number): Child => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (child === undefined) {
      child = { method, count: requests.labels(route, method, String(status)), pending: 0, time: duration.labels(route, method) };
      children.set(key, child);
    }
    return child;
  };
  /** Counts one answer of the route with this config object and pattern (undefined: none matched). */
  const countAnswer = (routeConfig: object, route: string | undefined, method: string, status: number, seconds: number): void => {
    let statuses = byRoute.get(routeConfig);
    if (statuses === undefined) byRoute.set(routeConfig, (statuses = new Map()));
    let child = statuses.get(status);
    // The not-found handler's config is shared by every method: a child of another method is looked up by name.
    if (child === undefined || child.method !== method) {
      child = childOf(route ?? UNMATCHED_ROUTE, method, status);
      statuses.set(status, child);
    }
    child.pending++;
    child.time.observe(seconds);
  };
  app.decorate("countAnswer", countAnswer);
  const onResponse: onResponseHookHandler = (request, reply, next) => {
    countAnswer(request.routeOptions.config, request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    next();
  };
  app.addHook("onResponse", onResponse);

  if (opts.access !== "off") {
    const exposition = opts.exposition ?? (() => registry.metrics());
    app.get(
      "/metrics",
      { config: { auth: false }, schema: { hide: true } },
      async (request, reply) => {
        if (opts.access === "loopback" && !isLocalClient(request, opts.trustProxy ?? false)) {
          throw METRICS_FORBIDDEN(
            "/metrics answers only clients on this machine that connect directly, not through a proxy (METRICS=loopback): scrape it on 127.0.0.1, or set METRICS=open",
          );
        }
        const text = await exposition();
        return reply.type(registry.contentType).send(text);
      },
    );
  }
  done();
};

/** The metrics plugin, named; register it before the routes so that their answers are counted. */
export const metricsPlugin = fp(metrics, { name: "lijnwijzer-metrics", fastify: "5.x" });


function registerSnapshotMetrics(registry: Registry, source: NetworkSource, now: () => number): void {
  const createdSeconds = () => Date.parse(source.current().meta.createdAt) / 1000;
  gauge(registry, "lijnwijzer_snapshot_created_timestamp_seconds", "When the snapshot served was written by lijnwijzer import (Unix time)", function () {
    this.set(createdSeconds());
  });
  gauge(registry, "lijnwijzer_snapshot_age_seconds", "Seconds since the snapshot served was written", function () {
    this.set(Math.max(0, now() / 1000 - createdSeconds()));
  });
  const info = new Gauge({
    name: "lijnwijzer_snapshot_info",
    help: "The snapshot served: its creation time, format version and feed versions (always 1)",
    labelNames: ["created_at", "format_version", "feed_versions"] as const,
    registers: [registry],
    collect() {
      const { meta } = source.current();
      this.reset();
      const versions = meta.feeds.map((f) => f.version ?? "").join(",");
      this.labels(meta.createdAt, String(SNAPSHOT_FORMAT_VERSION), versions).set(1);
    },
  });
  void info;
  gauge(registry, "lijnwijzer_network_days_left", "Days from today to the network's last service day (0 on it, negative once it has run out)", function () {
    const net = source.current();
    if (net.meta.validTo === 0) return;
    this.set(serviceDateToDayNumber(net.meta.validTo) - serviceDateToDayNumber(networkToday(net, now())));
  });
  const swappable = asSwappable(source);
  if (!swappable) return;
  gauge(registry, "lijnwijzer_snapshot_loaded_timestamp_seconds", "When this process loaded the snapshot served (Unix time)", function () {
    this.set(swappable.loadedMs() / 1000);
  });
  new Counter({
    name: "lijnwijzer_snapshot_reloads_total",
    help: "Snapshot reloads: swapped in (result=swapped) or refused, the old one kept (result=refused)",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      const { swapped, refused } = swappable.reloads();
      this.reset();
      this.labels("swapped").inc(swapped);
      this.labels("refused").inc(refused);
    },
  });
}

function registerRealtimeMetrics(registry: Registry, feedHealth: (nowMs: number) => RealtimeHealth, now: () => number): void {
  // One report per scrape, shared by the gauges below (each collects in turn, within one scrape).
  let report: { atMs: number; health: RealtimeHealth } | undefined;
  const health = () => {
    const t = now();
    if (!report || t - report.atMs > 1000) report = { atMs: t, health: feedHealth(t) };
    return report;
  };
  const perFeed = (name: string, help: string, value: (f: RealtimeHealth["feeds"][number], nowMs: number) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ["feed"] as const,
      registers: [registry],
      collect() {
        const { atMs, health: h } = health();
        this.reset();
        for (const f of h.feeds) {
          const v = value(f, atMs);
          if (v !== undefined) this.labels(f.name).set(v);
        }
      },
    });
  perFeed("lijnwijzer_realtime_feed_age_seconds", "Seconds since the feed's message held arrived (absent before the first)", (f, t) =>
    f.receivedMs === undefined ? undefined : Math.max(0, (t - f.receivedMs) / 1000),
  );
  perFeed("lijnwijzer_realtime_feed_serving", "1 when the feed's last good message is in the real-time state served, else 0", (f) => (f.serving ? 1 : 0));
  perFeed("lijnwijzer_realtime_feed_failed_polls", "Polls in a row that failed (the feed's current fault), 0 when the last poll succeeded", (f) =>
    f.lastError?.polls ?? 0,
  );
  perFeed("lijnwijzer_realtime_feed_last_success_timestamp_seconds", "The last poll that gave a usable message (Unix time)", (f) =>
    f.lastSuccessMs === undefined ? undefined : f.lastSuccessMs / 1000,
  );
  perFeed("lijnwijzer_realtime_feed_entities", "Entities in the feed's message held", (f) => f.entities);
  perFeed("lijnwijzer_realtime_feed_unmatched_entities", "Entities (or stop updates) of the message that match nothing of the network", (f) =>
    f.stats?.unmatched,
  );
}

/** The feed refresh's series (src/cli/feed-refresh.ts), read from its report at each scrape. */
export function registerFeedRefreshMetrics(registry: Registry, report: () => FeedRefreshHealth | undefined): void {
  type Feed = FeedRefreshHealth["feeds"][number];
  const perFeed = (name: string, help: string, value: (f: Feed) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ["feed"] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const f of report()?.feeds ?? []) {
          const v = value(f);
          if (v !== undefined) this.labels(f.name).set(v);
        }
      },
    });
  const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);
  perFeed("lijnwijzer_feed_last_check_timestamp_seconds", "The last check of the GTFS feed, whatever it gave (Unix time)", (f) => seconds(f.lastCheckMs));
  perFeed("lijnwijzer_feed_last_success_timestamp_seconds", "The last check that reached the GTFS feed, a new version or the same (Unix time)", (f) =>
    seconds(f.lastSuccessMs),
  );
  perFeed("lijnwijzer_feed_last_change_timestamp_seconds", "When the version of the GTFS feed served was fetched (Unix time)", (f) => seconds(f.lastChangeMs));
  perFeed("lijnwijzer_feed_failed_checks", "Checks of the GTFS feed in a row that failed, 0 when the last succeeded", (f) => f.lastError?.checks ?? 0);
  perFeed("lijnwijzer_feed_rejected", "1 while a newer version of the GTFS feed is refused (it failed its import or check)", (f) => (f.rejected ? 1 : 0));
  const refresh = (name: string, help: string, value: (h: FeedRefreshHealth) => number | undefined) =>
    gauge(registry, name, help, function () {
      const h = report();
      const v = h && value(h);
      if (v !== undefined) this.set(v);
    });
  refresh("lijnwijzer_feed_refresh_last_swap_timestamp_seconds", "The last time a snapshot imported from the feeds was swapped in (Unix time)", (h) =>
    seconds(h.lastSwapMs),
  );
  refresh("lijnwijzer_feed_refresh_import_seconds", "How long the last import process ran", (h) => h.lastImport?.seconds);
  refresh("lijnwijzer_feed_refresh_import_peak_memory_bytes", "The last import process's peak resident memory", (h) => h.lastImport?.peakRssBytes);
  refresh("lijnwijzer_feed_refresh_import_ok", "1 when the last import succeeded, 0 when it failed", (h) => (h.lastImport ? (h.lastImport.ok ? 1 : 0) : undefined));
}

function gauge(registry: Registry, name: string, help: string, collect: CollectFunction<Gauge>): Gauge {
  return new Gauge({ name, help, registers: [registry], collect });
}

/**
 * The quota module's counters (src/api/quota/quota-counters.ts), as labelled Prometheus counters: requests refused
 * with 429 by window and product, and quota store failures by the policy that answered them (QUOTA_REDIS_FAILURE).
 * They count from the moment the app is built; the listener goes with the app.
 */
function registerQuotaMetrics(app: FastifyInstance, registry: Registry): void {
  const rejections = new Counter({
    name: "lijnwijzer_quota_rejections_total",
    help: "Requests refused with 429 because a key's quota was used up, by window (minute, day) and product",
    labelNames: ["window", "product"] as const,
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: "lijnwijzer_quota_store_errors_total",
    help: "Requests whose quota the store could not count (Redis down or late), by the policy that answered (open: served, closed: 503)",
    labelNames: ["policy"] as const,
    registers: [registry],
  });
  const stop = onQuotaEvent((event) => {
    if (event.kind === "rejection") rejections.labels(event.window, event.product).inc();
    else storeErrors.labels(event.policy).inc();
  });
  app.addHook("onClose", (_app, done) => {
    stop();
    done();
  });
}
