/**
 * Streaming CSV tokenizer (RFC 4180) over bytes, written for GTFS-sized files.
 *
 * Why our own: a GTFS import is dominated by stop_times.txt (8.6 M rows for New York's MTA)
 * and the whole import has a 30 s budget on 2 cores. General-purpose CSV parsers decode the
 * text and build an array of strings per row (9 strings and a container for every stop
 * time). Here a record is a set of byte offsets into the chunk, reused for every row: the
 * GTFS layer parses times and numbers straight from the bytes, looks ids up by their bytes
 * (csv-id-index.ts) and decodes a string only where it keeps one.
 * Measured on a synthetic 2 M-row stop_times.txt of 129 MB (62 bytes a row, like MTA's bus
 * feeds), best of 7 in one process: this byte loop tokenizes it in ~0.25 s (~500 MB/s,
 * ~125 ns a row); csv-parse 7 (what node-gtfs uses; bom + trim, arrays per row) takes
 * ~5 s; our first version, over text decoded with StringDecoder and split with
 * indexOf/charCodeAt, took ~0.45 s; a bare byte loop that only finds the delimiters takes
 * ~0.17 s. The whole reader: src/gtfs/read-feed.bench.ts.
 *
 * What it accepts: quoted fields holding commas, doubled quotes and newlines; a UTF-8 BOM;
 * CRLF or LF; blank lines (skipped anywhere); whitespace around values (trimmed, inside
 * quotes too); chunks split anywhere (inside a quote, between \r and \n, inside a multi-byte
 * UTF-8 character). Delimiters are ASCII, which never occurs inside a multi-byte UTF-8
 * sequence, so splitting bytes is exact; an unfinished record (with any half character) is
 * kept as bytes until the next chunk, and a field is decoded (UTF-8) only once its record is
 * complete. Memory holds one chunk plus the unfinished record, whatever the file size.
 */

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const SPACE = 32;
const EMPTY_BUFFER = Buffer.alloc(0);

/** A syntax error of the CSV layer; the GTFS layer adds the file name. */
export class CsvSyntaxError extends Error {
  constructor(
    /** 1-based line of the problem. */
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = "CsvSyntaxError";
  }
}

/**
 * The current record: field i spans bytes[starts[i], ends[i]), trimmed and without its
 * quotes. Valid only during the `onRecord` callback (the next record reuses it).
 */
export class CsvRecord {
  /** The bytes the offsets point into. */
  bytes: Buffer = EMPTY_BUFFER;
  /** A view of `bytes`, for comparing 4 bytes at a time. */
  view: DataView = new DataView(new ArrayBuffer(0));
  /** Number of fields in this record. */
  count = 0;
  /** 1-based line where the record starts. */
  line = 0;
  starts = new Int32Array(32);
  ends = new Int32Array(32);
  /**
   * 1 when the field needs unescaping (doubled quotes, text after the closing quote, CR
   * inside quotes): then starts/ends span the raw quoted field and `field()` unescapes it.
   */
  complex = new Uint8Array(32);

  /** Field i as a string; "" when the record has no field i (a short row, or i = -1 for an absent column). */
  field(i: number): string {
    if (i < 0 || i >= this.count) return "";
    const s = this.starts[i];
    const e = this.ends[i];
    if (this.complex[i] === 1) return unquote(this.bytes.toString("utf8", s, e));
    if (s === e) return "";
    // ASCII (nearly every GTFS value): latin1 decoding is the same and half the cost of utf8
    const bytes = this.bytes;
    for (let k = s; k < e; k++) if (bytes[k] >= 0x80) return bytes.toString("utf8", s, e);
    return (bytes as unknown as Latin1Slicer).latin1Slice(s, e);
  }

  /** True when field i is absent or empty. */
  isEmpty(i: number): boolean {
    if (i < 0 || i >= this.count) return true;
    if (this.complex[i] === 1) return this.field(i) === "";
    return this.starts[i] === this.ends[i];
  }

