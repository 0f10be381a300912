/**
 * `npm run bench:import`: the whole-feed import benchmark.
 *
 * Prepares New York's MTA feeds as GTFS zips (bench/import/prepare-mta.ts), imports all of them
 * into one snapshot with the real CLI in a child process (`lijnwijzer import ... --profile generic`),
 * measures wall time and peak RSS from outside (/usr/bin/time -v), the snapshot size and its load
 * time, then runs node-gtfs on the same zips in the same way for comparison.
 *
 * Flags: --only-prepare (stop after the zips), --skip-peer (no node-gtfs), --skip-build (dist/ is current).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { benchDataDir, repoRoot } from "../lib/bench-paths.js";
import { hasGnuTime, runMeasured } from "../lib/run-measured.js";
import { countNodeGtfsRows, ensureNodeGtfsPeer, NODE_GTFS_VERSION, runNodeGtfsImport } from "./node-gtfs-peer.js";
import { formatRowCounts, MTA_PACKAGE, MTA_VERSION, prepareMta } from "./prepare-mta.js";

/** Targets for this 2-core machine (docs/BENCHMARKS.md "Import"). */
export const IMPORT_TARGETS = {
  importWallMs: 30_000,
  importPeakRssBytes: 3 * 1024 ** 3,
  snapshotBytes: 400 * 1024 ** 2,
  loadMs: 1_000,
} as const;

/** Floor runs: the fastest counts. */
const FLOOR_RUNS = 3;

/** Load runs: the median of a few separate processes, so one slow start does not decide. */
const LOAD_RUNS = 3;

const snapshotPath = join(benchDataDir, "mta.snapshot");
const sqlitePath = join(benchDataDir, "node-gtfs.sqlite");
const resultsPath = join(benchDataDir, "import-results.json");

/**
 * Loads the snapshot with the built loader and reports how long `loadSnapshot` took and what it holds.
 * Runs as `node --input-type=module -e` so the measured process is plain Node, like `lijnwijzer serve`.
 */
const LOAD_SCRIPT = `
const { loadSnapshot } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, "dist/network/snapshot.js")).href)});
const started = performance.now();
const network = loadSnapshot(process.argv[1]);
const loadMs = performance.now() - started;
console.log(JSON.stringify({ loadMs, stops: network.stops.count, trips: network.trips.count,
  stopTimes: network.stopTimes.count, patterns: network.patterns.count, lines: network.lines.count }));
`;

/**
 * The floor: inflating every table of every zip and counting its lines, doing nothing else.
 * No importer can read the feeds faster than this on the same machine.
 */
const FLOOR_SCRIPT = `
const { default: yauzl } = await import("yauzl");
const started = performance.now();
let bytes = 0;
let lines = 0;
for (const path of process.argv.slice(1)) {
  const zip = await new Promise((ok, ko) => yauzl.open(path, { lazyEntries: true }, (e, z) => (e ? ko(e) : ok(z))));
  await new Promise((ok, ko) => {
    zip.on("entry", (entry) => zip.openReadStream(entry, (e, stream) => {
      if (e) return ko(e);
      stream.on("data", (chunk) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      stream.on("end", () => zip.readEntry());
      stream.on("error", ko);
    }));
    zip.on("end", ok);
    zip.on("error", ko);
    zip.readEntry();
  });
}
console.log(JSON.stringify({ ms: performance.now() - started, bytes, lines }));
`;

interface LoadResult {
  loadMs: number;
  stops: number;
  trips: number;
  stopTimes: number;
  patterns: number;
  lines: number;
}

export interface ImportBenchResult {
  readonly date: string;
  /** The commit whose src/ was built, with "+changes" when src/ had uncommitted edits. */
  readonly commit: string;
  readonly machine: { cpus: number; cpuModel: string; memoryBytes: number; node: string };
  readonly feeds: { package: string; rows: Record<string, number>; zipBytes: number };
  /** Inflating all tables and counting lines, nothing else, fastest of FLOOR_RUNS (ms of that work; wallMs includes Node's start). */
  readonly floor: { ms: number; wallMs: number; bytes: number; lines: number };
  readonly lijnwijzer: {
    wallMs: number;
    peakRssBytes: number | null;
    cpuMs: number | null;
    snapshotBytes: number;
    loadMs: number[];
    loadPeakRssBytes: number | null;
    network: Omit<LoadResult, "loadMs">;
  } | null;
  readonly nodeGtfs: { version: string; wallMs: number; peakRssBytes: number | null; cpuMs: number | null; sqliteBytes: number; rows: Record<string, number> } | null;
}

