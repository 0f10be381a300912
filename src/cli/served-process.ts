/**
 * A process that serves: it loads the snapshot, builds the app and listens; then, until it is stopped:
 * - reload: prepare the new snapshot beside the one in service and swap, or refuse it and keep the old
 *   (snapshot-reload.ts). `lijnwijzer serve` alone reloads in one call; a cluster's worker in the two steps the
 *   primary drives, so that every worker swaps to the same snapshot;
 * - shutdown: /ready turns 503, the listener closes (new connections are refused), the requests in flight finish,
 *   each answer closing its keep-alive connection; after SHUTDOWN_TIMEOUT_SECONDS what is left is closed and the
 *   process exits anyway.
 */
import cluster from "node:cluster";
import type { Server, ServerResponse } from "node:http";
import net from "node:net";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { buildApp } from "../api/app.js";
import type { FeedRefreshHealth } from "../api/beheer/health.js";
import { type SwappableNetworkSource, swappableNetworkSource } from "../api/shared/network-source.js";
import type { AppConfig } from "../config/load-config.js";
import type { Network } from "../network/model.js";
import { createFeedManager, feedSources } from "../realtime/create-feed-manager.js";
import type { FeedLog, FeedManager } from "../realtime/feed-manager.js";
import { isRelayed, type RelayedFeedSource } from "../realtime/relayed-feed.js";
import { sharedFeedRelay } from "../realtime/shared-feed.js";
import { readableLogs, readableStream } from "../lib/log-lines.js";
import { CliError } from "./cli-error.js";
import { WORKER_ENV } from "./cluster-messages.js";
import { openSnapshot } from "./open-snapshot.js";
import type { ServeOptions } from "./serve-options.js";
import { checkNetwork } from "./snapshot-check.js";
import { setHeapGrowth } from "./heap-growth.js";
import { startupBanner } from "./startup-banner.js";
import { commitSnapshot, type PreparedSnapshot, prepareSnapshot, type ReloadResult } from "./snapshot-reload.js";
import { validityWarning } from "./validity-warning.js";

/** A process that serves: its app, its network source and real-time, and how it reloads and stops. */
export interface ServedProcess {
  app: FastifyInstance;
  source: SwappableNetworkSource;
  realtime: FeedManager | undefined;
  /**
   * Step one of a reload: load and check the snapshot file (the one served, or `path`: a feed refresh's new
   * snapshot, renamed over it once swapped in) beside the network served; throws what is wrong.
   */
  prepare(path?: string): PreparedSnapshot;
  /** Step two: serve it. */
  commit(prepared: PreparedSnapshot, trigger: string): void;
  /** A reload was refused: the old network stays; counted and logged. */
  refuse(message: string, trigger: string): void;
  /** Both steps, for a process alone; from `path` instead of the snapshot file when given. */
  reload(trigger: string, path?: string): ReloadResult;
  /** Finishes the requests in flight (within SHUTDOWN_TIMEOUT_SECONDS), then exits; the first call counts. */
  shutdown(reason: string): Promise<void>;
  /** Runs `cleanup` when the shutdown begins. */
  onShutdown(cleanup: () => void): void;
  /** Whether the shutdown has begun. */
  closing(): boolean;
}

export interface ServedProcessOptions {
  registry: Registry;
  /** What /metrics answers; default this process's registry. */
  exposition?: () => Promise<string>;
  /**
   * The feed refresh's report (`serve --feed`) for /health, and whether this process's /metrics carries its series
   * (a process alone; a cluster's primary registers them on its own registry).
   */
  feedRefresh?: { report: () => FeedRefreshHealth | undefined; metrics: boolean };
  /** A cluster's worker: the stand-ins of the feeds the primary polls, filled in by name (relayed-feed.ts). */
  relayedFeeds?: Map<string, RelayedFeedSource>;
}

