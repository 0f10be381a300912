import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../src/errors.js";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { readReference } from "../../src/reference/read-reference.js";
import type { ReferenceData } from "../../src/reference/types.js";

let ref: ReferenceData;
beforeAll(async () => {
  ref = await readReference(defaultReferenceDir());
});

describe("readReference", () => {
  it("defaultReferenceDir - points at data/reference/flanders of the package", () => {
    expect(defaultReferenceDir()).toBe(join(process.cwd(), "data", "reference", "flanders"));
    expect(existsSync(join(defaultReferenceDir(), "municipalities.csv"))).toBe(true);
  });

  it("readReference - reads the Flanders folder with its row counts", () => {
    expect(ref.dir).toBe(defaultReferenceDir());
    expect(ref.timezone).toBe("Europe/Brussels");
    expect(ref.entities).toHaveLength(5);
    expect(ref.regions).toHaveLength(15);
    expect(ref.municipalities).toHaveLength(285);
    expect(ref.submunicipalities).toHaveLength(1100);
    expect(ref.colours).toHaveLength(24);
    expect(ref.stations).toHaveLength(301);
    expect(ref.stops).toHaveLength(417);
    expect(ref.municipalities.every((m) => m.polygons.length > 0)).toBe(true);
  });

  it("readReference - keeps codes with leading zeros as text", () => {
    expect(ref.regions.find((r) => r.code === "LV")).toEqual({ code: "LV", number: "07", name: "Leuven" });
    expect(ref.stations.find((s) => s.name === "Leuven")).toEqual({
      id: "008833001",
      name: "Leuven",
      lat: 50.88228,
      lon: 4.715866,
    });
    expect(ref.entities[2]).toEqual({ number: "3", code: "B", name: "Vlaams-Brabant" });
  });

  it("readReference - municipalities carry region, entity, centre, polygons and bbox", () => {
    const leuven = ref.municipalities.find((m) => m.nis === 24062)!;
    expect([leuven.name, leuven.regionCode, leuven.entityNumber, leuven.lat, leuven.lon]).toEqual([
      "Leuven",
      "LV",
      "3",
      50.87961,
      4.70494,
    ]);
    expect(leuven.polygons).toHaveLength(1);
    const [minLon, minLat, maxLon, maxLat] = leuven.bbox;
    expect(minLon).toBeLessThan(4.70494);
    expect(maxLon).toBeGreaterThan(4.70494);
    expect(minLat).toBeLessThan(50.87961);
    expect(maxLat).toBeGreaterThan(50.87961);
    const baarle = ref.municipalities.find((m) => m.nis === 13002)!;
    expect(baarle.polygons).toHaveLength(26);
    expect(baarle.polygons.reduce((holes, p) => holes + p.length - 1, 0)).toBe(6);
  });

  it("readReference - colours and Leuven stops keep their exact values", () => {
    expect(ref.colours.find((c) => c.code === "GD")).toEqual({
      code: "GD",
      name: "Geel De Lijn",
      hex: "FFDD00",
      r: 255,
      g: 221,
      b: 0,
    });
    expect(ref.stops[0]).toEqual({
      entity: "3",
      stopNumber: "300483",
      name: "Doleeg",
      longName: "Heverlee Doleeg",
      municipality: "Leuven",
      lat: 50.860721,
      lon: 4.647603,
      accessibility: ["MOTORISCH_MET_ASSIST"],
    });
    expect(ref.stops.find((s) => s.stopNumber === "408581")?.accessibility).toEqual([
      "MOTORISCHE_BEPERKING",
      "MOTORISCH_MET_ASSIST",
    ]);
    expect(ref.stops.find((s) => s.stopNumber === "303441")?.accessibility).toEqual([]);
  });

  it("readReference - submunicipalities belong to 2025 municipalities", () => {
    expect(ref.submunicipalities.find((s) => s.code === "24062C")).toEqual({
      code: "24062C",
      name: "Kessel-Lo",
      municipalityNis: 24062,
      lat: 50.88857,
      lon: 4.73761,
    });
  });
});

