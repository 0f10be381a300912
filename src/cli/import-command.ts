import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { LijnwijzerError } from "../errors.js";
import { downloadFeed } from "../gtfs/download-feed.js";
import { redactUrl } from "../lib/redact-url.js";
import { GtfsError, readGtfs } from "../gtfs/index.js";
import type { GtfsFeed } from "../gtfs/types.js";
import { compileNetwork, type CompileInput } from "../network/compile-network.js";
import { detectProfile } from "../network/detect-profile.js";
import { PLACE_KINDS, type KeyProfile, type Network } from "../network/model.js";
import type { KeyHistory } from "../network/key-history.js";
import { readSnapshotKeyHistory, writeSnapshot } from "../network/snapshot.js";
import { defaultReferenceDir } from "../reference/default-reference-dir.js";
import { PlacesFileError, readAddresses } from "../reference/read-addresses.js";
import { readPois } from "../reference/read-pois.js";
import { readReference } from "../reference/read-reference.js";
import type { AddressTable, PlacesFileSummary, PoiTable, ReferenceData } from "../reference/types.js";
import { formatBytes, peakRssBytes } from "./peak-memory.js";
import { CliError } from "./cli-error.js";
import { createProgress, type Progress } from "./progress.js";
import { validityWarning } from "./validity-warning.js";
import { warningLines } from "./warning-lines.js";

/** `auto`: each feed gets the profile detectProfile finds for it. */
export type ProfileChoice = KeyProfile | "auto";

export interface ImportOptions {
  /** GTFS zips or folders, or http(s) URLs of zips (downloaded first, with `headers`). */
  feeds: string[];
  out: string;
  /** Request headers for feed URLs, e.g. a subscription key. */
  headers?: Record<string, string>;
  /**
   * The snapshot whose keys this import continues (key-history.ts); default the snapshot already at `out`, when
   * there is one this lijnwijzer can read.
   */
  previous?: string;
  /** Start the keys over: no previous snapshot is read. */
  freshKeys?: boolean;
  /** Default "auto". */
  profile?: ProfileChoice;
  /** Reference folder; "none" for no reference data; default: the built-in Flanders data. */
  reference?: string;
  /** Footpath radius in metres (compileNetwork's walkRadiusMeters); default 400. */
  walkRadiusMeters?: number;
  /** Longest chain of footpaths kept as one, in seconds (compileNetwork's walkBudgetSeconds); default 900. */
  walkBudgetSeconds?: number;
  /** Walking pace (compileNetwork's walkMetersPerSecond); default 1.25 m/s. */
  walkMetersPerSecond?: number;
  /** BeST Address CSV exports: streets and addresses for the location search (read-addresses.ts). */
  addresses?: string[];
  /** Points of interest, CSV or GeoJSON (read-pois.ts). */
  pois?: string[];
  progress?: Progress;
  /** Where the summary goes (stdout by default). */
  log?: (line: string) => void;
}

export interface ImportResult {
  network: Network;
  snapshotBytes: number;
  seconds: number;
  peakRssBytes: number;
}

/**
 * Reads every feed, compiles one network and writes the snapshot. Each feed gets the profile
 * asked for, or with "auto" the one detectProfile finds; the summary says which and why. Throws
 * (GtfsError naming file and line, CliError for a missing feed) before anything is written: a
 * failed import leaves no snapshot.
 */
