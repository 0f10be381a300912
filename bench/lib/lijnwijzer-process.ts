/**
 * The real server for the benchmarks that test it from outside (bench:fuzz, bench:soak): `node bin/lijnwijzer.js
 * <command>` (the compiled CLI, as users run it: `npm run build` first) on a free loopback port, in a process
 * group of its own so that stopping it also stops the workers it may fork.
 *
 * Its output is kept line by line (pino's JSON lines: the benchmarks look for the 5xx a request caused), its
 * exit is watched (a crash ends a benchmark at once), and its memory is read from outside: the resident set of
 * the process and of every process below it, from /proc (Linux), so that the figure does not depend on the
 * server's own report.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");

export interface LijnwijzerProcess {
  /** "http://127.0.0.1:<port>" */
  readonly origin: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** The lines it wrote (stdout, unless it goes to a file, and stderr), in order: all, or the last `keepLines`. */
  readonly lines: string[];
  /** How many lines it wrote in all. */
  lineCount(): number;
  /** Resolves when it exits, with how. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGTERM to its group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface StartOptions {
  /** Keep only the last this many lines of output (a long run at LOG_LEVEL=info writes one per request). */
  keepLines?: number;
  /**
   * Write the server's stdout (its log) to this file instead of a pipe read by this process. A pipe to a busy
   * load generator drains late, and pino then holds the lines in the server's memory: a soak would measure that.
   */
  stdoutFile?: string;
  startupMs?: number;
}

/**
 * Starts `lijnwijzer <args>` with `env` on a free loopback port; resolves once /health answers 200. Settings of
 * the caller's environment that would change what is measured (keys, quotas, workers) are not inherited.
 */
export async function startLijnwijzer(args: string[], env: Record<string, string>, options: StartOptions = {}): Promise<LijnwijzerProcess> {
  const { keepLines = Infinity, startupMs = 120_000, stdoutFile } = options;
  const stdoutFd = stdoutFile === undefined ? undefined : openSync(stdoutFile, "w");
  if (!existsSync(join(repoRoot, "dist/cli/main.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first (the npm scripts of the benchmarks do)");
  }
  const port = await freeLoopbackPort();
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["API_KEYS", "API_KEYS_FILE", "KEYS_FILE", "QUOTA_STORE", "REDIS_URL", "WORKERS", "REALTIME_FEEDS", "METRICS"]) delete base[name];
  const child = spawn(process.execPath, ["bin/lijnwijzer.js", ...args], {
    cwd: repoRoot,
    env: { ...base, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", stdoutFd ?? "pipe", "pipe"],
    detached: true,
  });
  const lines: string[] = [];
  let lineCount = 0;
  const onLine = (l: string) => {
    lineCount++;
    lines.push(l);
    if (lines.length > keepLines * 2) lines.splice(0, lines.length - keepLines);
  };
  if (stdoutFd !== undefined) closeSync(stdoutFd); // the child has its own copy
  else createInterface({ input: child.stdout! }).on("line", onLine);
  createInterface({ input: child.stderr! }).on("line", onLine);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = (s: NodeJS.Signals) => {
    if (!alive() || child.pid === undefined) return;
    try {
      process.kill(-child.pid, s);
    } catch {
      // gone meanwhile
    }
  };
  const onExit = () => signal("SIGKILL");
  process.once("exit", onExit);
  const server: LijnwijzerProcess = {
    origin: `http://127.0.0.1:${port}`,
    port,
    child,
    lines,
    lineCount: () => lineCount,
    exited,
    alive,
    async stop(graceMs = 5000) {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      process.off("exit", onExit);
    },
  };
  const until = Date.now() + startupMs;
  for (;;) {
    if (!alive()) throw new Error(`lijnwijzer ${args.join(" ")} exited at startup:\n${lines.slice(-20).join("\n")}`);
    try {
      const res = await fetch(`${server.origin}/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await server.stop();
      throw new Error(`lijnwijzer ${args.join(" ")} did not answer /health within ${startupMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The process and every process below it (Linux: /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      for (const task of readFileSync(`/proc/${all[i]}/task/${all[i]}/children`, "utf8").trim().split(/\s+/)) {
        if (task !== "") all.push(Number(task));
      }
    } catch {
      // exited meanwhile, or no /proc
    }
  }
  return all;
}

/** Resident set size of the process and its descendants, in bytes (VmRSS of /proc/<pid>/status); 0 without /proc. */
export function treeRssBytes(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1];
      if (kb !== undefined) total += Number(kb) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** The 1, 5 and 15 minute load averages of the machine, e.g. "4.95 6.37 5.71" (benchmark figures carry them). */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}
