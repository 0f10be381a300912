import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { belgianPublicHolidays } from "../../src/demo/demo-calendar.js";
import { demoFeedPath } from "../../src/demo/demo-feed-path.js";
import { buildDemoFeed, type DemoFeed } from "../../src/demo/generate-demo-feed.js";
import { KNOWN_CALENDAR, KNOWN_TRIPS, verifyKnownTrips } from "../../src/demo/known-trips.js";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { findMunicipality } from "../../src/reference/find-municipality.js";
import { readReference } from "../../src/reference/read-reference.js";
import type { ReferenceData } from "../../src/reference/types.js";
import { csvRows, readZipEntries } from "./support/read-zip-entries.js";

let ref: ReferenceData;
let fresh: DemoFeed;
/** The committed data/demo/flanders.zip, entry name -> text. */
let committed: Map<string, string>;
let rows: (file: string) => Array<Record<string, string>>;
/** stop_times.txt split into lines once (header excluded, no empty last line). */
let stopTimeLines: () => string[];

beforeAll(async () => {
  ref = await readReference(defaultReferenceDir());
  fresh = buildDemoFeed(ref);
  committed = await readZipEntries(await readFile(demoFeedPath()));
  const cache = new Map<string, Array<Record<string, string>>>();
  rows = (file) => {
    if (!cache.has(file)) cache.set(file, csvRows(committed.get(file)!));
    return cache.get(file)!;
  };
  let lines: string[] | undefined;
  stopTimeLines = () => (lines ??= committed.get("stop_times.txt")!.split("\n").slice(1, -1));
});

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("demo feed - generation", () => {
  it("buildDemoFeed - gives the same files twice (zipFiles is byte-stable: write-zip.test.ts)", () => {
    const again = buildDemoFeed(ref);
    expect([...again.files.keys()]).toEqual([...fresh.files.keys()]);
    for (const [name, content] of fresh.files) expect(sha(again.files.get(name)!), name).toBe(sha(content));
  });

  it("data/demo/flanders.zip - equals a fresh generation (run `npm run demo:generate` after changing the generator)", () => {
    expect([...committed.keys()]).toEqual([...fresh.files.keys()]);
    for (const [name, content] of fresh.files) expect(sha(committed.get(name)!), name).toBe(sha(content));
  });

  it("data/demo/flanders.zip - stays small: under 10 MB zipped, 100k-350k stop times", async () => {
    const bytes = (await readFile(demoFeedPath())).length;
    expect(bytes).toBeLessThan(10_000_000);
    const stopTimes = stopTimeLines().length;
    expect(stopTimes).toBeGreaterThan(100_000);
    expect(stopTimes).toBeLessThan(350_000);
  });

  it("demoFeedPath - points at data/demo/flanders.zip of the package", () => {
    expect(demoFeedPath()).toBe(join(process.cwd(), "data", "demo", "flanders.zip"));
  });

  it("data/demo/README.md - lists every known trip with its stops and times", async () => {
    const readme = await readFile(join(process.cwd(), "data", "demo", "README.md"), "utf8");
    for (const [key, k] of Object.entries(KNOWN_TRIPS)) {
      expect(readme, key).toContain(`| ${key} | ${k.tripId} | ${k.serviceId} |`);
      for (const p of k.passages) {
        expect(readme, `${key} ${p.stopId}`).toContain(p.stopId);
        if (p.arrival !== "") expect(readme, `${key} ${p.stopId}`).toContain(p.arrival);
      }
    }
  });

  it("verifyKnownTrips - accepts the feed and names a fact that changed", () => {
    expect(() => verifyKnownTrips(committed)).not.toThrow();
    const k = KNOWN_TRIPS.line2FirstWeekday;
    const first = k.passages[0];
    const changed = new Map(committed);
    const row = `${k.tripId},${first.arrival},${first.departure},${first.stopId},1,`;
    expect(changed.get("stop_times.txt")!.includes(row)).toBe(true);
    changed.set("stop_times.txt", changed.get("stop_times.txt")!.replace(row, `${k.tripId},06:02:00,06:02:00,${first.stopId},1,`));
    expect(() => verifyKnownTrips(changed)).toThrow("line2FirstWeekday: arrival at 1 is 06:02:00, expected 06:01:00");
  });
});

