import type { CsvRecord } from "../lib/csv-records.js";
import { parseServiceDate } from "../lib/service-date.js";
import type { ServiceDate, ServiceSeconds } from "../lib/service-time.js";
import type { FeedReadContext } from "./feed-read-context.js";
import { GtfsError } from "./gtfs-error.js";
import { parseGtfsTime } from "./parse-gtfs-time.js";

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const HEX_COLOUR = /^[0-9A-Fa-f]{6}$/;

/**
 * The current row of one table, read by column name (columns may come in any order, extra
 * columns are ignored). Every decoder names the file, line and column when it fails.
 */
export class RowReader {
  /** Set by the table reader before each row. */
  record!: CsvRecord;
  private readonly columns = new Map<string, number>();

  constructor(
    readonly file: string,
    private readonly ctx: FeedReadContext,
    header: readonly string[],
  ) {
    header.forEach((name, i) => {
      if (!this.columns.has(name)) this.columns.set(name, i);
    });
  }

  get line(): number {
    return this.record ? this.record.line : 1;
  }

  /** Field index of a column, -1 when the header lacks it. */
  col(name: string): number {
    return this.columns.get(name) ?? -1;
  }

  has(name: string): boolean {
    return this.columns.has(name);
  }

  requireColumns(names: readonly string[]): void {
    for (const name of names) {
      if (!this.columns.has(name)) {
        throw new GtfsError(this.file, this.line, `missing required column ${name}`);
      }
    }
  }

  /** Trimmed text; "" when empty or the column is absent. */
  text(name: string): string {
    return this.record.field(this.col(name));
  }

  requiredText(name: string): string {
    const v = this.text(name);
    if (v === "") this.fail(`missing value in ${name}`);
    return v;
  }

  /** Integer in [min, max]; undefined when empty. */
  int(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.text(name);
    if (v === "") return undefined;
    const n = INTEGER.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) this.fail(`bad integer ${JSON.stringify(v)} in ${name} (expected ${min}..${max})`);
    return n;
  }

  requiredInt(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const n = this.int(name, min, max);
    if (n === undefined) this.fail(`missing value in ${name}`);
    return n;
  }

  /** Decimal number in [min, max]; undefined when empty. */
  float(name: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): number | undefined {
    const v = this.text(name);
    if (v === "") return undefined;
    const n = DECIMAL.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) this.fail(`bad number ${JSON.stringify(v)} in ${name} (expected ${min}..${max})`);
    return n;
  }

  /**
   * An enumeration with the set the spec defines: an unknown value is an error, not a guess.
   * `whenEmpty` is the spec's default for an empty field (undefined: the field is required).
   */
  enumOf(name: string, allowed: readonly number[], whenEmpty: number | undefined): number {
    const v = this.text(name);
    if (v === "") {
      if (whenEmpty === undefined) this.fail(`missing value in ${name}`);
      return whenEmpty;
    }
    const n = INTEGER.test(v) ? Number(v) : NaN;
    if (!allowed.includes(n)) this.fail(`unknown ${name} ${JSON.stringify(v)} (expected one of ${allowed.join(", ")})`);
    return n;
  }

  /** Like `enumOf`, but keeps an empty field as undefined. */
  optionalEnumOf(name: string, allowed: readonly number[]): number | undefined {
    return this.text(name) === "" ? undefined : this.enumOf(name, allowed, undefined);
  }

  /** A text enumeration; "" stays "" unless required. */
  textEnumOf<T extends string>(name: string, allowed: readonly T[], required: boolean): T | "" {
    const v = this.text(name);
    if (v === "") {
      if (required) this.fail(`missing value in ${name}`);
      return "";
    }
    if (!(allowed as readonly string[]).includes(v)) {
      this.fail(`unknown ${name} ${JSON.stringify(v)} (expected one of ${allowed.join(", ")})`);
    }
    return v as T;
  }

  date(name: string): ServiceDate | undefined {
    const v = this.text(name);
    if (v === "") return undefined;
    const d = parseServiceDate(v);
    if (d === undefined) this.fail(`unparsable date ${JSON.stringify(v)} in ${name}`);
    return d;
  }

  requiredDate(name: string): ServiceDate {
    const d = this.date(name);
    if (d === undefined) this.fail(`missing value in ${name}`);
    return d;
  }

  time(name: string): ServiceSeconds | undefined {
    const v = this.text(name);
    if (v === "") return undefined;
    const t = parseGtfsTime(v);
    if (t < 0) this.fail(`unparsable time ${JSON.stringify(v)} in ${name}`);
    return t;
  }

  requiredTime(name: string): ServiceSeconds {
    const t = this.time(name);
    if (t === undefined) this.fail(`missing value in ${name}`);
    return t;
  }

  /** Hex "RRGGBB" -> 0xRRGGBB; undefined when empty. */
  colour(name: string): number | undefined {
    const v = this.text(name);
    if (v === "") return undefined;
    if (!HEX_COLOUR.test(v)) this.fail(`bad colour ${JSON.stringify(v)} in ${name} (expected six hex digits RRGGBB)`);
    return parseInt(v, 16);
  }

  fail(problem: string): never {
    throw new GtfsError(this.file, this.line, problem);
  }

  warn(code: string, message: string): void {
    this.ctx.warn(code, this.file, this.line, message);
  }
}
