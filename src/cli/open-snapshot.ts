import { statSync } from "node:fs";
import { LijnwijzerError, SNAPSHOT_INVALID } from "../errors.js";
import type { Network } from "../network/model.js";
import { loadSnapshot } from "../network/snapshot.js";
import { CliError } from "./cli-error.js";

/** What to run to make a snapshot, for messages. */
export const importHint = (out: string) => `\`lijnwijzer import <feed.zip|folder>... --out ${out}\``;

/**
 * Loads the snapshot `serve` and `inspect` were given; a file that is missing, unreadable, damaged
 * or of another format version becomes a CliError saying so and how to make one.
 */
export function openSnapshot(path: string): Network {
  try {
    if (statSync(path).isDirectory()) {
      throw new CliError(`${path} is a folder, not a snapshot file: give the file that ${importHint("<file>")} wrote`);
    }
    return loadSnapshot(path);
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new CliError(`snapshot ${path} does not exist: make one with ${importHint(path)}`);
    if (code === "EACCES" || code === "EPERM") {
      throw new CliError(`snapshot ${path} cannot be read (permission denied): give this user read access to it`);
    }
    if (err instanceof LijnwijzerError && err.code === SNAPSHOT_INVALID.code) {
      throw new CliError(`${err.message}; make it again with ${importHint(path)}`);
    }
    // LW_SNAPSHOT_VERSION already says to re-import.
    if (err instanceof LijnwijzerError) throw new CliError(err.message);
    throw err;
  }
}
