import type { StringPool } from "../lib/string-pool.js";
import type { StrIdx, StringTable } from "./model.js";

/**
 * The string table: all strings as one UTF-8 blob plus offsets, so a snapshot stores it as two
 * typed arrays and loading it decodes nothing until a string is asked for.
 */
export class PackedStrings implements StringTable {
  readonly count: number;
  private readonly cache: Array<string | undefined>;
  private readonly blob: Buffer;

  constructor(
    /** StrIdx -> first byte in `bytes`; length count + 1 */
    readonly offsets: Uint32Array,
    /** UTF-8 bytes of every string, back to back */
    readonly bytes: Uint8Array,
  ) {
    this.count = offsets.length - 1;
    this.cache = new Array(this.count);
    this.blob = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get(i: StrIdx): string {
    let s = this.cache[i];
    if (s === undefined) {
      s = this.blob.toString("utf8", this.offsets[i], this.offsets[i + 1]);
      this.cache[i] = s;
    }
    return s;
  }
}

/** The pool's strings as the network's string table (StrIdx = the pool's index; 0 is the empty string). */
export function packStrings(pool: StringPool): PackedStrings {
  const encoded = pool.list.map((s) => Buffer.from(s, "utf8"));
  const offsets = new Uint32Array(encoded.length + 1);
  let total = 0;
  for (let i = 0; i < encoded.length; i++) {
    offsets[i] = total;
    total += encoded[i].length;
  }
  offsets[encoded.length] = total;
  const bytes = new Uint8Array(total);
  for (let i = 0; i < encoded.length; i++) bytes.set(encoded[i], offsets[i]);
  return new PackedStrings(offsets, bytes);
}
