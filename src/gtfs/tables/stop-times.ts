/**
 * stop_times.txt: https://gtfs.org/schedule/reference/#stop_timestxt
 *
 * The one big table (8.6 M rows for New York's MTA), so it does not go through RowReader:
 * rows are decoded in place from the tokenizer's offsets into columns of 64 Ki-row blocks
 * (no per-row object, no copy when growing: 22 bytes a row, 26 with shape_dist_traveled),
 * then ordered by (trip, stop_sequence) with one bucket pass by trip plus a sort inside the
 * few trips that are out of order (skipped when the file already lists trips in trips.txt
 * order, as exports usually do), then empty times are interpolated.
 */
import { decimalField, EMPTY_UINT, uintField } from "../../lib/csv-fields.js";
import { CsvIdIndex } from "../../lib/csv-id-index.js";
import type { CsvRecord } from "../../lib/csv-records.js";
import type { FeedReadContext } from "../feed-read-context.js";
import { GtfsError } from "../gtfs-error.js";
import { parseGtfsTimeBytes } from "../parse-gtfs-time.js";
import { readCsvFile } from "../read-table.js";
import type { StopTimesColumns, TripRow } from "../types.js";

export const STOP_TIMES_FILE = "stop_times.txt";
const REQUIRED = ["trip_id", "stop_id", "stop_sequence", "arrival_time", "departure_time"];

/** An empty time while streaming: every real time is >= 0. */
const NO_TIME = -1;
/** An empty field, of a time as of stop_sequence (uintField's EMPTY_UINT). */
const EMPTY = EMPTY_UINT;
const BLOCK_BITS = 16;
const BLOCK_SIZE = 1 << BLOCK_BITS;
const BLOCK_MASK = BLOCK_SIZE - 1;

export interface StopTimesRefs {
  trips: readonly TripRow[];
  /** trip_id -> index in trips */
  tripIndex: ReadonlyMap<string, number>;
  /** stop_id -> index in stops */
  stopIndex: ReadonlyMap<string, number>;
}

/** Reads, orders, validates and interpolates stop_times.txt; undefined when the file is absent. */
export async function readStopTimes(ctx: FeedReadContext, refs: StopTimesRefs): Promise<StopTimesColumns | undefined> {
  const chunks = await ctx.source.open(STOP_TIMES_FILE);
  if (!chunks) return undefined;
  const builder = new StopTimesBuilder(refs);
  await readCsvFile(STOP_TIMES_FILE, chunks, (record) => builder.add(record), ctx.progressOf(STOP_TIMES_FILE));
  ctx.rows[STOP_TIMES_FILE] = builder.count;
  ctx.finishFile(STOP_TIMES_FILE);
  return builder.finish(ctx);
}

/** Column blocks while streaming; row r lives in block r >>> 16 at r & 0xffff. */
class StopTimesBuilder {
  count = 0;
  private header = true;
  private iTrip = -1;
  private iStop = -1;
  private iSeq = -1;
  private iArr = -1;
  private iDep = -1;
  private iPickup = -1;
  private iDropOff = -1;
  private iDist = -1;
  private readonly tripIds: CsvIdIndex;
  private readonly stopIds: CsvIdIndex;
  /** The previous row's trip_id bytes: rows come grouped by trip, so most rows compare, not look up. */
  private lastTripBytes = new Uint8Array(64);
  private lastTripView = new DataView(this.lastTripBytes.buffer);
  private lastTripLength = -1;
  private lastTrip = -1;
  /** Rows so far are grouped by trip in trips.txt order (then no reordering pass is needed). */
  private inTripOrder = true;

