import { renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Writes `data` to a hidden temporary file beside `path`, then renames it over `path` (one rename on one file
 * system): a reader, a watcher or a crash sees the old file or the new one, never half of it.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}`);
  writeFileSync(tmp, data, options.mode === undefined ? undefined : { mode: options.mode });
  renameSync(tmp, path);
}
