/**
 * RFC 4180 CSV: comma-separated, optional double quotes (a quoted field may hold commas,
 * doubled quotes and line breaks), LF or CRLF line endings, optional UTF-8 BOM.
 * The reference files are small (the biggest has 1,100 rows), so the whole text is parsed at once.
 */

export interface CsvRecord {
  /** 1-based line number where the record starts (the header is line 1). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "CsvSyntaxError";
  }
}

/** Every record of `text`, the header included; blank lines are skipped. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const recordLine = line;
    const fields: string[] = [];
    // One record: fields until an unquoted line break or the end of the text.
    for (;;) {
      let value = "";
      if (text[i] === '"') {
        const quoteLine = line;
        i++;
        for (;;) {
          if (i >= n) throw new CsvSyntaxError(quoteLine, "quoted field is never closed");
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === "\n") line++;
          value += c;
          i++;
        }
        const after = text[i];
        if (i < n && after !== "," && after !== "\n" && after !== "\r") {
          throw new CsvSyntaxError(line, `unexpected character ${JSON.stringify(after)} after a closing quote`);
        }
      } else {
        const start = i;
        while (i < n && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") {
          if (text[i] === '"') throw new CsvSyntaxError(line, "double quote inside an unquoted field");
          i++;
        }
        value = text.slice(start, i);
      }
      fields.push(value);
      if (i < n && text[i] === ",") {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === "\r") i++;
    if (text[i] === "\n") {
      i++;
      line++;
    }
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
  }
  return records;
}
