/**
 * Keys that never move (docs/DATASET_EXTENSIONS.md, "Keys that never move"): three versions of a small New York
 * style feed imported in a chain with the real command, then served by the real server. Every surviving stop,
 * line, line direction and entity keeps its key; a new one gets a number never used; a removed key answers 404
 * saying when, never another resource.
 *
 * v1: stops 101N, 127N, 127S, 200, 300; routes 1, A, X (agency NYCT), L1 (agency LIRR).
 * v2: adds 100A (which sorts before 127N: rank numbering would move every stop after it), renames 127N, removes
 *     300 and route X, reuses stop_id 200 for a place 5 km away, adds route B.
 * v3: adds stop 050, route A loses its TERUG trips, agency LIRR and its line go.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { runCli, tempDir } from "./support/run-cli.js";
import { startServe, type ServeProcess } from "./support/serve-process.js";

interface Version {
  version: string;
  stops: Array<[id: string, name: string, lat: number, lon: number]>;
  routes: Array<[id: string, agency: string, short: string]>;
  /** route, direction, stop ids */
  trips: Array<[route: string, direction: 0 | 1, stops: string[]]>;
}

const v1: Version = {
  version: "v1",
  stops: [
    ["101N", "Van Cortlandt Park-242 St", 40.889248, -73.898583],
    ["127N", "Times Sq-42 St", 40.75529, -73.987495],
    ["127S", "Times Sq-42 St", 40.75529, -73.987495],
    ["200", "Fulton St", 40.710197, -74.007691],
    ["300", "Old Ferry", 40.701411, -74.013205],
  ],
  routes: [
    ["1", "NYCT", "1"],
    ["A", "NYCT", "A"],
    ["X", "NYCT", "X"],
    ["L1", "LIRR", ""],
  ],
  trips: [
    ["1", 0, ["127S", "200"]],
    ["1", 1, ["200", "127N", "101N"]],
    ["A", 0, ["101N", "127S"]],
    ["A", 1, ["127N", "101N"]],
    ["X", 0, ["200", "300"]],
    ["L1", 0, ["127N", "200"]],
  ],
};

const v2: Version = {
  version: "v2",
  stops: [
    ["100A", "Dyckman St", 40.860531, -73.925536],
    ["101N", "Van Cortlandt Park-242 St", 40.889248, -73.898583],
    ["127N", "Times Sq - 42 St", 40.75529, -73.987495],
    ["127S", "Times Sq-42 St", 40.75529, -73.987495],
    ["200", "Jamaica Center", 40.702147, -73.801109], // the id reused, some 17 km east
  ],
  routes: [
    ["1", "NYCT", "1"],
    ["A", "NYCT", "A"],
    ["B", "NYCT", "B"],
    ["L1", "LIRR", ""],
  ],
  trips: [
    ["1", 0, ["127S", "100A"]],
    ["1", 1, ["100A", "127N", "101N"]],
    ["A", 0, ["101N", "127S"]],
    ["A", 1, ["127N", "101N"]],
    ["B", 0, ["127S", "200"]],
    ["L1", 0, ["127N", "200"]],
  ],
};

const v3: Version = {
  version: "v3",
  stops: [...v2.stops, ["050", "Inwood-207 St", 40.868072, -73.919899]],
  routes: v2.routes.filter(([id]) => id !== "L1"),
  trips: [
    ["1", 0, ["127S", "100A", "050"]],
    ["1", 1, ["050", "100A", "127N", "101N"]],
    ["A", 0, ["101N", "127S"]],
    ["B", 0, ["127S", "200"]],
  ],
};

