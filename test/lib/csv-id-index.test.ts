import { describe, expect, it } from "vitest";
import { CsvIdIndex } from "../../src/lib/csv-id-index.js";
import { CsvTokenizer, type CsvRecord } from "../../src/lib/csv-records.js";

/** Looks up field 0 of every line of `text`. */
function lookups(index: CsvIdIndex, text: string): number[] {
  const out: number[] = [];
  const tokenizer = new CsvTokenizer((r: CsvRecord) => out.push(index.get(r, 0)));
  tokenizer.push(Buffer.from(text));
  tokenizer.end();
  return out;
}

describe("CsvIdIndex", () => {
  it("csv-id-index - finds text ids by their bytes, -1 for unknown or empty", () => {
    const index = new CsvIdIndex(new Map([["airport", 0], ["airport-1", 1], ["Zürich", 2], ["🛫", 3]]));
    expect(lookups(index, 'airport\nairport-1\nZürich\n🛫\nairport-2\nairpor\n""\n" airport "\n"air""port"\n')).toEqual([
      0, 1, 2, 3, -1, -1, -1, 0, -1,
    ]);
  });

  it("csv-id-index - numeric ids take the table path and still refuse non-canonical forms", () => {
    const index = new CsvIdIndex(new Map([["300000", 5], ["301001", 6], ["0", 7]]));
    expect(lookups(index, "300000\n301001\n0\n0300000\n301001x\n999999999\n+300000\n301002\n")).toEqual([
      5, 6, 7, -1, -1, -1, -1, -1,
    ]);
  });

  it("csv-id-index - thousands of ids all resolve", () => {
    const ids = new Map(Array.from({ length: 5000 }, (_, i) => [`trip-${i * 7}`, i] as [string, number]));
    const index = new CsvIdIndex(ids);
    const text = Array.from({ length: 5000 }, (_, i) => `trip-${i * 7}`).join("\n");
    expect(lookups(index, text)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });
});
