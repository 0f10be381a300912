import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { buildApp } from "../api/app.js";
import type { AppConfig } from "../lib/config.js";
import type { Network } from "../network/model.js";
import { createFeedManager } from "../realtime/create-feed-manager.js";
import type { FeedLog, FeedManager } from "../realtime/feed-manager.js";
import { CliError } from "./cli-error.js";
import { openSnapshot } from "./open-snapshot.js";
import { validityWarning } from "./validity-warning.js";

export interface ServeOptions {
  network: string;
  config: AppConfig;
  /** The built-in demo network is served: the simulator feeds it real-time unless feeds are configured. */
  demo?: boolean;
}

/**
 * Loads the snapshot and serves it until the process is stopped. A snapshot that cannot be loaded
 * or a port that cannot be listened on is a CliError, after which nothing keeps the process alive.
 */
export async function serveSnapshot(options: ServeOptions): Promise<void> {
  const { config } = options;
  const started = performance.now();
  let network: Network = openSnapshot(options.network);
  const loadMs = performance.now() - started;
  const source = { current: () => network };
  // The feed manager logs through the app's logger, which exists once the app is built (before any poll).
  let app: FastifyInstance | undefined;
  const realtime = createFeedManager({ config: config.realtime, network: source, demo: options.demo === true, log: appLog(() => app) });
  app = await buildApp({ network: source, config, realtime });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    throw listenError(err, config);
  }
  app.log.info(
    { snapshot: options.network, loadMs: Math.round(loadMs), stops: network.stops.count, trips: network.trips.count },
    "network loaded",
  );
  warnValidity(app.log, network);
  if (realtime) startRealtime(app.log, realtime);
  else app.log.info("realtime: no GTFS-Realtime feed configured (REALTIME_FEEDS): passages follow the schedule (GEENREALTIME)");
  const served = app;
  const stop = async (signal: string) => {
    served.log.info(`${signal}: closing`);
    // Not awaited: a poll under way may wait for its timeout, and nothing of it needs to finish.
    void realtime?.stop();
    await served.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Re-read the snapshot on SIGHUP: a new import is swapped in by replacing one reference.
  process.on("SIGHUP", () => {
    try {
      network = openSnapshot(options.network);
      served.log.info({ snapshot: options.network }, "network reloaded");
      warnValidity(served.log, network);
      // The state of the old network is never applied to the new one: rebuild it from the messages held.
      realtime?.networkChanged();
    } catch (err) {
      // A CliError says all; anything else is a bug worth its stack.
      const fields = err instanceof CliError ? { snapshot: options.network } : { snapshot: options.network, err };
      served.log.error(fields, `reload failed, still serving the previous network: ${(err as Error).message}`);
    }
  });
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

/** A warn line per validity warning (today outside the network's validity, a feed outside the day lists answer for). */
function warnValidity(log: FastifyBaseLogger, network: Network): void {
  const { validity: v, messages } = validityWarning(network);
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