/** Loads the snapshot, builds the app and listens. */
export async function startServedProcess(options: ServeOptions, extra: ServedProcessOptions): Promise<ServedProcess> {
  const { config } = options;
  setHeapGrowth(config.server.heapGrowingPercent);
  const started = performance.now();
  const first = openSnapshot(options.network);
  checkNetwork(first, options.network);
  const loadMs = performance.now() - started;
  const source = swappableNetworkSource(first);
  let closing = false;
  // The feed manager logs through the app's logger, which exists once the app is built (before any poll).
  let app: FastifyInstance | undefined;
  // REALTIME_SHARE=redis in a process of its own (--workers 1): it reads the feeds outside the process through the
  // replica that holds the lease, as a cluster's primary does for its workers (shared-feed.ts).
  const { share } = config.realtime;
  const shared = extra.relayedFeeds === undefined && share !== undefined ? new Map<string, RelayedFeedSource>() : undefined;
  const realtime = createFeedManager({
    config: config.realtime,
    network: source,
    demo: options.demo === true,
    log: appLog(() => app),
    relayed: extra.relayedFeeds ?? shared,
  });
  const shareRelay =
    shared && shared.size > 0 && share
      ? sharedFeedRelay({
          redisUrl: share.redisUrl,
          sources: feedSources(config.realtime, options.demo === true).filter(isRelayed),
          deliver: (poll) => shared.get(poll.feed)?.deliver(poll),
          leaseMs: share.leaseSeconds * 1000,
          log: appLog(() => app),
        })
      : undefined;
  app = await buildApp({
    network: source,
    config,
    // Readable lines on a terminal (LOG_FORMAT), pino's JSON otherwise.
    logStream: readableLogs(config.logFormat) ? readableStream() : undefined,
    logConfigWarnings: firstOfServer(),
    realtime,
    metrics: { registry: extra.registry, exposition: extra.exposition, feedRefresh: extra.feedRefresh?.metrics ? extra.feedRefresh.report : undefined },
    feedRefresh: extra.feedRefresh?.report,
    closing: () => closing,
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    throw listenError(err, config);
  }
  const network: Network = source.current();
  app.log.info(
    { snapshot: options.network, loadMs: Math.round(loadMs), stops: network.stops.count, trips: network.trips.count },
    "network loaded",
  );
  if (firstOfServer()) warnValidity(app.log, network, config.validityWarningDays);
  if (!cluster.isWorker) app.log.info(startupBanner(config, options.demo ? "the demo network" : options.network));
  if (realtime) startRealtime(app.log, realtime);
  else app.log.info("realtime: no GTFS-Realtime feed configured (REALTIME_FEEDS): passages follow the schedule (GEENREALTIME)");
  shareRelay?.start();

  const served = app;
  const cleanups: Array<() => void> = [];
  // Answers under way, from the request to the last byte handed to the kernel (drain() needs it).
  const answering = { count: 0 };
  served.server.on("request", (_req, res: ServerResponse) => {
    answering.count++;
    res.once("close", () => answering.count--);
  });
  const snapshot = { snapshot: options.network };
  const handle: ServedProcess = {
    app: served,
    source,
    realtime,
    prepare: (path) => prepareSnapshot(path ?? options.network),
    commit(prepared, trigger) {
      commitSnapshot(source, prepared, realtime);
      served.log.info({ ...snapshot, trigger, prepareMs: Math.round(prepared.prepareMs), ...prepared.identity }, "network reloaded");
      warnValidity(served.log, prepared.network, config.validityWarningDays);
    },
    refuse(message, trigger) {
      source.refused();
      served.log.error({ ...snapshot, trigger }, `reload refused (${trigger}), still serving the previous network: ${message}`);
    },
    reload(trigger, path) {
      const t0 = performance.now();
      let prepared: PreparedSnapshot;
      try {
        prepared = handle.prepare(path);
      } catch (err) {
        // A CliError says all; anything else is a bug worth its stack.
        if (!(err instanceof CliError)) served.log.error({ ...snapshot, err }, "reload failed unexpectedly");
        const message = (err as Error).message;
        handle.refuse(message, trigger);
        return { ok: false, message, workers: 1, ms: performance.now() - t0 };
      }
      handle.commit(prepared, trigger);
      return { ok: true, snapshot: prepared.identity, workers: 1, ms: performance.now() - t0 };
    },
    async shutdown(reason) {
      if (closing) return;
      closing = true;
      const boundS = config.server.shutdownTimeoutSeconds;
      served.log.info({ reason, shutdownTimeoutSeconds: boundS }, `${reason}: closing: no new connections; finishing the requests in flight (at most ${boundS} s)`);
      for (const cleanup of cleanups) cleanup();
      // Not awaited: a poll under way may wait for its timeout, and nothing of it needs to finish.
      void realtime?.stop();
      shareRelay?.stop();
      const bound = setTimeout(() => {
        served.server.getConnections((_err, open) => {
          served.log.warn({ open }, `shutdown: ${open} connection(s) still open after ${boundS} s: closing them`);
          served.server.closeAllConnections();
        });
        // Whatever still holds the close up, the process ends.
        setTimeout(() => process.exit(0), 1000).unref();
      }, boundS * 1000);
      bound.unref();
      await drain(served.server, answering);
      // The bound holds until the app has closed too: a close that hangs (an onClose hook waiting) must not keep
      // the process alive, listening on nothing.
      await served.close();
      clearTimeout(bound);
      served.log.info({ reason }, "closed: every request answered");
      process.exit(0);
    },
    onShutdown: (cleanup) => void cleanups.push(cleanup),
    closing: () => closing,
  };
  return handle;
}

/**
 * Stops listening and resolves once every connection has ended. Connections whose request is under way end
 * after their answer (it says Connection: close, http-hygiene.ts); idle keep-alive connections are closed, but
 * only while no answer is under way anywhere: Node's closeIdleConnections (which http.Server.close calls) takes
 * a connection whose answer has ended but is not yet flushed to the kernel (a large body to a slow client) for
 * idle, and destroys it with the rest of the body. So the listener is closed at the TCP level (net.Server.close)
 * and idle connections are closed every 100 ms when that is safe.
 */
function drain(server: Server, answering: { count: number }): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => {
      if (answering.count === 0) server.closeIdleConnections();
    }, 100);
    net.Server.prototype.close.call(server, () => {
      clearInterval(idle);
      resolve();
    });
  });
}

