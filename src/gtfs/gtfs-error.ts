/**
 * A feed that cannot be imported: names the file, the line (1-based, header = line 1; 0 when
 * the problem is not tied to a line, e.g. a missing file) and the problem, e.g.
 * `stop_times.txt line 1234: unparsable time "25:6x:00" in arrival_time`.
 */
export class GtfsError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(line > 0 ? `${file} line ${line}: ${problem}` : `${file}: ${problem}`);
    this.name = "GtfsError";
  }
}
