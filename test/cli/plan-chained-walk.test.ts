/**
 * `lijnwijzer import` and `lijnwijzer plan` on the chained-walk fixture (test/fixtures/routing/chained-walk/README.md):
 * the walk over two footpaths in a row is one step, and the import's walking options (--walk-budget, --walk-speed)
 * reach meta.footpaths and the summary.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { fixtureDir } from "../routing/support/fixture-network.js";
import { runMain } from "./support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "lw-chain-"));

async function importFixture(name: string, ...extra: string[]) {
  const out = join(dir, `${name}.snapshot`);
  const r = await runMain("import", fixtureDir("chained-walk"), "--out", out, "--reference", "none", ...extra);
  expect(r.code, r.stderr).toBe(0);
  return { out, stdout: r.stdout };
}

describe("lijnwijzer plan over chained footpaths", () => {
  it("plan - the walk Kerk -> Brug -> Markt is one step of 12 min 46 s, as the chained-walk fixture's README says", async () => {
    const { out, stdout } = await importFixture("chained");
    expect(stdout).toContain("footpaths 6 (walk radius 400 m, chained up to 15 min, 4.5 km/h; 60 B)");
    const r = await runMain("plan", out, "--from", "gtfs:301001", "--to", "gtfs:301005", "--at", "2024-06-11T07:55:00");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      "1 itinerary from Fixture Noord [3_301001] to Fixture Zuid [3_301005], departing after 2024-06-11T07:55:00 (Europe/Brussels; schedule)",
      "",
      "1. 08:00:00 -> 08:35:00  35 min, 1 transfer, 12 min 46 s walking  (best match)",
      "   08:00:00  BUS 1 towards Kerk (trip 800) from Fixture Noord [3_301001]",
      "   08:10:00    to Fixture Kerk [3_301002], 10 min",
      "   08:10:00  walk 735 m to Fixture Markt [3_301004], 12 min 46 s",
      "   08:22:46  wait 2 min 14 s at Fixture Markt [3_301004]",
      "   08:25:00  BUS 2 towards Zuid (trip 825) from Fixture Markt [3_301004]",
      "   08:35:00    to Fixture Zuid [3_301005], 10 min",
    ]);
  });

  it("import - --walk-budget 12 is below the 12 min 46 s chain: no itinerary; meta.footpaths records 720 s", async () => {
    const { out, stdout } = await importFixture("budget12", "--walk-budget", "12");
    expect(loadSnapshot(out).meta.footpaths.budgetSeconds).toBe(720);
    expect(stdout).toContain("footpaths 4 (walk radius 400 m, chained up to 12 min, 4.5 km/h;");
    const r = await runMain("plan", out, "--from", "gtfs:301001", "--to", "gtfs:301005", "--at", "2024-06-11T07:55:00");
    expect(r.stdout).toContain("no itinerary from Fixture Noord [3_301001] to Fixture Zuid [3_301005]");
  });

  it("import - --walk-speed 5.4 km/h (1.5 m/s): 319 s a footpath, the chain 638 s, recorded in meta.footpaths", async () => {
    const { out } = await importFixture("fast", "--walk-speed", "5.4");
    const net = loadSnapshot(out);
    expect(net.meta.footpaths).toEqual({ maxMeters: 400, detourFactor: 1.3, walkMetersPerSecond: 1.5, budgetSeconds: 900 });
    // 367.36 m x 1.3 / 1.5 m/s = 318.38 s -> 319 s
    expect([...net.stops.footpathSeconds].sort()).toEqual([319, 319, 319, 319, 638, 638]);
  });

  it("import - a --walk-budget or --walk-speed out of range is a usage error", async () => {
    for (const bad of ["-1", "soon", "", "31"]) {
      const r = await runMain("import", fixtureDir("chained-walk"), "--out", join(dir, "x.snapshot"), `--walk-budget=${bad}`);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(`--walk-budget must be a number of minutes from 0 to 30, not "${bad}"`);
    }
    for (const bad of ["0", "fast", "", "8"]) {
      const r = await runMain("import", fixtureDir("chained-walk"), "--out", join(dir, "x.snapshot"), `--walk-speed=${bad}`);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(`--walk-speed must be a number of km/h from 2 to 7, not "${bad}"`);
    }
  });
});
