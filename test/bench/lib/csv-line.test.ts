import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "../../../bench/lib/csv-line.js";

describe("csvLine", () => {
  it("csvField - leaves plain values and surrounding spaces untouched", () => {
    expect(csvField("101N")).toBe("101N");
    expect(csvField("  40.578350")).toBe("  40.578350");
    expect(csvField("")).toBe("");
  });
  it("csvField - quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvField("Wakefield-241 St, Bronx")).toBe('"Wakefield-241 St, Bronx"');
    expect(csvField('the "A" train')).toBe('"the ""A"" train"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
  });
  it("csvLine - joins fields with commas and ends with a line break", () => {
    expect(csvLine(["A", "8 Avenue Express", "Inwood, Manhattan", ""])).toBe('A,8 Avenue Express,"Inwood, Manhattan",\n');
  });
});
