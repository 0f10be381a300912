/**
 * The snapshot: one versioned binary file holding a compiled Network.
 *
 * Layout (little-endian):
 *   0..7    magic "LIJNWZR1"
 *   8..11   format version (u32)
 *   12..15  header length in bytes (u32)
 *   16..    header JSON: { meta, groups: { <group>: { scalars, columns: [{ name, type, offset, length, crc32 }] } } }
 *   then    the CRC-32 of the header JSON's bytes (u32)
 *   then    column data, each column 8-byte aligned, at `offset` from the start of the file
 *
 * Loading reads the file once and makes typed-array views over its bytes: no per-row parsing. Every column and the
 * header carry a CRC-32 (zlib's), checked on every load: damage inside a value, which the lengths and types cannot
 * show, refuses the file with the column it hit (about 35 ms per 100 MB).
 * Writing goes to a temporary file that is renamed into place, so a crash never leaves a
 * partial snapshot under the final name.
 */
import { closeSync, fsyncSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { crc32 } from "node:zlib";
import { SNAPSHOT_INVALID, SNAPSHOT_VERSION_MISMATCH } from "../errors.js";
import { SNAPSHOT_FORMAT_VERSION, SNAPSHOT_MAGIC } from "./constants.js";
import { readKeyHistory, type KeyHistory } from "./key-history.js";
import type { KeyHistoryColumns, Network, NetworkMeta } from "./model.js";
import { PackedStrings } from "./packed-strings.js";

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

const ARRAY_TYPES = {
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Int32Array,
  Float64Array,
} as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;

/** The column groups of a Network, in file order. */
const GROUPS = ["stops", "lines", "lineDirections", "patterns", "trips", "stopTimes", "services", "notes", "places", "geometry", "keyHistory", "transferRules"] as const;

interface ColumnEntry {
  name: string;
  type: ArrayTypeName;
  offset: number;
  length: number;
  /** CRC-32 of the column's bytes. */
  crc32: number;
}

interface SnapshotHeader {
  meta: NetworkMeta;
  groups: Record<string, { scalars: Record<string, number>; columns: ColumnEntry[] }>;
}

const align8 = (n: number) => (n + 7) & ~7;

function typeName(a: unknown): ArrayTypeName | undefined {
  for (const [name, ctor] of Object.entries(ARRAY_TYPES)) if (a instanceof ctor) return name as ArrayTypeName;
  return undefined;
}

/** Writes `network` to `path` atomically (temporary file + rename). Returns the size in bytes. */
export function writeSnapshot(network: Network, path: string): number {
  if (!(network.strings instanceof PackedStrings)) throw new Error("writeSnapshot needs a network with packed strings");
  const groupArrays: Array<[string, Record<string, unknown>]> = [
    ...GROUPS.map((g) => [g, network[g] as unknown as Record<string, unknown>] as [string, Record<string, unknown>]),
    ["strings", { offsets: network.strings.offsets, bytes: network.strings.bytes }],
  ];
  const header: SnapshotHeader = { meta: network.meta, groups: {} };
  const data: TypedArray[] = [];
  // Offsets depend on the header's length, which depends on the offsets' digits: lay out relative
  // offsets first, then shift them all by the (padded) header end.
  let rel = 0;
  for (const [group, cols] of groupArrays) {
    const entry = { scalars: {} as Record<string, number>, columns: [] as ColumnEntry[] };
    for (const [name, value] of Object.entries(cols)) {
      if (typeof value === "number") entry.scalars[name] = value;
      else {
        const type = typeName(value);
        if (!type) throw new Error(`snapshot: ${group}.${name} is not a typed array`);
        const arr = value as TypedArray;
        entry.columns.push({ name, type, offset: rel, length: arr.length, crc32: crc32(Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength)) });
        data.push(arr);
        rel = align8(rel + arr.byteLength);
      }
    }
    header.groups[group] = entry;
  }
  let json = JSON.stringify(header);
  // The header, then its CRC-32 (4 bytes), then the data.
  let dataStart = align8(16 + Buffer.byteLength(json) + 4);
  for (;;) {
    const shifted: SnapshotHeader = {
      meta: header.meta,
      groups: Object.fromEntries(
        Object.entries(header.groups).map(([g, e]) => [
          g,
          { scalars: e.scalars, columns: e.columns.map((c) => ({ ...c, offset: c.offset + dataStart })) },
        ]),
      ),
    };
    json = JSON.stringify(shifted);
    const need = align8(16 + Buffer.byteLength(json) + 4);
    if (need <= dataStart) break;
    dataStart = need;
  }
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  try {
    const head = Buffer.alloc(dataStart);
    head.write(SNAPSHOT_MAGIC, 0, "latin1");
    head.writeUInt32LE(SNAPSHOT_FORMAT_VERSION, 8);
    const jsonBytes = Buffer.from(json, "utf8");
    head.writeUInt32LE(jsonBytes.length, 12);
    jsonBytes.copy(head, 16);
    head.writeUInt32LE(crc32(jsonBytes), 16 + jsonBytes.length);
    writeSync(fd, head);
    let pos = dataStart;
    const pad = Buffer.alloc(8);
    for (const arr of data) {
      const bytes = Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength);
      // Large columns in slices: one writeSync of >2 GB is not allowed.
      for (let off = 0; off < bytes.length; off += 1 << 28) writeSync(fd, bytes, off, Math.min(1 << 28, bytes.length - off));
      pos += bytes.length;
      const padLen = align8(pos) - pos;
      if (padLen) writeSync(fd, pad, 0, padLen);
      pos += padLen;
    }
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, path);
    return pos;
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Reads only the header of a snapshot (meta), refusing other format versions. */
export function readSnapshotHeader(bytes: Buffer, path: string): SnapshotHeader {
  checkFormat(bytes, path);
  const len = bytes.readUInt32LE(12);
  if (16 + len + 4 > bytes.length) throw SNAPSHOT_INVALID(path, "the header is truncated");
  if (crc32(bytes.subarray(16, 16 + len)) !== bytes.readUInt32LE(16 + len)) throw SNAPSHOT_INVALID(path, "its header is damaged (checksum)");
  try {
    return JSON.parse(bytes.toString("utf8", 16, 16 + len)) as SnapshotHeader;
  } catch {
    throw SNAPSHOT_INVALID(path, "its header is damaged (no valid JSON)");
  }
}

