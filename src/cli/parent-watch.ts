/**
 * `npm start` stops its server when npm is stopped: npm runs a script through a shell (`sh -c node …`) and does not
 * pass a signal it receives on to it, so a SIGTERM to npm left the server (and its workers) running, orphaned. A
 * server started by `npm start` (npm sets npm_lifecycle_event) watches the processes above it, its parent and, on
 * Linux, the shell's parent (npm itself); when one is gone it stops as on SIGTERM: the requests in flight are
 * finished, then the workers and the server exit.
 */
import { readFileSync } from "node:fs";

/** How often the watch looks (a lost parent is noticed within this). */
const WATCH_MS = 1000;

/** The parent's parent on Linux (the 4th field of /proc/<pid>/stat), undefined where /proc is not there. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Under `npm start`, calls `stop` once when the process's parent or the npm above it exits; returns a function that
 * ends the watch. Does nothing otherwise (a server run directly, or by a process manager, stops by its signals).
 */
export function stopWithNpm(stop: (why: string) => void, env: NodeJS.ProcessEnv = process.env): () => void {
  if (env.npm_lifecycle_event !== "start") return () => {};
  const parent = process.ppid;
  const watched = [parent, parentOf(parent)].filter((p): p is number => p !== undefined);
  const timer = setInterval(() => {
    if (process.ppid === parent && watched.every(alive)) return;
    clearInterval(timer);
    stop(`npm (${env.npm_lifecycle_event}) is gone`);
  }, WATCH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
