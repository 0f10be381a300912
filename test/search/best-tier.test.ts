import { describe, expect, it } from "vitest";
import { bestTier, GRADE_COMPLETE, GRADE_CONTEXT, GRADE_OWN, GRADES, matchGrade, NO_MATCH } from "../../src/search/best-tier.js";

const X = NO_MATCH;
/** A quality matrix from rows of (term x word) qualities. */
const matrix = (rows: number[][]) => Uint8Array.from(rows.flat());

describe("bestTier", () => {
  it("best tier - each term needs a word of its own", () => {
    // Both terms match only word 0: no assignment.
    expect(bestTier(matrix([[0, X], [0, X]]), 2, 2)).toBe(X);
    // Term 0 could take word 0 exactly, but term 1 needs it: term 0 takes word 1 by prefix.
    expect(bestTier(matrix([[0, 1], [0, X]]), 2, 2)).toBe(1);
    expect(bestTier(matrix([[0, 2, X], [X, 0, 1]]), 2, 3)).toBe(0);
    expect(bestTier(matrix([[2]]), 1, 1)).toBe(2);
    expect(bestTier(matrix([[0, 0]]), 1, 2, 0)).toBe(X);
  });

  it("best tier - more terms than words never match", () => {
    expect(bestTier(matrix([[0], [0]]), 2, 1)).toBe(X);
  });

  it("match grade - complete when every required word is taken, context only when the tier needs it", () => {
    // Words: [leuven, station] required, [perron, 13] required too: partial.
    expect(matchGrade(matrix([[0, X, X, X], [X, 0, X, X]]), 2, 4, 4, 4)).toBe(0 * GRADES + GRADE_OWN);
    expect(matchGrade(matrix([[0, X], [X, 0]]), 2, 2, 2, 2)).toBe(0 * GRADES + GRADE_COMPLETE);
    // "kessel lo" on Kessel-Lo Lodreef: lo matches lo exactly and lodreef as a prefix, but cannot take both.
    expect(matchGrade(matrix([[0, X, X], [X, 0, 1]]), 2, 3, 3, 3)).toBe(GRADE_OWN);
    // Word 1 is context (the municipality): needed for the tier.
    expect(matchGrade(matrix([[0, X], [X, 0]]), 2, 2, 1, 1)).toBe(GRADE_CONTEXT);
    // Context word available, but an own word gives the same tier.
    expect(matchGrade(matrix([[0, 0]]), 1, 2, 1, 1)).toBe(GRADE_COMPLETE);
    // Own words only at a worse tier: the better tier with context wins.
    expect(matchGrade(matrix([[2, 0]]), 1, 2, 1, 1)).toBe(0 * GRADES + GRADE_CONTEXT);
    expect(matchGrade(matrix([[X, X]]), 1, 2, 1, 1)).toBe(X);
  });
});