/** This process's metrics registry, with its memory, CPU, event loop and GC (prom-client's default metrics). */
export function processRegistry(labels?: Record<string, string>): Registry {
  const registry = new Registry();
  if (labels) registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Starts polling, once the server listens: a feed never delays startup, and its faults are logged, not thrown. */
function startRealtime(log: FastifyBaseLogger, realtime: FeedManager): void {
  const { feeds, maxAgeMs } = realtime.feedHealth();
  const list = feeds.map((f) => (f.kind === "function" ? f.name : `${f.name} (${f.location}, every ${f.intervalMs / 1000} s)`));
  const simulator = feeds.length === 1 && feeds[0].kind === "function" && feeds[0].name === "simulator";
  log.info(
    { feeds: list, maxAgeSeconds: maxAgeMs / 1000 },
    simulator
      ? "realtime: the built-in simulator feeds the network (REALTIME_FEEDS=none or --no-realtime turns it off)"
      : `realtime: polling ${list.join(", ")}`,
  );
  void realtime.start();
}

/** The app's logger for the realtime component, once there is an app. */
function appLog(app: () => FastifyInstance | undefined): FeedLog {
  let child: FastifyBaseLogger | undefined;
  const log = () => (child ??= app()?.log.child({ component: "realtime" }));
  return {
    debug: (fields, message) => log()?.debug(fields, message),
    info: (fields, message) => log()?.info(fields, message),
    warn: (fields, message) => log()?.warn(fields, message),
    error: (fields, message) => log()?.error(fields, message),
  };
}

/**
 * Whether this process says the server's startup warnings: the process alone, or a cluster's first worker (the
 * others load the same snapshot and configuration: once per server, not once per worker).
 */
function firstOfServer(): boolean {
  return !cluster.isWorker || process.env[WORKER_ENV.slot] === "0";
}

/** A warn line per validity warning (today outside the network's validity, a feed outside the day lists answer for). */
function warnValidity(log: FastifyBaseLogger, network: Network, warningDays: number): void {
  const { validity: v, messages } = validityWarning(network, Date.now(), warningDays);
  for (const message of messages) log.warn({ validity: { state: v.state, today: v.today, validFrom: v.validFrom, validTo: v.validTo } }, message);
}

/** What went wrong when listening, and what to change. */
function listenError(err: unknown, config: AppConfig): Error {
  const where = `${config.host}:${config.port}`;
  switch ((err as NodeJS.ErrnoException).code) {
    case "EADDRINUSE":
      return new CliError(`port ${config.port} is in use (another program listens on ${where}): choose another with --port <n> or PORT=<n>`);
    case "EACCES":
      return new CliError(`no permission to listen on port ${config.port} (ports below 1024 need privileges): choose another with --port <n> or PORT=<n>`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return new CliError(`HOST ${config.host} is no address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`);
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}
