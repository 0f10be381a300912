import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { NONE16 } from "../../src/network/constants.js";
import { PLACE_KINDS } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";

const places = (name: string) => fileURLToPath(new URL(`../fixtures/places/${name}`, import.meta.url));

/** A one-trip feed at two real Leuven stops: the Flanders reference covers it. */
function leuvenFeed(): string {
  const dir = mkdtempSync(join(tmpdir(), "lw-feed-"));
  const files: Record<string, string> = {
    "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\n3,De Lijn Vlaams-Brabant,https://delijn.be,Europe/Brussels\n",
    "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\n300483,Doleeg,50.860721,4.647603\n300507,Ormendaal,50.850406,4.649509\n",
    "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\n3302,3,2,Kessel-Lo - Heverlee,3\n",
    "trips.txt": "route_id,service_id,trip_id,direction_id\n3302,WK,T1,0\n",
    "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,300483,1\nT1,08:10:00,08:10:00,300507,2\n",
    "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260101,20261231\n",
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** Runs `lijnwijzer <args>` in this process; stdout lines (the summary) and console.error text. */
async function run(args: string[]) {
  const out: string[] = [];
  const errors: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ") + "\n"));
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void errors.push(a.join(" ")));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, stdout: out.join(""), stderr: errors.join("\n") };
}

afterEach(() => vi.restoreAllMocks());

describe("lijnwijzer import --addresses --pois", () => {
  it("import - --addresses and --pois (CSV and GeoJSON) add streets, addresses and points of interest; the summary counts them", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "lw-out-")), "net.snapshot");
    const r = await run([
      "import",
      leuvenFeed(),
      "--out",
      out,
      "--addresses",
      places("addresses.csv"),
      "--pois",
      places("pois.csv"),
      "--pois",
      places("pois.geojson"),
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines).toContain("  addresses.csv                        14: 9 addresses, skipped 2 not current, 3 bad (see warnings)");
    expect(lines).toContain("  pois.csv                              5: 3 kept, skipped 2 bad (see warnings)");
    expect(lines).toContain("  pois.geojson                          4: 2 kept, skipped 2 bad (see warnings)");
    expect(lines).toContain("  places 1706: hoofdgemeente 285, deelgemeente 1100, station 301, herkenningspunt 5, straat 6, adres 9");
    expect(lines).toContain("  address_bad_coordinate x2");
    expect(lines).toContain('    addresses.csv line 9: bad coordinate "abc", "4.70180" in EPSG:4326_lat, EPSG:4326_lon');

    const net = loadSnapshot(out);
    const p = net.places;
    const s = net.strings;
    const adres = PLACE_KINDS.indexOf("adres");
    const boxed = [...Array(p.count).keys()].find((i) => p.kind[i] === adres && s.get(p.houseNumber[i]) === "12 bus 3")!;
    expect(s.get(p.name[boxed])).toBe("Bondgenotenlaan");
    expect(net.meta.municipalities[p.municipality[boxed]].name).toBe("Leuven");
    const gravensteen = [...Array(p.count).keys()].find((i) => s.get(p.name[i]) === "Gravensteen")!;
    expect(PLACE_KINDS[p.kind[gravensteen]]).toBe("herkenningspunt");
    expect(s.get(p.category[gravensteen])).toBe("monument");
    expect(s.get(p.postcode[gravensteen])).toBe("9000");
    expect(net.meta.municipalities[p.municipality[gravensteen]].name).toBe("Gent");

    const inspected = await run(["inspect", out]);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toContain("\n  places 1706: hoofdgemeente 285, deelgemeente 1100, station 301, herkenningspunt 5, straat 6, adres 9\n");
  });

  it("import - without reference data the places are the files' alone, named after the files' municipalities", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "lw-out-")), "net.snapshot");
    const r = await run(["import", leuvenFeed(), "--out", out, "--reference", "none", "--addresses", places("addresses.csv")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("\n  places 15: straat 6, adres 9\n");
    const net = loadSnapshot(out);
    expect([...net.places.municipality].every((m) => m === NONE16)).toBe(true);
    expect(new Set([...net.places.municipalityName].map((i) => net.strings.get(i)))).toEqual(new Set(["Leuven", "Jodoigne", "Herent", "Lubbeek"]));
  });

  it("import - a file that is not the BeST layout stops the import, naming the missing columns; no snapshot is written", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lw-out-"));
    const out = join(dir, "net.snapshot");
    const feed = leuvenFeed();
    const r = await run(["import", feed, "--out", out, "--addresses", join(feed, "stops.txt")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "lijnwijzer import: stops.txt line 1: not the BeST Address CSV layout: missing columns EPSG:4326_lat, EPSG:4326_lon, house_number, street_id, streetname_nl, municipality_name_nl, postcode, status (header: stop_id,stop_name,stop_lat,stop_lon)",
    );
    expect(existsSync(out)).toBe(false);
    const missing = await run(["import", feed, "--out", out, "--pois", join(dir, "nope.geojson")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`lijnwijzer import: ${join(dir, "nope.geojson")}: no such file: give a CSV (name,kind,lat,lon) or GeoJSON file of points of interest`);
  });

  it("import - the usage text names --addresses and --pois", async () => {
    const r = await run(["import", "--help"]);
    expect(r.stdout).toContain("[--addresses <csv>]... [--pois <csv|geojson>]...");
    expect(r.stdout).toContain("(BeST Address, e.g. openaddress-bevlg.csv)");
  });
});
