import { describe, expect, it } from "vitest";
import { CsvSyntaxError, CsvTokenizer, parseCsvText, readCsvRecords, type CsvRecord } from "../../src/lib/csv-records.js";

interface Row {
  line: number;
  fields: string[];
}

/** Tokenizes `input` cut into chunks of the given sizes (cycled); whole when none. */
function tokenize(input: string | Buffer, chunkSizes?: number[]): Row[] {
  const bytes = typeof input === "string" ? Buffer.from(input) : input;
  const rows: Row[] = [];
  const tokenizer = new CsvTokenizer((r: CsvRecord) => rows.push({ line: r.line, fields: r.fields() }));
  if (!chunkSizes) {
    tokenizer.push(bytes);
  } else {
    for (let at = 0, k = 0; at < bytes.length; k++) {
      const n = chunkSizes[k % chunkSizes.length];
      tokenizer.push(Buffer.from(bytes.subarray(at, at + n)));
      at += n;
    }
  }
  tokenizer.end();
  return rows;
}

describe("CsvTokenizer", () => {
  it("csv-records - quoted fields hold commas, doubled quotes and newlines", () => {
    const rows = tokenize('id,desc,n\n1,"Perron 1, kant ""Tiensevest""",2\n2,"two\nlines",3\n');
    expect(rows).toEqual([
      { line: 1, fields: ["id", "desc", "n"] },
      { line: 2, fields: ["1", 'Perron 1, kant "Tiensevest"', "2"] },
      { line: 3, fields: ["2", "two\nlines", "3"] },
    ]);
  });

  it("csv-records - a record after a quoted newline starts on the right line", () => {
    const rows = tokenize('a,b\n"x\ny\nz",1\nlast,2');
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(rows[2].fields).toEqual(["last", "2"]);
  });

  it("csv-records - UTF-8 BOM and CRLF line ends", () => {
    const rows = tokenize("\uFEFFstop_id,stop_name\r\n1,Zürich HB\r\n2,\"a\r\nb\"\r\n");
    expect(rows).toEqual([
      { line: 1, fields: ["stop_id", "stop_name"] },
      { line: 2, fields: ["1", "Zürich HB"] },
      { line: 3, fields: ["2", "a\nb"] }, // CRLF inside quotes reads as \n
    ]);
  });

  it("csv-records - blank lines are skipped and keep the line count", () => {
    const rows = tokenize("a,b\n\n1,2\n   \n\r\n3,4\n\n\n");
    expect(rows).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ["1", "2"] },
      { line: 6, fields: ["3", "4"] },
    ]);
  });

  it("csv-records - whitespace around values is trimmed, inside and outside quotes", () => {
    const rows = tokenize('a,b,c\n  1 ,\t"  x  " , " y"z\n');
    expect(rows[1].fields).toEqual(["1", "x", 'yz']);
  });

  it("csv-records - empty fields, a missing last newline and a lone empty quoted field", () => {
    expect(tokenize("a,,c\n,,\n\"\"")).toEqual([
      { line: 1, fields: ["a", "", "c"] },
      { line: 2, fields: ["", "", ""] },
      { line: 3, fields: [""] },
    ]);
  });

  it("csv-records - a quote inside an unquoted field is an ordinary character", () => {
    expect(tokenize('a,b\n12" screen,x"y\n')[1].fields).toEqual(['12" screen', 'x"y']);
  });

  it("csv-records - unterminated quote names the line where it opened", () => {
    expect(() => tokenize('a,b\n1,2\n3,"open\nstill open\n')).toThrowError(CsvSyntaxError);
    try {
      tokenize('a,b\n1,2\n3,"open\nstill open\n');
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(3);
      expect((e as CsvSyntaxError).problem).toMatch(/unterminated quoted field/);
    }
  });

  it("csv-records - every chunking from 1 to 7 bytes gives the same records", () => {
    const text =
      "\uFEFFid,name,desc\r\n" +
      '1,"Gare, ""Centrale""","a\r\nb"\r\n' +
      "2,Zürich 🛫 Flughafen,\"x\"\r\n" +
      "\r\n" +
      '3,"""quoted""",  éé  \r\n' +
      '4,"end ""here"\r\n\r\n';
    const input = Buffer.from(text);
    const whole = tokenize(input);
    expect(whole.map((r) => r.fields)).toEqual([
      ["id", "name", "desc"],
      ["1", 'Gare, "Centrale"', "a\nb"],
      ["2", "Zürich 🛫 Flughafen", "x"],
      ["3", '"quoted"', "éé"],
      ["4", 'end "here'],
    ]);
    for (let size = 1; size <= 7; size++) expect(tokenize(input, [size]), `chunks of ${size}`).toEqual(whole);
    expect(tokenize(input, [1, 2, 3, 4, 5, 6, 7]), "chunks of 1..7").toEqual(whole);
  });

  it("csv-records - a BOM split over chunks is still removed", () => {
    expect(tokenize("\uFEFFa,b\n1,2\n", [1])[0].fields).toEqual(["a", "b"]);
    expect(tokenize("\uFEFF", [1])).toEqual([]);
  });

  it("csv-records - many fields grow the record", () => {
    const header = Array.from({ length: 100 }, (_, i) => `c${i}`).join(",");
    const rows = tokenize(`${header}\n`);
    expect(rows[0].fields).toHaveLength(100);
    expect(rows[0].fields[99]).toBe("c99");
  });

  it("csv-records - keeps at most the unfinished record between chunks, whatever the input size", () => {
    const row = "EN_O6-Weekday-028500_SBS82_901,04:45:00,04:45:00,304083,1,0,0,1\n";
    const input = Buffer.from(row.repeat(20_000)); // 1.3 MB
    let records = 0;
    const tokenizer = new CsvTokenizer(() => records++);
    let largestKept = 0;
    for (let at = 0; at < input.length; at += 4096) {
      tokenizer.push(input.subarray(at, at + 4096));
      largestKept = Math.max(largestKept, (tokenizer as unknown as { pending: Buffer }).pending.length);
    }
    tokenizer.end();
    expect(records).toBe(20_000);
    expect(largestKept).toBeLessThan(row.length);
  });

  it("readCsvRecords - reads a stream and reports each chunk's bytes", async () => {
    const seen: string[] = [];
    const bytes: number[] = [];
    async function* chunks() {
      yield Buffer.from("a,b\n1,");
      yield Buffer.from("2\n");
    }
    await readCsvRecords(chunks(), (r) => seen.push(r.fields().join("|")), (n) => bytes.push(n));
    expect(seen).toEqual(["a|b", "1|2"]);
    expect(bytes).toEqual([6, 2]);
  });

  it("parseCsvText - a whole small text at once: quotes, BOM, CRLF, blank lines, leading zeros kept", () => {
    const text = '\uFEFFid,name,note\r\n1,"Leuven, Station","say ""hi"""\n2,Heverlee,"two\nlines"\n\n008833001,,x';
    expect(parseCsvText(text)).toEqual([
      { line: 1, fields: ["id", "name", "note"] },
      { line: 2, fields: ["1", "Leuven, Station", 'say "hi"'] },
      { line: 3, fields: ["2", "Heverlee", "two\nlines"] },
      { line: 6, fields: ["008833001", "", "x"] },
    ]);
  });

  it("parseCsvText - names the line where an unclosed quote opened", () => {
    expect(() => parseCsvText('a,b\n1,"open\n2,3')).toThrow(/line 2/);
  });
});
