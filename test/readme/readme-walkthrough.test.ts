/**
 * The README followed as written: the shell blocks of "Quick start", "The `lijnwijzer` command", "Your own network"
 * and "In a container", each command line run as a newcomer would, with only what a machine without the README's
 * files must change: `localhost:8080` is the test's port, `lijnwijzer` the clone's bin/lijnwijzer.js, feed.zip a zip
 * of a fixture feed, and `docker run … lijnwijzer` the image's entrypoint (deploy/container/entrypoint.sh) with the
 * clone as /app and a folder as the volume (no container runtime: deploy/container/README.md). Left to others:
 * `npm ci` and `npm test` (CI runs them), `npm link` and `npm pack` (test/packaging), `docker build` and
 * `docker compose` (test/deploy/container.test.ts checks their files).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/command-help.js";
import { fixture, freePort, root, tempDir } from "../cli/support/run-cli.js";
import { zipFolder } from "../support/zip-folder.js";

const README = readFileSync(join(root, "README.md"), "utf8");

/** The command lines of a section's ```sh blocks: continuations joined, comments and blank lines left out. */
function commands(section: string): string[] {
  const start = README.indexOf(`\n## ${section}\n`);
  expect(start, `README section "${section}"`).toBeGreaterThan(0);
  const end = README.indexOf("\n## ", start + 4);
  const text = README.slice(start, end < 0 ? undefined : end);
  const out: string[] = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block[1].replace(/\\\n\s*/g, "").split("\n")) {
      const command = line.replace(/\s+#.*$/, "").trim();
      if (command !== "" && !command.startsWith("#")) out.push(command);
    }
  }
  return out;
}

const BIN = `"${process.execPath}" "${join(root, "bin/lijnwijzer.js")}"`;

/** The README's line as this machine runs it. */
function localised(command: string, port: number): string {
  return command
    .replaceAll("localhost:8080", `127.0.0.1:${port}`)
    .replace(/^((?:\w+=\S+ )*)lijnwijzer /, `$1${BIN} `)
    .replace(/\s--port 8080\b/, ` --port ${port}`);
}

/** The test run's environment with `env` over it; a variable given as undefined is left out. */
function environment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1", ...env };
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
  return out;
}

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync("sh", ["-c", command], { cwd, env: environment(env), encoding: "utf8", timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function answering(url: string, child: ChildProcess, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("the README, followed", () => {
  const running: ChildProcess[] = [];
  /** A long-running command of the README (a server), in the background until the test ends. */
  const background = (command: string, cwd: string, env: NodeJS.ProcessEnv = {}) => {
    const child = spawn("sh", ["-c", `exec ${command}`], { cwd, env: environment(env), stdio: "ignore" });
    running.push(child);
    return child;
  };
  afterEach(async () => {
    for (const child of running.splice(0)) {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
    }
  });

  it("Quick start: npm start, then every curl line answers", async () => {
    const lines = commands("Quick start");
    expect(lines.slice(0, 3)).toEqual(["npm ci", "npm start", "npm test"]);
    const port = await freePort();
    const npm = background("npm start", root, { PORT: String(port), WORKERS: "1" });
    await answering(`http://127.0.0.1:${port}/health`, npm, 180_000);
    const curls = lines.filter((l) => l.startsWith("curl "));
    expect(curls.length).toBeGreaterThan(5);
    for (const line of curls) {
      const r = sh(localised(line, port).replace(/^curl /, "curl -sSf -o /dev/null "), root);
      expect(r.code, `${line}: ${r.stderr}`).toBe(0);
    }
  }, 240_000);

  it("The lijnwijzer command: --help, --version and each command's --help", () => {
    for (const line of commands("The `lijnwijzer` command")) {
      if (/^npm (link|pack)\b/.test(line)) continue; // test/packaging installs the tarball
      const lines = line.includes("<command>") ? COMMANDS.map((c) => line.replace("<command>", c)) : [line];
      for (const l of lines) {
        const r = sh(localised(l, 0), root);
        expect(r.code, `${l}: ${r.stderr}`).toBe(0);
        expect(r.stdout).toMatch(/^(usage: lijnwijzer|lijnwijzer \d)/);
      }
    }
  });

  it("Your own network: import a feed, inspect it, serve it", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "feed.zip"), await zipFolder(fixture("minimal")));
    const [importLine, inspectLine, serveLine] = commands("Your own network");
    const port = await freePort();
    // The README's `[more.zip ...]` is what may follow: one feed here. The reference data is Flanders'; the
    // fixture lies there too.
    const imported = sh(localised(importLine.replace(" [more.zip ...]", ""), port), dir);
    expect(imported.code, imported.stderr).toBe(0);
    const inspected = sh(localised(inspectLine, port), dir);
    expect([inspected.code, inspected.stdout.split("\n")[0]]).toEqual([0, expect.stringMatching(/^snapshot network\.snapshot: /)]);
    expect(serveLine).toMatch(/^lijnwijzer serve --network network\.snapshot --port 8080$/);
    const server = background(localised(serveLine, port), dir, { WORKERS: "1", REALTIME_FEEDS: "none" });
    await answering(`http://127.0.0.1:${port}/DLKernOpenData/api/v1/haltes?subscription-key=demo`, server);
  }, 180_000);

  it("In a container: the docker run lines through the image's entrypoint", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "data"));
    writeFileSync(join(dir, "data", "gtfs.zip"), await zipFolder(fixture("minimal")));
    let served = 0;
    for (const line of commands("In a container")) {
      if (/^docker (build|compose)\b/.test(line)) continue; // no container runtime here
      const run = /^docker run --rm( -p 8080:8080)?( -v "\$PWD\/data:\/data")? lijnwijzer\s*(.*)$/.exec(line);
      expect(run, line).not.toBeNull();
      const port = await freePort();
      const env = { LIJNWIJZER_APP: root, LIJNWIJZER_DATA: run![2] ? join(dir, "data") : join(dir, "empty"), PORT: String(port), WORKERS: "1", KEYS_FILE: undefined };
      // The volume: /data in the container is the folder mounted there.
      const command = `"${join(root, "deploy/container/entrypoint.sh")}" ${run![3].replaceAll("/data/", `${join(dir, "data")}/`)}`;
      if (run![3] === "") {
        const child = background(command, dir, env);
        await answering(`http://127.0.0.1:${port}/health`, child);
        const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { network: { counts: { stops: number } } };
        // Without a volume the demo network; with it, the snapshot the import wrote there (the fixture's 4 stops).
        if (run![2]) expect(health.network.counts.stops).toBe(4);
        else expect(health.network.counts.stops).toBeGreaterThan(1000);
        served++;
        for (const child of running.splice(0)) {
          child.kill("SIGTERM");
          await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
        }
      } else {
        const r = sh(command, dir, env);
        expect(r.code, `${line}: ${r.stderr}`).toBe(0);
      }
    }
    expect(served).toBe(2);
  }, 240_000);
});