async function main(argv: readonly string[]): Promise<void> {
  const onlyPrepare = argv.includes("--only-prepare");
  const skipPeer = argv.includes("--skip-peer");
  const skipBuild = argv.includes("--skip-build");
  if (!hasGnuTime()) console.log("bench: /usr/bin/time is missing (apt-get install time): peak RSS will not be measured");

  const prepared = await prepareMta();
  if (prepared.convertMs !== null) console.log(`bench: converted ${MTA_PACKAGE} in ${(prepared.convertMs / 1000).toFixed(1)} s`);
  console.log(formatRowCounts(prepared));
  if (onlyPrepare) return;
  const zips = prepared.feeds.map((f) => f.zipPath);
  const rows: Record<string, number> = {};
  for (const feed of prepared.feeds) for (const [table, stats] of Object.entries(feed.tables)) rows[table] = (rows[table] ?? 0) + stats.rows;

  // The floor is a lower bound: the fastest of a few runs, so a neighbour's burst on this shared machine does not raise it.
  let floor: ImportBenchResult["floor"] | null = null;
  for (let i = 0; i < FLOOR_RUNS; i++) {
    const run = await runMeasured(process.execPath, ["--input-type=module", "-e", FLOOR_SCRIPT, ...zips], { cwd: repoRoot });
    if (run.exitCode !== 0) throw new Error(`floor measurement failed: ${run.stderr.trim()}`);
    const measured = { ...(JSON.parse(run.stdout) as { ms: number; bytes: number; lines: number }), wallMs: run.wallMs };
    if (!floor || measured.ms < floor.ms) floor = measured;
  }
  if (!floor) throw new Error("no floor measurement");
  console.log(`bench: floor: inflating ${mb(floor.bytes)} of CSV (${floor.lines} lines) takes ${seconds(floor.ms)} (fastest of ${FLOOR_RUNS})`);

  if (!skipBuild) await runInherited("npm", ["run", "build", "--silent"]);

  console.log(`\nbench: lijnwijzer import of ${zips.length} feeds (profile generic) -> ${snapshotPath}`);
  rmSync(snapshotPath, { force: true });
  const imported = await runMeasured(
    process.execPath,
    [join(repoRoot, "bin/lijnwijzer.js"), "import", ...zips, "--out", snapshotPath, "--profile", "generic"],
    { cwd: repoRoot, echo: true },
  );
  let lijnwijzer: ImportBenchResult["lijnwijzer"] = null;
  if (imported.exitCode !== 0 || !existsSync(snapshotPath)) {
    console.log(`bench: lijnwijzer import FAILED (exit ${imported.exitCode}) after ${seconds(imported.wallMs)}`);
  } else {
    const loads: LoadResult[] = [];
    let loadPeakRssBytes: number | null = null;
    for (let i = 0; i < LOAD_RUNS; i++) {
      const run = await runMeasured(process.execPath, ["--input-type=module", "-e", LOAD_SCRIPT, snapshotPath], { cwd: repoRoot });
      if (run.exitCode !== 0) throw new Error(`snapshot load failed: ${run.stderr.trim()}`);
      loads.push(JSON.parse(run.stdout) as LoadResult);
      loadPeakRssBytes = Math.max(loadPeakRssBytes ?? 0, run.peakRssBytes ?? 0) || null;
    }
    const { loadMs: _first, ...network } = loads[0];
    lijnwijzer = {
      wallMs: imported.wallMs,
      peakRssBytes: imported.peakRssBytes,
      cpuMs: imported.cpuMs,
      snapshotBytes: statSync(snapshotPath).size,
      loadMs: loads.map((l) => l.loadMs),
      loadPeakRssBytes,
      network,
    };
  }

  let nodeGtfs: ImportBenchResult["nodeGtfs"] = null;
  if (!skipPeer) {
    await ensureNodeGtfsPeer();
    console.log(`\nbench: node-gtfs ${NODE_GTFS_VERSION} import of the same ${zips.length} zips -> ${sqlitePath}`);
    const peer = await runNodeGtfsImport(zips, sqlitePath);
    if (peer.exitCode !== 0) {
      console.log(`bench: node-gtfs FAILED (exit ${peer.exitCode}):\n${peer.stderr.slice(-2000)}`);
    } else {
      nodeGtfs = {
        version: NODE_GTFS_VERSION,
        wallMs: peer.wallMs,
        peakRssBytes: peer.peakRssBytes,
        cpuMs: peer.cpuMs,
        sqliteBytes: statSync(sqlitePath).size,
        rows: await countNodeGtfsRows(sqlitePath),
      };
    }
  }

  const result: ImportBenchResult = {
    date: new Date().toISOString(),
    commit: sourceCommit(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "unknown", memoryBytes: totalmem(), node: process.version },
    feeds: { package: `${MTA_PACKAGE}@${MTA_VERSION}`, rows, zipBytes: prepared.feeds.reduce((s, f) => s + f.zipBytes, 0) },
    floor,
    lijnwijzer,
    nodeGtfs,
  };
  mkdirSync(benchDataDir, { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${formatImportResult(result)}\n\nbench: results in ${resultsPath}`);
  if (imported.exitCode !== 0) process.exitCode = 1;
}

/** The results as the Markdown table that docs/BENCHMARKS.md carries. */
export function formatImportResult(result: ImportBenchResult): string {
  const lw = result.lijnwijzer;
  const peer = result.nodeGtfs;
  const lines = [
    `Machine: ${result.machine.cpus} cores (${result.machine.cpuModel}), ${gib(result.machine.memoryBytes)} RAM, Node ${result.machine.node}; ${result.date.slice(0, 10)}, commit ${result.commit}`,
    `Input: ${result.feeds.package}, 9 feeds, ${result.feeds.rows.stop_times} stop_times, ${result.feeds.rows.trips} trips, ${result.feeds.rows.stops} stops; zips ${mb(result.feeds.zipBytes)}`,
    `Floor: inflating the ${mb(result.floor.bytes)} of CSV in the zips and counting its ${result.floor.lines} lines takes ${seconds(result.floor.ms)} (fastest of ${FLOOR_RUNS}).`,
    "",
    "| | lijnwijzer import | node-gtfs " + (peer?.version ?? NODE_GTFS_VERSION) + " | target (lijnwijzer) |",
    "|---|---:|---:|---:|",
    `| wall time | ${lw ? seconds(lw.wallMs) : "failed"} | ${peer ? seconds(peer.wallMs) : "not run"} | ≤ ${seconds(IMPORT_TARGETS.importWallMs)} ${mark(lw?.wallMs, IMPORT_TARGETS.importWallMs)} |`,
    `| CPU time (user + sys) | ${lw?.cpuMs != null ? seconds(lw.cpuMs) : "-"} | ${peer?.cpuMs != null ? seconds(peer.cpuMs) : "-"} | |`,
    `| peak RSS | ${lw?.peakRssBytes != null ? mb(lw.peakRssBytes) : "-"} | ${peer?.peakRssBytes != null ? mb(peer.peakRssBytes) : "-"} | ≤ ${mb(IMPORT_TARGETS.importPeakRssBytes)} ${mark(lw?.peakRssBytes ?? undefined, IMPORT_TARGETS.importPeakRssBytes)} |`,
    `| output size | ${lw ? mb(lw.snapshotBytes) + " (snapshot)" : "-"} | ${peer ? mb(peer.sqliteBytes) + " (SQLite)" : "-"} | ≤ ${mb(IMPORT_TARGETS.snapshotBytes)} ${mark(lw?.snapshotBytes, IMPORT_TARGETS.snapshotBytes)} |`,
    `| load (median of ${lw?.loadMs.length ?? LOAD_RUNS}) | ${lw ? `${Math.round(median(lw.loadMs))} ms` : "-"} | - | ≤ ${IMPORT_TARGETS.loadMs} ms ${mark(lw ? median(lw.loadMs) : undefined, IMPORT_TARGETS.loadMs)} |`,
  ];
  if (lw && peer) {
    lines.push(
      "",
      `node-gtfs / lijnwijzer: ${(peer.wallMs / lw.wallMs).toFixed(1)}× the wall time` +
        (lw.peakRssBytes && peer.peakRssBytes ? `, ${(peer.peakRssBytes / lw.peakRssBytes).toFixed(2)}× the peak RSS` : ""),
    );
  }
  if (lw) {
    lines.push(
      `Snapshot holds ${lw.network.stops} stops, ${lw.network.lines} lines, ${lw.network.patterns} patterns, ${lw.network.trips} trips, ${lw.network.stopTimes} stop times; load runs ${lw.loadMs.map((ms) => Math.round(ms)).join(", ")} ms, load peak RSS ${lw.loadPeakRssBytes ? mb(lw.loadPeakRssBytes) : "-"}.`,
    );
  }
  if (peer) lines.push(`node-gtfs database rows: ${Object.entries(peer.rows).map(([t, n]) => `${t} ${n}`).join(", ")}.`);
  return lines.join("\n");
}

function sourceCommit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd: repoRoot, encoding: "utf8" }).trim() !== "";
    return dirty ? `${head}+changes` : head;
  } catch {
    return "unknown";
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function mark(value: number | undefined, target: number): string {
  return value === undefined ? "" : value <= target ? "(met)" : "(**missed**)";
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MiB`;
const gib = (bytes: number) => `${Math.round(bytes / 1024 ** 3)} GiB`;

function runInherited(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main(process.argv.slice(2));
}
