import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "../api/app.js";
import type { AppConfig } from "../lib/config.js";
import type { Network } from "../network/model.js";
import { CliError } from "./cli-error.js";
import { openSnapshot } from "./open-snapshot.js";
import { validityWarning } from "./validity-warning.js";

export interface ServeOptions {
  network: string;
  config: AppConfig;
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
  const app = await buildApp({ network: { current: () => network }, config });
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
  const stop = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Re-read the snapshot on SIGHUP: a new import is swapped in by replacing one reference.
  process.on("SIGHUP", () => {
    try {
      network = openSnapshot(options.network);
      app.log.info({ snapshot: options.network }, "network reloaded");
      warnValidity(app.log, network);
    } catch (err) {
      // A CliError says all; anything else is a bug worth its stack.
      const fields = err instanceof CliError ? { snapshot: options.network } : { snapshot: options.network, err };
      app.log.error(fields, `reload failed, still serving the previous network: ${(err as Error).message}`);
    }
  });
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
