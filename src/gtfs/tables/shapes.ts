/**
 * shapes.txt: https://gtfs.org/schedule/reference/#shapestxt
 *
 * The path a vehicle travels, as points in shape_pt_sequence order, read for the map: only the shapes
 * that trips.txt names are kept, in columns (a country's file has millions of points, so no object per point), and
 * each shape's points are put in sequence order with a bucket pass plus a sort inside the shapes that are out of
 * order. shapes.txt is optional and only draws lines, so nothing in it stops an import: a file without the required
 * columns is skipped (`unsupported_file`), a point without valid coordinates or sequence is skipped
 * (`bad_shape_point`), a second point of the same sequence is skipped (`duplicate_shape_point`), a shape no trip
 * uses is left out (`unused_shape`, once per shape), and a trip's shape_id that the file lacks is reported by
 * readFeed (`unknown_shape_id`): such trips are drawn along their stops.
 */
import { decimalField } from "../../lib/csv-fields.js";
import { CsvIdIndex } from "../../lib/csv-id-index.js";
import type { CsvRecord } from "../../lib/csv-records.js";
import type { FeedReadContext } from "../feed-read-context.js";
import { readCsvFile } from "../read-table.js";
import type { ShapePointColumns } from "../types.js";

export const SHAPES_FILE = "shapes.txt";
const REQUIRED = ["shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence"] as const;

export interface ShapesRefs {
  /** shape_id -> shape index: the shapes trips.txt names (ShapePointColumns.ids in that order). */
  shapeIndex: ReadonlyMap<string, number>;
}

/** Reads the points of the shapes trips use; undefined when the file is absent or lacks a required column. */
export async function readShapes(ctx: FeedReadContext, refs: ShapesRefs): Promise<ShapePointColumns | undefined> {
  const chunks = await ctx.source.open(SHAPES_FILE);
  if (!chunks) return undefined;
  const builder = new ShapesBuilder(ctx, refs);
  await readCsvFile(SHAPES_FILE, chunks, (record) => builder.add(record), ctx.progressOf(SHAPES_FILE));
  ctx.rows[SHAPES_FILE] = builder.rows;
  ctx.finishFile(SHAPES_FILE);
  return builder.skip ? undefined : builder.finish();
}

/** Columns while streaming, doubled when full. */
class ShapesBuilder {
  /** Data rows read (kept or not). */
  rows = 0;
  private count = 0;
  private header = true;
  /** The file lacks a required column: ignored. */
  skip = false;
  private iId = -1;
  private iLat = -1;
  private iLon = -1;
  private iSeq = -1;
  private readonly ids: CsvIdIndex;
  private readonly unused = new Set<string>();
  private shape = new Uint32Array(1024);
  private seq = new Uint32Array(1024);
  private line = new Uint32Array(1024);
  private lat = new Float64Array(1024);
  private lon = new Float64Array(1024);

  constructor(
    private readonly ctx: FeedReadContext,
    private readonly refs: ShapesRefs,
  ) {
    this.ids = new CsvIdIndex(refs.shapeIndex);
  }

  add(rec: CsvRecord): void {
    if (this.header) {
      this.header = false;
      const columns = rec.fields();
      const missing = REQUIRED.filter((c) => !columns.includes(c));
      if (missing.length > 0) {
        this.ctx.warn("unsupported_file", SHAPES_FILE, rec.line, `no ${missing.join(", ")} column: file ignored, lines are drawn along their stops`);
        this.skip = true;
        return;
      }
      [this.iId, this.iLat, this.iLon, this.iSeq] = REQUIRED.map((c) => columns.indexOf(c));
      return;
    }
    this.rows++;
    if (this.skip) return;
    // hot: no allocation for a point of a used shape (ids looked up by their bytes)
    const shape = this.ids.get(rec, this.iId);
    if (shape < 0) {
      const id = rec.field(this.iId);
      if (id !== "" && !this.unused.has(id)) {
        this.unused.add(id);
        this.ctx.warn("unused_shape", SHAPES_FILE, rec.line, `shape_id ${JSON.stringify(id)} is used by no trip`);
      } else if (id === "") this.bad(rec, "missing value in shape_id");
      return;
    }
    const lat = decimalField(rec, this.iLat);
    const lon = decimalField(rec, this.iLon);
    const seq = decimalField(rec, this.iSeq);
    if (!(lat >= -90 && lat <= 90)) return this.bad(rec, `shape_pt_lat ${JSON.stringify(rec.field(this.iLat))} is no latitude`);
    if (!(lon >= -180 && lon <= 180)) return this.bad(rec, `shape_pt_lon ${JSON.stringify(rec.field(this.iLon))} is no longitude`);
    if (!(Number.isInteger(seq) && seq >= 0 && seq <= 0xffff_fffe)) {
      return this.bad(rec, `shape_pt_sequence ${JSON.stringify(rec.field(this.iSeq))} is no whole number`);
    }
    const n = this.count;
    if (n === this.shape.length) this.grow();
    this.shape[n] = shape;
    this.seq[n] = seq;
    this.line[n] = rec.line;
    this.lat[n] = lat;
    this.lon[n] = lon;
    this.count = n + 1;
  }

  /** Shape by shape, each in sequence order; a repeated sequence keeps its first row. */
  finish(): ShapePointColumns {
    const n = this.count;
    const ids = [...this.refs.shapeIndex.keys()];
    const shapeCount = ids.length;
    const counts = new Uint32Array(shapeCount + 1);
    for (let r = 0; r < n; r++) counts[this.shape[r] + 1]++;
    for (let s = 0; s < shapeCount; s++) counts[s + 1] += counts[s];
    const cursor = counts.slice(0, shapeCount);
    const order = new Uint32Array(n);
    for (let r = 0; r < n; r++) order[cursor[this.shape[r]]++] = r;
    const seq = this.seq;
    const start = new Uint32Array(shapeCount + 1);
    const lat = new Float64Array(n);
    const lon = new Float64Array(n);
    let kept = 0;
    for (let s = 0; s < shapeCount; s++) {
      start[s] = kept;
      const a = counts[s];
      const b = counts[s + 1];
      let sorted = true;
      for (let i = a + 1; i < b && sorted; i++) sorted = seq[order[i]] >= seq[order[i - 1]];
      // stable: of two rows with the same sequence the earlier line comes first and is kept
      if (!sorted) order.subarray(a, b).sort((x, y) => seq[x] - seq[y] || x - y);
      for (let i = a; i < b; i++) {
        const r = order[i];
        if (i > a && seq[r] === seq[order[i - 1]]) {
          this.ctx.warn(
            "duplicate_shape_point",
            SHAPES_FILE,
            this.line[r],
            `shape_pt_sequence ${seq[r]} appears twice in shape_id ${JSON.stringify(ids[s])} (also on line ${this.line[order[i - 1]]}): point ignored`,
          );
          continue;
        }
        lat[kept] = this.lat[r];
        lon[kept] = this.lon[r];
        kept++;
      }
    }
    start[shapeCount] = kept;
    return { ids, start, lat: lat.slice(0, kept), lon: lon.slice(0, kept) };
  }

  private bad(rec: CsvRecord, problem: string): void {
    this.ctx.warn("bad_shape_point", SHAPES_FILE, rec.line, `${problem}: point ignored`);
  }

  private grow(): void {
    const twice = <T extends Uint32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.shape = twice(this.shape);
    this.seq = twice(this.seq);
    this.line = twice(this.line);
    this.lat = twice(this.lat);
    this.lon = twice(this.lon);
  }
}
