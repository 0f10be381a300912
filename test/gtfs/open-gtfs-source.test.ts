import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { GtfsError } from "../../src/gtfs/gtfs-error.js";
import { openGtfsSource } from "../../src/gtfs/open-gtfs-source.js";
import { readGtfs } from "../../src/gtfs/read-gtfs.js";
import type { ReadProgress } from "../../src/gtfs/types.js";
import { fixtureFiles, fixturePath } from "./support/memory-source.js";

const dir = mkdtempSync(join(tmpdir(), "lijnwijzer-zip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Zips files (deflated unless `store`), each under `prefix`, plus `extra` entries by full name. */
async function zip(
  name: string,
  files: Record<string, Buffer>,
  options: { prefix?: string; store?: boolean; extra?: Record<string, Buffer> } = {},
): Promise<string> {
  const path = join(dir, name);
  const z = new yazl.ZipFile();
  if (options.prefix) z.addEmptyDirectory(options.prefix);
  for (const [file, data] of Object.entries(files)) z.addBuffer(data, `${options.prefix ?? ""}${file}`, { compress: !options.store });
  for (const [file, data] of Object.entries(options.extra ?? {})) z.addBuffer(data, file);
  z.end();
  await finished(z.outputStream.pipe(createWriteStream(path)));
  return path;
}

describe("openGtfsSource", () => {
  it("open-gtfs-source - a zip reads to the same feed as its folder", async () => {
    const path = await zip("messy.zip", fixtureFiles("messy-csv"));
    const fromZip = await readGtfs(path);
    const fromFolder = await readGtfs(fixturePath("messy-csv"));
    expect(fromZip.source).toBe(path);
    expect({ ...fromZip, source: "" }).toEqual({ ...fromFolder, source: "" });
  });

  it("open-gtfs-source - a feed zipped inside a folder, with stored entries and macOS litter", async () => {
    const files = fixtureFiles("extensions");
    const path = await zip("nested.zip", files, {
      prefix: "gtfs/",
      store: true,
      extra: { "__MACOSX/gtfs/._stops.txt": Buffer.from("junk"), "gtfs/old/stops.txt": Buffer.from("deeper: not the feed's") },
    });
    const source = await openGtfsSource(path);
    try {
      expect((await source.files()).sort()).toEqual(Object.keys(files).sort());
    } finally {
      await source.close();
    }
    const feed = await readGtfs(path);
    expect(feed.notes.map((n) => n.noteId)).toEqual([7, 8]);
    expect(feed.stopTimes.count).toBe(4);
  });

  it("open-gtfs-source - sizes come from the central directory and drive progress", async () => {
    const files = fixtureFiles("minimal");
    const path = await zip("minimal.zip", files);
    const source = await openGtfsSource(path);
    const calls: ReadProgress[] = [];
    try {
      const size = await source.size!("stops.txt");
      expect(size!.rawBytes).toBe(files["stops.txt"].length);
      expect(size!.storedBytes).toBeGreaterThan(0);
      expect(size!.storedBytes).toBeLessThan(size!.rawBytes); // deflated
      expect(await source.size!("shapes.txt")).toBeUndefined();
      const { readFeed } = await import("../../src/gtfs/read-feed.js");
      await readFeed(source, { onProgress: (p) => calls.push(p) });
      let total = 0;
      for (const f of Object.keys(files)) total += (await source.size!(f))!.storedBytes;
      expect(calls[calls.length - 1]).toEqual({ file: "", bytesDone: total, bytesTotal: total });
    } finally {
      await source.close();
    }
  });

  it("open-gtfs-source - a missing path or a file that is no zip is a GtfsError", async () => {
    await expect(openGtfsSource(join(dir, "nothing-here.zip"))).rejects.toThrowError(GtfsError);
    await expect(openGtfsSource(join(dir, "nothing-here.zip"))).rejects.toThrowError(/no such zip file or folder/);
    const notZip = join(dir, "feed.zip");
    writeFileSync(notZip, "stop_id,stop_name\n1,x\n");
    await expect(openGtfsSource(notZip)).rejects.toThrowError(/neither a folder nor a readable zip file/);
  });

  it("open-gtfs-source - an entry shorter than its header says is reported damaged", async () => {
    const path = await zip("damaged.zip", { "stops.txt": Buffer.from("stop_id\n1\n"), "agency.txt": Buffer.from("x") });
    // the central directory of the last entry (agency.txt) claims 5 uncompressed bytes instead of 1
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(path);
    const cd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(5, cd + 24);
    writeFileSync(path, bytes);
    const source = await openGtfsSource(path);
    try {
      const chunks = (await source.open("agency.txt"))!;
      const read = async () => {
        for await (const _ of chunks) void _;
      };
      await expect(read()).rejects.toThrowError(/agency\.txt: zip entry is 1 bytes, its header says 5/);
    } finally {
      await source.close();
    }
  });
});
