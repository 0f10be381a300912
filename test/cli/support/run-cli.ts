import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: tests run the real command, `node bin/lijnwijzer.js` (built to dist/ by `npm run build`). */
export const root = fileURLToPath(new URL("../../..", import.meta.url));

export const fixture = (name: string) => join(root, "test/fixtures/gtfs", name);

export { freePort } from "../../../bench/lib/free-port.js";

export const tempDir = () => mkdtempSync(join(tmpdir(), "lw-cli-"));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `lijnwijzer <args>` to its end (stdout and stderr are pipes, so no progress bar). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const r = spawnSync(process.execPath, ["bin/lijnwijzer.js", ...args], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