describe("demo feed - contents", () => {
  it("agency.txt - one agency per entity, De Lijn's conventions", () => {
    expect(rows("agency.txt")).toEqual(
      ["Antwerpen", "Oost-Vlaanderen", "Vlaams-Brabant", "Limburg", "West-Vlaanderen"].map((name, i) => ({
        agency_id: String(i + 1),
        agency_name: `De Lijn ${name}`,
        agency_url: "https://www.delijn.be",
        agency_timezone: "Europe/Brussels",
        agency_lang: "nl",
      })),
    );
  });

  it("routes.txt - at least 150 lines with the delijn key profile and palette colours", () => {
    const routes = rows("routes.txt");
    expect(routes.length).toBeGreaterThanOrEqual(150);
    const palette = new Set(ref.colours.map((c) => c.hex));
    for (const r of routes) {
      expect(r.route_id).toMatch(/^[1-5]\d{3}$/);
      expect(r.route_id[0]).toBe(r.agency_id);
      for (const c of [r.route_color, r.route_text_color]) expect(palette.has(c), `${r.route_id} ${c}`).toBe(true);
      for (const c of [r.route_border_color, r.route_text_border_color]) if (c !== "") expect(palette.has(c)).toBe(true);
    }
    expect(new Set(routes.map((r) => r.route_id)).size).toBe(routes.length);
    expect(routes.some((r) => r.route_border_color === "")).toBe(true);
    expect(routes.some((r) => r.route_text_border_color !== "")).toBe(true);
  });

  it("routes.txt - every service type, with its route_type and route_public", () => {
    const routes = rows("routes.txt");
    const types = new Map<string, string[]>();
    for (const r of routes) types.set(r.route_service_type, [...(types.get(r.route_service_type) ?? []), r.route_type]);
    expect([...types.keys()].sort()).toEqual([
      "BELBUS", "FABRIEKSLIJN", "NACHTLIJN", "NORMAAL", "SCHOOLBUS", "SNELDIENST", "TECHNISCHE_LIJN",
    ]);
    expect(new Set(types.get("BELBUS"))).toEqual(new Set(["715"]));
    expect(new Set(types.get("NACHTLIJN"))).toEqual(new Set(["705"]));
    expect(new Set(types.get("SCHOOLBUS"))).toEqual(new Set(["712"]));
    expect(new Set(types.get("SNELDIENST"))).toEqual(new Set(["3", "702"]));
    expect(routes.filter((r) => r.route_public === "0").map((r) => [r.route_id, r.route_service_type])).toEqual([
      ["3699", "TECHNISCHE_LIJN"],
    ]);
  });

  it("routes.txt - the real lines of Leuven keep their numbers and descriptions", () => {
    const byId = new Map(rows("routes.txt").map((r) => [r.route_id, r]));
    expect(byId.get("3302")).toMatchObject({ route_short_name: "2", route_long_name: "Kessel-Lo - Heverlee" });
    expect(byId.get("3090")).toMatchObject({ route_short_name: "R90", route_long_name: "Brussel Noord - Kortenberg - Leuven" });
    expect(byId.get("1320")).toMatchObject({ route_short_name: "32a", agency_id: "1" });
    expect(byId.get("4178")).toMatchObject({ route_short_name: "178", route_service_type: "SNELDIENST" });
    expect(byId.get("3901")).toMatchObject({ route_short_name: "N1" });
  });

  it("routes.txt - the Antwerp and Gent trams carry their real numbers", () => {
    const trams = rows("routes.txt").filter((r) => r.route_type === "0");
    const numbers = (agency: string) =>
      trams.filter((r) => r.agency_id === agency).map((r) => Number(r.route_short_name)).sort((a, b) => a - b);
    expect(numbers("1")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 24]);
    expect(numbers("2")).toEqual([1, 2, 4]);
    expect(trams.every((r) => r.agency_id === "1" || r.agency_id === "2")).toBe(true);
  });

  it("stops.txt - all 417 real Leuven stops, with their numbers, names, places and accessibility", () => {
    const stops = new Map(rows("stops.txt").map((s) => [s.stop_id, s]));
    for (const s of ref.stops) {
      const row = stops.get(s.stopNumber)!;
      expect(row, s.stopNumber).toBeDefined();
      expect(`${row.stop_place} ${row.stop_name}`).toBe(s.longName);
      expect([Number(row.stop_lat), Number(row.stop_lon)]).toEqual([s.lat, s.lon]);
      expect(row.stop_accessibility).toBe(s.accessibility.join(";"));
      expect(row.wheelchair_boarding).toBe(s.accessibility.includes("MOTORISCHE_BEPERKING") ? "1" : "2");
    }
    expect(stops.get("300483")).toMatchObject({
      stop_name: "Doleeg",
      stop_place: "Heverlee",
      stop_accessibility: "MOTORISCH_MET_ASSIST",
      wheelchair_boarding: "2",
    });
  });

  it("stops.txt - every stop lies in a Flemish municipality; generated numbers start with its entity", () => {
    const stops = rows("stops.txt");
    const real = new Set(ref.stops.map((s) => s.stopNumber));
    expect(new Set(stops.map((s) => s.stop_id)).size).toBe(stops.length);
    for (const s of stops) {
      expect(s.stop_id).toMatch(/^[1-5]\d{5}$/);
      const m = findMunicipality(ref, Number(s.stop_lat), Number(s.stop_lon));
      expect(m, s.stop_id).toBeDefined();
      if (!real.has(s.stop_id)) expect(s.stop_id[0], s.stop_id).toBe(m!.entityNumber);
    }
    expect(stops.some((s) => s.stop_accessibility === "")).toBe(true);
    expect(stops.some((s) => s.stop_accessibility.includes("VISUELE_BEPERKING"))).toBe(true);
  });

  it("stops and lines - every municipality, railway station and transport region is served", () => {
    const stops = new Map(rows("stops.txt").map((s) => [s.stop_id, s]));
    const municipalityOf = new Map(
      [...stops.values()].map((s) => [s.stop_id, findMunicipality(ref, Number(s.stop_lat), Number(s.stop_lon))!]),
    );
    expect(new Set([...municipalityOf.values()].map((m) => m.nis)).size).toBe(285);
    // A region is covered when some line has most of its stops in the region's municipalities.
    const routeOfTrip = new Map(rows("trips.txt").map((t) => [t.trip_id, t.route_id]));
    const regionCounts = new Map<string, Map<string, number>>();
    for (const line of stopTimeLines()) {
      const [tripId, , , stopId] = line.split(",");
      const route = routeOfTrip.get(tripId)!;
      const counts = regionCounts.get(route) ?? new Map<string, number>();
      const region = municipalityOf.get(stopId)!.regionCode;
      counts.set(region, (counts.get(region) ?? 0) + 1);
      regionCounts.set(route, counts);
    }
    const majority = new Set([...regionCounts.values()].map((c) => [...c].sort((a, b) => b[1] - a[1])[0][0]));
    expect([...majority].sort()).toEqual(ref.regions.map((r) => r.code).sort());
    const near = (lat: number, lon: number) =>
      [...stops.values()].some((s) => Math.abs(Number(s.stop_lat) - lat) < 0.0036 && Math.abs(Number(s.stop_lon) - lon) < 0.0057);
    const flemishStations = ref.stations.filter((s) => findMunicipality(ref, s.lat, s.lon));
    // 265 in Flanders: Meer-Grens lies 3 m over the simplified border (data/reference/flanders/README.md).
    expect(flemishStations.length).toBe(265);
    expect(flemishStations.filter((s) => !near(s.lat, s.lon)).map((s) => s.name)).toEqual([]);
  });

  it("Leuven city lines - chain nearby real stops through Leuven Station", () => {
    const stops = new Map(rows("stops.txt").map((s) => [s.stop_id, s]));
    const cityLines = ["3302", "3303", "3304", "3305", "3307", "3308", "3309", "3600", "3601"];
    const trips = rows("trips.txt").filter((t) => cityLines.includes(t.route_id) && t.service_id === "WK");
    const firstTrip = new Map<string, string>();
    for (const t of trips) if (!firstTrip.has(`${t.route_id}/${t.direction_id}`)) firstTrip.set(`${t.route_id}/${t.direction_id}`, t.trip_id);
    const wanted = new Set(firstTrip.values());
    const sequences = new Map<string, string[]>();
    for (const line of stopTimeLines()) {
      const tripId = line.slice(0, line.indexOf(","));
      if (wanted.has(tripId)) sequences.set(tripId, [...(sequences.get(tripId) ?? []), line.split(",")[3]]);
    }
    const meters = (a: Record<string, string>, b: Record<string, string>) => {
      const k = Math.cos((Number(a.stop_lat) * Math.PI) / 180);
      const dx = (Number(b.stop_lon) - Number(a.stop_lon)) * k;
      const dy = Number(b.stop_lat) - Number(a.stop_lat);
      return Math.sqrt(dx * dx + dy * dy) * 111_195;
    };
    for (const [key, tripId] of firstTrip) {
      const seq = sequences.get(tripId)!.map((id) => stops.get(id)!);
      const inLeuven = seq.filter((s) => ref.stops.some((r) => r.stopNumber === s.stop_id));
      expect(inLeuven.length / seq.length, key).toBeGreaterThan(0.6);
      const hops = seq.slice(1).map((s, i) => meters(seq[i], s));
      // Real stops chained along streets: no jumps across town, a few hundred metres on average
      // (the longest hop, 2.5 km, is line 5 entering Wilsele from Wakkerzeel across the fields).
      expect(Math.max(...hops), key).toBeLessThan(3000);
      expect(hops.reduce((a, b) => a + b, 0) / hops.length, key).toBeLessThan(600);
      if (key !== "3600/0" && key !== "3600/1") expect(seq.some((s) => s.stop_name.startsWith("Station perron")), key).toBe(true);
    }
    const line2 = sequences.get(KNOWN_TRIPS.line2FirstWeekday.tripId)!.map((id) => stops.get(id)!.stop_name);
    const order = ["Boven-Lo", "Station perron 5", "Rector De Somerplein perron A", "Naamsepoort", "Campus Arenberg"].map((n) =>
      line2.indexOf(n),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1])), line2.join(" > ")).toBe(true);
  });

  it("calendar - weekday, Saturday and Sunday services from 2024 to 2030, holidays run the Sunday service", () => {
    const calendar = rows("calendar.txt");
    expect(calendar.find((c) => c.service_id === "WK")).toMatchObject({
      monday: "1", friday: "1", saturday: "0", sunday: "0", start_date: "20240101", end_date: "20301231",
    });
    const dates = rows("calendar_dates.txt").filter((d) => !d.service_id.startsWith("SCH"));
    const on = (date: string) => dates.filter((d) => d.date === date).map((d) => `${d.service_id}:${d.exception_type}`);
    expect(on("20250721")).toEqual(["WK:2", "ZO:1"]);
    expect(on("20240721")).toEqual([]);
    expect(on(KNOWN_CALENDAR.easterMonday2026.replace(/-/g, ""))).toEqual(["WK:2", "ZO:1"]);
    for (let year = 2024; year <= 2030; year++) {
      for (const h of belgianPublicHolidays(year)) {
        const sunday = new Date(Date.UTC(year, (Math.floor(h.date / 100) % 100) - 1, h.date % 100)).getUTCDay() === 0;
        expect(on(String(h.date)).length, String(h.date)).toBe(sunday ? 0 : 2);
      }
    }
  });

  it("trips - ritnummer unique per line and service day; both accessibility values", () => {
    const trips = rows("trips.txt");
    const seen = new Set<string>();
    for (const t of trips) {
      const key = `${t.route_id} ${t.trip_short_name}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(t.trip_id).toBe(`${t.route_id}-${t.trip_short_name}`);
    }
    expect(new Set(trips.map((t) => t.wheelchair_accessible))).toEqual(new Set(["1", "2"]));
    expect(new Set(trips.map((t) => t.direction_id))).toEqual(new Set(["0", "1"]));
  });

  it("stop_times - past midnight on regular lines, night lines through 02:00-03:00, empty times with timepoint 0", () => {
    const trips = new Map(rows("trips.txt").map((t) => [t.trip_id, t]));
    const nightRoutes = new Set(rows("routes.txt").filter((r) => r.route_service_type === "NACHTLIJN").map((r) => r.route_id));
    let regularAfterMidnight = 0;
    let nightIn26 = 0;
    let emptyWithTimepoint0 = 0;
    for (const line of stopTimeLines()) {
      const [tripId, arrival, , , , , , timepoint] = line.split(",");
      const t = trips.get(tripId)!;
      if (arrival === "") {
        expect(timepoint).toBe("0");
        emptyWithTimepoint0++;
        continue;
      }
      if (arrival >= "24:00:00" && t.service_id === "WK") regularAfterMidnight++;
      if (arrival >= "26:00:00" && arrival < "27:00:00" && t.service_id === "NA" && nightRoutes.has(t.route_id)) nightIn26++;
    }
    expect(regularAfterMidnight).toBeGreaterThan(100);
    expect(nightIn26).toBeGreaterThan(10);
    expect(emptyWithTimepoint0).toBeGreaterThan(100);
  });

  it("frequencies.txt - exact-time templates on one tram line", () => {
    const f = rows("frequencies.txt");
    expect(f.length).toBeGreaterThanOrEqual(2);
    expect(new Set(f.map((r) => r.trip_id.split("-")[0]))).toEqual(new Set(["1024"]));
    expect(f.every((r) => r.exact_times === "1")).toBe(true);
  });

  it("notes - trip notes and passage notes on real trips and stops", () => {
    const trips = new Set(rows("trips.txt").map((t) => t.trip_id));
    const stops = new Set(rows("stops.txt").map((s) => s.stop_id));
    const notes = new Set(rows("notes.txt").map((n) => n.note_id));
    const assignments = rows("note_assignments.txt");
    expect(assignments.filter((a) => a.stop_id === "").length).toBeGreaterThan(20);
    expect(assignments.filter((a) => a.stop_id !== "").length).toBeGreaterThan(5);
    for (const a of assignments) {
      expect(notes.has(a.note_id)).toBe(true);
      expect(trips.has(a.trip_id)).toBe(true);
      if (a.stop_id !== "") expect(stops.has(a.stop_id)).toBe(true);
    }
  });

  it("diversions - omleidingen and storingen in four languages, one only in Dutch and French", () => {
    const diversions = rows("diversions.txt");
    expect(diversions.filter((d) => d.diversion_kind === "omleiding").length).toBeGreaterThanOrEqual(4);
    expect(diversions.filter((d) => d.diversion_kind === "storing").length).toBeGreaterThanOrEqual(2);
    const texts = rows("diversion_texts.txt");
    const languages = (id: string) => texts.filter((t) => t.diversion_id === id).map((t) => t.language);
    for (const d of diversions) {
      expect(d.start_date >= "20240101" && d.end_date <= "20301231" && d.start_date <= d.end_date).toBe(true);
      expect(languages(d.diversion_id)[0]).toBe("nl");
    }
    expect(diversions.filter((d) => languages(d.diversion_id).join() === "nl,fr,en,de").length).toBeGreaterThanOrEqual(5);
    expect(diversions.filter((d) => languages(d.diversion_id).join() === "nl,fr").map((d) => d.diversion_id)).toEqual(["873902"]);
    const tiense = texts.find((t) => t.diversion_id === "873901" && t.language === "nl")!;
    expect(tiense.description).toContain("\nNiet-bediende halte\n");
    const routes = new Set(rows("routes.txt").map((r) => r.route_id));
    expect(rows("diversion_routes.txt").every((r) => routes.has(r.route_id) && ["0", "1"].includes(r.direction_id))).toBe(true);
    const leuvenStops = new Set(ref.stops.map((s) => s.stopNumber));
    const notServed = rows("diversion_stops.txt").filter((s) => s.diversion_id === "873901").map((s) => s.stop_id);
    expect(notServed).toEqual(["302932", "302937", "304246"]);
    expect(notServed.every((s) => leuvenStops.has(s))).toBe(true);
  });
});
