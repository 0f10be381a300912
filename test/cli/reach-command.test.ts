/**
 * `lijnwijzer reach` through main() on the chained-walk fixture (test/fixtures/routing/chained-walk/README.md),
 * imported as a user would: line 1 Noord 08:00 -> Kerk 08:10, walks to Brug (383 s) and Markt (766 s), line 2
 * Markt -> Zuid 08:25 -> 08:35.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureDir } from "../routing/support/fixture-network.js";
import { runMain } from "./support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "lw-reach-"));
const snapshot = join(dir, "chained.snapshot");

beforeAll(async () => {
  const r = await runMain("import", fixtureDir("chained-walk"), "--out", snapshot, "--reference", "none");
  expect(r.code, r.stderr).toBe(0);
});

describe("lijnwijzer reach", () => {
  it("reach - 30 minutes from Noord at 07:55: one line per stop, nearest first", async () => {
    const r = await runMain("reach", snapshot, "--from", "gtfs:301001", "--at", "2024-06-11T07:55:00");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      "4 stops reachable from Fixture Noord [3_301001] within 30 min, departing 2024-06-11T07:55:00 (Europe/Brussels; schedule)",
      "           0 s  arrives 07:55:00, on foot  Fixture Noord [3_301001]",
      "        15 min  arrives 08:10:00, 0 transfers  Fixture Kerk [3_301002]",
      "   21 min 23 s  arrives 08:16:23, 0 transfers  Fixture Brug [3_301003]",
      "   27 min 46 s  arrives 08:22:46, 0 transfers  Fixture Markt [3_301004]",
    ]);
  });

  it("reach - --minutes 45 --window 10: Zuid by 1 transfer, each stop at its median departure minute", async () => {
    const r = await runMain("reach", snapshot, "--from", "3_301001", "--at", "2024-06-11T07:55:00", "--minutes", "45", "--window", "10");
    expect(r.code, r.stderr).toBe(0);
    // Zuid: 40 min leaving 07:55 .. 35 min leaving 08:00 (L2T0825 each time), unreachable after; sorted, the 5th
    // is 39 min, leaving 07:56.
    expect(r.stdout.split("\n").at(-1)).toBe("        39 min  arrives 08:35:00, leaving 07:56:00, 1 transfer  Fixture Zuid [3_301005]");
  });

  it("reach - --geojson prints a FeatureCollection: the area, then a Point per stop with the endpoint's fields", async () => {
    const r = await runMain("reach", snapshot, "--from", "gtfs:301001", "--at", "2024-06-11T07:55:00", "--geojson");
    expect(r.code, r.stderr).toBe(0);
    const fc = JSON.parse(r.stdout);
    expect(fc.type).toBe("FeatureCollection");
    expect(fc.features.map((f: any) => f.geometry.type)).toEqual(["MultiPolygon", "Point", "Point", "Point", "Point"]);
    expect(fc.features[0].geometry.coordinates).toHaveLength(5);
    expect(fc.features[4]).toEqual({
      type: "Feature",
      geometry: { type: "Point", coordinates: [4.7, 50.8634] },
      properties: {
        soort: "halte",
        entiteitnummer: "3",
        haltenummer: "301004",
        omschrijving: "Fixture Markt",
        vertrek: "2024-06-11T07:55:00",
        aankomst: "2024-06-11T08:22:46",
        reistijdSeconden: 1666,
        overstappen: 0,
        ritten: 1,
      },
    });
  });

  it("reach - --minutes over 120, a bad point and no --from are usage errors (exit 2)", async () => {
    for (const args of [
      ["--from", "gtfs:301001", "--minutes", "121"],
      ["--from", "gtfs:301001", "--window", "0"],
      ["--from", "95,4.7"],
      ["--from", "nowhere"],
      [],
    ]) {
      const r = await runMain("reach", snapshot, ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^lijnwijzer reach: .*: see lijnwijzer reach --help/);
    }
  });
});
