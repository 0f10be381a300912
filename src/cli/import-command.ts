import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { GtfsError, readGtfs } from "../gtfs/index.js";
import type { GtfsFeed } from "../gtfs/types.js";
import { compileNetwork } from "../network/compile-network.js";
import type { KeyProfile, Network } from "../network/model.js";
import { writeSnapshot } from "../network/snapshot.js";
import { defaultReferenceDir } from "../reference/default-reference-dir.js";
import { readReference } from "../reference/read-reference.js";
import type { ReferenceData } from "../reference/types.js";
import { formatBytes, peakRssBytes } from "./peak-memory.js";
import { createProgress, type Progress } from "./progress.js";

export interface ImportOptions {
  feeds: string[];
  out: string;
  profile: KeyProfile;
  /** Reference folder; "none" for no reference data; default: the built-in Flanders data. */
  reference?: string;
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
 * Reads every feed, compiles one network and writes the snapshot. Throws (GtfsError naming file
 * and line) on a broken feed, before anything is written: a failed import leaves no snapshot.
 */
export async function importFeeds(options: ImportOptions): Promise<ImportResult> {
  const started = performance.now();
  const progress = options.progress ?? createProgress();
  const log = options.log ?? ((line: string) => process.stdout.write(line + "\n"));
  const reference = await loadReference(options.reference);
  const feeds: GtfsFeed[] = [];
  for (const [i, path] of options.feeds.entries()) {
    if (!existsSync(path)) throw new Error(`feed ${path} does not exist`);
    const label = options.feeds.length > 1 ? `feed ${i + 1}/${options.feeds.length} ` : "";
    try {
      feeds.push(await readGtfs(path, { onProgress: (p) => progress.bar(`${label}${p.file}`, p.bytesDone, p.bytesTotal) }));
    } catch (err) {
      // Several feeds: say which one (the reader's message names the file and line inside it).
      if (err instanceof GtfsError && options.feeds.length > 1) err.message = `${path}: ${err.message}`;
      throw err;
    }
  }
  const network = compileNetwork(
    feeds.map((feed) => ({ feed, profile: options.profile })),
    { reference, onStage: (s) => progress.stage(`compiling: ${s}`) },
  );
  progress.stage("writing snapshot");
  const snapshotBytes = writeSnapshot(network, resolve(options.out));
  progress.done();
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssBytes();
  for (const line of importSummary(feeds, network, snapshotBytes, seconds, peak, options.out)) log(line);
  return { network, snapshotBytes, seconds, peakRssBytes: peak };
}

async function loadReference(dir: string | undefined): Promise<ReferenceData | undefined> {
  if (dir === "none") return undefined;
  return readReference(dir ?? defaultReferenceDir());
}

function importSummary(feeds: GtfsFeed[], network: Network, bytes: number, seconds: number, peak: number, out: string): string[] {
  const rows = new Map<string, number>();
  for (const f of feeds) for (const [file, n] of Object.entries(f.rows)) rows.set(file, (rows.get(file) ?? 0) + n);
  const lines = [`imported ${feeds.length} feed${feeds.length === 1 ? "" : "s"} into ${out}`];
  lines.push("rows read:");
  for (const [file, n] of [...rows].sort()) lines.push(`  ${file.padEnd(26)} ${n.toLocaleString("en").padStart(12)}`);
  lines.push(...networkCounts(network));
  const warnings = network.meta.warnings;
  lines.push(`warnings: ${warnings.reduce((a, w) => a + w.count, 0)}`);
  for (const w of warnings) lines.push(`  ${w.code} x${w.count}: ${w.example}`);
  lines.push(`snapshot: ${formatBytes(bytes)}`);
  lines.push(`time: ${seconds.toFixed(1)} s, peak memory: ${formatBytes(peak)}`);
  return lines;
}

export function networkCounts(network: Network): string[] {
  const m = network.meta;
  return [
    "network:",
    `  entities ${m.entities.length}, stops ${network.stops.count}, lines ${network.lines.count}, patterns ${network.patterns.count}`,
    `  trips ${network.trips.count}, stop times ${network.stopTimes.count}, services ${network.services.count}, footpaths ${network.stops.footpathTo.length}`,
    `  notes ${network.notes.count}, diversions ${m.diversions.length}, municipalities ${m.municipalities.length}, regions ${m.regions.length}`,
  ];
}
