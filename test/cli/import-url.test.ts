/**
 * `lijnwijzer import <url> --header "Name: value"`: a feed fetched over HTTP (a loopback server that wants a key),
 * imported like a file, named after its URL's path; a refused download stops the import with the status and no
 * snapshot.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { zipFolder } from "../support/zip-folder.js";
import { fixture, tempDir } from "./support/run-cli.js";

/** Runs the command in this process (the test's server answers meanwhile); stdout and stderr as text. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => ((err += String(s)), true));
  vi.spyOn(console, "error").mockImplementation((s) => void (err += `${String(s)}\n`));
  try {
    return { code: await main(args), out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

describe("lijnwijzer import <url>", () => {
  const dir = tempDir();
  let server: Server;
  let origin = "";
  const asked: Array<string | undefined> = [];
  beforeAll(async () => {
    const zip = await zipFolder(fixture("minimal"));
    server = createServer((req, res) => {
      asked.push(req.headers["x-key"] as string | undefined);
      if (req.headers["x-key"] !== "s3cret") return void res.writeHead(401).end("no key");
      if (req.url !== "/gtfs/de-lijn.zip") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/zip", "content-length": zip.length }).end(zip);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => (asked.length = 0));

  it("import - a feed URL with --header is downloaded and imported, named after the URL's file", async () => {
    const out = join(dir, "url.snapshot");
    const r = await run(["import", `${origin}/gtfs/de-lijn.zip`, "--header", "X-Key: s3cret", "--out", out, "--reference", "none"]);
    expect(r.code).toBe(0);
    expect(asked).toEqual(["s3cret"]);
    expect(r.out).toContain("profile: delijn (auto) for de-lijn.zip");
    const net = loadSnapshot(out);
    expect([net.meta.feeds[0].source, net.stops.count, net.meta.imports[0].feeds[0]]).toEqual(["de-lijn.zip", 4, { source: "de-lijn.zip", version: "2024-03" }]);
  });

  it("import - a refused download stops the import with the status, naming the URL, and writes nothing", async () => {
    const out = join(dir, "refused.snapshot");
    const r = await run(["import", `${origin}/gtfs/de-lijn.zip`, "--out", out, "--reference", "none"]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(new RegExp(`Feed ${origin.replace(/\./g, "\\.")}/gtfs/de-lijn\\.zip cannot be downloaded: .*401`));
    expect(readdirSync(dir)).not.toContain("refused.snapshot");
  });
});
