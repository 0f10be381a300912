/**
 * SNAPSHOT_WATCH=true (docs/OPERATIONS.md "Replacing the network without downtime"): the snapshot is reloaded when its file is replaced. The file's identity (inode,
 * size, modification time) is polled every second, as the keys file's is, rather than watched through inotify:
 * polling sees a file moved into place (`mv`, what `lijnwijzer import` does on a rename) and works on network
 * file systems alike, for one stat a second. A change is acted on once the identity has stayed the same for one
 * poll, so that a file still being written in place is not read half-way (and if it is, the reload's checks
 * refuse it, and the finished file is read at the next change).
 */
import { statSync } from "node:fs";

const POLL_MS = 1000;

type Identity = string | undefined;

function identityOf(path: string): Identity {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return undefined; // missing for now (between an unlink and a rename): nothing to load
  }
}

/** Calls `changed` when the file at `path` has been replaced and is stable; returns the function that stops it. */
export function watchSnapshot(path: string, changed: () => void, pollMs = POLL_MS): () => void {
  let served = identityOf(path);
  let seen = served;
  const timer = setInterval(() => {
    const now = identityOf(path);
    const stable = now === seen;
    seen = now;
    if (now === undefined || now === served || !stable) return;
    served = now;
    changed();
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
