/**
 * The real `lijnwijzer serve` in a child process for the end-to-end tests of workers, reload and shutdown:
 * started on free loopback ports, waited for until /ready answers, its log kept, stopped by its pid.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { vi } from "vitest";
import { main } from "../../../src/cli/main.js";
import { freePort, root } from "./run-cli.js";

export interface ServeProcess {
  child: ChildProcess;
  origin: string;
  port: number;
  adminPort: number;
  /** Everything it wrote, stdout and stderr. */
  log(): string;
  /**
   * The log once `check` holds for it: a line written just before /ready answered can reach the pipe after the
   * answer, so a test that reads the log right after startServe waits for what it expects.
   */
  logOnce(check: (log: string) => boolean, ms?: number): Promise<string>;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not exited within 30 s. */
  stop(): Promise<void>;
}

export async function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const port = await freePort();
  const adminPort = await freePort();
  let text = "";
  const child = spawn(process.execPath, ["bin/lijnwijzer.js", "serve", "--port", String(port), ...args], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", API_KEYS: "k", ADMIN_PORT: String(adminPort), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (text += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (text += d));
  // "close", not "exit": the process may exit before its last lines have come through the pipes.
  const exited = new Promise<number | string>((resolve) => child.once("close", (code, signal) => resolve(code ?? signal ?? -1)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${text}`);
    try {
      const res = await fetch(`${origin}/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`serve did not get ready: ${text}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    origin,
    port,
    adminPort,
    log: () => text,
    async logOnce(check, ms = 10_000) {
      const until = Date.now() + ms;
      while (!check(text)) {
        if (Date.now() > until) throw new Error(`not in the log within ${ms} ms: ${text.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return text;
    },
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        await exited;
        return;
      }
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Imports node_modules/sample-gtfs-feed (6 stops, Europe/Warsaw) to `out`: a second network to swap in. */
export async function importSampleFeed(out: string): Promise<void> {
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const code = await main(["import", join(root, "node_modules/sample-gtfs-feed/gtfs"), "--out", out, "--profile", "generic", "--reference", "none"]);
    if (code !== 0) throw new Error(`import exited with ${code}`);
  } finally {
    vi.restoreAllMocks();
  }
}

/** Puts `bytes` at `path` as an operator does: written beside it, then moved into place (one rename). */
export function replaceFile(path: string, bytes: Uint8Array): void {
  const tmp = `${path}.new`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

/** Broken copies of a good snapshot, each of a kind the reload must refuse. */
export function brokenSnapshots(good: string): Record<"garbage" | "truncated" | "wrongVersion" | "damagedColumn", Buffer> {
  const bytes = readFileSync(good);
  const wrongVersion = Buffer.from(bytes);
  wrongVersion.writeUInt32LE(99, 8);
  // A list's offsets overwritten: the file loads, but queries would read past their tables.
  const damagedColumn = Buffer.from(bytes);
  const header = JSON.parse(bytes.toString("utf8", 16, 16 + bytes.readUInt32LE(12))) as {
    groups: Record<string, { columns: Array<{ name: string; offset: number; length: number }> }>;
  };
  const stopStart = header.groups.patterns.columns.find((c) => c.name === "stopStart")!;
  damagedColumn.writeUInt32LE(0xfffffff0, stopStart.offset + 4 * Math.floor(stopStart.length / 2));
  return {
    garbage: Buffer.from("this is no snapshot, just text that happens to be here\n".repeat(100)),
    truncated: bytes.subarray(0, Math.floor(bytes.length / 2)),
    wrongVersion,
    damagedColumn,
  };
}

/** Writes `bytes` over the file in place (no rename), as a careless copy does. */
export function overwriteInPlace(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, "w");
  writeSync(fd, bytes);
  closeSync(fd);
}

/** POST /reload on the admin endpoint: what `lijnwijzer reload` prints comes from this answer. */
export async function adminReload(adminPort: number): Promise<{ status: number; body: { ok: boolean; message?: string; workers: number; snapshot?: { stops: number } } }> {
  const res = await fetch(`http://127.0.0.1:${adminPort}/reload`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  return { status: res.status, body: (await res.json()) as never };
}
