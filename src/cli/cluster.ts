/**
 * A cluster's primary (`--workers N` with N > 1, docs/OPERATIONS.md "Workers"): it serves nothing itself and loads no snapshot; it
 * forks N workers (node:cluster, each running the same command line, cluster-worker.ts), which share the port:
 * on Linux the primary accepts the connections and hands them out in turn. Each worker loads the snapshot: memory
 * grows with N (docs/BENCHMARKS.md, Production).
 *
 * - Start: once every worker listens, the cluster runs. A worker that cannot start (a snapshot that cannot be
 *   loaded, a port in use) stops the start: the primary says why, once, and exits with its code.
 * - A worker that exits later is forked again in its slot, at once the first time, then after a pause that
 *   doubles with each exit within a minute (up to 30 s), so that a worker that cannot start (its snapshot file
 *   replaced by a broken one meanwhile) does not spin.
 * - Reload (SIGHUP, `lijnwijzer reload`, SNAPSHOT_WATCH): every running worker prepares the snapshot beside the one
 *   it serves; only when all have loaded the same one do they swap (commit), else all keep the old (abort).
 *   Reloads run one after the other.
 * - Shutdown (SIGTERM, SIGINT): every worker closes its listener and finishes its requests (then the port itself
 *   closes: new connections are refused); what has not exited SHUTDOWN_TIMEOUT_SECONDS + 5 s later is killed.
 * - Feed refresh (`serve --feed`): the primary runs it (feed-refresh.ts), imports in a process of its own, swaps the
 *   new snapshot in as a reload of every worker, and sends its report to the workers for /health.
 * - /metrics: a worker asks the primary, which merges every worker's registry (AggregatorRegistry) with its own
 *   (workers running, restarts).
 * - Real-time: the primary polls the GTFS-Realtime feeds outside the process (URLs, files) and relays each poll to
 *   the workers (relayed-feed.ts): the source sees one request per interval, not one per worker.
 *
 * KEYS_FILE with QUOTA_STORE=memory is refused: each worker would count its own calls, and a key could make N
 * times its limit; the Redis store counts across workers (and replicas).
 */
import cluster, { type Worker } from "node:cluster";
import { renameSync } from "node:fs";
import { hostname } from "node:os";
import { fileURLToPath } from "node:url";
import { AggregatorRegistry, Counter, Gauge, Registry } from "prom-client";
import type { LogFormat, LogLevel } from "../config/log-level.js";
import { readableLine, readableLogs } from "../lib/log-lines.js";
import { registerFeedRefreshMetrics } from "../api/beheer/metrics.js";
import { startAdminServer } from "./admin-server.js";
import { CliError } from "./cli-error.js";
import { isWorkerMessage, type PrimaryMessage, WORKER_ENV, type WorkerMessage } from "./cluster-messages.js";
import { startingFeedRefresh } from "./feed-refresh.js";
import { feedSources } from "../realtime/create-feed-manager.js";
import { feedRelay, isRelayed, type RelayedPoll } from "../realtime/relayed-feed.js";
import { sharedFeedRelay } from "../realtime/shared-feed.js";
import type { ServeOptions } from "./serve-options.js";
import { describeSnapshot, type ReloadResult, type SnapshotIdentity, sameSnapshot } from "./snapshot-reload.js";
import { watchSnapshot } from "./snapshot-watch.js";
import { startupBanner } from "./startup-banner.js";

/** The command workers run: the CLI, whatever started the primary (a test may call serveSnapshot in process). */
const CLI = fileURLToPath(new URL("../../bin/lijnwijzer.js", import.meta.url));

/** How long a worker may take to load and check a snapshot for a reload: New York's takes under a second. */
const PREPARE_TIMEOUT_MS = 120_000;
const COMMIT_TIMEOUT_MS = 10_000;
/** Restart pauses: none for the first exit within a minute, then 0.5 s doubling, at most 30 s. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Beyond the workers' own shutdown bound, what the primary waits before it kills them. */
const KILL_MARGIN_MS = 5000;

interface Slot {
  index: number;
  worker: Worker | undefined;
  ready: boolean;
  snapshot: SnapshotIdentity | undefined;
  /** Exit times within the restart window. */
  exits: number[];
  restartTimer: NodeJS.Timeout | undefined;
  /** Answers awaited from this worker, by `${type}:${id}`. */
  waiters: Map<string, (m: WorkerMessage | undefined) => void>;
}

