import { buildApp } from "../api/app.js";
import type { AppConfig } from "../lib/config.js";
import type { Network } from "../network/model.js";
import { loadSnapshot } from "../network/snapshot.js";

export interface ServeOptions {
  network: string;
  config: AppConfig;
}

/** Loads the snapshot and serves it until the process is stopped. */
export async function serveSnapshot(options: ServeOptions): Promise<void> {
  const started = performance.now();
  let network: Network = loadSnapshot(options.network);
  const loadMs = performance.now() - started;
  const app = await buildApp({ network: { current: () => network }, config: options.config });
  app.log.info(
    { snapshot: options.network, loadMs: Math.round(loadMs), stops: network.stops.count, trips: network.trips.count },
    "network loaded",
  );
  await app.listen({ port: options.config.port, host: options.config.host });
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
      network = loadSnapshot(options.network);
      app.log.info({ snapshot: options.network }, "network reloaded");
    } catch (err) {
      app.log.error({ err }, "reload failed; still serving the previous network");
    }
  });
}
