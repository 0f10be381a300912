import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BEST_HEADER, lambert72, writeSyntheticAddresses } from "../../../bench/search/synthetic-addresses.js";
import { defaultReferenceDir } from "../../../src/reference/default-reference-dir.js";
import { findMunicipality } from "../../../src/reference/find-municipality.js";
import { readAddresses } from "../../../src/reference/read-addresses.js";
import { readReference } from "../../../src/reference/read-reference.js";

describe("synthetic addresses", () => {
  it("writeSyntheticAddresses - N current addresses in the BeST layout over Flemish municipalities, the same bytes for the same seed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-synthetic-"));
    const a = join(dir, "a.csv");
    const b = join(dir, "b.csv");
    const r = await writeSyntheticAddresses(a, { count: 5000, seed: "test" });
    await writeSyntheticAddresses(b, { count: 5000, seed: "test" });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    expect(readFileSync(a, "utf8").split("\n")[0]).toBe(BEST_HEADER.join(","));

    const t = await readAddresses([a]);
    expect(t.count).toBe(5000);
    expect(r.addresses).toBe(5000);
    expect(t.files[0].notCurrent).toBe(r.notCurrent);
    expect(t.streetCount).toBe(r.streets);
    const ref = await readReference(defaultReferenceDir());
    // each street's centre lies in the municipality the file names; its addresses lie within some 3 km of it
    const names = new Set(ref.municipalities.map((m) => m.name));
    let inNamed = 0;
    for (let i = 0; i < t.count; i++) {
      const named = t.strings[t.municipalityName[i]];
      expect(names.has(named)).toBe(true);
      if (findMunicipality(ref, t.lat[i], t.lon[i])?.name === named) inNamed++;
    }
    expect(inNamed / t.count).toBeGreaterThan(0.9);
  });

  it("lambert72 - Brussels' Grote Markt lies near its Lambert 72 position (within the datum shift left out)", () => {
    const [x, y] = lambert72(50.8467, 4.3525);
    expect(Math.abs(x - 148_900)).toBeLessThan(300);
    expect(Math.abs(y - 170_600)).toBeLessThan(300);
  });
});
