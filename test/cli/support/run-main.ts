/**
 * Runs `lijnwijzer <args>` in this process through main(), with console and the standard streams spied: the tests
 * that need no real process (its exit, signals, pipes) are faster so, and see the same lines (run-cli.ts runs the
 * built command in a child instead).
 */
import { vi } from "vitest";
import { main } from "../../../src/cli/main.js";
import type { CliRun } from "./run-cli.js";

/**
 * stdout is console.log's lines and what is written to process.stdout (the import summary), one line each; stderr
 * is console.error's lines (process.stderr, the progress, is dropped). The spies are restored before it returns.
 */
export async function runMain(...args: string[]): Promise<CliRun & { code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk).replace(/\n$/, "")), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    return { code: await main(args), stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    vi.restoreAllMocks();
  }
}
