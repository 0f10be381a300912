/**
 * The container image without a container runtime (deploy/container/README.md says why): the entrypoint script run
 * as the image runs it (the repository as /app, a temporary folder as the /data volume), the files the Dockerfile
 * copies, and the nginx configuration compose.yaml makes of deploy/nginx/lijnwijzer.conf.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixture, freePort, root, runCli, tempDir } from "../cli/support/run-cli.js";
import { checkedNginx, NGINX, SHIPPED_NGINX_CONF, siteConfig } from "./support/replica-processes.js";

const ENTRYPOINT = join(root, "deploy/container/entrypoint.sh");

/** The entrypoint's command line and environment (none of the test run's KEYS_FILE: the volume's is the one). */
function entrypoint(data: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const { KEYS_FILE: _, ...inherited } = process.env;
  return { cmd: ENTRYPOINT, args, env: { ...inherited, LIJNWIJZER_APP: root, LIJNWIJZER_DATA: data, HOST: "127.0.0.1", ...env } };
}

describe("the container's entrypoint", () => {
  let snapshot = "";
  const children: Array<ReturnType<typeof spawn>> = [];
  beforeAll(() => {
    snapshot = join(tempDir(), "net.snapshot");
    expect(runCli(["import", fixture("minimal"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
  });
  afterEach(() => {
    for (const c of children.splice(0)) c.kill("SIGTERM");
  });

  async function served(data: string, env: NodeJS.ProcessEnv = {}): Promise<{ stops: number }> {
    const port = await freePort();
    const e = entrypoint(data, [], { PORT: String(port), WORKERS: "1", ...env });
    const child = spawn(e.cmd, e.args, { env: e.env, stdio: "ignore" });
    children.push(child);
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return { stops: ((await res.json()) as { network: { counts: { stops: number } } }).network.counts.stops };
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || child.exitCode !== null) throw new Error("the entrypoint did not serve");
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it("without arguments and an empty volume: the demo network", async () => {
    expect((await served(mkdtempSync(join(tmpdir(), "lw-data-")))).stops).toBeGreaterThan(1000);
  }, 120_000);

  it("without arguments and a snapshot in the volume: that network, with the volume's keys file", async () => {
    const data = mkdtempSync(join(tmpdir(), "lw-data-"));
    const e = entrypoint(data, ["keys", "add", "--label", "me"]);
    const added = spawnSync(e.cmd, e.args, { env: e.env, encoding: "utf8" });
    expect(added.status).toBe(0);
    expect(existsSync(join(data, "keys.json"))).toBe(true);
    const i = entrypoint(data, ["import", fixture("minimal"), "--out", join(data, "network.snapshot"), "--reference", "none"]);
    const imported = spawnSync(i.cmd, i.args, { env: i.env, encoding: "utf8" });
    expect(imported.status).toBe(0);
    expect((await served(data)).stops).toBe(4);
  }, 120_000);

  it("with arguments: the command they name", () => {
    const e = entrypoint(tempDir(), ["inspect", snapshot]);
    const r = spawnSync(e.cmd, e.args, { env: e.env, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^snapshot .*net\.snapshot: /);
    const v = entrypoint(tempDir(), ["--version"]);
    expect(spawnSync(v.cmd, v.args, { env: v.env, encoding: "utf8" }).stdout).toMatch(/^lijnwijzer \d+\.\d+\.\d+\n$/);
  });
});

describe("the Dockerfile and compose.yaml", () => {
  it("every file the Dockerfile copies from the context exists and .dockerignore keeps it", () => {
    const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
    const ignored = readFileSync(join(root, ".dockerignore"), "utf8").split("\n").filter(Boolean);
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(" "));
    expect(sources.length).toBeGreaterThan(8);
    for (const s of sources) {
      expect(existsSync(join(root, s)), s).toBe(true);
      expect(ignored.some((i) => s === i || s.startsWith(`${i}/`)), `${s} is in .dockerignore`).toBe(false);
    }
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/ready/m);
  });

  it.skipIf(!existsSync(NGINX))("nginx accepts the configuration compose.yaml makes of deploy/nginx/lijnwijzer.conf: two replicas", () => {
    const compose = readFileSync(join(root, "compose.yaml"), "utf8");
    const sed = /sed '\/127\.0\.0\.1:(\d+)\/d'/.exec(compose);
    expect(sed).not.toBeNull();
    const site = readFileSync(SHIPPED_NGINX_CONF, "utf8")
      .split("\n")
      .filter((l) => !l.includes(`127.0.0.1:${sed![1]}`))
      .join("\n");
    const dir = tempDir();
    // siteConfig throws unless exactly the two replicas of compose.yaml (8081, 8082) are left.
    expect(() => checkedNginx(dir, siteConfig(site, { listenPort: 18080, replicaPorts: [8081, 8082], logDir: dir }))).not.toThrow();
    expect(compose).toMatch(/PORT: "8081"/);
    expect(compose).toMatch(/PORT: "8082"/);
  });
});