  /** Every field, for headers and messages. */
  fields(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.field(i));
    return out;
  }

  grow(): void {
    const n = this.starts.length * 2;
    const s = new Int32Array(n);
    s.set(this.starts);
    const e = new Int32Array(n);
    e.set(this.ends);
    const c = new Uint8Array(n);
    c.set(this.complex);
    this.starts = s;
    this.ends = e;
    this.complex = c;
  }
}

/** Node's Buffer has it (it backs toString("latin1")); @types/node does not declare it. */
interface Latin1Slicer {
  latin1Slice(start: number, end: number): string;
}

/** Unescapes a raw quoted field: content between the quotes with "" -> ", then any text after the closing quote. */
function unquote(raw: string): string {
  let out = "";
  let p = 1; // after the opening quote
  for (;;) {
    const q = raw.indexOf('"', p);
    if (q < 0) {
      out += raw.slice(p); // cannot happen for a terminated field; kept total
      break;
    }
    out += raw.slice(p, q);
    if (raw.charCodeAt(q + 1) === QUOTE) {
      out += '"';
      p = q + 2;
      continue;
    }
    out += raw.slice(q + 1); // lenient: text after the closing quote is kept
    break;
  }
  return out.replace(/\r\n/g, "\n").trim();
}

/**
 * Push chunks of bytes, receive records. Throws `CsvSyntaxError` for a quote left open at
 * the end of the input.
 */
export class CsvTokenizer {
  private readonly record = new CsvRecord();
  /** The unfinished record (or, before the BOM check, the first bytes). */
  private pending: Buffer = EMPTY_BUFFER;
  private line = 1;
  private started = false;

  constructor(private readonly onRecord: (record: CsvRecord) => void) {}

