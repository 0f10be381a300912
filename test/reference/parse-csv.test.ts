import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv } from "../../src/reference/parse-csv.js";

describe("parseCsv", () => {
  it("parseCsv - reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = '\uFEFFid,name,note\r\n1,"Leuven, Station","say ""hi"""\n2,Heverlee,"two\nlines"\n\n3,,x';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["id", "name", "note"] },
      { line: 2, fields: ["1", "Leuven, Station", 'say "hi"'] },
      { line: 3, fields: ["2", "Heverlee", "two\nlines"] },
      { line: 6, fields: ["3", "", "x"] },
    ]);
  });

  it("parseCsv - keeps leading zeros as text", () => {
    expect(parseCsv("id\n008833001\n")[1].fields).toEqual(["008833001"]);
  });

  it("parseCsv - names the line of an unclosed quote", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(new CsvSyntaxError(2, "quoted field is never closed"));
  });

  it("parseCsv - rejects a quote inside an unquoted field", () => {
    expect(() => parseCsv('a\nx"y\n')).toThrow("line 2: double quote inside an unquoted field");
  });

  it("parseCsv - rejects text after a closing quote", () => {
    expect(() => parseCsv('a\n"x"y\n')).toThrow('line 2: unexpected character "y" after a closing quote');
  });
});
