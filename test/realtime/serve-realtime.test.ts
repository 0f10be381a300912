import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { freePort, root } from "../cli/support/run-cli.js";

/** End to end: what a user runs, `lijnwijzer start` and `serve`, with their real-time feeds (compiled CLI in dist/). */

interface FeedHealth {
  name: string;
  serving: boolean;
  entities?: number;
  matched?: number;
}
interface Health {
  realtime?: { builtAt?: string; feeds: FeedHealth[] };
}

let child: ChildProcess | undefined;
let childPort = 0;

/** The processes (the server and its workers) whose environment says PORT=`port`: Linux's /proc. */
function serving(port: number): number[] {
  const out: number[] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(`PORT=${port}`)) out.push(Number(pid));
    } catch {
      // gone, or not ours
    }
  }
  return out;
}

// SIGTERM stops the server and every worker: none is left serving, orphaned (a worker whose app close hung was).
afterEach(async () => {
  if (!child) return;
  child.kill("SIGTERM");
  child = undefined;
  const deadline = Date.now() + 20_000;
  while (serving(childPort).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const left = serving(childPort);
  for (const pid of left) process.kill(pid, "SIGKILL");
  expect(left).toEqual([]);
}, 30_000);

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  childPort = port;
  const e: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env };
  delete e.REALTIME_FEEDS;
  let log = "";
  child = spawn(process.execPath, ["bin/lijnwijzer.js", ...args], { cwd: root, env: e, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const proc = child;
  /** /health once `ok` holds for it. */
  const health = async (ok: (h: Health) => boolean): Promise<Health> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${log}`);
      const h = await fetch(`http://127.0.0.1:${port}/health`).then((r) => (r.ok ? (r.json() as Promise<Health>) : undefined), () => undefined);
      if (h && ok(h)) return h;
      if (Date.now() > deadline) throw new Error(`timed out; log: ${log}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  return { port, health, log: () => log, proc };
}

describe("serve and start with real-time", () => {
  it("start - the built-in simulator feeds the demo network, ingested as an external feed", async () => {
    const { health, log } = await run(["start"]);
    const h = await health((b) => b.realtime?.feeds[0]?.serving === true);
    const feed = h.realtime!.feeds[0];
    expect(feed.name).toBe("simulator");
    // Every entity of the simulator names the demo network's own trips and stops.
    expect(feed.matched).toBe(feed.entities);
    expect(log()).toContain("realtime: the built-in simulator feeds the network (REALTIME_FEEDS=none or --no-realtime turns it off)");
  });

  it("start --no-realtime - no feed: /health has no realtime member", async () => {
    const { health, log } = await run(["start", "--no-realtime"]);
    const h = await health(() => true);
    expect(h.realtime).toBeUndefined();
    expect(log()).toContain("no GTFS-Realtime feed configured");
  });

  it("serve --realtime - SIGHUP swaps the network and the state is rebuilt for the new one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-serve-rt-"));
    const served = join(dir, "served.snapshot");
    copyFileSync(await ensureDemoSnapshot({ quiet: true }), served);
    const { health, proc } = await run(["serve", "--network", served, "--realtime", "simulator"]);
    const before = await health((b) => b.realtime?.feeds[0]?.serving === true);
    await new Promise((r) => setTimeout(r, 20));
    proc.kill("SIGHUP");
    const after = await health((b) => b.realtime?.builtAt !== undefined && b.realtime.builtAt > before.realtime!.builtAt!);
    expect(after.realtime!.feeds[0]).toMatchObject({ name: "simulator", serving: true });
  });
});
