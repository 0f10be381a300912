import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { fixtureDir } from "../routing/support/fixture-network.js";

async function runImport(...extra: string[]) {
  const out = join(mkdtempSync(join(tmpdir(), "lw-out-")), "net.snapshot");
  const errors: string[] = [];
  const lines: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const code = await main(["import", fixtureDir("walk-transfer"), "--out", out, "--reference", "none", ...extra]);
  vi.restoreAllMocks();
  return { code, out, stdout: lines.join(""), stderr: errors.join("\n") };
}

afterEach(() => vi.restoreAllMocks());

describe("lijnwijzer import --walk-radius", () => {
  it("import - without --walk-radius, stops 200 m apart are linked (400 m), and the summary says the radius", async () => {
    const r = await runImport();
    expect(r.code).toBe(0);
    const net = loadSnapshot(r.out);
    expect(net.stops.footpathTo.length).toBe(2);
    expect(net.meta.footpaths.maxMeters).toBe(400);
    expect(r.stdout).toContain("footpaths 2 (walk radius 400 m, chained up to 15 min, 4.5 km/h; 32 B)");
  });

  it("import - --walk-radius 0 links no two stops that share no station and no transfers.txt row", async () => {
    const r = await runImport("--walk-radius", "0");
    expect(r.code).toBe(0);
    const net = loadSnapshot(r.out);
    expect(net.stops.footpathTo.length).toBe(0);
    expect(net.meta.footpaths.maxMeters).toBe(0);
  });

  it("import - --walk-radius 150 is below the 200 m between the two stops", async () => {
    const r = await runImport("--walk-radius", "150");
    expect(loadSnapshot(r.out).meta.footpaths.maxMeters).toBe(150);
    expect(loadSnapshot(r.out).stops.footpathTo.length).toBe(0);
  });

  it("import - a --walk-radius that is no number of metres from 0 to 2000 is a usage error", async () => {
    for (const bad of ["-5", "far", "", "2500"]) {
      const r = await runImport(`--walk-radius=${bad}`);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(`--walk-radius must be a number of metres from 0 to 2000, not "${bad}"`);
    }
  });
});
