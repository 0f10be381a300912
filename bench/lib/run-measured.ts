import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** GNU time (Debian package `time`): measures the child from outside, so the figure does not depend on the child's honesty. */
const GNU_TIME = "/usr/bin/time";

/** One child process run, measured. */
export interface MeasuredRun {
  readonly command: string;
  readonly args: readonly string[];
  readonly exitCode: number;
  /** Wall time seen by this process, from spawn to exit (ms). */
  readonly wallMs: number;
  /** Peak resident set size of the child (bytes), from GNU time's `Maximum resident set size`; null without /usr/bin/time. */
  readonly peakRssBytes: number | null;
  /** User + system CPU time of the child (ms), from GNU time; null without it. */
  readonly cpuMs: number | null;
  readonly stdout: string;
  /** The child's own stderr, with GNU time's report removed. */
  readonly stderr: string;
}

export interface RunMeasuredOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Echo the child's stdout/stderr live (still captured). */
  readonly echo?: boolean;
}

/** True when GNU time is installed; without it only wall time is measured. */
export function hasGnuTime(): boolean {
  return existsSync(GNU_TIME);
}

/**
 * Runs `command args` under `/usr/bin/time -v` (when installed) and returns its wall time and peak RSS.
 * GNU time writes its report to a file (`-o`), not to stderr, so the child's own stderr stays clean.
 */
export async function runMeasured(
  command: string,
  args: readonly string[],
  options: RunMeasuredOptions = {},
): Promise<MeasuredRun> {
  const timed = hasGnuTime();
  const reportDir = timed ? mkdtempSync(join(tmpdir(), "lw-bench-")) : null;
  const reportFile = reportDir ? join(reportDir, "time.txt") : null;
  const argv = reportFile ? ["-v", "-o", reportFile, command, ...args] : [...args];
  const exe = reportFile ? GNU_TIME : command;

  const started = process.hrtime.bigint();
  const child = spawn(exe, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    if (options.echo) process.stdout.write(chunk);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    if (options.echo) process.stderr.write(chunk);
  });
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;

  let peakRssBytes: number | null = null;
  let cpuMs: number | null = null;
  if (reportFile && reportDir) {
    const report = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
    rmSync(reportDir, { recursive: true, force: true });
    const parsed = parseGnuTimeReport(report);
    peakRssBytes = parsed.peakRssBytes;
    cpuMs = parsed.cpuMs;
  }
  return { command, args, exitCode, wallMs, peakRssBytes, cpuMs, stdout, stderr };
}

/** Reads the fields we use from `time -v` output; GNU time reports RSS in kilobytes (KiB). */
export function parseGnuTimeReport(report: string): { peakRssBytes: number | null; cpuMs: number | null } {
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
  const user = /User time \(seconds\): ([\d.]+)/.exec(report);
  const system = /System time \(seconds\): ([\d.]+)/.exec(report);
  return {
    peakRssBytes: rss ? Number(rss[1]) * 1024 : null,
    cpuMs: user && system ? Math.round((Number(user[1]) + Number(system[1])) * 1000) : null,
  };
}
