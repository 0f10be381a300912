/**
 * `lijnwijzer serve` and `start`: one process with `--workers 1` (served-process.ts), else a cluster's
 * primary (cluster.ts) and its workers (cluster-worker.ts), each worker a served process.
 *
 * One process alone reloads on SIGHUP, on `lijnwijzer reload` (the admin endpoint, ADMIN_PORT) and, with
 * SNAPSHOT_WATCH=true, when its snapshot file is replaced; SIGTERM and SIGINT stop it gracefully. With `--feed`, it
 * runs the feed refresh (feed-refresh.ts) itself; a cluster's primary runs it for every worker.
 */
import cluster from "node:cluster";
import { renameSync } from "node:fs";
import { startAdminServer } from "./admin-server.js";
import { serveWorker } from "./cluster-worker.js";
import { processRegistry, type ServedProcess, startServedProcess } from "./served-process.js";
import { identityOf } from "./snapshot-reload.js";
import { watchSnapshot } from "./snapshot-watch.js";
import { primaryLog, refreshLine, runPrimary } from "./cluster.js";
import { type RefreshLog, startingFeedRefresh } from "./feed-refresh.js";
import type { ServeOptions } from "./serve-options.js";

/**
 * Serves the snapshot until the process is stopped: in this process with `--workers 1`, else as a cluster's
 * primary (or, in a process the primary forked, as its worker). A snapshot that cannot be loaded or a port that
 * cannot be listened on is a CliError, after which nothing keeps the process alive.
 */
export async function serveSnapshot(options: ServeOptions): Promise<void> {
  if (cluster.isWorker) return serveWorker(options);
  if (options.config.server.workers > 1) return runPrimary(options);
  return serveSingle(options);
}

/** One process: signals, the admin endpoint and the watched file reload it; SIGTERM and SIGINT stop it. */
async function serveSingle(options: ServeOptions): Promise<void> {
  const { server } = options.config;
  // With feeds (serve --feed), a snapshot that does not exist yet is imported before anything listens; the log
  // lines until the app exists are in its format.
  let appLog: RefreshLog | undefined;
  const early = primaryLog(options.config.logLevel, undefined, options.config.logFormat);
  const refreshLog: RefreshLog = {
    info: (f, m) => (appLog ?? early).info(f, m),
    warn: (f, m) => (appLog ?? early).warn(f, m),
    error: (f, m) => (appLog ?? early).error(f, m),
  };
  const feeds = await startingFeedRefresh({ feeds: options.config.feeds, snapshot: options.network, log: refreshLog });
  // The admin endpoint listens before the API does, so that it answers as soon as /ready does; a reload asked
  // meanwhile waits for the start.
  let served: ServedProcess | undefined;
  let started: (s: ServedProcess) => void = () => undefined;
  const start = new Promise<ServedProcess>((resolve) => (started = resolve));
  const admin =
    server.adminPort === undefined
      ? undefined
      : await startAdminServer({
          port: server.adminPort,
          reload: async () => (await start).reload("lijnwijzer reload"),
          status: () => ({ pid: process.pid, workers: served ? 1 : 0, snapshot: served && identityOf(served.source.current()) }),
          stopping: () => served?.closing() === true,
        });
  try {
    served = await startServedProcess(options, {
      registry: processRegistry(),
      feedRefresh: feeds && { report: () => feeds.refresh.report(), metrics: true },
    });
  } catch (err) {
    admin?.close();
    throw err;
  }
  started(served);
  const running = served;
  const log = running.app.log;
  process.once("SIGINT", () => void running.shutdown("SIGINT"));
  process.once("SIGTERM", () => void running.shutdown("SIGTERM"));
  // Re-read the snapshot on SIGHUP: a new import is swapped in by replacing one reference.
  process.on("SIGHUP", () => void running.reload("SIGHUP"));
  if (admin) {
    running.onShutdown(() => admin.close());
    log.info({ adminPort: server.adminPort }, `admin endpoint on 127.0.0.1:${server.adminPort}: \`lijnwijzer reload\` posts there`);
  }
  if (server.snapshotWatch) {
    const stop = watchSnapshot(options.network, () => void running.reload("the snapshot file changed"));
    running.onShutdown(stop);
    log.info({ snapshot: options.network }, "SNAPSHOT_WATCH: the snapshot is reloaded when its file is replaced");
  }
  if (feeds) {
    appLog = log;
    // A reload here is synchronous: the swap and the rename after it run in one turn, with no reload between.
    feeds.refresh.serving(async (next, trigger) => {
      const result = running.reload(trigger, next);
      if (result.ok) renameSync(next, options.network);
      return result;
    });
    feeds.refresh.start(!feeds.imported);
    running.onShutdown(() => feeds.refresh.stop());
    log.info({ feeds: options.config.feeds.sources.map((f) => f.name), refreshSeconds: options.config.feeds.refreshSeconds }, refreshLine(options.config.feeds.refreshSeconds));
  }
}
