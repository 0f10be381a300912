/** CPU time of a benchmark's server, read from /proc (Linux): the bench figures of server CPU. */
import { readFileSync } from "node:fs";

/** CPU seconds (user + system) of the process and its children, from /proc/<pid>/stat; 0 without /proc. */
export function treeCpuSeconds(pid: number): number {
  let total = 0;
  const pids = [pid];
  try {
    pids.push(...readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    // exited, or no /proc
  }
  for (const p of pids) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