  private readonly tripBlocks: Uint32Array[] = [];
  private readonly stopBlocks: Uint32Array[] = [];
  private readonly seqBlocks: Uint32Array[] = [];
  private readonly arrBlocks: Int32Array[] = [];
  private readonly depBlocks: Int32Array[] = [];
  private readonly pickupBlocks: Uint8Array[] = [];
  private readonly dropOffBlocks: Uint8Array[] = [];
  private readonly distBlocks: Float32Array[] = [];
  private tripB = new Uint32Array(0);
  private stopB = new Uint32Array(0);
  private seqB = new Uint32Array(0);
  private arrB = new Int32Array(0);
  private depB = new Int32Array(0);
  private pickupB = new Uint8Array(0);
  private dropOffB = new Uint8Array(0);
  private distB = new Float32Array(0);
  /** Lines of rows whose line is not row + 2 (blank lines, quoted newlines): row -> line - row - 2 from that row on. */
  private readonly lineShiftRows: number[] = [];
  private readonly lineShifts: number[] = [];
  private lineShift = 0;

  constructor(private readonly refs: StopTimesRefs) {
    this.tripIds = new CsvIdIndex(refs.tripIndex);
    this.stopIds = new CsvIdIndex(refs.stopIndex);
  }

  add(rec: CsvRecord): void {
    if (this.header) {
      this.readHeader(rec);
      return;
    }
    // hot: no allocation (ids are looked up by their bytes)
    const row = this.count;
    const line = rec.line;
    if (line - row - 2 !== this.lineShift) {
      this.lineShift = line - row - 2;
      this.lineShiftRows.push(row);
      this.lineShifts.push(this.lineShift);
    }
    let trip = this.lastTrip;
    if (!this.sameTrip(rec)) {
      trip = this.tripIds.get(rec, this.iTrip);
      if (trip < 0) {
        const id = rec.field(this.iTrip);
        throw new GtfsError(STOP_TIMES_FILE, line, id === "" ? "missing value in trip_id" : `unknown trip_id ${JSON.stringify(id)}`);
      }
      this.rememberTrip(rec, trip);
    }
    const stop = this.stopIds.get(rec, this.iStop);
    if (stop < 0) {
      const id = rec.field(this.iStop);
      throw new GtfsError(STOP_TIMES_FILE, line, id === "" ? "missing value in stop_id" : `unknown stop_id ${JSON.stringify(id)}`);
    }
    const seq = uintField(rec, this.iSeq);
    if (seq < 0) {
      this.fail(rec, seq === EMPTY ? "missing value in stop_sequence" : `bad integer ${show(rec, this.iSeq)} in stop_sequence`);
    }
    let arr = timeAt(rec, this.iArr);
    let dep = timeAt(rec, this.iDep);
    if (arr === -1) this.fail(rec, `unparsable time ${show(rec, this.iArr)} in arrival_time`);
    if (dep === -1) this.fail(rec, `unparsable time ${show(rec, this.iDep)} in departure_time`);
    // one time given: it is both (the spec asks for equal times when they do not differ)
    if (arr === EMPTY) arr = dep === EMPTY ? NO_TIME : dep;
    else if (dep === EMPTY) dep = arr;
    else if (dep < arr) {
      throw new GtfsError(
        STOP_TIMES_FILE,
        line,
        `departure_time ${rec.field(this.iDep)} is before arrival_time ${rec.field(this.iArr)}`,
      );
    }
    const pickup = pickupAt(rec, this.iPickup);
    if (pickup < 0) this.fail(rec, `unknown pickup_type ${show(rec, this.iPickup)} (expected one of 0, 1, 2, 3)`);
    const dropOff = pickupAt(rec, this.iDropOff);
    if (dropOff < 0) this.fail(rec, `unknown drop_off_type ${show(rec, this.iDropOff)} (expected one of 0, 1, 2, 3)`);

    const o = row & BLOCK_MASK;
    if (o === 0) this.newBlock();
    this.tripB[o] = trip;
    this.stopB[o] = stop;
    this.seqB[o] = seq;
    this.arrB[o] = arr;
    this.depB[o] = dep;
    this.pickupB[o] = pickup;
    this.dropOffB[o] = dropOff;
    if (this.iDist >= 0) {
      const d = decimalField(rec, this.iDist);
      if (Number.isNaN(d) && !rec.isEmpty(this.iDist)) {
        this.fail(rec, `bad number ${show(rec, this.iDist)} in shape_dist_traveled`);
      }
      this.distB[o] = d;
    }
    this.count = row + 1;
  }

