import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../src/demo/write-csv.js";
import { parseCsvText as parseCsv } from "../../src/lib/csv-records.js";

describe("toCsv", () => {
  it("csvField - quotes only fields with a comma, a quote or a line break", () => {
    expect(csvField("Heverlee")).toBe("Heverlee");
    expect(csvField(20250721)).toBe("20250721");
    expect(csvField(undefined)).toBe("");
    expect(csvField("Leuven, Station")).toBe('"Leuven, Station"');
    expect(csvField('aan "perron C"')).toBe('"aan ""perron C"""');
    expect(csvField("Periode\nVan maandag")).toBe('"Periode\nVan maandag"');
  });

  it("toCsv - round-trips through the RFC 4180 parser", () => {
    const rows = [
      ["873901", "nl", "Werken, Tiensepoort", 'Halte "Tiensepoort"\nniet bediend'],
      ["873902", "fr", "Travaux", ""],
    ];
    const text = toCsv(["diversion_id", "language", "title", "description"], rows);
    expect(parseCsv(text).map((r) => r.fields)).toEqual([["diversion_id", "language", "title", "description"], ...rows]);
  });

  it("toCsv - rejects a row that does not match the header", () => {
    expect(() => toCsv(["a", "b"], [["1"]])).toThrow("CSV row has 1 fields, header a,b has 2");
  });
});
