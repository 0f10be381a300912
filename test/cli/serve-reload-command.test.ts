import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { freePort, runCli } from "./support/run-cli.js";
import { brokenSnapshots, importSampleFeed, replaceFile, type ServeProcess, startServe } from "./support/serve-process.js";

/** `lijnwijzer reload` through the admin endpoint, and SNAPSHOT_WATCH, against the real server. */

let dir: string;
let snapshotA: string;
let snapshotB: string;
let server: ServeProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lw-reload-"));
  snapshotA = join(dir, "a.snapshot");
  copyFileSync(await ensureDemoSnapshot({ quiet: true }), snapshotA);
  snapshotB = join(dir, "b.snapshot");
  await importSampleFeed(snapshotB);
}, 120_000);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function servedStops(origin: string): Promise<number> {
  const body = (await (await fetch(`${origin}/health`)).json()) as { network: { counts: { stops: number } } };
  return body.network.counts.stops;
}

async function until(what: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("lijnwijzer reload", () => {
  it("reload - prints the snapshot now served and by how many workers (exit 0), or why it was refused (exit 1) while the old one stays", async () => {
    const served = join(dir, "served.snapshot");
    copyFileSync(snapshotA, served);
    server = await startServe(["--network", served, "--workers", "2", "--no-realtime"]);
    const admin = { ADMIN_PORT: String(server.adminPort) };
    const before = await servedStops(server.origin);

    replaceFile(served, readFileSync(snapshotB));
    const ok = runCli(["reload"], admin);
    expect([ok.code, ok.stderr]).toEqual([0, ""]);
    expect(ok.stdout).toMatch(/^reloaded: the snapshot of \d{4}-\d\d-\d\dT[\d:.]+Z \(6 stops, \d+ trips\) is served in 2 workers \(\d+\.\d s\)\n$/);
    expect(await servedStops(server.origin)).toBe(6);

    replaceFile(served, brokenSnapshots(snapshotA).truncated);
    const refused = runCli(["reload", "--admin-port", String(server.adminPort)], {});
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/^lijnwijzer reload: refused, the previous snapshot is still served: Snapshot .*served\.snapshot is not a lijnwijzer snapshot: .*truncated/);
    expect(await servedStops(server.origin)).toBe(6);
    expect(before).toBeGreaterThan(6);
    // The admin endpoint's status names the snapshot served.
    const status = (await (await fetch(`http://127.0.0.1:${server.adminPort}/`)).json()) as { workers: number; snapshot: { stops: number } };
    expect(status).toMatchObject({ workers: 2, snapshot: { stops: 6 } });
  });

  it("reload - without an admin port it says how to get one (exit 2); no server on the port is an exit 1 that says so", async () => {
    const none = runCli(["reload"], { ADMIN_PORT: "" });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^lijnwijzer reload: no admin port: the server answers `lijnwijzer reload` when started with ADMIN_PORT=<port>/);
    const port = await freePort();
    const nobody = runCli(["reload", "--admin-port", String(port)], {});
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toBe(`lijnwijzer reload: no server answers on 127.0.0.1:${port}: is it running, started with ADMIN_PORT=${port}?\n`);
    const bad = runCli(["reload", "--admin-port", "http"], {});
    expect([bad.code, bad.stderr]).toEqual([2, 'lijnwijzer reload: --admin-port must be a TCP port from 1 to 65535, got "http"\n']);
  });
});

describe("SNAPSHOT_WATCH", () => {
  it("watch - a snapshot moved into place is served; a broken one written over it is refused and the last good one stays", async () => {
    const served = join(dir, "watched.snapshot");
    copyFileSync(snapshotA, served);
    server = await startServe(["--network", served, "--workers", "1", "--no-realtime"], { SNAPSHOT_WATCH: "true" });
    const { origin } = server;
    expect(await servedStops(origin)).toBeGreaterThan(6);
    replaceFile(served, readFileSync(snapshotB));
    await until(async () => (await servedStops(origin)) === 6);
    replaceFile(served, brokenSnapshots(snapshotA).garbage);
    await until(async () => /lijnwijzer_snapshot_reloads_total\{result="refused"\} 1/.test(await (await fetch(`${origin}/metrics`)).text()));
    expect(await servedStops(origin)).toBe(6);
    const refused = /"msg":"reload refused \(the snapshot file changed\), still serving the previous network: Snapshot .* does not start with the snapshot magic bytes/;
    expect(await server.logOnce((log) => refused.test(log))).toMatch(refused);
  });
});
