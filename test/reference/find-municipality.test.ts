import { beforeAll, describe, expect, it } from "vitest";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { findMunicipality } from "../../src/reference/find-municipality.js";
import { readReference } from "../../src/reference/read-reference.js";
import type { ReferenceData } from "../../src/reference/types.js";

let ref: ReferenceData;
beforeAll(async () => {
  ref = await readReference(defaultReferenceDir());
});

describe("findMunicipality", () => {
  it("findMunicipality - Leuven stop 300483 Doleeg lies in 24062 Leuven, region LV, entity 3", () => {
    const m = findMunicipality(ref, 50.860721, 4.647603);
    expect(m?.nis).toBe(24062);
    expect(m?.name).toBe("Leuven");
    expect(m?.regionCode).toBe("LV");
    expect(m?.entityNumber).toBe("3");
  });

  it("findMunicipality - stop 303441 Hoog-Linden lies 4 m over the boundary, in Lubbeek", () => {
    expect(findMunicipality(ref, 50.905406, 4.759485)?.name).toBe("Lubbeek");
  });

  it("findMunicipality - points in Baarle-Hertog's enclaves lie in Baarle-Hertog", () => {
    // Baarle centre (the main enclave) and a small enclave south of it.
    expect(findMunicipality(ref, 51.43881, 4.92929)?.nis).toBe(13002);
    expect(findMunicipality(ref, 51.40694, 4.93137)?.nis).toBe(13002);
  });

  it("findMunicipality - a Dutch counter-enclave inside Baarle-Hertog (a hole) lies in none", () => {
    expect(findMunicipality(ref, 51.43996, 4.92341)).toBeUndefined();
    expect(findMunicipality(ref, 51.41207, 4.87145)).toBeUndefined();
  });

  it("findMunicipality - points in the Netherlands, Brussels and the sea lie in none", () => {
    expect(findMunicipality(ref, 51.589, 4.776)).toBeUndefined(); // Breda
    expect(findMunicipality(ref, 50.8467, 4.3525)).toBeUndefined(); // Brussels Grote Markt
    expect(findMunicipality(ref, 51.3, 2.8)).toBeUndefined(); // North Sea
  });

  it("findMunicipality - merged 2025 municipalities carry their region and entity", () => {
    // Melsele, in Beveren-Kruibeke-Zwijndrecht: entity 2 (Oost-Vlaanderen), region Antwerpen.
    const m = findMunicipality(ref, 51.2197, 4.2807);
    expect([m?.nis, m?.regionCode, m?.entityNumber]).toEqual([46030, "AN", "2"]);
  });

  it("findMunicipality - every municipality centre lies in its own polygon", () => {
    const wrong = ref.municipalities.filter((m) => findMunicipality(ref, m.lat, m.lon) !== m).map((m) => m.name);
    expect(wrong).toEqual([]);
  });

  it("findMunicipality - 30,000 lookups take well under a second", () => {
    // Deterministic grid over Flanders' bbox; measured about 150 ms on the 2-core CI machine.
    const started = performance.now();
    let inside = 0;
    for (let i = 0; i < 200; i++) {
      for (let j = 0; j < 150; j++) {
        if (findMunicipality(ref, 50.68 + (i * 0.82) / 200, 2.54 + (j * 3.4) / 150)) inside++;
      }
    }
    const ms = performance.now() - started;
    expect(inside).toBeGreaterThan(15_000);
    expect(inside).toBeLessThan(21_000);
    expect(ms).toBeLessThan(1500);
  });
});
