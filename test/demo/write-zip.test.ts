import { describe, expect, it } from "vitest";
import { crc32, zipFiles } from "../../src/demo/write-zip.js";
import { readZipEntries } from "./support/read-zip-entries.js";

describe("zipFiles", () => {
  it("crc32 - matches the standard check value", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it("zipFiles - writes entries yauzl reads back, in order, with their exact content", async () => {
    const files = new Map<string, string>([
      ["agency.txt", "agency_id,agency_name\n1,De Lijn Antwerpen\n"],
      ["notes.txt", 'note_id,note_text\n7,"Opgelet: ""perron C"", niet A."\n'],
      ["empty.txt", ""],
    ]);
    const entries = await readZipEntries(zipFiles(files));
    expect([...entries.keys()]).toEqual(["agency.txt", "notes.txt", "empty.txt"]);
    expect(entries).toEqual(files);
  });

  it("zipFiles - gives the same bytes for the same files (fixed timestamps, no extra fields)", () => {
    const files: Array<[string, string]> = [["stops.txt", "stop_id\n300483\n".repeat(50)]];
    const a = zipFiles(files);
    const b = zipFiles(files);
    expect(a.equals(b)).toBe(true);
    // Local header: DOS time 00:00 and date 1980-01-01.
    expect(a.readUInt16LE(10)).toBe(0);
    expect(a.readUInt16LE(12)).toBe(0x21);
  });
});
