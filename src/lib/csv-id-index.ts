import type { CsvRecord } from "./csv-records.js";

/** Int32 words per hash slot: hash, first byte in the pool, length, value. */
const SLOT = 4;

/**
 * Looks ids up by the bytes of a CSV field, without decoding a string: in stop_times.txt
 * every row names a stop, and a string per row plus a Map lookup cost more than all the
 * other columns together. Open addressing over FNV-1a hashes of the UTF-8 bytes; a slot
 * holds hash, position, length and value side by side, so a lookup touches one slot and the
 * id's bytes (measured: half the time of separate arrays for offsets and values).
 */
export class CsvIdIndex {
  private readonly pool: Uint8Array;
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** Fallback for fields that need unescaping (quoted with doubled quotes). */
  private readonly byString: ReadonlyMap<string, number>;
  /**
   * When every id is a canonical decimal number (no sign, no leading zero) of moderate size,
   * as stop ids often are (De Lijn, MTA buses): number -> value, -1 for none. A lookup is
   * then a digit loop and one array read, about 5x faster than hashing.
   */
  private readonly numeric: Int32Array | undefined;

  constructor(ids: ReadonlyMap<string, number>) {
    this.byString = ids;
    this.numeric = numericTable(ids);
    // One pool for all ids' UTF-8 bytes; written char by char for ASCII ids (most), which is
    // ~10x cheaper than a Buffer per id for the 100 000 trip ids of a big feed.
    let capacity = 0;
    for (const id of ids.keys()) capacity += id.length * 3;
    const pool = Buffer.allocUnsafe(capacity);
    let size = 16;
    while (size < ids.size * 2) size *= 2;
    const slots = new Int32Array(size * SLOT).fill(-1);
    const mask = size - 1;
    let at = 0;
    for (const [id, value] of ids) {
      const start = at;
      let ascii = true;
      for (let k = 0; k < id.length; k++) {
        const c = id.charCodeAt(k);
        if (c >= 0x80) {
          ascii = false;
          break;
        }
        pool[at++] = c;
      }
      if (!ascii) at = start + pool.write(id, start, "utf8");
      const h = hash(pool, start, at);
      let slot = h & mask;
      while (slots[slot * SLOT + 3] !== -1) slot = (slot + 1) & mask;
      const w = slot * SLOT;
      slots[w] = h;
      slots[w + 1] = start;
      slots[w + 2] = at - start;
      slots[w + 3] = value;
    }
    this.pool = pool.subarray(0, at);
    this.slots = slots;
    this.mask = mask;
  }

  /** Value of the id in field i of the record; -1 when unknown (or the field is empty). */
  get(rec: CsvRecord, i: number): number {
    if (i < 0 || i >= rec.count) return -1;
    if (rec.complex[i] === 1) return this.byString.get(rec.field(i)) ?? -1;
    // hot: no allocation
    const bytes = rec.bytes;
    const s = rec.starts[i];
    const len = rec.ends[i] - s;
    const numeric = this.numeric;
    if (numeric) {
      if (len === 0 || len > 9 || (bytes[s] === 48 && len > 1)) return -1;
      let n = 0;
      for (let k = s; k < s + len; k++) {
        const d = bytes[k] - 48;
        if (d < 0 || d > 9) return -1;
        n = n * 10 + d;
      }
      return n < numeric.length ? numeric[n] : -1;
    }
    const h = hash(bytes, s, s + len);
    const slots = this.slots;
    const pool = this.pool;
    let slot = h & this.mask;
    for (;;) {
      const w = slot * SLOT;
      const value = slots[w + 3];
      if (value === -1) return -1;
      if (slots[w] === h && slots[w + 2] === len) {
        const o = slots[w + 1];
        let k = 0;
        while (k < len && pool[o + k] === bytes[s + k]) k++;
        if (k === len) return value;
      }
      slot = (slot + 1) & this.mask;
    }
  }
}

const CANONICAL_NUMBER = /^(0|[1-9]\d{0,8})$/;

/** The numeric table when it pays: all ids canonical numbers, the largest below 2 M (8 MB), or below 16 M and 64x the count. */
function numericTable(ids: ReadonlyMap<string, number>): Int32Array | undefined {
  let max = 0;
  for (const id of ids.keys()) {
    if (!CANONICAL_NUMBER.test(id)) return undefined;
    max = Math.max(max, Number(id));
  }
  if (max >= 16_000_000 || (max >= 2_000_000 && max > 64 * ids.size)) return undefined;
  const table = new Int32Array(max + 1).fill(-1);
  for (const [id, value] of ids) table[Number(id)] = value;
  return table;
}

/** FNV-1a, high bits folded in (the table uses the low ones); an int32, to compare with the slot. */
function hash(bytes: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let i = s; i < e; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h ^ (h >>> 15)) | 0;
}
