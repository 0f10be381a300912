/**
 * Watches the keys file (KEYS_FILE) so that a running server takes added, revoked and changed keys and products
 * without a restart. It polls the file's modification time, size and inode every second (fs.watch misses a file
 * replaced by rename on some systems, and `lijnwijzer keys` always replaces it so); when they change it reads and
 * checks the whole file and hands the new content over, to be swapped in as one table. A file that cannot be
 * read or does not check is refused with one log line (per change of the file) and the keys in use stay.
 */
import { statSync } from "node:fs";
import { LijnwijzerError } from "../../errors.js";
import { type KeysFile, readKeysFile } from "../../lib/keys-file.js";

export interface KeysFileWatcherOptions {
  /** Milliseconds between two looks at the file (default 1000). */
  intervalMs?: number;
  onChange(content: KeysFile): void;
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void };
}

export interface KeysFileWatcher {
  /** Looks at the file now (the timer calls it; tests may too). */
  check(): void;
  stop(): void;
}

export function watchKeysFile(path: string, options: KeysFileWatcherOptions): KeysFileWatcher {
  let last = signature(path);
  const check = () => {
    const now = signature(path);
    if (now === last) return;
    last = now;
    try {
      const content = readKeysFile(path);
      options.onChange(content);
      options.log.info(
        { keysFile: path, keys: content.keys.length, products: Object.keys(content.products) },
        `keys file reloaded: ${content.keys.length} key(s) of ${Object.keys(content.products).length} product(s)`,
      );
    } catch (e) {
      if (!(e instanceof LijnwijzerError)) throw e;
      options.log.error({ keysFile: path }, `${e.message}: refused, the keys read before stay in use`);
    }
  };
  const timer = setInterval(check, options.intervalMs ?? 1000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}

function signature(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch (e) {
    return `missing:${(e as NodeJS.ErrnoException).code}`;
  }
}