  push(chunk: Buffer): void {
    if (!Buffer.isBuffer(chunk)) chunk = Buffer.from((chunk as Uint8Array).buffer, (chunk as Uint8Array).byteOffset, (chunk as Uint8Array).length);
    if (!this.started) {
      const bytes = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
      if (bytes.length < 3) {
        this.pending = Buffer.from(bytes); // a chunk may be a view of a buffer its producer reuses
        return;
      }
      this.started = true;
      this.pending = this.scan(skipBom(bytes), false);
      return;
    }
    if (this.pending.length > 0) {
      // Finish the record cut by the chunk boundary from the tail and the chunk's first line,
      // instead of copying the whole chunk behind the tail (saves a copy of every byte).
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        this.pending = this.scan(Buffer.concat([this.pending, chunk]), false);
        return;
      }
      const rest = this.scan(Buffer.concat([this.pending, chunk.subarray(0, lf + 1)]), false);
      chunk = chunk.subarray(lf + 1);
      if (rest.length > 0) {
        // the record goes on past that line (a quoted newline): scan it with the whole chunk
        this.pending = this.scan(Buffer.concat([rest, chunk]), false);
        return;
      }
    }
    this.pending = this.scan(chunk, false);
  }

  end(): void {
    const bytes = this.started ? this.pending : skipBom(this.pending);
    this.started = true;
    this.pending = EMPTY_BUFFER;
    this.scan(bytes, true);
  }

  /**
   * Emits every complete record of `bytes` and returns the unfinished tail (copied: the
   * chunk's memory may be reused by its stream). An unfinished record is scanned again from
   * its start with the next chunk: records are short, and one longer than a chunk (a long
   * quoted note) costs a rescan per chunk, not per byte.
   */
  private scan(bytes: Buffer, final: boolean): Buffer {
    const n = bytes.length;
    const rec = this.record;
    rec.bytes = bytes;
    rec.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    let line = this.line;
    let p = 0;
    outer: while (p < n) {
      const recStart = p;
      const recLine = line;
      let nf = 0;
      for (;;) {
        // one field
        const fs = p;
        let qOpen = -1; // opening quote, -1 when unquoted
        let qClose = -1;
        let qComplex = 0;
        let c = -1;
        for (;;) {
          // hot: the tight loop over the bytes of a field
          while (p < n) {
            c = bytes[p];
            if (c <= COMMA && (c === COMMA || c === LF || c === QUOTE)) break;
            p++;
          }
          if (p >= n) {
            if (!final) {
              this.line = recLine;
              return Buffer.from(bytes.subarray(recStart));
            }
            c = -1;
            break;
          }
          if (c !== QUOTE) break;
          if (qOpen >= 0 || !isBlank(bytes, fs, p)) {
            p++; // a quote inside an unquoted field (or after the closing one) is an ordinary character
            continue;
          }
          qOpen = p;
          const qLine = line;
          p++;
          for (;;) {
            while (p < n && bytes[p] !== QUOTE) {
              const d = bytes[p++];
              if (d === LF) line++;
              else if (d === CR) qComplex = 1;
            }
            if (p >= n) {
              if (!final) {
                this.line = recLine;
                return Buffer.from(bytes.subarray(recStart));
              }
              throw new CsvSyntaxError(qLine, "unterminated quoted field: the quote opened on this line never closes");
            }
            // at the end of a chunk the next one may start with a second quote: wait for it
            if (p + 1 >= n && !final) {
              this.line = recLine;
              return Buffer.from(bytes.subarray(recStart));
            }
            if (bytes[p + 1] === QUOTE) {
              qComplex = 1;
              p += 2;
              continue;
            }
            qClose = p;
            p++;
            break;
          }
        }
        // end of field: comma, LF or end of input
        if (nf === rec.starts.length) rec.grow();
        let s: number;
        let e: number;
        if (qOpen < 0) {
          s = fs;
          e = p;
          rec.complex[nf] = 0;
        } else if (qComplex === 0 && isBlank(bytes, qClose + 1, p)) {
          s = qOpen + 1;
          e = qClose;
          rec.complex[nf] = 0;
        } else {
          s = qOpen;
          e = p;
          rec.complex[nf] = 1;
        }
        if (s < e && bytes[s] <= SPACE) while (s < e && bytes[s] <= SPACE) s++;
        if (e > s && bytes[e - 1] <= SPACE) while (e > s && bytes[e - 1] <= SPACE) e--;
        rec.starts[nf] = s;
        rec.ends[nf] = e;
        nf++;
        if (c === COMMA) {
          p++;
          continue;
        }
        if (c === LF) {
          line++;
          p++;
        }
        // a record, unless it is a blank line
        if (nf > 1 || qOpen >= 0 || s !== e) {
          rec.count = nf;
          rec.line = recLine;
          this.onRecord(rec);
        }
        continue outer;
      }
    }
    this.line = line;
    return EMPTY_BUFFER;
  }
}

function isBlank(bytes: Buffer, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (bytes[i] > SPACE) return false;
  return true;
}

function skipBom(bytes: Buffer): Buffer {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

/**
 * Reads CSV records from a stream of byte chunks. `onChunk` receives each chunk's byte count
 * after its records were handled (for progress).
 */
export async function readCsvRecords(
  chunks: AsyncIterable<Buffer>,
  onRecord: (record: CsvRecord) => void,
  onChunk?: (bytes: number) => void,
): Promise<void> {
  const tokenizer = new CsvTokenizer(onRecord);
  for await (const chunk of chunks) {
    tokenizer.push(chunk);
    if (onChunk) onChunk(chunk.length);
  }
  tokenizer.end();
}

/**
 * Every record of a small, whole text at once (reference data, test fixtures), the header
 * included, as plain strings. Same tokenizer and leniency as the streaming reader.
 */
export function parseCsvText(text: string | Buffer): Array<{ line: number; fields: string[] }> {
  const out: Array<{ line: number; fields: string[] }> = [];
  const tokenizer = new CsvTokenizer((r) => out.push({ line: r.line, fields: r.fields() }));
  tokenizer.push(typeof text === "string" ? Buffer.from(text, "utf8") : text);
  tokenizer.end();
  return out;
}
