/** Characters that force a CSV field into quotes (RFC 4180): separator, quote, line breaks. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: quoted, with inner quotes doubled, only when RFC 4180 requires it; spaces are kept as they are. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV record with its line break (`\n`, which GTFS readers accept). */
export function csvLine(values: readonly string[]): string {
  let line = "";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ",";
    line += csvField(values[i]);
  }
  return `${line}\n`;
}