  private sameTrip(rec: CsvRecord): boolean {
    const i = this.iTrip;
    if (i >= rec.count || rec.complex[i] === 1) return false;
    const s = rec.starts[i];
    const len = rec.ends[i] - s;
    if (len !== this.lastTripLength) return false;
    // hot: 4 bytes a step (trip ids are ~30 bytes; a byte loop was twice as slow)
    const view = rec.view;
    const last = this.lastTripView;
    let k = 0;
    for (; k + 4 <= len; k += 4) if (view.getUint32(s + k) !== last.getUint32(k)) return false;
    for (; k < len; k++) if (view.getUint8(s + k) !== last.getUint8(k)) return false;
    return true;
  }

  private rememberTrip(rec: CsvRecord, trip: number): void {
    if (trip < this.lastTrip) this.inTripOrder = false;
    this.lastTrip = trip;
    const i = this.iTrip;
    if (rec.complex[i] === 1) {
      this.lastTripLength = -1; // never equal: such rows always look up
      return;
    }
    const s = rec.starts[i];
    const len = rec.ends[i] - s;
    if (len > this.lastTripBytes.length) {
      this.lastTripBytes = new Uint8Array(len * 2);
      this.lastTripView = new DataView(this.lastTripBytes.buffer);
    }
    this.lastTripBytes.set(rec.bytes.subarray(s, s + len));
    this.lastTripLength = len;
  }

  private readHeader(rec: CsvRecord): void {
    const columns = rec.fields();
    for (const name of REQUIRED) {
      if (!columns.includes(name)) throw new GtfsError(STOP_TIMES_FILE, rec.line, `missing required column ${name}`);
    }
    this.iTrip = columns.indexOf("trip_id");
    this.iStop = columns.indexOf("stop_id");
    this.iSeq = columns.indexOf("stop_sequence");
    this.iArr = columns.indexOf("arrival_time");
    this.iDep = columns.indexOf("departure_time");
    this.iPickup = columns.indexOf("pickup_type");
    this.iDropOff = columns.indexOf("drop_off_type");
    this.iDist = columns.indexOf("shape_dist_traveled");
    this.header = false;
  }

  private fail(rec: CsvRecord, problem: string): never {
    throw new GtfsError(STOP_TIMES_FILE, rec.line, problem);
  }

  private newBlock(): void {
    this.tripBlocks.push((this.tripB = new Uint32Array(BLOCK_SIZE)));
    this.stopBlocks.push((this.stopB = new Uint32Array(BLOCK_SIZE)));
    this.seqBlocks.push((this.seqB = new Uint32Array(BLOCK_SIZE)));
    this.arrBlocks.push((this.arrB = new Int32Array(BLOCK_SIZE)));
    this.depBlocks.push((this.depB = new Int32Array(BLOCK_SIZE)));
    this.pickupBlocks.push((this.pickupB = new Uint8Array(BLOCK_SIZE)));
    this.dropOffBlocks.push((this.dropOffB = new Uint8Array(BLOCK_SIZE)));
    if (this.iDist >= 0) this.distBlocks.push((this.distB = new Float32Array(BLOCK_SIZE)));
  }

