/**
 * `serve --feed <url|file>... --refresh <interval>`: keeps the served network current with its GTFS feeds. Once at
 * start and then every interval it checks every feed: a URL with a conditional request (If-None-Match /
 * If-Modified-Since, download-feed.ts), a file by its size and modification time. When one changed, it imports
 * every feed in a separate process (`lijnwijzer import ... --out <snapshot>.next --previous <snapshot>`, so that
 * the import's memory and CPU never land in a process that serves, and keys continue those of the snapshot
 * replaced), then hands the new snapshot to `swap`, which loads and checks it (snapshot-check.ts) beside the
 * network served and swaps it in as a reload does (in a cluster every worker or none), then renames it over the
 * snapshot file. The rename comes after the swap and in the same turn of the reload queue, so that the file on
 * disk is always the network served: a restart, a worker forked again or a SIGHUP serve what was served.
 *
 * Beside the snapshot, `<snapshot>.feeds/` keeps a copy of each feed's version in the snapshot (the next import
 * needs every feed, changed or not) and state.json, its validators (ETag, Last-Modified, a file's size and time),
 * so that a restart asks conditionally too. A new version is fetched to `<name>.next.zip` and replaces the copy
 * only once its snapshot is served.
 *
 * Failures leave the network served in place, are logged in one line and shown on /health and /metrics:
 * - a check that fails (connection refused, timeout, 5xx, a truncated or too large body, a missing file) counts
 *   in `lastError` and is tried again at the next interval;
 * - a version that fails its import (a broken zip, GTFS the import refuses) is `rejected`: the refresh asks with
 *   its validators from then on, so it is not downloaded and imported again until the feed changes;
 * - a snapshot the swap refuses (a worker that could not load it) is dropped, and tried again at the next interval.
 * Only one refresh runs at a time; the swap runs in the reload queue, so it never overlaps a reload.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FeedRefreshFeedHealth, FeedRefreshHealth } from "../api/beheer/health.js";
import { downloadFeed } from "../gtfs/download-feed.js";
import { redactUrl } from "../lib/redact-url.js";
import type { FeedsConfig, GtfsFeedConfig } from "../config/feeds.js";
import { writeFileAtomic } from "../lib/write-file-atomic.js";
import { CliError } from "./cli-error.js";
import type { ReloadResult } from "./snapshot-reload.js";

/** The command the import runs in: this package's CLI, with the same Node. */
const CLI = fileURLToPath(new URL("../../bin/lijnwijzer.js", import.meta.url));

/** The import's output kept for the log and /health: its summary and error are far shorter. */
const OUTPUT_KEPT = 64 * 1024;

export interface RefreshLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface FeedRefreshOptions {
  feeds: FeedsConfig;
  /** The snapshot served (`--network`): imported to `<snapshot>.next`, renamed over it once served. */
  snapshot: string;
  log: RefreshLog;
  /** Called whenever the report changes (a cluster's primary sends it to the workers). */
  onReport?: (report: FeedRefreshHealth) => void;
  now?: () => number;
}

export type RefreshOutcome =
  | { result: "unchanged" }
  | { result: "swapped"; importSeconds: number }
  | { result: "failed"; message: string };

/**
 * Loads and checks the snapshot at `next` beside the network served, swaps it in, and on success renames it to the
 * snapshot path, in the reload queue (serve-command.ts, cluster.ts).
 */
export type SwapSnapshot = (next: string, trigger: string) => Promise<ReloadResult>;

export interface FeedRefresh {
  /** From now on a new snapshot is swapped in by `swap`; before (the first import), it is renamed into place. */
  serving(swap: SwapSnapshot): void;
  /** Checks every feed once, imports and swaps when one changed; waits for a refresh under way first. */
  refresh(trigger: string): Promise<RefreshOutcome>;
  /** Checks at once (unless `checkNow` is false), then every interval until `stop`. */
  start(checkNow?: boolean): void;
  stop(): void;
  report(): FeedRefreshHealth;
}

/** What state.json keeps per feed: the validators of the version in the snapshot, and of a version refused. */
interface FeedVersion {
  etag?: string;
  lastModified?: string;
  /** A file's `${size}:${mtimeMs}`. */
  signature?: string;
  bytes?: number;
  fetchedMs: number;
}

interface FeedState {
  served?: FeedVersion;
  rejected?: FeedVersion & { message: string; atMs: number };
}

interface StateFile {
  /** The feeds of the snapshot, in import order (their keys): another list means another import. */
  order: string[];
  feeds: Record<string, FeedState>;
}

