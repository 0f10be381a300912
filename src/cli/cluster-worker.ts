/**
 * A cluster's worker (docs/OPERATIONS.md "Workers"): a served process (served-process.ts) that the primary drives over IPC
 * (cluster-messages.ts). It reloads only in the two steps the primary asks for, so that every worker swaps to the
 * same snapshot: SIGHUP sent to a worker alone is ignored (with a log line naming the primary). SIGTERM, SIGINT,
 * the primary's `shutdown` and the loss of the primary (its IPC channel closes) all stop it gracefully.
 *
 * Its /metrics asks the primary, which merges every worker's registry (prom-client's AggregatorRegistry) and its
 * own; each series carries `worker="<slot>"`. Should the primary not answer within 5 s, the worker answers its own.
 */
import { AggregatorRegistry } from "prom-client";
import type { FeedRefreshHealth } from "../api/beheer/health.js";
import type { RelayedFeedSource } from "../realtime/relayed-feed.js";
import { CliError } from "./cli-error.js";
import { isPrimaryMessage, type PrimaryMessage, WORKER_ENV, type WorkerMessage } from "./cluster-messages.js";
import type { ServeOptions } from "./serve-options.js";
import { processRegistry, type ServedProcess, startServedProcess } from "./served-process.js";
import type { PreparedSnapshot } from "./snapshot-reload.js";
import { identityOf } from "./snapshot-reload.js";

const METRICS_TIMEOUT_MS = 5000;

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

export async function serveWorker(options: ServeOptions): Promise<void> {
  const slot = process.env[WORKER_ENV.slot] ?? "0";
  const network = process.env[WORKER_ENV.snapshot] ?? options.network;
  const registry = processRegistry({ worker: slot });
  // The primary's AggregatorRegistry asks each worker for this registry's metrics (prom-client's IPC messages).
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();

  const pendingMetrics = new Map<number, (text: string | undefined) => void>();
  let metricsId = 0;
  const exposition = async (): Promise<string> => {
    const id = ++metricsId;
    const text = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => {
        pendingMetrics.delete(id);
        resolve(undefined);
      }, METRICS_TIMEOUT_MS);
      pendingMetrics.set(id, (t) => {
        clearTimeout(timer);
        resolve(t);
      });
      void send({ type: "lw:metrics", id });
    });
    return text ?? `# the primary did not answer: the metrics of worker ${slot} alone\n${await registry.metrics()}`;
  };

  // The primary runs the feed refresh and sends its report (for /health) whenever it changes.
  let feedRefresh: FeedRefreshHealth | undefined;
  process.on("message", (m: unknown) => {
    if (isPrimaryMessage(m) && m.type === "lw:feed-refresh") feedRefresh = m.report;
  });
  const refresh = options.config.feeds.sources.length > 0 ? { report: () => feedRefresh, metrics: false } : undefined;
  // The primary polls the real-time feeds outside the process and relays each poll (relayed-feed.ts).
  const relayedFeeds = new Map<string, RelayedFeedSource>();
  process.on("message", (m: unknown) => {
    if (isPrimaryMessage(m) && m.type === "lw:feed-poll") relayedFeeds.get(m.poll.feed)?.deliver(m.poll);
  });

  // The primary is gone (killed, crashed): nobody restarts or stops this worker any more. Listened for from the
  // start: a primary gone while this worker still loads must not leave it serving, orphaned, once loaded.
  let primaryGone = false;
  let served: ServedProcess | undefined;
  process.once("disconnect", () => {
    primaryGone = true;
    if (served) void served.shutdown("the primary is gone");
  });
  try {
    served = await startServedProcess({ ...options, network }, { registry, exposition, feedRefresh: refresh, relayedFeeds });
  } catch (err) {
    // The primary tells the user (once, not once per worker) and stops the others.
    const message = err instanceof Error ? err.message : String(err);
    await send({ type: "lw:failed", message, exitCode: err instanceof CliError ? err.exitCode : 1 });
    if (!(err instanceof CliError)) console.error(err);
    process.exit(err instanceof CliError ? err.exitCode : 1);
  }
  const log = served.app.log;
  let prepared: { id: number; snapshot: PreparedSnapshot } | undefined;

  process.on("message", (m: unknown) => {
    if (!isPrimaryMessage(m)) return;
    const message = m as PrimaryMessage;
    switch (message.type) {
      case "lw:prepare": {
        prepared = undefined;
        try {
          const snapshot = served.prepare(message.path);
          prepared = { id: message.id, snapshot };
          void send({ type: "lw:prepared", id: message.id, ok: true, snapshot: snapshot.identity, ms: snapshot.prepareMs });
        } catch (err) {
          if (!(err instanceof CliError)) log.error({ err }, "preparing the snapshot failed unexpectedly");
          void send({ type: "lw:prepared", id: message.id, ok: false, message: (err as Error).message });
        }
        return;
      }
      case "lw:commit":
        if (prepared?.id === message.id) served.commit(prepared.snapshot, "reload of every worker");
        prepared = undefined;
        void send({ type: "lw:committed", id: message.id });
        return;
      case "lw:abort":
        prepared = undefined;
        served.refuse(message.message, "reload of every worker");
        return;
      case "lw:metrics":
        pendingMetrics.get(message.id)?.("text" in message ? message.text : undefined);
        pendingMetrics.delete(message.id);
        return;
      case "lw:shutdown":
        void served.shutdown(`${message.signal} (from the primary)`);
        return;
      case "lw:feed-refresh":
      case "lw:feed-poll":
        return; // taken by the listeners above
    }
  });
  process.once("SIGTERM", () => void served.shutdown("SIGTERM"));
  process.once("SIGINT", () => void served.shutdown("SIGINT"));
  process.on("SIGHUP", () => {
    log.warn(`SIGHUP to worker ${slot} alone is ignored: send it to the primary (pid ${process.ppid}), which reloads every worker together`);
  });
  if (primaryGone || !process.connected) {
    await served.shutdown("the primary is gone");
    return;
  }
  await send({ type: "lw:ready", snapshot: identityOf(served.source.current()) });
}
