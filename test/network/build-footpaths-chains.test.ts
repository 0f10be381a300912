/** chainFootpaths over buildFootpaths: chained walks become one footpath, within the budget and transfers.txt's rules. */
import { describe, expect, it } from "vitest";
import { buildFootpaths } from "../../src/network/build-footpaths.js";
import { chainFootpaths } from "../../src/network/chain-footpaths.js";

import { links, paths, row, stopsAt } from "./support/footpath-fixtures.js";

describe("chainFootpaths", () => {
  it("chainFootpaths - A -> B and B -> C within the radius make A -> C beyond it, at the sum of their times", () => {
    // 0-1 301 m (313.04 s -> 314 s), 1-2 301 m (314 s), 0-2 602 m: beyond 400 m
    const { lat, lon } = stopsAt(0, 301, 602);
    const direct = buildFootpaths(lat, lon, links(3));
    expect(paths(direct)).toEqual(["0->1:314", "1->0:314", "1->2:314", "2->1:314"]);
    expect(paths(chainFootpaths(direct, 900))).toEqual(["0->1:314", "0->2:628", "1->0:314", "1->2:314", "2->0:628", "2->1:314"]);
  });

  it("chainFootpaths - a chain longer than the budget is dropped; budget 0 keeps the direct footpaths as they are", () => {
    const { lat, lon } = stopsAt(0, 301, 602, 903);
    const direct = buildFootpaths(lat, lon, links(4));
    // 0 -> 3 is 942 s over three footpaths of 314 s: beyond 900 s; 0 -> 2 (628 s) stays
    const chained = paths(chainFootpaths(direct, 900));
    expect(chained).toContain("0->2:628");
    expect(chained.filter((p) => p.startsWith("0->3") || p.startsWith("3->0"))).toEqual([]);
    expect(paths(chainFootpaths(direct, 0))).toEqual(paths(direct));
    expect(paths(chainFootpaths(direct, 942))).toContain("0->3:942");
  });

  it("chainFootpaths - a direct footpath beyond the budget stays (platforms of one station far apart)", () => {
    const { lat, lon } = stopsAt(0, 1201);
    expect(paths(chainFootpaths(buildFootpaths(lat, lon, links(2, [], [[0, 1]])), 900))).toEqual(["0->1:1250", "1->0:1250"]);
  });

  it("chainFootpaths - a min_transfer_time keeps its time where a chain is shorter, and chains at its time", () => {
    // 0, 1, 2 at 0, 20 and 40 m; transfers.txt: 0 -> 1 takes 300 s, 2 -> 1 takes 0 s
    const { lat, lon } = stopsAt(0, 20, 40);
    const direct = buildFootpaths(lat, lon, links(3, [{ from: 0, to: 1, row: row(2, 300) }, { from: 2, to: 1, row: row(2, 0) }]));
    expect(paths(direct)).toEqual(["0->1:300", "0->2:42", "1->0:21", "1->2:21", "2->0:42", "2->1:0"]);
    // 0 -> 2 -> 1 takes 42 s, but transfers.txt's 300 s stands; 2 -> 1 -> 0 (0 + 21 s) beats the 42 s walk 2 -> 0
    expect(paths(chainFootpaths(direct, 900))).toEqual(["0->1:300", "0->2:42", "1->0:21", "1->2:21", "2->0:21", "2->1:0"]);
  });

  it("chainFootpaths - a pair transfers.txt forbids is linked by no chain, but stops beyond it are reached through it", () => {
    // 0-1, 1-2, 2-3 301 m each (314 s); transfers.txt forbids 0 -> 2 (one way)
    const { lat, lon } = stopsAt(0, 301, 602, 903);
    const direct = buildFootpaths(lat, lon, links(4, [{ from: 0, to: 2, row: row(3) }]));
    const fp = paths(chainFootpaths(direct, 1000));
    expect(fp.filter((p) => p.startsWith("0->"))).toEqual(["0->1:314", "0->3:942"]);
    expect(fp).toContain("2->0:628");
  });

  it("chainFootpaths - a stop's row to itself stays and is no step of a chain", () => {
    const { lat, lon } = stopsAt(0, 301, 602);
    const direct = buildFootpaths(lat, lon, links(3, [{ from: 1, to: 1, row: row(2, 180) }]));
    expect(paths(chainFootpaths(direct, 900))).toEqual(["0->1:314", "0->2:628", "1->0:314", "1->1:180", "1->2:314", "2->0:628", "2->1:314"]);
  });

  it("chainFootpaths - an empty network has no footpaths", () => {
    const fp = chainFootpaths(buildFootpaths(new Float64Array(0), new Float64Array(0), links(0)), 900);
    expect([...fp.start]).toEqual([0]);
    expect(fp.to.length).toBe(0);
  });
});