export async function importFeeds(options: ImportOptions): Promise<ImportResult> {
  const started = performance.now();
  const progress = options.progress ?? createProgress();
  const log = options.log ?? ((line: string) => process.stdout.write(line + "\n"));
  const choice = options.profile ?? "auto";
  let network: Network;
  let snapshotBytes: number;
  const inputs: CompileInput[] = [];
  const profileLines: string[] = [];
  let addresses: AddressTable | undefined;
  let pois: PoiTable | undefined;
  const keys = previousKeys(options, log);
  const downloads = await downloadFeeds(options.feeds, options.headers ?? {}, progress);
  try {
    const reference = await loadReference(options.reference);
    for (const [i, path] of downloads.paths.entries()) {
      if (!existsSync(path)) throw new CliError(`feed ${path} does not exist: give a GTFS zip file or a folder of GTFS .txt files`);
      const feed = await readFeedFile(path, i, options.feeds.length, progress);
      const detected = detectProfile(feed);
      const profile = choice === "auto" ? detected.profile : choice;
      inputs.push({ feed, profile });
      profileLines.push(profileLine(basename(resolve(path)), choice, profile, detected));
    }
    ({ addresses, pois } = await readPlaces(options, progress));
    network = compileNetwork(inputs, {
      reference,
      walkRadiusMeters: options.walkRadiusMeters,
      walkBudgetSeconds: options.walkBudgetSeconds,
      walkMetersPerSecond: options.walkMetersPerSecond,
      addresses,
      pois,
      previousKeys: keys.history,
      onStage: (s) => progress.stage(`compiling: ${s}`),
    });
    progress.stage("writing snapshot");
    snapshotBytes = writeSnapshot(network, resolve(options.out));
  } finally {
    // Ends a progress bar's line, also before an error message.
    progress.done();
    downloads.cleanUp();
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssBytes();
  const feeds = inputs.map((i) => i.feed);
  const placeFiles = [...(addresses?.files ?? []).map((f) => ({ ...f, what: "addresses" })), ...(pois?.files ?? []).map((f) => ({ ...f, what: "kept" }))];
  for (const line of importSummary(feeds, profileLines, placeFiles, network, snapshotBytes, seconds, peak, options.out)) log(line);
  for (const line of keyChangeLines(network, keys.from)) log(line);
  for (const message of validityWarning(network).messages) log(`lijnwijzer import: warning: ${message}`);
  return { network, snapshotBytes, seconds, peakRssBytes: peak };
}

/** The largest feed download accepted, and how long a server may stay silent: a country's feed is some 200 MB. */
const DOWNLOAD_MAX_BYTES = 2 * 1024 ** 3;
const DOWNLOAD_TIMEOUT_MS = 60_000;

/**
 * Downloads the feeds given as http(s) URLs into a temporary folder, each under the last part of its URL's path
 * (the summary and meta.feeds name it so); local paths pass through. `cleanUp` removes the folder.
 */
async function downloadFeeds(feeds: readonly string[], headers: Record<string, string>, progress: Progress): Promise<{ paths: string[]; cleanUp(): void }> {
  const urls = feeds.filter((f) => /^https?:\/\//i.test(f));
  if (urls.length === 0) return { paths: [...feeds], cleanUp: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), "lijnwijzer-feeds-"));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    const paths: string[] = [];
    for (const [i, feed] of feeds.entries()) {
      if (!urls.includes(feed)) {
        paths.push(feed);
        continue;
      }
      const name = basename(new URL(feed).pathname) || "feed.zip";
      const path = join(dir, String(i), /\.zip$/i.test(name) ? name : `${name}.zip`);
      mkdirSync(dirname(path));
      progress.stage(`downloading ${redactUrl(feed)}`);
      await downloadFeed(feed, path, { headers, maxBytes: DOWNLOAD_MAX_BYTES, timeoutMs: DOWNLOAD_TIMEOUT_MS });
      paths.push(path);
    }
    return { paths, cleanUp };
  } catch (err) {
    progress.done();
    cleanUp();
    if (err instanceof LijnwijzerError) throw new CliError(err.message);
    throw err;
  }
}

/**
 * The key history this import continues: `--previous`, else the snapshot already at `--out` (when this lijnwijzer
 * can read it: one of an older format starts the keys over, saying so), none with `--fresh-keys`.
 */
function previousKeys(options: ImportOptions, log: (line: string) => void): { history?: KeyHistory; from: string } {
  if (options.freshKeys) return { from: "keys started over (--fresh-keys)" };
  if (options.previous !== undefined) {
    if (!existsSync(options.previous)) throw new CliError(`--previous ${options.previous} does not exist: name the snapshot this import replaces, or leave --previous out`);
    try {
      return { history: readSnapshotKeyHistory(options.previous), from: `keys continue ${options.previous}` };
    } catch (err) {
      if (err instanceof LijnwijzerError) throw new CliError(`--previous: ${err.message}; or start the keys over with --fresh-keys`);
      throw err;
    }
  }
  if (!existsSync(options.out)) return { from: "new keys (no snapshot at --out yet)" };
  try {
    return { history: readSnapshotKeyHistory(options.out), from: `keys continue ${options.out}` };
  } catch (err) {
    if (!(err instanceof LijnwijzerError)) throw err;
    log(`lijnwijzer import: warning: the keys start over: ${err.message}`);
    return { from: "new keys (the snapshot at --out has no key history this lijnwijzer reads)" };
  }
}