function writeFeed(dir: string, v: Version): string {
  mkdirSync(dir, { recursive: true });
  const agencies = [...new Set(v.routes.map((r) => r[1]))];
  const file = (name: string, rows: string[]) => writeFileSync(join(dir, name), rows.join("\n") + "\n");
  file("agency.txt", ["agency_id,agency_name,agency_url,agency_timezone", ...agencies.map((a) => `${a},${a},https://example.org,America/New_York`)]);
  file("stops.txt", ["stop_id,stop_name,stop_lat,stop_lon", ...v.stops.map(([id, name, lat, lon]) => `${id},${name},${lat},${lon}`)]);
  file("routes.txt", ["route_id,agency_id,route_short_name,route_long_name,route_type", ...v.routes.map(([id, a, s]) => `${id},${a},${s},Route ${id},1`)]);
  file("calendar.txt", ["service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date", "D,1,1,1,1,1,1,1,20260101,20271231"]);
  file("feed_info.txt", ["feed_publisher_name,feed_publisher_url,feed_lang,feed_version", `Test,https://example.org,en,${v.version}`]);
  file("trips.txt", ["route_id,service_id,trip_id,direction_id", ...v.trips.map(([r, d], i) => `${r},D,t${i},${d}`)]);
  const times = v.trips.flatMap(([, , stops], i) => stops.map((s, k) => `t${i},08:${String(k * 5).padStart(2, "0")}:00,08:${String(k * 5).padStart(2, "0")}:00,${s},${k + 1}`));
  file("stop_times.txt", ["trip_id,arrival_time,departure_time,stop_id,stop_sequence", ...times]);
  return dir;
}

/** stop_id -> "entity_number" of a snapshot. */
function stopKeys(path: string): Map<string, string> {
  const net = loadSnapshot(path);
  const out = new Map<string, string>();
  for (let s = 0; s < net.stops.count; s++) {
    out.set(net.strings.get(net.stops.gtfsId[s]), `${net.meta.entities[net.stops.entity[s]].number}_${net.strings.get(net.stops.number[s])}`);
  }
  return out;
}

/** route_id -> "entity_number" of a snapshot. */
function lineKeys(path: string): Map<string, string> {
  const net = loadSnapshot(path);
  const out = new Map<string, string>();
  for (let l = 0; l < net.lines.count; l++) {
    out.set(net.strings.get(net.lines.gtfsId[l]), `${net.meta.entities[net.lines.entity[l]].number}_${net.strings.get(net.lines.number[l])}`);
  }
  return out;
}

