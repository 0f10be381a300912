import { mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoFeedPath } from "../demo/demo-feed-path.js";
import { isLoadableSnapshot } from "../network/snapshot.js";
import { importFeeds } from "./import-command.js";

/** The git-ignored cache folder: LIJNWIJZER_CACHE_DIR, else `.cache` in the package root. */
export function cacheDir(): string {
  return process.env.LIJNWIJZER_CACHE_DIR ?? fileURLToPath(new URL("../../.cache", import.meta.url));
}

/**
 * The demo network's snapshot, built from data/demo when it is missing, older than the demo
 * feed, or of another format version. Returns its path.
 */
export async function ensureDemoSnapshot(options: { quiet?: boolean } = {}): Promise<string> {
  const dir = cacheDir();
  mkdirSync(dir, { recursive: true });
  const out = join(dir, "demo.snapshot");
  const feed = demoFeedPath();
  if (isFresh(out, feed)) return out;
  const log = options.quiet ? () => {} : (line: string) => process.stderr.write(line + "\n");
  if (!options.quiet) process.stderr.write(`building the demo network snapshot ${out} from ${feed}\n`);
  await importFeeds({
    feeds: [feed],
    out,
    profile: "delijn",
    log,
    progress: options.quiet ? { bar() {}, stage() {}, done() {} } : undefined,
  });
  return out;
}

function isFresh(snapshot: string, feed: string): boolean {
  return isLoadableSnapshot(snapshot) && statSync(snapshot).mtimeMs >= newestMtime(feed);
}

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const f of readdirSafe(path)) newest = Math.max(newest, statSync(join(path, f)).mtimeMs);
  return newest;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
