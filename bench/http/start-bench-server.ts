/**
 * Starts `bench/http/server.ts` of a tree (this one, or BENCH_BASE's for a same-run comparison) on `snapshot`, and
 * resolves with the child and the JSON line it prints first: the ports and what to ask (server.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

export function startBenchServer(root: string, snapshot: string): Promise<{ child: ChildProcess; info: any }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench/http/server.ts"), snapshot], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, info: JSON.parse(line) }));
  });
}