export async function runPrimary(options: ServeOptions): Promise<void> {
  const { config } = options;
  const count = config.server.workers;
  if (config.quota.keysFile !== undefined && config.quota.store === "memory") {
    throw new CliError(
      `KEYS_FILE with QUOTA_STORE=memory counts each worker's calls apart: with ${count} workers a key could make ${count} times its limit; set QUOTA_STORE=redis and REDIS_URL, or run one worker (--workers 1)`,
    );
  }
  const log = primaryLog(config.logLevel, "primary", config.logFormat);
  cluster.setupPrimary({ exec: CLI, args: options.argv ?? ["serve", "--network", options.network] });

  const registry = new Registry();
  registry.setDefaultLabels({ worker: "primary" });
  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({
    index,
    worker: undefined,
    ready: false,
    snapshot: undefined,
    exits: [],
    restartTimer: undefined,
    waiters: new Map(),
  }));
  new Gauge({
    name: "lijnwijzer_cluster_workers",
    help: "Workers of the cluster that are serving",
    registers: [registry],
    collect() {
      this.set(slots.filter((s) => s.ready).length);
    },
  });
  const restarts = new Counter({ name: "lijnwijzer_cluster_worker_restarts_total", help: "Workers forked again after one exited", registers: [registry] });
  const aggregator = new AggregatorRegistry();

  let started = false;
  let stopping = false;
  /** The real-time feeds outside the process, polled here for every worker (relayed-feed.ts). */
  const relayedSources = feedSources(config.realtime, options.demo === true).filter(isRelayed);
  const toWorkers = (poll: RelayedPoll) => {
    for (const slot of slots) if (slot.worker && slot.ready) send(slot.worker, { type: "lw:feed-poll", poll });
  };
  // REALTIME_SHARE=redis: across replicas, the primary polls only while it holds the lease (shared-feed.ts).
  const { share } = config.realtime;
  const relay =
    relayedSources.length === 0
      ? undefined
      : share
        ? sharedFeedRelay({ redisUrl: share.redisUrl, sources: relayedSources, deliver: toWorkers, leaseMs: share.leaseSeconds * 1000, log })
        : feedRelay(relayedSources, toWorkers);
  /** The feed refresh (serve --feed), from before the workers start. */
  let feeds: Awaited<ReturnType<typeof startingFeedRefresh>>;
  /** The start failed: the workers still running are stopped, and runPrimary throws why. */
  let failedStart = false;
  let startup: { resolve: () => void; reject: (e: Error) => void } | undefined;

  const fork = (slot: Slot) => {
    slot.restartTimer = undefined;
    const worker = cluster.fork({ [WORKER_ENV.slot]: String(slot.index), [WORKER_ENV.snapshot]: options.network });
    slot.worker = worker;
    slot.ready = false;
    let failure: { message: string; exitCode: number } | undefined;
    worker.on("message", (m: unknown) => {
      if (!isWorkerMessage(m)) return;
      switch (m.type) {
        case "lw:ready":
          slot.ready = true;
          slot.snapshot = m.snapshot;
          if (feeds) send(worker, { type: "lw:feed-refresh", report: feeds.refresh.report() });
          for (const poll of relay?.latest() ?? []) send(worker, { type: "lw:feed-poll", poll });
          if (started) log.info({ worker: slot.index, pid: worker.process.pid }, `worker ${slot.index} (pid ${worker.process.pid}) is serving again`);
          else if (slots.every((s) => s.ready)) startup?.resolve();
          return;
        case "lw:failed":
          failure = { message: m.message, exitCode: m.exitCode };
          if (!started) startup?.reject(new CliError(m.message, m.exitCode));
          else log.error({ worker: slot.index }, `worker ${slot.index} cannot start: ${m.message}`);
          return;
        case "lw:metrics":
          void Promise.all([aggregator.clusterMetrics(), registry.metrics()]).then(
            ([workers, own]) => send(worker, { type: "lw:metrics", id: m.id, text: `${workers}\n${own}` }),
            (err: Error) => send(worker, { type: "lw:metrics", id: m.id, error: err.message }),
          );
          return;
        default: {
          const key = `${m.type}:${m.id}`;
          slot.waiters.get(key)?.(m);
          slot.waiters.delete(key);
        }
      }
    });
    worker.on("exit", (code, signal) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      const wasReady = slot.ready;
      slot.ready = false;
      for (const resolve of slot.waiters.values()) resolve(undefined);
      slot.waiters.clear();
      if (stopping) {
        if (!failedStart && slots.every((s) => s.worker === undefined)) finish();
        return;
      }
      if (!started) {
        startup?.reject(failure ? new CliError(failure.message, failure.exitCode) : new CliError(`worker ${slot.index} exited (${signal ?? `code ${code}`}) before it listened`));
        return;
      }
      const now = Date.now();
      slot.exits = [...slot.exits.filter((t) => now - t < RESTART_WINDOW_MS), now];
      const delay = slot.exits.length <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (slot.exits.length - 2));
      log.warn(
        { worker: slot.index, pid: worker.process.pid, code, signal, restartInMs: delay },
        `worker ${slot.index} (pid ${worker.process.pid}) ${wasReady ? "exited" : "could not start"} (${signal ?? `code ${code}`}): forking it again${delay ? ` in ${delay / 1000} s` : ""}`,
      );
      restarts.inc();
      slot.restartTimer = setTimeout(() => fork(slot), delay);
    });
  };

  // Stopping: every worker finishes its requests; the primary exits when the last has.
  let killTimer: NodeJS.Timeout | undefined;
  let stopWatch: (() => void) | undefined;
  let admin: { close(): void } | undefined;
  const finish = () => {
    clearTimeout(killTimer);
    feeds?.refresh.stop();
    relay?.stop();
    stopWatch?.();
    admin?.close();
    log.info({}, "every worker has exited");
    process.exit(0);
  };
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    feeds?.refresh.stop();
    relay?.stop();
    log.info({ signal }, `${signal}: stopping every worker (each finishes its requests in flight, at most ${config.server.shutdownTimeoutSeconds} s)`);
    for (const slot of slots) {
      clearTimeout(slot.restartTimer);
      if (slot.worker) send(slot.worker, { type: "lw:shutdown", signal });
    }
    if (slots.every((s) => s.worker === undefined)) return finish();
    killTimer = setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill("SIGKILL");
    }, config.server.shutdownTimeoutSeconds * 1000 + KILL_MARGIN_MS);
    killTimer.unref();
  };

  // Reloads, one after the other, the first after the start (a SIGHUP or a `lijnwijzer reload` during the start
  // waits for it: the workers still starting load the file anyway).
  const ready = new Promise<void>((resolve, reject) => (startup = { resolve, reject }));
  let reloadId = 0;
  let chain: Promise<unknown> = ready.catch(() => undefined);
  /**
   * `from`: a feed refresh's new snapshot, loaded instead of the snapshot file and, once every worker serves it,
   * renamed over that file in the same turn of the queue, so that no other reload reads the file in between.
   */
  const reload = (trigger: string, from?: string): Promise<ReloadResult> => {
    const next = chain.then(async () => {
      const result = await reloadAll(trigger, from);
      if (result.ok && from) renameSync(from, options.network);
      return result;
    });
    chain = next.catch(() => undefined);
    return next;
  };
  const ask = (slot: Slot, message: PrimaryMessage & { id: number }, answer: WorkerMessage["type"], timeoutMs: number) =>
    new Promise<WorkerMessage | undefined>((resolve) => {
      const key = `${answer}:${message.id}`;
      const timer = setTimeout(() => {
        slot.waiters.delete(key);
        resolve(undefined);
      }, timeoutMs);
      slot.waiters.set(key, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      send(slot.worker!, message);
    });
  const reloadAll = async (trigger: string, from?: string): Promise<ReloadResult> => {
    const t0 = performance.now();
    const live = slots.filter((s) => s.ready && s.worker?.isConnected());
    const ms = () => Math.round(performance.now() - t0);
    if (stopping) return { ok: false, message: "the server is stopping", workers: 0, ms: ms() };
    if (live.length === 0) return { ok: false, message: "no worker is serving", workers: 0, ms: ms() };
    const id = ++reloadId;
    log.info({ trigger, workers: live.length }, `reload (${trigger}): ${live.length} workers load ${from ?? options.network}`);
    const answers = await Promise.all(live.map((s) => ask(s, { type: "lw:prepare", id, ...(from ? { path: from } : {}) }, "lw:prepared", PREPARE_TIMEOUT_MS)));
    let failure: string | undefined;
    let snapshot: SnapshotIdentity | undefined;
    answers.forEach((a, i) => {
      if (failure) return;
      if (a === undefined || a.type !== "lw:prepared") failure = `worker ${live[i].index} did not load the snapshot (it exited or took over ${PREPARE_TIMEOUT_MS / 1000} s)`;
      else if (!a.ok) failure = a.message;
      else if (snapshot && !sameSnapshot(snapshot, a.snapshot)) failure = `the snapshot file ${from ?? options.network} changed while the workers loaded it: reload again`;
      else snapshot ??= a.snapshot;
    });
    if (failure || !snapshot) {
      const message = failure ?? "no snapshot";
      for (const s of live) if (s.worker) send(s.worker, { type: "lw:abort", id, message });
      log.error({ trigger }, `reload refused (${trigger}), every worker still serves the previous network: ${message}`);
      return { ok: false, message, workers: live.length, ms: ms() };
    }
    await Promise.all(live.map((s) => ask(s, { type: "lw:commit", id }, "lw:committed", COMMIT_TIMEOUT_MS)));
    for (const s of live) s.snapshot = snapshot;
    log.info({ trigger, workers: live.length, createdAt: snapshot.createdAt, ms: ms() }, `reload (${trigger}): ${live.length} workers serve ${describeSnapshot(snapshot)}`);
    return { ok: true, snapshot, workers: live.length, ms: ms() };
  };

  // Signals from the first moment: SIGTERM while the workers start stops them; a SIGHUP waits for the start.
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGHUP", () => void reload("SIGHUP"));

  // The admin endpoint listens before the workers do, so that it answers as soon as /ready does.
  const { adminPort } = config.server;
  if (adminPort !== undefined) {
    admin = await startAdminServer({
      port: adminPort,
      reload: () => reload("lijnwijzer reload"),
      status: () => ({ pid: process.pid, workers: slots.filter((s) => s.ready).length, snapshot: slots.find((s) => s.snapshot)?.snapshot }),
      stopping: () => stopping,
    });
    log.info({ adminPort }, `admin endpoint on 127.0.0.1:${adminPort}: \`lijnwijzer reload\` posts there`);
  }

  // With feeds (serve --feed), the primary runs the refresh: one per deployment, its import in a process of its own.
  // A snapshot that does not exist yet is imported before any worker loads it.
  feeds = await startingFeedRefresh({
    feeds: config.feeds,
    snapshot: options.network,
    log,
    onReport: (report) => {
      for (const slot of slots) if (slot.worker && slot.ready) send(slot.worker, { type: "lw:feed-refresh", report });
    },
  });
  const refresh = feeds?.refresh;
  if (refresh) registerFeedRefreshMetrics(registry, () => refresh.report());

  // Start every worker; the first that cannot start stops them all.
  log.info({ workers: count, port: config.port }, `cluster: primary ${process.pid} forks ${count} workers`);
  for (const slot of slots) fork(slot);
  try {
    await ready;
  } catch (err) {
    stopping = true;
    failedStart = true;
    admin?.close();
    for (const slot of slots) slot.worker?.process.kill("SIGTERM");
    await Promise.all(slots.map((s) => (s.worker ? new Promise((r) => s.worker!.once("exit", r)) : undefined)));
    throw err;
  }
  started = true;
  startup = undefined;
  if (relay) {
    relay.start();
    log.info(
      { feeds: relayedSources.map((s) => s.name), share: share ? "redis" : "none" },
      share
        ? `realtime: the replicas sharing Redis elect one poller of ${relayedSources.length} feed(s); this primary relays to its workers`
        : `realtime: the primary polls ${relayedSources.length} feed(s) for every worker`,
    );
  }
  log.info({ workers: count, host: config.host, port: config.port }, `cluster: ${count} workers serve on ${config.host}:${config.port}`);
  log.info({}, startupBanner(config, options.demo ? "the demo network" : options.network));

  const { snapshotWatch } = config.server;
  if (snapshotWatch) {
    stopWatch = watchSnapshot(options.network, () => void reload("the snapshot file changed"));
    log.info({ snapshot: options.network }, "SNAPSHOT_WATCH: every worker reloads when the snapshot file is replaced");
  }
  if (feeds) {
    feeds.refresh.serving((next, trigger) => reload(trigger, next));
    feeds.refresh.start(!feeds.imported);
    log.info({ feeds: config.feeds.sources.map((f) => f.name), refreshSeconds: config.feeds.refreshSeconds }, refreshLine(config.feeds.refreshSeconds));
  }
}

/** What the start log says about the feed refresh. */
export function refreshLine(refreshSeconds: number | undefined): string {
  return refreshSeconds === undefined
    ? "feed refresh: the feeds were checked at start only (FEED_REFRESH=off)"
    : `feed refresh: the feeds are checked every ${refreshSeconds} s and imported when one changes`;
}

function send(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message);
}

const LEVELS: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * The primary's log lines, in the workers' format (pino's JSON: level, time, pid, hostname, msg) with role
 * "primary"; a process alone logs the feed refresh's first import with it too, before its app exists.
 */
export function primaryLog(level: LogLevel, role: string | undefined = "primary", format: LogFormat = "json") {
  const min = LEVELS[level];
  const host = hostname();
  const readable = readableLogs(format);
  const write = (n: number) => (fields: object, msg: string) => {
    if (n < min) return;
    const line = JSON.stringify({ level: n, time: Date.now(), pid: process.pid, hostname: host, ...(role ? { role } : {}), ...fields, msg });
    process.stdout.write(`${readable ? readableLine(line) : line}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}