/** What the import changed in the keys: `keys: continue net.snapshot (import 3 of 3)` and a line per kind. */
function keyChangeLines(network: Network, from: string): string[] {
  const { imports, keyChanges } = network.meta;
  const lines = [`keys: ${from}${imports.length > 1 ? ` (import ${imports.length}, the first of ${imports[0].createdAt.slice(0, 10)})` : ""}:`];
  const label: Record<string, string> = { entity: "entities", line: "lines", lineDirection: "line directions", stop: "stops" };
  const n = (x: number) => x.toLocaleString("en");
  for (const c of keyChanges) {
    const parts = [`${n(c.kept)} kept`, `${n(c.added)} added${c.addedExamples.length && imports.length > 1 ? ` (${c.addedExamples.join(", ")}${c.added > c.addedExamples.length ? ", ..." : ""})` : ""}`];
    parts.push(`${n(c.removed)} removed${c.removedExamples.length ? ` (${c.removedExamples.join(", ")}${c.removed > c.removedExamples.length ? ", ..." : ""})` : ""}`);
    lines.push(`  ${label[c.kind].padEnd(16)} ${parts.join(", ")}`);
  }
  return lines;
}

/** Reads one feed; the progress label names its file (and which of several it is). */
async function readFeedFile(path: string, i: number, n: number, progress: Progress): Promise<GtfsFeed> {
  const name = `${basename(resolve(path))}${n > 1 ? ` (${i + 1}/${n})` : ""}`;
  // The reader's last call (100 %) names no file: keep the last one.
  let file = "";
  try {
    return await readGtfs(path, {
      onProgress: (p) => {
        file = p.file || file;
        progress.bar(file ? `${name}: ${file}` : name, p.bytesDone, p.bytesTotal);
      },
    });
  } catch (err) {
    // Several feeds: say which one (the reader's message names the file and line inside it).
    if (err instanceof GtfsError && n > 1) err.message = `${path}: ${err.message}`;
    throw err;
  }
}

/**
 * Which profile a feed got and why: `profile: delijn (auto) for flanders.zip: 7789 of 7789 ...`.
 * A forced delijn on a feed that does not follow the operator's conventions hints at generic.
 */
function profileLine(source: string, choice: ProfileChoice, profile: KeyProfile, detected: { profile: KeyProfile; reason: string }): string {
  const head = `profile: ${profile} (${choice === "auto" ? "auto" : `--profile ${choice}`}) for ${source}`;
  if (choice === "auto") return `${head}: ${detected.reason}`;
  if (profile === "delijn" && detected.profile === "generic") {
    return `${head}, though the feed does not follow the operator's conventions: ${detected.reason}; import it with --profile generic, or without --profile`;
  }
  return head;
}

/**
 * The places files (--addresses, --pois), streamed; a file that is not the layout stops the import with a message
 * naming it and the missing columns.
 */
async function readPlaces(options: ImportOptions, progress: Progress): Promise<{ addresses?: AddressTable; pois?: PoiTable }> {
  try {
    const addresses = options.addresses?.length
      ? await readAddresses(options.addresses, (file, done, total) => progress.bar(`addresses: ${file}`, done, total))
      : undefined;
    const pois = options.pois?.length ? readPois(options.pois) : undefined;
    return { addresses, pois };
  } catch (err) {
    if (err instanceof PlacesFileError) throw new CliError(err.message);
    throw err;
  }
}

async function loadReference(dir: string | undefined): Promise<ReferenceData | undefined> {
  if (dir === "none") return undefined;
  return readReference(dir ?? defaultReferenceDir());
}

