import { describe, expect, it } from "vitest";
import { StringPool } from "../../src/lib/string-pool.js";

describe("StringPool", () => {
  it("string-pool - one index per distinct string, in order of first sight; 0 is the empty string", () => {
    const pool = new StringPool();
    expect(pool.intern("Leuven")).toBe(1);
    expect(pool.intern("")).toBe(0);
    expect(pool.intern("Heverlee")).toBe(2);
    expect(pool.intern("Leuven")).toBe(1);
    expect(pool.get(2)).toBe("Heverlee");
    expect(pool.list).toEqual(["", "Leuven", "Heverlee"]);
  });
});
