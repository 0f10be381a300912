import { describe, expect, it } from "vitest";
import { BAD_UINT, decimalField, EMPTY_UINT, plainDecimal, uintField } from "../../src/lib/csv-fields.js";
import { CsvTokenizer, type CsvRecord } from "../../src/lib/csv-records.js";

/** Applies `read` to every field of a one-record CSV line (the record is only valid inside the callback). */
function readFields<T>(line: string, read: (rec: CsvRecord, i: number) => T): T[] {
  const out: T[] = [];
  const tokenizer = new CsvTokenizer((rec) => {
    for (let i = 0; i < rec.count + 1; i++) out.push(read(rec, i));
  });
  tokenizer.push(Buffer.from(`${line}\n`));
  tokenizer.end();
  return out;
}

describe("csv-fields", () => {
  it("decimalField - the double Number() gives, plain from the bytes or not; NaN when empty, absent or no number", () => {
    const texts = ["50.87890", "-4.1", "+4.1", "12", ".5", "-.5", "5.", "-0", "0.000001", "123456789012345", "1234567890123456", "99.999999999999999", "1e3", "-", "+", ".", "1.2.3", "abc", "0x10", "4,5"];
    const line = texts.map((t) => (t.includes(",") ? `"${t}"` : t)).join(",") + ',"7.25",';
    const got = readFields(line, decimalField);
    const want = [...texts.map((t) => Number(t)), 7.25, NaN, NaN];
    expect(got.map((v) => Object.is(v, -0) ? "-0" : v)).toEqual(want.map((v) => Object.is(v, -0) ? "-0" : v));
  });

  it("plainDecimal - NaN for what is not a plain decimal of 1 to 15 digits, so the caller reads it its own way", () => {
    const at = (t: string) => plainDecimal(Buffer.from(t), 0, t.length);
    expect(at("-12.5")).toBe(-12.5);
    expect(at("+3")).toBe(3);
    for (const t of ["", "-", ".", "1e3", "1.2.3", "1234567890123456", " 1"]) expect(at(t)).toBeNaN();
  });

  it("uintField - unsigned integers up to 0xffff_fffe; EMPTY_UINT when empty or absent, BAD_UINT otherwise", () => {
    expect(readFields('0,7,000000000012,4294967294,4294967295,-1,1.5,x,"42",', uintField)).toEqual([
      0, 7, 12, 4294967294, BAD_UINT, BAD_UINT, BAD_UINT, BAD_UINT, 42, EMPTY_UINT, EMPTY_UINT,
    ]);
  });
});
