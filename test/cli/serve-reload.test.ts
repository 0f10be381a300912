import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { main } from "../../src/cli/main.js";
import { freePort, root } from "./support/run-cli.js";

/** End to end: `lijnwijzer serve` swaps in a new snapshot on SIGHUP without stopping. */

interface Health {
  counts: { stops: number };
  timezone: string;
}

async function health(port: number): Promise<Health | undefined> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/health`);
    return r.ok ? ((await r.json()) as { network: Health }).network : undefined;
  } catch {
    return undefined;
  }
}

async function until<T>(what: () => Promise<T | undefined>, ok: (v: T) => boolean, child: ChildProcess): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const v = await what();
    if (v !== undefined && ok(v)) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe("lijnwijzer serve", () => {
  let child: ChildProcess | undefined;
  afterAll(() => void child?.kill("SIGTERM"));

  it("serve - SIGHUP loads the snapshot file again and serves the new network", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-reload-"));
    const served = join(dir, "served.snapshot");
    copyFileSync(await ensureDemoSnapshot({ quiet: true }), served);
    const other = join(dir, "other.snapshot");
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const code = await main(["import", join(root, "node_modules/sample-gtfs-feed/gtfs"), "--out", other, "--profile", "generic", "--reference", "none"]);
    vi.restoreAllMocks();
    expect(code).toBe(0);

    const port = await freePort();
    child = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--network", served, "--port", String(port)], {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", API_KEYS: "k" },
      stdio: "ignore",
    });
    const before = await until(() => health(port), () => true, child);
    expect(before.timezone).toBe("Europe/Brussels");
    expect(before.counts.stops).toBe(7789);

    renameSync(other, served); // what an operator does: import elsewhere, move into place
    child.kill("SIGHUP");
    const after = await until(() => health(port), (h) => h.timezone !== "Europe/Brussels", child);
    expect(after.timezone).toBe("Europe/Warsaw");
    expect(after.counts.stops).toBeLessThan(20);
  });
});
