import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createInflateRaw, type ZlibOptions } from "node:zlib";
import yauzl from "yauzl";
import { GtfsError } from "./gtfs-error.js";
import type { GtfsFileSize, GtfsSource } from "./types.js";

/**
 * Bigger chunks than the streams' 16 KiB default: each chunk costs a few microseconds of
 * stream and promise overhead, and stop_times.txt of a big city is ~500 MB.
 */
const CHUNK_BYTES = 256 * 1024;

/** Opens a GTFS feed: a .zip file (entries streamed, never loaded whole) or a folder of .txt files. */
export async function openGtfsSource(path: string): Promise<GtfsSource> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch {
    throw new GtfsError(path, 0, "no such zip file or folder");
  }
  return isFolder ? openFolder(path) : openZip(path);
}

async function openFolder(dir: string): Promise<GtfsSource> {
  const names = new Set(
    (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile() || d.isSymbolicLink()).map((d) => d.name),
  );
  return {
    name: dir,
    files: async () => [...names],
    open: async (file) => (names.has(file) ? createReadStream(join(dir, file), { highWaterMark: CHUNK_BYTES }) : undefined),
    size: async (file) => {
      if (!names.has(file)) return undefined;
      const bytes = (await stat(join(dir, file))).size;
      return { storedBytes: bytes, rawBytes: bytes };
    },
    close: async () => {},
  };
}

async function openZip(path: string): Promise<GtfsSource> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))),
    );
  } catch (e) {
    throw new GtfsError(path, 0, `neither a folder nor a readable zip file (${(e as Error).message})`);
  }
  const entries = await zipEntries(zip, path);
  return {
    name: path,
    files: async () => [...entries.keys()],
    open: async (file) => {
      const entry = entries.get(file);
      return entry ? openEntry(zip, entry, path) : undefined;
    },
    size: async (file): Promise<GtfsFileSize | undefined> => {
      const entry = entries.get(file);
      return entry ? { storedBytes: entry.compressedSize, rawBytes: entry.uncompressedSize } : undefined;
    },
    close: async () => zip.close(),
  };
}

/**
 * The zip's files by base name, from the central directory. Feeds zipped with their folder
 * ("gtfs/stops.txt") are common: the shallowest entry of a name wins; macOS resource forks
 * are skipped.
 */
async function zipEntries(zip: yauzl.ZipFile, path: string): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  const depths = new Map<string, number>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (!name.endsWith("/") && !name.startsWith("__MACOSX/")) {
        const parts = name.split("/");
        const base = parts[parts.length - 1];
        const depth = parts.length;
        if (!base.startsWith("._") && (depths.get(base) ?? Infinity) > depth) {
          entries.set(base, entry);
          depths.set(base, depth);
        }
      }
      zip.readEntry();
    });
    zip.once("end", () => resolve());
    zip.once("error", (e: Error) => reject(new GtfsError(path, 0, `unreadable zip file (${e.message})`)));
    zip.readEntry();
  });
  return entries;
}

/**
 * Streams one entry. yauzl finds the entry's data (central directory, local header); the
 * bytes are read and inflated here with 1 MiB reads and 256 KiB output chunks, read ahead by
 * up to 4 chunks so inflating (on libuv's thread pool, i.e. the second core) overlaps with
 * parsing. yauzl's own stream reads 16 KiB at a time, which left the parser waiting. The
 * uncompressed size is checked like yauzl does.
 */
async function* openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, path: string): AsyncGenerator<Buffer> {
  const method = entry.compressionMethod;
  if (method !== 0 && method !== 8) {
    throw new GtfsError(entry.fileName, 0, `unsupported zip compression method ${method} in ${path}`);
  }
  if (entry.isEncrypted()) throw new GtfsError(entry.fileName, 0, `encrypted zip entry in ${path}`);
  let stream: Readable;
  let raw: Readable | undefined;
  if (entry.compressedSize === 0) {
    stream = Readable.from([]);
  } else {
    const { fileDataStart } = await new Promise<{ fileDataStart: number }>((resolve, reject) =>
      zip.readLocalFileHeader(entry, { minimal: true }, (err, header) => (err ? reject(err) : resolve(header))),
    );
    raw = createReadStream(path, {
      start: fileDataStart,
      end: fileDataStart + entry.compressedSize - 1,
      highWaterMark: 1024 * 1024,
    });
    stream =
      method === 8
        ? raw.pipe(createInflateRaw({ chunkSize: CHUNK_BYTES, readableHighWaterMark: 4 * CHUNK_BYTES } as ZlibOptions))
        : raw;
  }
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      yield chunk;
    }
  } catch (e) {
    throw new GtfsError(entry.fileName, 0, `unreadable zip entry in ${path} (${(e as Error).message})`);
  } finally {
    stream.destroy();
    raw?.destroy();
  }
  if (bytes !== entry.uncompressedSize) {
    throw new GtfsError(entry.fileName, 0, `zip entry is ${bytes} bytes, its header says ${entry.uncompressedSize} (${path} is damaged)`);
  }
}