  /** 1-based line of a row (in file order). */
  lineOf(row: number): number {
    const rows = this.lineShiftRows;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid] <= row) lo = mid + 1;
      else hi = mid;
    }
    return row + 2 + (lo === 0 ? 0 : this.lineShifts[lo - 1]);
  }

  /** Orders rows by (trip, stop_sequence), checks them, interpolates empty times. */
  finish(ctx: FeedReadContext): StopTimesColumns {
    const n = this.count;
    const trips = this.refs.trips;
    const tripCount = trips.length;
    // Bucket pass: rows per trip -> tripStart; rows keep their file order inside a trip.
    const tripStart = new Uint32Array(tripCount + 1);
    for (let r = 0; r < n; r++) tripStart[this.tripBlocks[r >>> BLOCK_BITS][r & BLOCK_MASK] + 1]++;
    for (let t = 0; t < tripCount; t++) tripStart[t + 1] += tripStart[t];
    // perm: sorted position -> row in file order; undefined while that is the identity (a
    // file already grouped by trip in trips.txt order: the common case, copied block-wise)
    let perm: Uint32Array | undefined;
    if (!this.inTripOrder) {
      perm = new Uint32Array(n);
      const cursor = tripStart.slice(0, tripCount);
      for (let r = 0; r < n; r++) perm[cursor[this.tripBlocks[r >>> BLOCK_BITS][r & BLOCK_MASK]]++] = r;
    }
    this.tripBlocks.length = 0;

    const sequence = gather(this.seqBlocks, n, perm, new Uint32Array(n));
    for (let t = 0; t < tripCount; t++) {
      const a = tripStart[t];
      const b = tripStart[t + 1];
      let sorted = true;
      for (let i = a + 1; i < b; i++) {
        if (sequence[i] <= sequence[i - 1]) {
          sorted = false;
          break;
        }
      }
      if (sorted) continue;
      if (!perm) {
        perm = new Uint32Array(n);
        for (let i = 0; i < n; i++) perm[i] = i;
      }
      sortTripRows(perm, sequence, a, b);
      for (let i = a + 1; i < b; i++) {
        if (sequence[i] === sequence[i - 1]) {
          const later = Math.max(perm[i], perm[i - 1]);
          const earlier = Math.min(perm[i], perm[i - 1]);
          throw new GtfsError(
            STOP_TIMES_FILE,
            this.lineOf(later),
            `stop_sequence ${sequence[i]} appears twice in trip_id ${JSON.stringify(trips[t].tripId)} (also on line ${this.lineOf(earlier)})`,
          );
        }
      }
    }
    const stop = gather(this.stopBlocks, n, perm, new Uint32Array(n));
    const arrival = gather(this.arrBlocks, n, perm, new Int32Array(n));
    const departure = gather(this.depBlocks, n, perm, new Int32Array(n));
    const pickupType = gather(this.pickupBlocks, n, perm, new Uint8Array(n));
    const dropOffType = gather(this.dropOffBlocks, n, perm, new Uint8Array(n));

    for (let t = 0; t < tripCount; t++) {
      const a = tripStart[t];
      const b = tripStart[t + 1];
      if (a === b) continue;
      this.interpolateTrip(trips[t].tripId, a, b, arrival, departure, perm);
      for (let i = a + 1; i < b; i++) {
        if (arrival[i] < departure[i - 1]) {
          ctx.warn(
            "times_decrease",
            STOP_TIMES_FILE,
            this.lineOf(perm ? perm[i] : i),
            `trip_id ${JSON.stringify(trips[t].tripId)}: arrival at stop_sequence ${sequence[i]} is before the departure at the stop before`,
          );
          break;
        }
      }
    }
    this.distBlocks.length = 0;
    return { count: n, tripStart, stop, sequence, arrival, departure, pickupType, dropOffType };
  }

  /**
   * Fills empty times between two timed rows: by shape_dist_traveled when every row of the
   * trip has it, else evenly by position. The first and last row must have a time.
   */
  private interpolateTrip(
    tripId: string,
    a: number,
    b: number,
    arrival: Int32Array,
    departure: Int32Array,
    perm: Uint32Array | undefined,
  ): void {
    if (arrival[a] === NO_TIME || arrival[b - 1] === NO_TIME) {
      const first = arrival[a] === NO_TIME;
      const i = first ? a : b - 1;
      throw new GtfsError(
        STOP_TIMES_FILE,
        this.lineOf(perm ? perm[i] : i),
        `the ${first ? "first" : "last"} stop of trip_id ${JSON.stringify(tripId)} has neither arrival_time nor departure_time`,
      );
    }
    let missing = false;
    for (let i = a + 1; i < b - 1; i++) {
      if (arrival[i] === NO_TIME) {
        missing = true;
        break;
      }
    }
    if (!missing) return;
    let dist: Float32Array | undefined;
    if (this.distBlocks.length > 0) {
      dist = new Float32Array(b - a);
      for (let i = a; i < b; i++) {
        const r = perm ? perm[i] : i;
        dist[i - a] = this.distBlocks[r >>> BLOCK_BITS][r & BLOCK_MASK];
        if (Number.isNaN(dist[i - a])) {
          dist = undefined;
          break;
        }
      }
    }
    let prev = a;
    for (let i = a + 1; i < b; i++) {
      if (arrival[i] === NO_TIME) continue;
      if (i > prev + 1) {
        const t0 = departure[prev];
        const t1 = arrival[i];
        const d0 = dist ? dist[prev - a] : 0;
        const span = dist ? dist[i - a] - d0 : 0;
        for (let k = prev + 1; k < i; k++) {
          let f = dist && span > 0 ? (dist[k - a] - d0) / span : (k - prev) / (i - prev);
          if (f < 0) f = 0;
          else if (f > 1) f = 1;
          arrival[k] = departure[k] = Math.round(t0 + (t1 - t0) * f);
        }
      }
      prev = i;
    }
  }
}

