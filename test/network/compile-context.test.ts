import { describe, expect, it } from "vitest";
import { CompileWarnings } from "../../src/network/compile-context.js";
import { feed, route, stop } from "../support/feed-builder.js";

describe("CompileWarnings", () => {
  it("CompileWarnings - keeps the first five examples of a code and counts them all", () => {
    const w = new CompileWarnings();
    for (let i = 1; i <= 7; i++) w.add("stop_key_convention", `stop S${i} is not a 6-digit number of a known entity`);
    w.add("reference_not_covering", "no stop lies in a municipality of the reference data");
    expect(w.list()).toEqual([
      {
        code: "stop_key_convention",
        count: 7,
        examples: [1, 2, 3, 4, 5].map((i) => `stop S${i} is not a 6-digit number of a known entity`),
      },
      { code: "reference_not_covering", count: 1, examples: ["no stop lies in a municipality of the reference data"] },
    ]);
  });

  it("CompileWarnings - a reader's warnings keep five examples naming the feed file (not its path), file and line, and the whole count", () => {
    const f = feed({ stops: [stop("1", 50, 4)], routes: [route("r")], trips: [], source: "/srv/feeds/town.zip" });
    f.warnings = Array.from({ length: 6 }, (_, i) => ({ code: "orphan_stop", file: "stops.txt", line: i + 2, message: `stop_id "S${i}" is visited by no trip` }));
    f.warningCounts = { orphan_stop: 1200 };
    const w = new CompileWarnings();
    w.addFeed(f);
    w.add("orphan_stop", "another");
    expect(w.list()).toEqual([
      {
        code: "orphan_stop",
        count: 1201,
        examples: [0, 1, 2, 3, 4].map((i) => `town.zip: stops.txt line ${i + 2}: stop_id "S${i}" is visited by no trip`),
      },
    ]);
  });
});
