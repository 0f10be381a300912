import { CsvSyntaxError, readCsvRecords, type CsvRecord } from "../lib/csv-records.js";
import type { FeedReadContext } from "./feed-read-context.js";
import { GtfsError } from "./gtfs-error.js";
import { RowReader } from "./row-reader.js";
import type { TableSpec } from "./table-spec.js";

export interface TableRows<Row> {
  /** False when the file is absent from the feed. */
  present: boolean;
  rows: Row[];
  /** Primary key -> index into rows (tables with a key only). */
  index: Map<string, number>;
  /** Row -> 1-based line in the file, for later warnings. */
  lines: number[];
  /** Header columns, empty when the file is absent or empty. */
  columns: string[];
}

/**
 * Streams one table through its spec. An absent file gives no rows; a file without even a
 * header line is read as having no rows.
 */
export async function readTable<Row, Refs>(
  ctx: FeedReadContext,
  spec: TableSpec<Row, Refs>,
  refs: Refs,
): Promise<TableRows<Row>> {
  const result: TableRows<Row> = { present: false, rows: [], index: new Map(), lines: [], columns: [] };
  const chunks = await ctx.source.open(spec.file);
  if (!chunks) return result;
  result.present = true;
  let reader: RowReader | undefined;
  let count = 0;
  let skip = false;
  const key = spec.key;
  const onRecord = (record: CsvRecord) => {
    if (!reader) {
      result.columns = record.fields();
      reader = new RowReader(spec.file, ctx, result.columns);
      reader.record = record;
      const missing = spec.required.find((c) => !result.columns.includes(c));
      const reason =
        spec.unsupported?.(result.columns) ??
        (spec.extension && missing !== undefined ? `not the extension file of that name (no ${missing} column)` : undefined);
      if (reason !== undefined) {
        reader.warn("unsupported_file", `${reason}: file ignored`);
        skip = true;
        return;
      }
      reader.requireColumns(spec.required);
      return;
    }
    count++;
    if (skip) return;
    reader.record = record;
    const row = spec.parse(reader, refs);
    if (row === undefined) return;
    if (key) {
      const k = key.of(row);
      const first = result.index.get(k);
      if (first !== undefined) {
        const what = k === "" ? key.columns : `${key.columns} ${JSON.stringify(k)}`;
        reader.warn("duplicate_row", `duplicate ${what}: row ignored, the first one is kept`);
        return;
      }
      result.index.set(k, result.rows.length);
    }
    result.rows.push(row);
    result.lines.push(record.line);
  };
  await readCsvFile(spec.file, chunks, onRecord, ctx.progressOf(spec.file));
  ctx.rows[spec.file] = count;
  ctx.finishFile(spec.file);
  return result;
}

/** `readCsvRecords` with CSV syntax errors turned into GtfsErrors naming the file. */
export async function readCsvFile(
  file: string,
  chunks: AsyncIterable<Buffer>,
  onRecord: (record: CsvRecord) => void,
  onChunk?: (bytes: number) => void,
): Promise<void> {
  try {
    await readCsvRecords(chunks, onRecord, onChunk);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new GtfsError(file, e.line, e.problem);
    throw e;
  }
}