describe("lijnwijzer import - keys that never move across feed versions", () => {
  const dir = tempDir();
  const snap = (n: number) => join(dir, `v${n}.snapshot`);
  const runs: string[] = [];
  let keys: Array<{ stops: Map<string, string>; lines: Map<string, string> }> = [];
  let server: ServeProcess;

  beforeAll(async () => {
    const feeds = [v1, v2, v3].map((v, i) => writeFeed(join(dir, `feed${i + 1}`), v));
    for (let i = 0; i < 3; i++) {
      const previous = i === 0 ? [] : ["--previous", snap(i)];
      const r = runCli(["import", feeds[i], "--out", snap(i + 1), "--reference", "none", ...previous]);
      expect(r.stderr).not.toContain("lijnwijzer");
      expect(r.code).toBe(0);
      runs.push(r.stdout);
    }
    keys = [1, 2, 3].map((n) => ({ stops: stopKeys(snap(n)), lines: lineKeys(snap(n)) }));
    server = await startServe(["--network", snap(3), "--no-realtime", "--workers", "1"]);
  }, 120_000);
  afterAll(async () => server?.stop());

  const get = async (path: string) => {
    const res = await fetch(`${server.origin}/DLKernOpenData/api/v1${path}`, { headers: { "Ocp-Apim-Subscription-Key": "k" } });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("a stop added before others in id order moves no key; renamed stops keep theirs", () => {
    expect(Object.fromEntries(keys[0].stops)).toEqual({ "101N": "1_1", "127N": "1_2", "127S": "1_3", "200": "1_4", "300": "1_5" });
    for (const id of ["101N", "127N", "127S"]) {
      expect(keys[1].stops.get(id)).toBe(keys[0].stops.get(id));
      expect(keys[2].stops.get(id)).toBe(keys[0].stops.get(id));
    }
  });

  it("new stops get numbers never used before; a reused stop_id a new key", () => {
    expect(keys[1].stops.get("100A")).toBe("1_6");
    expect(keys[1].stops.get("200")).toBe("1_7"); // 1_4 was Fulton St: Jamaica Center never answers under it
    expect(keys[2].stops.get("050")).toBe("1_8");
    expect(keys[2].stops.get("200")).toBe("1_7");
  });

  it("lines keep their numbers; a new line never gets a removed line's number", () => {
    expect(Object.fromEntries(keys[0].lines)).toEqual({ "1": "1_1", A: "1_101", X: "1_102", L1: "2_1" });
    expect(Object.fromEntries(keys[1].lines)).toEqual({ "1": "1_1", A: "1_101", B: "1_103", L1: "2_1" });
    expect(Object.fromEntries(keys[2].lines)).toEqual({ "1": "1_1", A: "1_101", B: "1_103" });
  });

  it("the import summary says what changed, with examples", () => {
    expect(runs[0]).toContain("keys: new keys (no snapshot at --out yet):");
    expect(runs[1]).toMatch(/keys: keys continue .*v1\.snapshot \(import 2, the first of \d{4}-\d\d-\d\d\):/);
    expect(runs[1]).toContain("  stops            3 kept, 2 added (100A (1_6), 200 (1_7)), 2 removed (200 (1_4), 300 (1_5))");
    expect(runs[1]).toContain("  lines            3 kept, 1 added (B (1_103)), 1 removed (X (1_102))");
    expect(runs[2]).toMatch(/ {2}line directions {2}\d+ kept, 0 added, 2 removed \(A \(1_101_TERUG\), L1 \(2_1_HEEN\)\)/);
    expect(runs[2]).toContain("  entities         1 kept, 0 added, 1 removed (LIRR (2))");
  });

  it("GET /haltes/{e}/{n} - a saved key answers the same stop three versions later", async () => {
    const r = await get(`/haltes/1/2`);
    expect(r.status).toBe(200);
    expect([r.body.gtfsStopId, r.body.omschrijving]).toEqual(["127N", "Times Sq - 42 St"]);
  });

  it("GET /haltes/{e}/{n} - a removed stop answers 404 saying it was removed and when, never another stop", async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const n of [4, 5]) {
      const r = await get(`/haltes/1/${n}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toMatch(new RegExp(`^Stop ${n} of entity 1 was removed from the network on ${day} \\(feed version v2\\): its number is never given`));
    }
    const unknown = await get(`/haltes/1/99`);
    expect([unknown.status, unknown.body.message.split(":")[0]]).toEqual([404, "Stop 99 of entity 1 does not exist"]);
  });

  it("GET /lijnen, /lijnrichtingen, /entiteiten - removed lines, directions and entities answer 404 saying so", async () => {
    const line = await get(`/lijnen/1/102`);
    expect([line.status, line.body.message]).toEqual([404, expect.stringMatching(/^Line 102 of entity 1 was removed from the network on .* \(feed version v2\)/)]);
    const direction = await get(`/lijnen/1/101/lijnrichtingen/TERUG`);
    expect([direction.status, direction.body.message]).toEqual([404, expect.stringMatching(/^Line 101 of entity 1 has had no direction TERUG since \d{4}-\d\d-\d\d \(feed version v3\)/)]);
    const entity = await get(`/entiteiten/2`);
    expect([entity.status, entity.body.message]).toEqual([404, expect.stringMatching(/^Entity 2 was removed from the network on .* \(feed version v3\)/)]);
    const kept = await get(`/lijnen/1/103`);
    expect([kept.status, kept.body.lijnnummerPubliek]).toEqual([200, "B"]);
  });

  it("lijnwijzer inspect --key-history - every key of a stop_id, added and removed", () => {
    const r = runCli(["inspect", snap(3), "--key-history", "200"]);
    expect(r.code).toBe(0);
    const day = new Date().toISOString().slice(0, 10);
    const rows = r.stdout.split("\n").filter((l) => l.startsWith("  stop"));
    expect(rows.map((l) => l.trim().split(/\s+/))).toEqual([
      ["stop", "feed1", "200", "1_4", "/haltes/1/4", day, day],
      ["stop", "feed2", "200", "1_7", "/haltes/1/7", day, "-"],
    ]);
  });

  it("the default previous snapshot is the one at --out; --fresh-keys starts over", () => {
    const out = join(dir, "chain.snapshot");
    expect(runCli(["import", join(dir, "feed1"), "--out", out, "--reference", "none"]).code).toBe(0);
    const second = runCli(["import", join(dir, "feed2"), "--out", out, "--reference", "none"]);
    expect(second.stdout).toContain(`keys: keys continue ${out}`);
    expect(stopKeys(out).get("127N")).toBe("1_2");
    const fresh = runCli(["import", join(dir, "feed2"), "--out", out, "--reference", "none", "--fresh-keys"]);
    expect(fresh.stdout).toContain("keys: keys started over (--fresh-keys):");
    expect(stopKeys(out).get("127N")).toBe("1_3"); // rank order again: 100A, 101N, 127N
  });
});
