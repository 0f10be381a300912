/** Test helper: every entry of a zip as text, read with yauzl (the zip library the GTFS reader uses). */
import yauzl from "yauzl";
import { parseCsvText as parseCsv } from "../../../src/lib/csv-records.js";

export function readZipEntries(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, zipfile) => {
      if (err || !zipfile) return reject(err ?? new Error("no zip"));
      const out = new Map<string, string>();
      zipfile.on("entry", (entry: yauzl.Entry) => {
        zipfile.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("error", reject);
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zipfile.readEntry();
          });
        });
      });
      zipfile.on("end", () => resolve(out));
      zipfile.on("error", reject);
      zipfile.readEntry();
    });
  });
}

/** Rows of a CSV text as objects keyed by its header. */
export function csvRows(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.fields.map((h, i) => [h, r.fields[i]])));
}
