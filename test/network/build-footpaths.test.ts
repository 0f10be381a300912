import { describe, expect, it } from "vitest";
import { buildFootpaths } from "../../src/network/build-footpaths.js";

import { links, paths, row, stopsAt } from "./support/footpath-fixtures.js";

describe("buildFootpaths", () => {
  it("buildFootpaths - links stops within the radius both ways at straight metres x 1.3 / 1.25 m/s, rounded up", () => {
    const { lat, lon } = stopsAt(0, 201, 702);
    // 201 m -> 209.04 s -> 210 s; 501 m is beyond 400 m
    expect(paths(buildFootpaths(lat, lon, links(3)))).toEqual(["0->1:210", "1->0:210"]);
    expect(paths(buildFootpaths(lat, lon, links(3), 502))).toEqual(["0->1:210", "1->0:210", "1->2:522", "2->1:522"]);
  });

  it("buildFootpaths - links a stop to itself only for a transfers.txt row with a time (the time to change there) or of type 3 (none)", () => {
    const { lat, lon } = stopsAt(0, 0, 51);
    // Not a twin at the same spot, a station, a row without a time; type 3: NO_CHANGE_SECONDS, the walks stay.
    const rows = [{ from: 0, to: 0, row: row(2, 120) }, { from: 1, to: 1, row: row(0) }, { from: 2, to: 2, row: row(3) }];
    const fp = buildFootpaths(lat, lon, links(3, rows, [[0, 1]]));
    expect(paths(fp)).toEqual(["0->0:120", "0->1:0", "0->2:54", "1->0:0", "1->2:54", "2->0:54", "2->1:54", "2->2:65535"]);
  });

  it("buildFootpaths - radius 0 walks only between platforms of one station and along transfers.txt", () => {
    const { lat, lon } = stopsAt(0, 20, 100, 3001, 3101);
    // 0-1 a station; 2->3 a transfers.txt row without a time: its walk, 2,901 m (3,017.04 s), one way; 3-4 nothing
    const fp = buildFootpaths(lat, lon, links(5, [{ from: 2, to: 3, row: row(0) }], [[0, 1]]), 0);
    expect(paths(fp)).toEqual(["0->1:21", "1->0:21", "2->3:3018"]);
  });

  it("buildFootpaths - the platforms of one station are linked whatever their distance", () => {
    const { lat, lon } = stopsAt(0, 600, 1201);
    expect(paths(buildFootpaths(lat, lon, links(3, [], [[0, 2]])))).toEqual(["0->2:1250", "2->0:1250"]);
  });

  it("buildFootpaths - min_transfer_time sets the time of its direction only, within the radius or beyond", () => {
    const { lat, lon } = stopsAt(0, 20, 1000);
    const fp = buildFootpaths(lat, lon, links(3, [{ from: 0, to: 1, row: row(2, 300) }, { from: 2, to: 0, row: row(2, 90) }]));
    expect(paths(fp)).toEqual(["0->1:300", "1->0:21", "2->0:90"]);
  });

  it("buildFootpaths - transfer_type 3 removes its direction, within the radius and within a station", () => {
    const { lat, lon } = stopsAt(0, 20, 40);
    const fp = buildFootpaths(lat, lon, links(3, [{ from: 0, to: 1, row: row(3) }, { from: 1, to: 2, row: row(3) }], [[1, 2]]));
    expect(paths(fp)).toEqual(["0->2:42", "1->0:21", "2->0:42", "2->1:21"]);
  });

  it("buildFootpaths - a later row wins over an earlier one for the same pair; in-seat rows (4, 5) change nothing", () => {
    const { lat, lon } = stopsAt(0, 20);
    const fp = buildFootpaths(
      lat,
      lon,
      links(2, [
        { from: 0, to: 1, row: row(3) },
        { from: 0, to: 1, row: row(2, 240) },
        { from: 1, to: 0, row: row(5) },
      ]),
    );
    expect(paths(fp)).toEqual(["0->1:240", "1->0:21"]);
  });

  it("buildFootpaths - an empty network has no footpaths", () => {
    const fp = buildFootpaths(new Float64Array(0), new Float64Array(0), links(0));
    expect([...fp.start]).toEqual([0]);
    expect(fp.to.length).toBe(0);
  });
});
