import type { RowReader } from "./row-reader.js";

/**
 * How one GTFS table is read; every module under `tables/` exports one, in the same shape.
 * `Refs` are the tables read before this one that its rows must point into.
 */
export interface TableSpec<Row, Refs = undefined> {
  readonly file: string;
  /** Columns the header must have (a missing one is a GtfsError on line 1). */
  readonly required: readonly string[];
  /** Primary key: a repeated key is a `duplicate_row` warning and the first row is kept. */
  readonly key?: { readonly columns: string; of(row: Row): string };
  /**
   * One of our extension files (docs/DATASET_EXTENSIONS.md). Other feeds may carry a file of
   * the same name in their own format (Metro-North's notes.txt has note_mark, note_desc):
   * without our required columns it is skipped with an `unsupported_file` warning.
   */
  readonly extension?: boolean;
  /** A header this reader cannot use (e.g. an older format of the file): the reason; the file is then skipped with an `unsupported_file` warning. */
  unsupported?(columns: readonly string[]): string | undefined;
  /** One row; undefined drops it (the table has warned why). */
  parse(r: RowReader, refs: Refs): Row | undefined;
}