type IntColumn = Uint32Array | Int32Array | Uint8Array;

/**
 * One column in sorted order: row perm[i] of the blocks, or the blocks end to end when perm
 * is the identity. Frees the blocks (the streaming copy of the column). `out` is the new column
 * (n rows, the blocks' type). Three array types reach this loop (a polymorphic access, still
 * cheap): the MTA import took as long as with one copy per type.
 */
function gather<T extends IntColumn>(blocks: T[], n: number, perm: Uint32Array | undefined, out: T): T {
  if (perm) {
    for (let i = 0; i < n; i++) {
      const r = perm[i];
      out[i] = blocks[r >>> BLOCK_BITS][r & BLOCK_MASK];
    }
  } else {
    blocks.forEach((b, k) => out.set(b.subarray(0, Math.min(BLOCK_SIZE, n - k * BLOCK_SIZE)), k * BLOCK_SIZE));
  }
  blocks.length = 0;
  return out;
}

/**
 * Sorts rows a..b-1 of one trip by stop_sequence (perm and sequence together), stable so a
 * duplicate keeps file order. Trips are short: insertion sort, or a keyed sort when long.
 */
function sortTripRows(perm: Uint32Array, sequence: Uint32Array, a: number, b: number): void {
  if (b - a <= 64) {
    for (let i = a + 1; i < b; i++) {
      const s = sequence[i];
      const p = perm[i];
      let j = i - 1;
      while (j >= a && sequence[j] > s) {
        sequence[j + 1] = sequence[j];
        perm[j + 1] = perm[j];
        j--;
      }
      sequence[j + 1] = s;
      perm[j + 1] = p;
    }
    return;
  }
  const order = Array.from({ length: b - a }, (_, i) => a + i);
  order.sort((x, y) => sequence[x] - sequence[y] || perm[x] - perm[y]);
  const seqs = order.map((i) => sequence[i]);
  const rows = order.map((i) => perm[i]);
  for (let i = a; i < b; i++) {
    sequence[i] = seqs[i - a];
    perm[i] = rows[i - a];
  }
}

function show(rec: CsvRecord, i: number): string {
  return JSON.stringify(rec.field(i));
}

/** Time of field i; EMPTY when empty, -1 when unparsable. */
function timeAt(rec: CsvRecord, i: number): number {
  if (i >= rec.count) return EMPTY;
  if (rec.complex[i] === 1) {
    const v = rec.field(i);
    return v === "" ? EMPTY : parseGtfsTimeBytes(Buffer.from(v, "latin1"), 0, v.length);
  }
  const s = rec.starts[i];
  const e = rec.ends[i];
  return s === e ? EMPTY : parseGtfsTimeBytes(rec.bytes, s, e);
}

/** pickup_type / drop_off_type: 0..3, empty = 0 (regularly scheduled); -1 for anything else. */
function pickupAt(rec: CsvRecord, i: number): number {
  if (i < 0 || i >= rec.count) return 0;
  if (rec.complex[i] === 1) {
    const v = rec.field(i);
    return v === "" ? 0 : v.length === 1 && v >= "0" && v <= "3" ? Number(v) : -1;
  }
  const s = rec.starts[i];
  const e = rec.ends[i];
  if (s === e) return 0;
  if (e - s !== 1) return -1;
  const d = rec.bytes[s] - 48;
  return d >= 0 && d <= 3 ? d : -1;
}