/** A feed as the refresh tracks it. */
interface Tracked {
  config: GtfsFeedConfig;
  key: string;
  /** The copy of the version in the snapshot, and where a new version goes first. */
  copy: string;
  next: string;
  health: FeedRefreshFeedHealth;
}

type Check = { kind: "same" } | { kind: "new"; version: FeedVersion } | { kind: "failed"; message: string };

export function createFeedRefresh(options: FeedRefreshOptions): FeedRefresh {
  const { feeds: config, snapshot, log } = options;
  const now = options.now ?? Date.now;
  const dir = `${snapshot}.feeds`;
  const statePath = join(dir, "state.json");
  const nextSnapshot = `${snapshot}.next`;
  mkdirSync(dir, { recursive: true });
  const state = readState(statePath, existsSync(snapshot));
  const tracked: Tracked[] = config.sources.map((f) => {
    const key = f.kind === "url" ? f.url : f.path;
    const file = `${f.name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(-60)}-${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;
    const served = state.feeds[key]?.served;
    return {
      config: f,
      key,
      copy: join(dir, `${file}.zip`),
      next: join(dir, `${file}.next.zip`),
      health: {
        name: f.name,
        kind: f.kind,
        location: f.kind === "url" ? redactUrl(f.url) : f.path,
        ...versionFields(served),
        ...(state.feeds[key]?.rejected ? { rejected: rejectedField(state.feeds[key].rejected!) } : {}),
      },
    };
  });
  const refreshHealth: FeedRefreshHealth = { intervalSeconds: config.refreshSeconds, running: false, feeds: tracked.map((t) => t.health) };
  const changed = () => options.onReport?.(structuredClone(refreshHealth));

  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let child: ChildProcess | undefined;
  let swap: SwapSnapshot | undefined;

  /** One feed's check: the same version as in the snapshot (or as refused), a new one fetched to `next`, or a fault. */
  const check = async (t: Tracked): Promise<Check> => {
    const feedState = state.feeds[t.key] ?? {};
    // Validators of what is held: the refused version first (a 304 then means "still that one").
    const held = feedState.rejected ?? (existsSync(t.copy) ? feedState.served : undefined);
    rmSync(t.next, { force: true });
    try {
      if (t.config.kind === "url") {
        const got = await downloadFeed(t.config.url, t.next, {
          headers: t.config.headers,
          maxBytes: config.maxBytes,
          timeoutMs: config.timeoutSeconds * 1000,
          etag: held?.etag,
          lastModified: held?.lastModified,
        });
        if (got.status === "not-modified") return { kind: "same" };
        // A server without validators answers 200 each time: the bytes tell whether it changed.
        if (held && !got.etag && !got.lastModified && sameBytes(t.next, t.copy)) return { kind: "same" };
        return { kind: "new", version: { etag: got.etag, lastModified: got.lastModified, bytes: got.bytes, fetchedMs: now() } };
      }
      const signature = fileSignature(t.config.path);
      if (held?.signature === signature) return { kind: "same" };
      copyFileSync(t.config.path, t.next);
      // Another program may be writing it: a copy taken while it changed is not that version.
      if (fileSignature(t.config.path) !== signature) throw new Error(`${t.config.path} changed while it was copied: it is read again at the next check`);
      const s = statSync(t.next);
      return { kind: "new", version: { signature, lastModified: new Date(statSync(t.config.path).mtimeMs).toUTCString(), bytes: s.size, fetchedMs: now() } };
    } catch (err) {
      rmSync(t.next, { force: true });
      return { kind: "failed", message: (err as Error).message };
    }
  };

  const run = async (trigger: string): Promise<RefreshOutcome> => {
    refreshHealth.running = true;
    const t0 = now();
    refreshHealth.lastRunMs = t0;
    changed();
    try {
      const checks = await Promise.all(tracked.map(check));
      checks.forEach((c, i) => {
        const h = tracked[i].health;
        h.lastCheckMs = now();
        if (c.kind === "failed") {
          h.lastError = { message: c.message, sinceMs: h.lastError?.sinceMs ?? h.lastCheckMs, atMs: h.lastCheckMs, checks: (h.lastError?.checks ?? 0) + 1 };
          log.warn({ feed: h.name, checks: h.lastError.checks }, `feed refresh: feed ${h.name}: ${c.message}; the network served stays`);
        } else {
          h.lastSuccessMs = h.lastCheckMs;
          h.lastError = undefined;
        }
      });
      const fresh = tracked.flatMap((t, i) => (checks[i].kind === "new" ? [{ t, version: (checks[i] as { version: FeedVersion }).version }] : []));
      const listChanged = state.order.join("\n") !== tracked.map((t) => t.key).join("\n");
      if (fresh.length === 0 && !listChanged && existsSync(snapshot)) return { result: "unchanged" };
      const missing = tracked.filter((t) => !existsSync(t.copy) && !fresh.some((f) => f.t === t));
      if (missing.length) {
        return fail(`no version of ${missing.map((t) => t.health.name).join(", ")} was fetched yet, so the feeds cannot be imported`);
      }
      const names = (fresh.length ? fresh.map((f) => f.t.health.name) : ["the list of feeds"]).join(", ");
      log.info({ trigger, changed: fresh.map((f) => f.t.health.name) }, `feed refresh (${trigger}): ${names} changed: importing in a separate process`);
      const files = tracked.map((t) => (fresh.some((f) => f.t === t) ? t.next : t.copy));
      const imported = await runImport(files);
      refreshHealth.lastImport = { atMs: now(), ok: imported.ok, seconds: imported.seconds, peakRssBytes: imported.peakRssBytes, message: imported.ok ? undefined : imported.message };
      if (!imported.ok) {
        // The import names a file by its path: say the feed instead, and blame the feed it names when it names one
        // (main.ts prefixes a GtfsError of several feeds with the feed's path), else every new version.
        let message = imported.message;
        const named = fresh.filter(({ t }) => message.includes(t.next));
        for (const t of tracked) message = message.replaceAll(t.next, `feed ${t.health.name}`).replaceAll(t.copy, `feed ${t.health.name}`);
        refreshHealth.lastImport.message = message;
        // The new versions are refused until they change: asked with their validators, a 304 says they did not.
        for (const { t, version } of named.length ? named : fresh) {
          const rejected = { ...version, message, atMs: refreshHealth.lastImport.atMs };
          state.feeds[t.key] = { ...state.feeds[t.key], rejected };
          t.health.rejected = rejectedField(rejected);
        }
        for (const { t } of fresh) rmSync(t.next, { force: true });
        writeState(statePath, state);
        return fail(`the import failed, the network served stays: ${message}`);
      }
      log.info(
        { seconds: imported.seconds, peakRssBytes: imported.peakRssBytes },
        `feed refresh: imported in ${imported.seconds.toFixed(1)} s${imported.peakRssBytes ? ` (peak memory ${Math.round(imported.peakRssBytes / 2 ** 20)} MiB)` : ""}`,
      );
      if (swap) {
        const swapped = await swap(nextSnapshot, `feed refresh (${trigger})`);
        if (!swapped.ok) {
          for (const { t } of fresh) rmSync(t.next, { force: true });
          rmSync(nextSnapshot, { force: true });
          return fail(`the new snapshot was refused, the network served stays: ${swapped.message}`);
        }
        refreshHealth.lastSwapMs = now();
      } else {
        renameSync(nextSnapshot, snapshot);
      }
      // The snapshot on disk is the one served: its feeds' copies and validators follow it.
      for (const { t, version } of fresh) {
        renameSync(t.next, t.copy);
        state.feeds[t.key] = { served: version };
        Object.assign(t.health, versionFields(version), { rejected: undefined });
      }
      state.order = tracked.map((t) => t.key);
      writeState(statePath, state);
      return { result: "swapped", importSeconds: imported.seconds };
    } finally {
      refreshHealth.running = false;
      changed();
    }
  };

  const fail = (message: string): RefreshOutcome => {
    log.error({}, `feed refresh: ${message}`);
    return { result: "failed", message };
  };

  const runImport = (files: string[]): Promise<{ ok: true; seconds: number; peakRssBytes?: number } | { ok: false; seconds: number; peakRssBytes?: number; message: string }> => {
    rmSync(nextSnapshot, { force: true });
    const args = [CLI, "import", ...files, "--out", nextSnapshot, ...(existsSync(snapshot) ? ["--previous", snapshot] : []), ...config.importArgs];
    const started = performance.now();
    return new Promise((resolve) => {
      let out = "";
      let err = "";
      const keep = (acc: string, d: string) => (acc + d).slice(-OUTPUT_KEPT);
      const proc = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
      child = proc;
      proc.stdout.setEncoding("utf8").on("data", (d: string) => (out = keep(out, d)));
      proc.stderr.setEncoding("utf8").on("data", (d: string) => (err = keep(err, d)));
      proc.once("error", (e) => resolve({ ok: false, seconds: (performance.now() - started) / 1000, message: `the import could not start: ${e.message}` }));
      proc.once("close", (code, signal) => {
        child = undefined;
        const seconds = (performance.now() - started) / 1000;
        const peakRssBytes = peakMemoryOf(out);
        if (code === 0 && existsSync(nextSnapshot)) return resolve({ ok: true, seconds, peakRssBytes });
        // `lijnwijzer import: <what is wrong>` is its last line on stderr (main.ts).
        const last = err.trim().split("\n").filter((l) => l.trim() !== "").pop() ?? "";
        const message = last.replace(/^lijnwijzer import: /, "") || `the import exited with ${signal ?? `code ${code}`}`;
        rmSync(nextSnapshot, { force: true });
        resolve({ ok: false, seconds, peakRssBytes, message });
      });
    });
  };

  const refresh = (trigger: string): Promise<RefreshOutcome> => {
    const next = chain.then(() => run(trigger));
    chain = next.catch(() => undefined);
    return next;
  };

  const schedule = () => {
    if (stopped || config.refreshSeconds === undefined) return;
    timer = setTimeout(() => {
      void refresh("interval").finally(schedule);
    }, config.refreshSeconds * 1000);
    timer.unref();
  };

  return {
    serving(s) {
      swap = s;
    },
    refresh,
    start(checkNow = true) {
      if (checkNow) void refresh("start").finally(schedule);
      else schedule();
      changed();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      child?.kill("SIGTERM");
    },
    report: () => structuredClone(refreshHealth),
  };
}

function versionFields(v: FeedVersion | undefined): Partial<FeedRefreshFeedHealth> {
  return { etag: v?.etag, lastModified: v?.lastModified, bytes: v?.bytes, lastChangeMs: v?.fetchedMs };
}

function rejectedField(r: NonNullable<FeedState["rejected"]>): NonNullable<FeedRefreshFeedHealth["rejected"]> {
  return { message: r.message, atMs: r.atMs, etag: r.etag, lastModified: r.lastModified };
}

function fileSignature(path: string): string {
  let s;
  try {
    s = statSync(path);
  } catch {
    throw new Error(`the feed file ${path} does not exist (or cannot be read)`);
  }
  if (!s.isFile()) throw new Error(`the feed ${path} is no file: give a GTFS zip`);
  return `${s.size}:${s.mtimeMs}`;
}

function sameBytes(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.size === y.size && readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** The import summary's `time: 8.1 s, peak memory: 652.3 MB` (formatBytes, 1024-based), in bytes. */
function peakMemoryOf(summary: string): number | undefined {
  const m = /peak memory: ([\d.]+) (GB|MB|kB|B)\b/.exec(summary);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * { GB: 2 ** 30, MB: 2 ** 20, kB: 2 ** 10, B: 1 }[m[2] as "GB" | "MB" | "kB" | "B"]);
}

/** state.json, or a blank state when it is missing, unreadable, or the snapshot it describes is gone. */
function readState(path: string, snapshotExists: boolean): StateFile {
  const blank: StateFile = { order: [], feeds: {} };
  if (!snapshotExists) return blank;
  try {
    const s = JSON.parse(readFileSync(path, "utf8")) as StateFile;
    return Array.isArray(s.order) && typeof s.feeds === "object" && s.feeds !== null ? s : blank;
  } catch {
    return blank;
  }
}

/** Written beside and renamed, as every file here: a crash leaves the old state or the new, never half. */
function writeState(path: string, state: StateFile): void {
  writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * serve's start with feeds (a process alone, or a cluster's primary): the refresh, after the first import when the
 * snapshot does not exist yet (then the server cannot start until one import succeeds). `imported` says whether
 * that import ran, so that the check at start is not made twice.
 */
export async function startingFeedRefresh(options: FeedRefreshOptions): Promise<{ refresh: FeedRefresh; imported: boolean } | undefined> {
  if (options.feeds.sources.length === 0) return undefined;
  const refresh = createFeedRefresh(options);
  if (existsSync(options.snapshot)) return { refresh, imported: false };
  options.log.info({ snapshot: options.snapshot }, `feed refresh: ${options.snapshot} does not exist yet: importing the feeds before serving`);
  const first = await refresh.refresh("first import");
  if (first.result === "failed") {
    throw new CliError(`${options.snapshot} does not exist and the feeds could not be imported (${first.message}): fix the feeds, or import a snapshot with \`lijnwijzer import\``);
  }
  return { refresh, imported: true };
}
