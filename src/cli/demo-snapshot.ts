import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoFeedPath } from "../demo/demo-feed-path.js";
import { writeFileAtomic } from "../lib/write-file-atomic.js";
import { COMPILER_REVISION, SNAPSHOT_FORMAT_VERSION } from "../network/constants.js";
import { isLoadableSnapshot } from "../network/snapshot.js";
import { importFeeds } from "./import-command.js";

/**
 * The cache folder: LIJNWIJZER_CACHE_DIR, else `.cache` in the package root (git-ignored in a clone) when this user
 * may write there, else the user's cache folder (XDG_CACHE_HOME, else ~/.cache, then lijnwijzer): a package
 * installed globally by another user (`npm install -g` as root) lies where its users may not write.
 */
export function cacheDir(): string {
  if (process.env.LIJNWIJZER_CACHE_DIR) return process.env.LIJNWIJZER_CACHE_DIR;
  const inPackage = fileURLToPath(new URL("../../.cache", import.meta.url));
  if (writable(existsSync(inPackage) ? inPackage : dirname(inPackage))) return inPackage;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "lijnwijzer");
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The demo's places for the location search: invented samples of streets, addresses and points of interest
 * (data/places/README.md). Beside the feed in the package, two levels above src/cli and dist/cli alike.
 */
export function demoPlacesPaths(): { addresses: string; pois: string } {
  return {
    addresses: fileURLToPath(new URL("../../data/places/addresses.csv", import.meta.url)),
    pois: fileURLToPath(new URL("../../data/places/pois.csv", import.meta.url)),
  };
}

/**
 * The demo network's snapshot, built from data/demo and data/places when it is missing, of another format version,
 * or built from other inputs or by other compiler rules: `demo.snapshot.key` beside it holds a hash of the bytes of
 * the feed and the places files it was built from and the compiler's revision (constants.ts), so any change of them
 * (a regenerated feed, an edited sample, a new footpath rule) rebuilds it, whatever the files' times say. Returns its path.
 */
export async function ensureDemoSnapshot(options: { quiet?: boolean } = {}): Promise<string> {
  const dir = cacheDir();
  mkdirSync(dir, { recursive: true });
  const out = join(dir, "demo.snapshot");
  const feed = demoFeedPath();
  const places = demoPlacesPaths();
  const keyFile = `${out}.key`;
  const key = `${inputsKey([feed, places.addresses, places.pois])} compiler ${SNAPSHOT_FORMAT_VERSION}.${COMPILER_REVISION}`;
  if (isLoadableSnapshot(out) && readKey(keyFile) === key) return out;
  const log = options.quiet ? () => {} : (line: string) => process.stderr.write(line + "\n");
  if (!options.quiet) process.stderr.write(`building the demo network snapshot ${out} from ${feed} and ${dirname(places.pois)}\n`);
  await importFeeds({
    feeds: [feed],
    out,
    profile: "delijn",
    addresses: [places.addresses],
    pois: [places.pois],
    log,
    progress: options.quiet ? { bar() {}, stage() {}, done() {} } : undefined,
  });
  writeFileAtomic(keyFile, key + "\n");
  return out;
}

/** SHA-256 of every input's name and bytes (a folder: its files in name order); a few milliseconds for the 2 MB demo feed. */
function inputsKey(inputs: readonly string[]): string {
  const hash = createHash("sha256");
  for (const path of inputs) {
    const files = statSync(path).isDirectory() ? readdirSync(path).sort().map((f) => join(path, f)) : [path];
    for (const f of files) {
      hash.update(`${basename(f)}\0`);
      hash.update(readFileSync(f));
    }
  }
  return hash.digest("hex");
}

function readKey(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}
