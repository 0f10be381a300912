import { describe, expect, it } from "vitest";
import { SHOWN_VALUE_MAX, shortened, shownValue } from "../../../src/api/http/shown-value.js";

describe("shownValue", () => {
  it("shownValue - a short value is quoted whole", () => {
    expect(shownValue("morgen")).toBe('"morgen"');
    expect(shownValue("x".repeat(SHOWN_VALUE_MAX))).toBe(`"${"x".repeat(64)}"`);
  });

  it("shownValue - a long value is cut to 64 characters and gives its length", () => {
    expect(shownValue("x".repeat(5000))).toBe(`"${"x".repeat(64)}…" (5000 characters)`);
    expect(shownValue("abcdef", 3)).toBe('"abc…" (6 characters)');
  });

  it("shownValue - the cut never splits an emoji in two", () => {
    const value = `${"x".repeat(63)}🚌🚌`;
    expect(shownValue(value)).toBe(`"${"x".repeat(63)}…" (67 characters)`);
  });

  it("shortened - unquoted, for paths", () => {
    expect(shortened("/a/b", 10)).toBe("/a/b");
    expect(shortened("/a/bcdefghijk", 5)).toBe("/a/bc… (13 characters)");
  });
});
