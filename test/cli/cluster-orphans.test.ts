/**
 * A cluster's workers do not outlive their primary (cluster-worker.ts): a primary killed (SIGKILL: no shutdown of
 * its own) while its workers still load the snapshot leaves no worker serving, orphaned, once they have loaded.
 */
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { freePort, root } from "./support/run-cli.js";

/** The pids of the processes whose command line holds `text`. */
function processesWith(text: string): number[] {
  const r = spawnSync("pgrep", ["-f", "--", text], { encoding: "utf8" });
  return r.stdout.split("\n").filter(Boolean).map(Number);
}

describe("cluster workers and a primary killed", () => {
  it("workers still loading when the primary is killed stop once loaded", async () => {
    const snapshot = await ensureDemoSnapshot({ quiet: true });
    const port = await freePort();
    const primary = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--network", snapshot, "--port", String(port), "--workers", "2", "--no-realtime"], {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    // The primary logs that it forks its workers before they load anything.
    await new Promise<void>((resolve) => {
      createInterface({ input: primary.stdout! }).on("line", (line) => {
        if (line.includes("forks 2 workers")) resolve();
      });
    });
    primary.kill("SIGKILL");
    const marker = `--port ${port} --workers 2`;
    const deadline = Date.now() + 30_000;
    while (processesWith(marker).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const left = processesWith(marker);
    for (const pid of left) process.kill(pid, "SIGKILL");
    expect(left).toEqual([]);
  }, 60_000);
});
