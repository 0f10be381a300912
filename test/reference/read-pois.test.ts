import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readPois } from "../../src/reference/read-pois.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/places/${name}`, import.meta.url));

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "lw-pois-")), name);
  writeFileSync(path, text);
  return path;
}

describe("readPois", () => {
  it("readPois - CSV: category for kind, quoted names, the optional municipality; rows without a name or with a bad coordinate skipped", () => {
    const t = readPois([fixture("pois.csv")]);
    expect(t.pois).toEqual([
      { name: "M Leuven", kind: "museum", lat: 50.87757, lon: 4.70358, municipality: "Leuven", postcode: "" },
      { name: "Stadhuis, Leuven", kind: "stadhuis", lat: 50.87887, lon: 4.70124, municipality: "Leuven", postcode: "" },
      { name: "Atomium", kind: "monument", lat: 50.89496, lon: 4.34153, municipality: "Brussel", postcode: "" },
    ]);
    expect(t.files).toEqual([{ file: "pois.csv", rows: 5, kept: 3, notCurrent: 0, bad: 2 }]);
    expect(t.warnings).toEqual([
      { code: "poi_no_name", file: "pois.csv", line: 4, message: "no name" },
      { code: "poi_bad_coordinate", file: "pois.csv", line: 5, message: 'bad coordinate "95", "4.7" of "Nowhere"' },
    ]);
    expect(t.warningCounts).toEqual({ poi_no_name: 1, poi_bad_coordinate: 1 });
  });

  it("readPois - GeoJSON: Point features with name and kind or category; other geometries and broken points skipped", () => {
    const t = readPois([fixture("pois.geojson")]);
    expect(t.pois).toEqual([
      { name: "UZ Leuven Gasthuisberg", kind: "ziekenhuis", lat: 50.88083, lon: 4.6725, municipality: "", postcode: "" },
      { name: "Gravensteen", kind: "monument", lat: 51.0573, lon: 3.7207, municipality: "", postcode: "9000" },
    ]);
    expect(t.warnings).toEqual([
      { code: "poi_not_a_point", file: "pois.geojson", line: 0, message: 'feature 3: geometry "LineString" is not a Point' },
      { code: "poi_bad_coordinate", file: "pois.geojson", line: 0, message: 'feature 4: bad coordinate null, 4.7 of "Half"' },
    ]);
  });

  it("readPois - several files, CSV and GeoJSON, in order", () => {
    const t = readPois([fixture("pois.geojson"), fixture("pois.csv")]);
    expect(t.pois.map((p) => p.name)).toEqual(["UZ Leuven Gasthuisberg", "Gravensteen", "M Leuven", "Stadhuis, Leuven", "Atomium"]);
    expect(t.files.map((f) => f.file)).toEqual(["pois.geojson", "pois.csv"]);
  });

  it("readPois - a file of neither layout is refused, naming what is missing", () => {
    expect(() => readPois([tempFile("x.csv", "title,lat\nM,50.8\n")])).toThrow(
      "x.csv line 1: not a points-of-interest CSV: missing columns name, kind (or category), lon (header: title,lat); or give a GeoJSON FeatureCollection",
    );
    expect(() => readPois([tempFile("x.geojson", '{"type": "Point", "coordinates": [4.7, 50.8]}')])).toThrow(
      'x.geojson: not a GeoJSON FeatureCollection of points of interest (expected "type": "FeatureCollection" and "features")',
    );
    expect(() => readPois([tempFile("y.geojson", '{"type": ')])).toThrow(/^y\.geojson: not JSON \(/);
    expect(() => readPois(["/nonexistent/pois.csv"])).toThrow("/nonexistent/pois.csv: no such file");
  });
});
