import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileNetwork } from "../../src/network/compile-network.js";
import { loadSnapshot, writeSnapshot } from "../../src/network/snapshot.js";
import { agency, calendar, feed, route, stop } from "../support/feed-builder.js";

const network = () =>
  compileNetwork(
    [
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: [stop("300483", 50.860721, 4.647603, { name: "Doleeg – €" }), stop("300507", 50.850406, 4.649509)],
          routes: [route("3302", { agencyId: "3", shortName: "2", longName: "Kessel-Lo - Heverlee" })],
          trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", headsign: "Heverlee", times: [["300483", "08:00:00"], ["300507", "25:10:00"]] }],
          calendars: [calendar("WK", "1111100", 20240101, 20241231)],
        }),
      },
    ],
    { now: new Date("2026-11-21T12:00:00Z") },
  );

describe("snapshot", () => {
  it("snapshot - round-trips every column, string and the meta", () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-snap-"));
    const path = join(dir, "net.snapshot");
    const net = network();
    const bytes = writeSnapshot(net, path);
    expect(readFileSync(path).length).toBe(bytes);
    expect(readdirSync(dir)).toEqual(["net.snapshot"]);
    const back = loadSnapshot(path);
    expect(back.meta).toEqual(JSON.parse(JSON.stringify(net.meta)));
    expect(back.stopTimes.departure).toEqual(net.stopTimes.departure);
    expect([...back.stopTimes.arrival]).toEqual([28800, 90600]);
    expect(back.stops.lat).toEqual(net.stops.lat);
    expect(back.stops.count).toBe(2);
    expect(back.strings.get(back.stops.name[0])).toBe("Doleeg – €");
    expect(back.strings.get(back.trips.headsign[0])).toBe("Heverlee");
    expect(back.services.days).toEqual(net.services.days);
    expect(back.lineDirections.mainPattern).toEqual(net.lineDirections.mainPattern);
  });

  it("snapshot - refuses another format version and says to re-import", () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-snap-"));
    const path = join(dir, "old.snapshot");
    writeSnapshot(network(), path);
    const bytes = readFileSync(path);
    bytes.writeUInt32LE(999, 8);
    writeFileSync(path, bytes);
    expect(() => loadSnapshot(path)).toThrow(/format version 999.*re-import it with `lijnwijzer import`/);
  });

  it("snapshot - a byte changed inside a value or the header is refused by its checksum, naming the column", () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-snap-"));
    const path = join(dir, "damaged.snapshot");
    writeSnapshot(network(), path);
    const good = readFileSync(path);
    const header = JSON.parse(good.toString("utf8", 16, 16 + good.readUInt32LE(12)));
    const arrival = header.groups.stopTimes.columns.find((c: { name: string }) => c.name === "arrival");
    // One bit of the second arrival (25:10:00): the lengths and types still fit, only the checksum can tell.
    const value = Buffer.from(good);
    value[arrival.offset + 4] ^= 1;
    writeFileSync(path, value);
    expect(() => loadSnapshot(path)).toThrow(/column stopTimes\.arrival is damaged \(its checksum does not match\)/);
    // A digit of the meta in the header JSON: still valid JSON.
    const text = Buffer.from(good);
    const at = text.indexOf("2026-11-21T12:00:00", 16);
    text[at + 3] = "7".charCodeAt(0);
    writeFileSync(path, text);
    expect(() => loadSnapshot(path)).toThrow(/its header is damaged \(checksum\)/);
  });

  it("snapshot - refuses a file that is no snapshot", () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-snap-"));
    const path = join(dir, "stops.txt");
    writeFileSync(path, "stop_id,stop_name\n1,A\n");
    expect(() => loadSnapshot(path)).toThrow(/is not a lijnwijzer snapshot/);
  });
});
