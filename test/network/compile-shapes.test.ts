import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GtfsFeed } from "../../src/gtfs/types.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import { OUTLINE_TOLERANCE_METERS, SHAPE_TOLERANCE_METERS } from "../../src/network/compile-shapes.js";
import { NONE32 } from "../../src/network/constants.js";
import type { Network } from "../../src/network/model.js";
import { municipalityOutline } from "../../src/network/queries/municipality-outline.js";
import { patternPath } from "../../src/network/queries/pattern-path.js";
import { simplifyPath } from "../../src/network/simplify-path.js";
import { loadSnapshot, writeSnapshot } from "../../src/network/snapshot.js";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { readReference } from "../../src/reference/read-reference.js";
import type { ReferenceData } from "../../src/reference/types.js";
import { agency, calendar, feed, route, stop } from "../support/feed-builder.js";

/** Metres to degrees of latitude (and of longitude at the equator). */
const deg = (m: number) => m / 111_195;

describe("simplifyPath", () => {
  const path = (points: Array<[number, number]>) => [points.map((p) => p[0]), points.map((p) => p[1])] as const;

  it("simplifyPath - points within the tolerance of the line between the kept ones go, the ends stay", () => {
    // along the equator, every 100 m, 3 m off the line: all go at 5 m, all stay at 1 m
    const [lat, lon] = path(Array.from({ length: 11 }, (_, i) => [i % 2 === 0 ? 0 : deg(3), deg(100 * i)]));
    expect(simplifyPath(lat, lon, 0, 11, 5)).toEqual([0, 10]);
    expect(simplifyPath(lat, lon, 0, 11, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("simplifyPath - a corner and a path that turns back keep their turning points", () => {
    const [lat, lon] = path([
      [0, 0],
      [0, deg(50)],
      [0, deg(100)],
      [deg(50), deg(100)],
      [deg(100), deg(100)],
    ]);
    expect(simplifyPath(lat, lon, 0, 5, 5)).toEqual([0, 2, 4]);
    // out 100 m and back to 20 m: the far end is 80 m from the line's end, so it stays
    const [lat2, lon2] = path([
      [0, 0],
      [0, deg(100)],
      [0, deg(20)],
    ]);
    expect(simplifyPath(lat2, lon2, 0, 3, 5)).toEqual([0, 1, 2]);
  });

  it("simplifyPath - a part of the arrays, in microdegrees, and paths of fewer than three points", () => {
    const lat = Int32Array.from([9, 0, 0, 0, 9]);
    const lon = Int32Array.from([9, 0, 500, 1000, 9]).map((v) => v * 1000);
    expect(simplifyPath(lat, lon, 1, 4, 5, 1e6)).toEqual([1, 3]);
    expect(simplifyPath(lat, lon, 1, 3, 5, 1e6)).toEqual([1, 2]);
    expect(simplifyPath(lat, lon, 2, 2, 5, 1e6)).toEqual([]);
  });
});

/** A line along the equator: pattern A (trips a1, a2, a3), pattern B (b1) and pattern C (c1, no shape). */
function shapedFeed(): GtfsFeed {
  const f = feed({
    agencies: [agency({ agencyId: "1", timezone: "UTC" })],
    stops: [stop("S1", 0, 0), stop("S2", 0, deg(1000)), stop("S3", 0, deg(2000)), stop("S4", deg(500), deg(2000))],
    routes: [route("R", { shortName: "1" })],
    trips: [
      { tripId: "a1", routeId: "R", serviceId: "ALL", shapeId: "long", times: [["S1", "08:00:00"], ["S2", "08:05:00"], ["S3", "08:10:00"]] },
      { tripId: "a2", routeId: "R", serviceId: "ALL", shapeId: "long", times: [["S1", "09:00:00"], ["S2", "09:05:00"], ["S3", "09:10:00"]] },
      { tripId: "a3", routeId: "R", serviceId: "ALL", shapeId: "other", times: [["S1", "10:00:00"], ["S2", "10:05:00"], ["S3", "10:10:00"]] },
      { tripId: "b1", routeId: "R", serviceId: "ALL", shapeId: "long", times: [["S1", "08:30:00"], ["S3", "08:40:00"]] },
      { tripId: "c1", routeId: "R", serviceId: "ALL", times: [["S3", "11:00:00"], ["S4", "11:05:00"]] },
    ],
    calendars: [calendar("ALL", "1111111", 20260101, 20261231)],
  });
  // "long": 201 points every 10 m along the equator, 1 m off the line every other point, then a corner north
  const long: Array<[number, number]> = Array.from({ length: 201 }, (_, i) => [i % 2 === 1 ? deg(1) : 0, deg(10 * i)]);
  long.push([deg(500), deg(2000)]);
  const other: Array<[number, number]> = [
    [deg(100), 0],
    [deg(100), deg(2000)],
  ];
  f.shapes = {
    ids: ["long", "other"],
    start: Uint32Array.from([0, long.length, long.length + other.length]),
    lat: Float64Array.from([...long, ...other].map((p) => p[0])),
    lon: Float64Array.from([...long, ...other].map((p) => p[1])),
  };
  return f;
}

/** The patterns of line 0 by their first and last stop numbers, e.g. "S1-S3 (3 stops)". */
function patternNamed(net: Network, name: string): number {
  for (let p = 0; p < net.patterns.count; p++) {
    const a = net.patterns.stopStart[p];
    const b = net.patterns.stopStart[p + 1];
    const id = (i: number) => net.strings.get(net.stops.gtfsId[net.patterns.stops[i]]);
    if (`${id(a)}-${id(b - 1)} (${b - a} stops)` === name) return p;
  }
  throw new Error(`no pattern ${name}`);
}

let ref: ReferenceData;
const dir = mkdtempSync(join(tmpdir(), "lijnwijzer-shapes-"));
beforeAll(async () => {
  ref = await readReference(defaultReferenceDir());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("compileShapes", () => {
  it("compileShapes - a pattern takes the shape most of its trips name, simplified at 5 m; patterns share a shape's points", () => {
    const net = compileNetwork([{ feed: shapedFeed(), profile: "generic" }]);
    const g = net.geometry;
    expect(g.shapeToleranceMeters).toBe(SHAPE_TOLERANCE_METERS);
    const a = patternNamed(net, "S1-S3 (3 stops)");
    const b = patternNamed(net, "S1-S3 (2 stops)");
    const c = patternNamed(net, "S3-S4 (2 stops)");
    expect(g.patternShape[a]).toBe(g.patternShape[b]);
    expect(g.patternShape[c]).toBe(NONE32);
    expect(g.count).toBe(1);
    // 202 points read; the 1 m wiggles go, the corner stays
    expect(g.shapePointsRead).toBe(202);
    expect(patternPath(net, a)).toEqual({
      source: "shapes",
      coordinates: [
        [0, 0],
        [Math.round(deg(2000) * 1e6) / 1e6, 0],
        [Math.round(deg(2000) * 1e6) / 1e6, Math.round(deg(500) * 1e6) / 1e6],
      ],
    });
    expect(patternPath(net, c)).toEqual({
      source: "haltes",
      coordinates: [
        [deg(2000), 0],
        [deg(2000), deg(500)],
      ].map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]),
    });
  });

  it("compileShapes - without shapes.txt every pattern is drawn along its stops, and no point is stored", () => {
    const f = shapedFeed();
    delete f.shapes;
    const net = compileNetwork([{ feed: f, profile: "generic" }]);
    expect([...net.geometry.patternShape].every((s) => s === NONE32)).toBe(true);
    expect(net.geometry.count).toBe(0);
    expect(net.geometry.lat.length).toBe(0);
    expect(patternPath(net, patternNamed(net, "S1-S3 (3 stops)")).coordinates).toHaveLength(3);
  });

  it("compileShapes - a coarser tolerance simplifies further, to the decimals asked", () => {
    const net = compileNetwork([{ feed: shapedFeed(), profile: "generic" }]);
    const path = patternPath(net, patternNamed(net, "S1-S3 (3 stops)"), { toleranceMeters: 1000, decimals: 2 });
    expect(path.coordinates).toEqual([
      [0, 0],
      [0.02, 0],
    ]);
  });

  it("compileShapes - municipality outlines from the reference data: closed rings, exterior first, Baarle-Hertog's holes", () => {
    const f = feed({
      agencies: [agency({ agencyId: "3" })],
      stops: [stop("300483", 50.860721, 4.647603)],
      routes: [route("3302", { agencyId: "3", shortName: "2" })],
      trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["300483", "08:00:00"]] }],
      calendars: [calendar("WK", "1111100", 20260101, 20261231)],
    });
    const net = compileNetwork([{ feed: f, profile: "delijn" }], { reference: ref });
    const g = net.geometry;
    expect(g.outlineToleranceMeters).toBe(OUTLINE_TOLERANCE_METERS);
    expect(net.meta.municipalities).toHaveLength(285);
    expect(g.municipalityRingStart).toHaveLength(286);
    const ms = net.meta.municipalities;
    const leuven = municipalityOutline(net, ms.findIndex((m) => m.nis === 24062));
    expect(leuven).toHaveLength(1);
    const ring = leuven[0][0];
    expect(ring[0]).toEqual(ring.at(-1));
    expect(ring.length).toBeGreaterThan(50);
    for (const [lon, lat] of ring) {
      expect(lon).toBeGreaterThan(4.6);
      expect(lon).toBeLessThan(4.8);
      expect(lat).toBeGreaterThan(50.8);
      expect(lat).toBeLessThan(50.95);
    }
    const baarle = municipalityOutline(net, ms.findIndex((m) => m.nis === 13002));
    expect(baarle.length).toBeGreaterThan(10);
    expect(baarle.some((polygon) => polygon.length > 1)).toBe(true);
    // every ring of every municipality is closed and at least a triangle
    let rings = 0;
    ms.forEach((_, m) => {
      for (const polygon of municipalityOutline(net, m)) {
        for (const r of polygon) {
          rings++;
          expect(r.length).toBeGreaterThanOrEqual(4);
          expect(r[0]).toEqual(r.at(-1));
        }
      }
    });
    expect(rings).toBe(g.ringShape.length);
    // the overview's tolerance leaves out enclaves smaller than a triangle at 100 m
    const coarse = municipalityOutline(net, ms.findIndex((m) => m.nis === 13002), { toleranceMeters: 100, decimals: 5 });
    expect(coarse.length).toBeLessThan(baarle.length);
  });

  it("compileShapes - without reference data there are no outlines", () => {
    const net = compileNetwork([{ feed: shapedFeed(), profile: "generic" }]);
    expect(net.meta.municipalities).toEqual([]);
    expect([...net.geometry.municipalityRingStart]).toEqual([0]);
    expect(net.geometry.ringShape.length).toBe(0);
  });

  it("compileShapes - the geometry group survives the snapshot", () => {
    const net = compileNetwork([{ feed: shapedFeed(), profile: "generic" }]);
    const path = join(dir, "shapes.snapshot");
    writeSnapshot(net, path);
    const loaded = loadSnapshot(path);
    for (const [name, value] of Object.entries(net.geometry)) {
      expect(ArrayBuffer.isView(value) ? [...(loaded.geometry as unknown as Record<string, Int32Array>)[name]] : (loaded.geometry as unknown as Record<string, unknown>)[name], name).toEqual(
        ArrayBuffer.isView(value) ? [...(value as Int32Array)] : value,
      );
    }
    expect(patternPath(loaded, 0)).toEqual(patternPath(net, 0));
  });
});
