/**
 * Numbers read straight from a CSV field's bytes (CsvRecord's offsets), for the files too big for a string per
 * field: stop_times.txt and shapes.txt (https://gtfs.org/schedule/reference/#stop_timestxt, #shapestxt) with
 * millions of rows, and the address register's coordinates. The plain forms nearly every row uses are decoded from
 * the bytes without allocating; anything else (quotes, exponents, long numbers) goes through a string, rarely.
 */
import type { CsvRecord } from "./csv-records.js";

/** uintField of an empty or absent field: distinct from BAD_UINT and from every real value. */
export const EMPTY_UINT = -2;
/** uintField of a field that is no unsigned integer up to 0xffff_fffe. */
export const BAD_UINT = -1;

/** Unsigned integer of field i (up to 0xffff_fffe); EMPTY_UINT when empty or absent, BAD_UINT when not an integer. */
export function uintField(rec: CsvRecord, i: number): number {
  if (i >= rec.count) return EMPTY_UINT;
  if (rec.complex[i] === 1) {
    const v = rec.field(i);
    return v === "" ? EMPTY_UINT : uintBytes(Buffer.from(v, "latin1"), 0, v.length);
  }
  const s = rec.starts[i];
  const e = rec.ends[i];
  return s === e ? EMPTY_UINT : uintBytes(rec.bytes, s, e);
}

/** Unsigned integer of bytes[s, e) (not empty); BAD_UINT when not one up to 0xffff_fffe. */
export function uintBytes(bytes: Uint8Array, s: number, e: number): number {
  // up to 9 digits the loop cannot overflow; longer ones (leading zeros, too big) are rare: through Number()
  if (e - s > 9) {
    const n = Number(Buffer.from(bytes.subarray(s, e)).toString("latin1"));
    return Number.isInteger(n) && n >= 0 && n <= 0xffff_fffe ? n : BAD_UINT;
  }
  let n = 0;
  for (let p = s; p < e; p++) {
    const d = bytes[p] - 48;
    if (d < 0 || d > 9) return BAD_UINT;
    n = n * 10 + d;
  }
  return n;
}

/**
 * A plain decimal in bytes[s, e): an optional sign, digits with at most one point ("50.87890", "-4.1", "12", ".5"),
 * 1 to 15 digits. Then n / 10^fraction digits is the double Number() gives (n is exact up to 15 digits and powers of
 * ten up to 10^22 are exact, so the one division rounds correctly). NaN for anything else, which the caller reads
 * its own way.
 */
export function plainDecimal(bytes: Uint8Array, s: number, e: number): number {
  let p = s;
  const negative = bytes[p] === 45; // "-"
  if (negative || bytes[p] === 43) p++; // "+"
  let n = 0;
  let digits = 0;
  let frac = -1; // digits after the point; -1 before it
  for (; p < e; p++) {
    const d = bytes[p] - 48;
    if (d >= 0 && d <= 9) {
      n = n * 10 + d;
      digits++;
      if (frac >= 0) frac++;
    } else if (d === -2 && frac < 0) {
      frac = 0; // "."
    } else {
      return NaN;
    }
  }
  if (digits === 0 || digits > 15) return NaN;
  const v = frac > 0 ? n / 10 ** frac : n;
  return negative ? -v : v;
}

/**
 * Field i as a number, as Number() reads it; NaN when empty, absent or no number. Plain decimals (nearly every
 * coordinate and shape_dist_traveled) from the bytes; anything else (exponents, quotes) through Number().
 */
export function decimalField(rec: CsvRecord, i: number): number {
  if (i < 0 || i >= rec.count) return NaN;
  const s = rec.starts[i];
  const e = rec.ends[i];
  if (s === e) return NaN;
  if (rec.complex[i] === 0) {
    const v = plainDecimal(rec.bytes, s, e);
    if (v === v) return v; // not NaN
  }
  const v = rec.field(i);
  return v === "" ? NaN : Number(v);
}