describe("readReference - malformed folders", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A copy of the Flanders folder with one file replaced (or removed when `text` is undefined). */
  async function broken(file: string, edit: (text: string) => string | undefined): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), "lw-ref-"));
    await cp(defaultReferenceDir(), dir, { recursive: true });
    const text = edit(await readFile(join(dir, file), "utf8"));
    if (text === undefined) await rm(join(dir, file));
    else await writeFile(join(dir, file), text);
    return dir;
  }

  async function messageOf(d: string): Promise<string> {
    try {
      await readReference(d);
    } catch (e) {
      expect(e).toBeInstanceOf(LijnwijzerError);
      expect((e as LijnwijzerError).code).toBe("LW_REFERENCE_INVALID");
      return (e as Error).message;
    }
    throw new Error("readReference accepted a malformed folder");
  }

  it("readReference - names a missing required file", async () => {
    const d = await broken("municipalities.csv", () => undefined);
    expect(await messageOf(d)).toBe(`Reference data folder ${d}: municipalities.csv: missing`);
  });

  it("readReference - names a missing column", async () => {
    const d = await broken("municipalities.csv", (t) => t.replace("region_code", "regio"));
    expect(await messageOf(d)).toBe(
      `Reference data folder ${d}: municipalities.csv: missing column region_code (header: nis,name,regio,entity_number,lat,lon)`,
    );
  });

  it("readReference - names file, line and column of a bad number", async () => {
    const d = await broken("municipalities.csv", (t) => t.replace("24062,Leuven,LV,3,50.87961", "24062,Leuven,LV,3,5O.87961"));
    expect(await messageOf(d)).toBe(
      `Reference data folder ${d}: municipalities.csv line 120 column lat: "5O.87961" is not a number`,
    );
  });

  it("readReference - rejects an unknown region code", async () => {
    const d = await broken("municipalities.csv", (t) => t.replace("24062,Leuven,LV", "24062,Leuven,XX"));
    expect(await messageOf(d)).toBe(
      `Reference data folder ${d}: municipalities.csv line 120 column region_code: XX is not a region of transport_regions.csv`,
    );
  });

  it("readReference - rejects a row with a wrong number of fields", async () => {
    const d = await broken("entities.csv", (t) => t.replace("3,B,Vlaams-Brabant", "3,B,Vlaams,Brabant"));
    expect(await messageOf(d)).toBe(`Reference data folder ${d}: entities.csv line 4: 4 fields, the header has 3`);
  });

  it("readReference - rejects a colour whose hex and rgb disagree", async () => {
    const d = await broken("colours.csv", (t) => t.replace("GD,Geel De Lijn,FFDD00", "GD,Geel De Lijn,FFDD01"));
    expect(await messageOf(d)).toBe(
      `Reference data folder ${d}: colours.csv line 22 column hex: FFDD01 does not match red, green, blue 255, 221, 0`,
    );
  });

  it("readReference - rejects an unknown accessibility value", async () => {
    const d = await broken("leuven_stops.csv", (t) => t.replace(",MOTORISCH_MET_ASSIST\n", ",ROLSTOEL\n"));
    expect(await messageOf(d)).toBe(
      `Reference data folder ${d}: leuven_stops.csv line 2 column accessibility: ROLSTOEL is none of MOTORISCHE_BEPERKING, MOTORISCH_MET_ASSIST, VISUELE_BEPERKING`,
    );
  });

  it("readReference - rejects a boundary of an unknown municipality", async () => {
    const d = await broken("municipalities.geojson", (t) => t.replace('"nis":"11001"', '"nis":"99999"'));
    expect(await messageOf(d)).toBe(
      `Reference data folder ${d}: municipalities.geojson feature 0: nis 99999 is not a municipality of municipalities.csv`,
    );
  });

  it("readReference - rejects an unknown time zone and a missing region.json", async () => {
    let d = await broken("region.json", () => '{"name":"Flanders","timezone":"Europe/Leuven"}');
    expect(await messageOf(d)).toBe(`Reference data folder ${d}: region.json: timezone "Europe/Leuven" is not an IANA time zone`);
    await rm(d, { recursive: true, force: true });
    d = await broken("region.json", () => undefined);
    expect(await messageOf(d)).toMatch(/region\.json: missing; it holds the region's name and time zone/);
  });

  it("readReference - reports an unclosed quote with its line", async () => {
    const d = await broken("stations.csv", (t) => t.replace("008833001,Leuven", '008833001,"Leuven'));
    expect(await messageOf(d)).toBe(`Reference data folder ${d}: stations.csv line 166: unterminated quoted field: the quote opened on this line never closes`);
  });

  it("readReference - reads optional files as empty when absent", async () => {
    dir = await mkdtemp(join(tmpdir(), "lw-ref-"));
    for (const f of ["region.json", "entities.csv", "transport_regions.csv", "municipalities.csv"]) {
      await cp(join(defaultReferenceDir(), f), join(dir, f));
    }
    const small = await readReference(dir);
    expect(small.municipalities).toHaveLength(285);
    expect(small.municipalities[0].polygons).toEqual([]);
    expect(small.municipalities[0].bbox).toEqual([4.38328, 51.13071, 4.38328, 51.13071]);
    expect([small.colours, small.stations, small.stops, small.submunicipalities]).toEqual([[], [], [], []]);
  });
});