/** Throws unless `bytes` start with the magic and this lijnwijzer's format version. */
function checkFormat(bytes: Buffer, path: string): void {
  if (bytes.length < 16 || bytes.toString("latin1", 0, 8) !== SNAPSHOT_MAGIC) {
    throw SNAPSHOT_INVALID(path, "the file does not start with the snapshot magic bytes");
  }
  const version = bytes.readUInt32LE(8);
  if (version !== SNAPSHOT_FORMAT_VERSION) throw SNAPSHOT_VERSION_MISMATCH(path, version, SNAPSHOT_FORMAT_VERSION);
}

/** Whether `path` is a snapshot this lijnwijzer can load, reading only its first bytes. */
export function isLoadableSnapshot(path: string): boolean {
  const head = Buffer.alloc(16);
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return false;
  }
  try {
    readSync(fd, head, 0, 16, 0);
    checkFormat(head, path);
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

type ArrayConstructor = (typeof ARRAY_TYPES)[ArrayTypeName];

/**
 * A group's scalars and columns; `column` makes each column of its checked type, undefined when the file ends before
 * the column does.
 */
function groupColumns(
  path: string,
  group: string,
  entry: SnapshotHeader["groups"][string],
  column: (c: ColumnEntry, ctor: ArrayConstructor) => TypedArray | undefined,
): Record<string, unknown> {
  const cols: Record<string, unknown> = { ...entry.scalars };
  for (const c of entry.columns) {
    const ctor = ARRAY_TYPES[c.type];
    if (!ctor) throw SNAPSHOT_INVALID(path, `column ${group}.${c.name} has unknown type ${c.type}`);
    const values = column(c, ctor);
    if (!values) throw SNAPSHOT_INVALID(path, `column ${group}.${c.name} is truncated`);
    if (crc32(Buffer.from(values.buffer, values.byteOffset, values.byteLength)) !== c.crc32) {
      throw SNAPSHOT_INVALID(path, `column ${group}.${c.name} is damaged (its checksum does not match)`);
    }
    cols[c.name] = values;
  }
  return cols;
}

/**
 * The key history of the snapshot at `path` (key-history.ts), reading only its header, the history's columns and
 * the string table: an import continuing a country-sized network does not load the whole network beside its own.
 */
export function readSnapshotKeyHistory(path: string): KeyHistory {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    checkFormat(head, path);
    const headerBytes = Buffer.alloc(16 + head.readUInt32LE(12) + 4);
    if (readSync(fd, headerBytes, 0, headerBytes.length, 0) < headerBytes.length) throw SNAPSHOT_INVALID(path, "the header is truncated");
    const header = readSnapshotHeader(headerBytes, path);
    const read = (group: string): Record<string, unknown> => {
      const entry = header.groups[group];
      if (!entry) throw SNAPSHOT_INVALID(path, `group ${group} is missing`);
      return groupColumns(path, group, entry, (c, ctor) => {
        const out = new ctor(c.length);
        const bytes = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
        return readSync(fd, bytes, 0, bytes.length, c.offset) < bytes.length ? undefined : out;
      });
    };
    const strings = read("strings");
    const packed = new PackedStrings(strings.offsets as Uint32Array, strings.bytes as Uint8Array);
    return readKeyHistory(read("keyHistory") as unknown as KeyHistoryColumns, packed, header.meta);
  } finally {
    closeSync(fd);
  }
}

/** Loads a snapshot: one read, then typed-array views over the bytes. */
export function loadSnapshot(path: string): Network {
  let bytes = readFileSync(path);
  const header = readSnapshotHeader(bytes, path);
  if (bytes.byteOffset % 8 !== 0) bytes = Buffer.from(bytes); // a pooled small buffer: realign by copying
  const buffer = bytes.buffer;
  const groups: Record<string, Record<string, unknown>> = {};
  for (const [group, entry] of Object.entries(header.groups)) {
    groups[group] = groupColumns(path, group, entry, (c, ctor) =>
      c.offset + c.length * ctor.BYTES_PER_ELEMENT > bytes.length ? undefined : new ctor(buffer, bytes.byteOffset + c.offset, c.length),
    );
  }
  for (const g of [...GROUPS, "strings"]) {
    if (!groups[g]) throw SNAPSHOT_INVALID(path, `group ${g} is missing`);
  }
  const strings = new PackedStrings(groups.strings.offsets as Uint32Array, groups.strings.bytes as Uint8Array);
  return {
    meta: header.meta,
    strings,
    stops: groups.stops,
    lines: groups.lines,
    lineDirections: groups.lineDirections,
    patterns: groups.patterns,
    trips: groups.trips,
    stopTimes: groups.stopTimes,
    services: groups.services,
    notes: groups.notes,
    places: groups.places,
    geometry: groups.geometry,
    keyHistory: groups.keyHistory,
    transferRules: groups.transferRules,
  } as unknown as Network;
}
