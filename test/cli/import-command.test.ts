import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadSnapshot } from "../../src/network/snapshot.js";

const BASE: Record<string, string> = {
  "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\n3,De Lijn Vlaams-Brabant,https://delijn.be,Europe/Brussels\n",
  "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\n300483,Doleeg,50.860721,4.647603\n300507,Ormendaal,50.850406,4.649509\n",
  "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\n3302,3,2,Kessel-Lo - Heverlee,3\n",
  "trips.txt": "route_id,service_id,trip_id,direction_id\n3302,WK,T1,0\n",
  "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,300483,1\nT1,25:10:00,25:10:00,300507,2\n",
  "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20240101,20241231\n",
};

function feedDir(changes: Record<string, string | null>): string {
  const dir = mkdtempSync(join(tmpdir(), "lw-feed-"));
  for (const [file, text] of Object.entries({ ...BASE, ...changes })) if (text !== null) writeFileSync(join(dir, file), text);
  return dir;
}

async function runImport(dir: string) {
  const outDir = mkdtempSync(join(tmpdir(), "lw-out-"));
  const out = join(outDir, "net.snapshot");
  const errors: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const code = await main(["import", dir, "--out", out, "--reference", "none"]);
  vi.restoreAllMocks();
  return { code, out, outDir, stderr: errors.join("\n") };
}

afterEach(() => vi.restoreAllMocks());

describe("lijnwijzer import", () => {
  it("import - writes a snapshot of a valid feed and exits 0", async () => {
    const r = await runImport(feedDir({}));
    expect(r.code).toBe(0);
    const net = loadSnapshot(r.out);
    expect(net.trips.count).toBe(1);
    expect(net.stopTimes.arrival[1]).toBe(25 * 3600 + 600);
  });

  it("import - reads the npm package sample-gtfs-feed with the generic profile, frequencies expanded", async () => {
    const r = await runImport(fileURLToPath(new URL("../../node_modules/sample-gtfs-feed/gtfs", import.meta.url)));
    expect(r.code).toBe(0);
    const net = loadSnapshot(r.out);
    const s = net.strings;
    expect(net.meta.entities.map((e) => `${e.number}:${e.code}`)).toEqual(["1:FTA", "2:MTA"]);
    expect(net.meta.timezone).toBe("Europe/Warsaw");
    expect(net.meta.warnings.map((w) => w.code)).toContain("several_timezones");
    const copies = [...Array(net.trips.count).keys()].filter((t) => s.get(net.trips.gtfsId[t]) === "b-downtown-on-working-days");
    // 08:00 to 08:59 every 300 s: 08:00, 08:05, ... 08:55
    expect(copies.map((t) => net.trips.frequencyStart[t] / 60)).toEqual([...Array(12).keys()].map((i) => 8 * 60 + i * 5));
    // the template leaves the airport at 13:14 and reaches the lake at 13:20: six minutes later in every copy
    const first = copies[0];
    expect(net.stopTimes.arrival[net.trips.stopTimeStart[first] + 1]).toBe(8 * 3600 + 6 * 60);
    // pickup_type 3 (coordinate with the driver) at the lake is kept in the pattern's flags
    expect(net.patterns.stopFlags[net.patterns.stopStart[net.trips.pattern[first]] + 1] & 3).toBe(3);
    expect(net.patterns.stopFlags[net.patterns.stopStart[net.trips.pattern[first]] + 1] >> 2).toBe(0);
  });

  const broken: Array<[string, Record<string, string | null>, RegExp]> = [
    ["no stops.txt", { "stops.txt": null }, /stops\.txt/],
    [
      'the time "25:6x:00"',
      { "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,300483,1\nT1,25:6x:00,25:6x:00,300507,2\n" },
      /stop_times\.txt line 3.*25:6x:00/,
    ],
    ["a trip with an unknown route_id", { "trips.txt": "route_id,service_id,trip_id,direction_id\n3302,WK,T1,0\n9999,WK,T2,0\n" }, /trips\.txt line 3.*9999/],
    [
      "an unterminated quote",
      { "stops.txt": 'stop_id,stop_name,stop_lat,stop_lon\n300483,Doleeg,50.860721,4.647603\n300507,"Ormendaal,50.850406,4.649509\n' },
      /stops\.txt line 3.*quote/i,
    ],
  ];
  for (const [name, changes, message] of broken) {
    it(`import - a feed with ${name} exits non-zero, names file and line, and leaves no snapshot`, async () => {
      const r = await runImport(feedDir(changes));
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(message);
      expect(existsSync(r.out)).toBe(false);
      expect(readdirSync(r.outDir)).toEqual([]);
    });
  }
});
