import { existsSync } from "node:fs";
import { basename, resolve } from "node:path";
import { GtfsError, readGtfs } from "../gtfs/index.js";
import type { GtfsFeed } from "../gtfs/types.js";
import { compileNetwork, type CompileInput } from "../network/compile-network.js";
import { detectProfile } from "../network/detect-profile.js";
import { PLACE_KINDS, type KeyProfile, type Network } from "../network/model.js";
import { writeSnapshot } from "../network/snapshot.js";
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
  feeds: string[];
  out: string;
  /** Default "auto". */
  profile?: ProfileChoice;
  /** Reference folder; "none" for no reference data; default: the built-in Flanders data. */
  reference?: string;
  /** Footpath radius in metres (compileNetwork's walkRadiusMeters); default 400. */
  walkRadiusMeters?: number;
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
  try {
    const reference = await loadReference(options.reference);
    for (const [i, path] of options.feeds.entries()) {
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
      addresses,
      pois,
      onStage: (s) => progress.stage(`compiling: ${s}`),
    });
    progress.stage("writing snapshot");
    snapshotBytes = writeSnapshot(network, resolve(options.out));
  } finally {
    // Ends a progress bar's line, also before an error message.
    progress.done();
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssBytes();
  const feeds = inputs.map((i) => i.feed);
  const placeFiles = [...(addresses?.files ?? []).map((f) => ({ ...f, what: "addresses" })), ...(pois?.files ?? []).map((f) => ({ ...f, what: "kept" }))];
  for (const line of importSummary(feeds, profileLines, placeFiles, network, snapshotBytes, seconds, peak, options.out)) log(line);
  for (const message of validityWarning(network).messages) log(`lijnwijzer import: warning: ${message}`);
  return { network, snapshotBytes, seconds, peakRssBytes: peak };
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
    `  trips ${network.trips.count}, stop times ${network.stopTimes.count}, services ${network.services.count}, footpaths ${network.stops.footpathTo.length} (walk radius ${m.footpaths.maxMeters} m)`,
    `  notes ${network.notes.count}, diversions ${m.diversions.length}, municipalities ${m.municipalities.length}, regions ${m.regions.length}`,
    `  places ${network.places.count}${placeCounts(network)}`,
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
