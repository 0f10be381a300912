import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SNAPSHOT_FORMAT_VERSION } from "../../src/network/constants.js";
import { fixture, root, runCli, tempDir } from "./support/run-cli.js";

/** The command line's messages: what is wrong and what to do, with the `lijnwijzer <command>:` prefix. */
describe("lijnwijzer messages", () => {
  let snapshot = "";
  beforeAll(() => {
    snapshot = join(tempDir(), "expired.snapshot");
    expect(runCli(["import", fixture("expired"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
  });

  for (const command of ["inspect", "serve"]) {
    const args = (path: string) => (command === "serve" ? ["serve", "--network", path, "--port", "0"] : ["inspect", path]);

    it(`${command} - a missing snapshot: says it does not exist and how to make one, exit 1`, () => {
      const missing = join(tempDir(), "network.snapshot");
      const r = runCli(args(missing));
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `lijnwijzer ${command}: snapshot ${missing} does not exist: make one with \`lijnwijzer import <feed.zip|folder>... --out ${missing}\`\n`,
      );
      expect(r.stdout).not.toContain("network loaded");
    });

    it(`${command} - a file that is no snapshot: says so and how to make it again, exit 1`, () => {
      const path = join(tempDir(), "stops.txt");
      writeFileSync(path, "stop_id,stop_name\n1,A\n");
      const r = runCli(args(path));
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `lijnwijzer ${command}: Snapshot ${path} is not a lijnwijzer snapshot: the file does not start with the snapshot magic bytes; ` +
          `make it again with \`lijnwijzer import <feed.zip|folder>... --out ${path}\`\n`,
      );
    });
  }

  it("inspect - a snapshot of an older format version is refused, saying to re-import it", () => {
    const old = join(tempDir(), "old.snapshot");
    const bytes = readFileSync(snapshot);
    bytes.writeUInt32LE(1, 8); // format 1 kept one example per warning kind
    writeFileSync(old, bytes);
    const r = runCli(["inspect", old]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`lijnwijzer inspect: Snapshot ${old} has format version 1, this lijnwijzer reads version ${SNAPSHOT_FORMAT_VERSION}: re-import it with \`lijnwijzer import\`\n`);
  });

  it("inspect - a damaged header is refused as no snapshot", () => {
    const bad = join(tempDir(), "bad.snapshot");
    const bytes = readFileSync(snapshot);
    bytes.write("#", 16, "latin1"); // the header's JSON starts at byte 16
    writeFileSync(bad, bytes);
    const r = runCli(["inspect", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^lijnwijzer inspect: Snapshot .* is not a lijnwijzer snapshot: its header is damaged \(checksum\); make it again with/);
  });

  describe("a port in use", () => {
    let blocker: Server;
    let port = 0;
    beforeAll(async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
      port = (blocker.address() as { port: number }).port;
    });
    afterAll(() => void blocker.close());

    it("serve - a port in use: says so and how to choose another, exits 1, never logs network loaded", () => {
      // --port and PORT both name the port
      for (const [args, env] of [
        [["serve", "--network", snapshot, "--port", String(port)], {}],
        [["serve", "--network", snapshot], { PORT: String(port) }],
      ] as const) {
        const r = spawnSync(process.execPath, ["bin/lijnwijzer.js", ...args], {
          cwd: root,
          env: { ...process.env, HOST: "127.0.0.1", API_KEYS: "k", ...env },
          encoding: "utf8",
          timeout: 30_000,
        });
        expect(r.status).toBe(1);
        expect(r.stderr).toBe(
          `lijnwijzer serve: port ${port} is in use (another program listens on 127.0.0.1:${port}): choose another with --port <n> or PORT=<n>\n`,
        );
        expect(r.stdout).not.toContain("network loaded");
        expect(r.stdout).not.toContain("EADDRINUSE");
      }
    });
  });

  it("import - a missing feed: the lijnwijzer import: prefix, what to give, exit 1, no snapshot", () => {
    const dir = tempDir();
    const r = runCli(["import", join(dir, "feed.zip"), "--out", join(dir, "net.snapshot")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`lijnwijzer import: feed ${join(dir, "feed.zip")} does not exist: give a GTFS zip file or a folder of GTFS .txt files\n`);
  });

  it("import - the progress lines name the feed file and which of the feeds it is", () => {
    const r = runCli(["import", fixture("minimal"), fixture("expired"), "--out", join(tempDir(), "net.snapshot"), "--reference", "none"]);
    expect(r.code).toBe(0);
    const reading = r.stderr.split("\n").filter((l) => l.includes("reading"));
    expect(reading.length).toBeGreaterThanOrEqual(2);
    for (const l of reading) expect(l).toMatch(/^ *\d+\.\d s {2}reading (minimal \(1\/2\)|expired \(2\/2\)): [a-z_]+\.txt$/);
    expect(reading.some((l) => l.includes("reading minimal (1/2): "))).toBe(true);
    expect(reading.some((l) => l.includes("reading expired (2/2): "))).toBe(true);
  });
});