function importSummary(
  feeds: GtfsFeed[],
  profileLines: string[],
  placeFiles: Array<PlacesFileSummary & { what: string }>,
  network: Network,
  bytes: number,
  seconds: number,
  peak: number,
  out: string,
): string[] {
  const rows = new Map<string, number>();
  for (const f of feeds) for (const [file, n] of Object.entries(f.rows)) rows.set(file, (rows.get(file) ?? 0) + n);
  const lines = [`imported ${feeds.length} feed${feeds.length === 1 ? "" : "s"} into ${out}`, ...profileLines];
  lines.push("rows read:");
  for (const [file, n] of [...rows].sort()) lines.push(`  ${file.padEnd(26)} ${n.toLocaleString("en").padStart(12)}`);
  for (const f of placeFiles) {
    const skipped = [f.notCurrent ? `${f.notCurrent.toLocaleString("en")} not current` : "", f.bad ? `${f.bad.toLocaleString("en")} bad (see warnings)` : ""].filter(Boolean);
    lines.push(`  ${f.file.padEnd(26)} ${f.rows.toLocaleString("en").padStart(12)}: ${f.kept.toLocaleString("en")} ${f.what}${skipped.length ? `, skipped ${skipped.join(", ")}` : ""}`);
  }
  lines.push(...networkCounts(network));
  lines.push(...warningLines(network.meta.warnings));
  lines.push(`snapshot: ${formatBytes(bytes)}`);
  lines.push(`time: ${seconds.toFixed(1)} s, peak memory: ${formatBytes(peak)}`);
  return lines;
}

export function networkCounts(network: Network): string[] {
  const m = network.meta;
  return [
    "network:",
    `  entities ${m.entities.length}, stops ${network.stops.count}, lines ${network.lines.count}, patterns ${network.patterns.count}`,
    `  trips ${network.trips.count}, stop times ${network.stopTimes.count}, services ${network.services.count}`,
    footpathLine(network),
    ...transferRulesLine(network),
    `  notes ${network.notes.count}, diversions ${m.diversions.length}, municipalities ${m.municipalities.length}, regions ${m.regions.length}`,
    `  places ${network.places.count}${placeCounts(network)}`,
  ];
}

/**
 * `footpaths 2 (walk radius 400 m, chained up to 15 min, 4.5 km/h; 30 B)`: the count, the walking model
 * (meta.footpaths; docs/DATASET_EXTENSIONS.md "Footpaths") and the bytes of the three footpath columns.
 */
function footpathLine(network: Network): string {
  const f = network.meta.footpaths;
  const { footpathStart, footpathTo, footpathSeconds } = network.stops;
  const bytes = footpathStart.byteLength + footpathTo.byteLength + footpathSeconds.byteLength;
  const chained = f.budgetSeconds === undefined ? "direct only" : f.budgetSeconds > 0 ? `chained up to ${+(f.budgetSeconds / 60).toFixed(2)} min` : "not chained";
  const kmh = +(f.walkMetersPerSecond * 3.6).toFixed(2);
  return `  footpaths ${footpathTo.length.toLocaleString("en")} (walk radius ${f.maxMeters} m, ${chained}, ${kmh} km/h; ${formatBytes(bytes)})`;
}

/**
 * `transfer rules: 2 naming routes or trips; staying on board: 1 link (type 4), 3 trips in blocks, 1 forbidden (type 5)`:
 * what route planning reads of transfers.txt and trips.block_id beside the footpaths (compile-transfer-rules.ts);
 * nothing when there is none.
 */
function transferRulesLine(network: Network): string[] {
  const r = network.transferRules;
  let links = 0;
  for (const next of r.seatNext) if (next >= 0) links++;
  if (r.ruleCount === 0 && links === 0 && r.blockTrips.length === 0 && r.forbiddenFrom.length === 0) return [];
  const n = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
  return [
    `  transfer rules: ${r.ruleCount.toLocaleString("en")} naming routes or trips; staying on board: ${n(links, "link")} (type 4), ${n(r.blockTrips.length, "trip")} in blocks, ${r.forbiddenFrom.length.toLocaleString("en")} forbidden (type 5)`,
  ];
}

/** `: hoofdgemeente 285, deelgemeente 1100, ...`, the kinds present in PLACE_KINDS order; "" for none. */
function placeCounts(network: Network): string {
  const counts = new Uint32Array(PLACE_KINDS.length);
  const kind = network.places.kind;
  for (let i = 0; i < network.places.count; i++) counts[kind[i]]++;
  const parts = PLACE_KINDS.map((k, i) => (counts[i] ? `${k} ${counts[i]}` : "")).filter(Boolean);
  return parts.length ? `: ${parts.join(", ")}` : "";
}
