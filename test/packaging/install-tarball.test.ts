/**
 * The package outside its clone: `npm pack`, then `npm install -g` of the tarball into a temporary prefix, then the
 * installed `lijnwijzer` run from an empty folder: --version, every command's --help, an import of a fixture feed
 * and an inspect of what it wrote. Needs the npm registry for the dependencies (as `npm ci` does); `npm test` has
 * built dist/ before (the tarball is packed without running the build again).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/command-help.js";
import { fixture, root } from "../cli/support/run-cli.js";

const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

describe("the packed tarball, installed", () => {
  const dir = mkdtempSync(join(tmpdir(), "lw-pack-"));
  const prefix = join(dir, "prefix");
  const empty = join(dir, "empty");
  const bin = join(prefix, "bin", "lijnwijzer");
  const run = (args: string[]) => {
    const r = spawnSync(bin, args, { cwd: empty, encoding: "utf8", timeout: 60_000, env: { ...process.env, LIJNWIJZER_CACHE_DIR: "" } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  beforeAll(() => {
    mkdirSync(empty);
    const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 240_000 });
    npm(["pack", "--ignore-scripts", "--pack-destination", dir], root);
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBe(`lijnwijzer-${version}.tgz`);
    npm(["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball!)], empty);
  }, 300_000);

  it("lijnwijzer --version in an empty folder", () => {
    expect(run(["--version"])).toEqual({ code: 0, stdout: `lijnwijzer ${version}\n`, stderr: "" });
  });

  it("every command's --help", () => {
    for (const command of COMMANDS) {
      const r = run([command, "--help"]);
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toMatch(new RegExp(`^usage: lijnwijzer ${command}\\b`));
    }
  });

  it("imports a fixture feed into the empty folder and inspects it", () => {
    const imported = run(["import", fixture("minimal"), "--out", "network.snapshot", "--reference", "none"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/imported 1 feed into network\.snapshot/);
    expect(readdirSync(empty)).toContain("network.snapshot");
    const inspected = run(["inspect", "network.snapshot"]);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toMatch(/^snapshot network\.snapshot: /);
  });
});
