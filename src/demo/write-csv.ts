/**
 * CSV writing for the demo feed (RFC 4180, LF line endings): a field is quoted only when it holds
 * a comma, a double quote or a line break, so most of the feed stays plain text.
 */
export type CsvValue = string | number | undefined;

export function csvField(value: CsvValue): string {
  if (value === undefined) return "";
  const text = typeof value === "number" ? String(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header plus rows, each row in header order; ends with a line break. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.join(",")];
  for (const row of rows) {
    if (row.length !== header.length) {
      throw new Error(`CSV row has ${row.length} fields, header ${header.join(",")} has ${header.length}`);
    }
    lines.push(row.map(csvField).join(","));
  }
  return lines.join("\n") + "\n";
}
