/**
 * `npm start` stops its server when npm is stopped (parent-watch.ts): npm runs the script through `sh -c` and does
 * not pass its signals on. Here a stand-in for npm starts `sh -c "node bin/lijnwijzer.js serve …"` with
 * npm_lifecycle_event=start, as npm does; a SIGTERM to the stand-in alone must stop the server and its workers.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixture, freePort, root, runCli, tempDir } from "./support/run-cli.js";

async function answers(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/health`)).ok;
  } catch {
    return false;
  }
}

async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe("npm start and npm stopped", () => {
  let snapshot = "";
  beforeAll(() => {
    snapshot = join(tempDir(), "net.snapshot");
    expect(runCli(["import", fixture("minimal"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
  });

  for (const [env, stops] of [["start", true], ["test", false]] as const) {
    it(`a server under npm_lifecycle_event=${env} ${stops ? "stops" : "keeps serving"} when the npm above it gets SIGTERM`, async () => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const command = `"${process.execPath}" bin/lijnwijzer.js serve --network "${snapshot}" --port ${port} --workers 2 --no-realtime`;
      // The stand-in for npm: a process that runs the script through a shell and ignores nothing.
      const npm = spawn(process.execPath, ["-e", `require("node:child_process").spawn("sh", ["-c", ${JSON.stringify(command)}], { stdio: "ignore" }); setInterval(() => {}, 1000);`], {
        cwd: root,
        env: { ...process.env, HOST: "127.0.0.1", npm_lifecycle_event: env },
        stdio: "ignore",
      });
      try {
        expect(await until(() => answers(origin), 60_000)).toBe(true);
        npm.kill("SIGTERM");
        if (stops) {
          expect(await until(async () => !(await answers(origin)), 20_000)).toBe(true);
        } else {
          await new Promise((r) => setTimeout(r, 3000));
          expect(await answers(origin)).toBe(true);
        }
      } finally {
        npm.kill("SIGKILL");
        // The server of the case that keeps serving: stopped by its port's owner, found through the shell's child.
        if (!stops) spawn("sh", ["-c", `pkill -TERM -f -- "--port ${port} --workers 2"`]);
      }
    }, 120_000);
  }
});
