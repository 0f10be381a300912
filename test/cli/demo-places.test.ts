import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoPlacesPaths, ensureDemoSnapshot } from "../../src/cli/demo-snapshot.js";
import { COMPILER_REVISION, NONE16, SNAPSHOT_FORMAT_VERSION } from "../../src/network/constants.js";
import { PLACE_KINDS, type Network } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { demoNetwork } from "../support/demo-network.js";
import { tempDir } from "./support/run-cli.js";

function placesNamed(net: Network, name: string): Array<{ kind: string; municipality: string; postcode: string; category: string; house: string }> {
  const p = net.places;
  const s = net.strings;
  const out = [];
  for (let i = 0; i < p.count; i++) {
    if (s.get(p.name[i]) !== name) continue;
    out.push({
      kind: PLACE_KINDS[p.kind[i]],
      municipality: p.municipality[i] === NONE16 ? "-" : net.meta.municipalities[p.municipality[i]].name,
      postcode: s.get(p.postcode[i]),
      category: s.get(p.category[i]),
      house: s.get(p.houseNumber[i]),
    });
  }
  return out;
}

describe("the demo's sample places", () => {
  it("demo - the snapshot holds the sample streets, addresses and points of interest of data/places", async () => {
    const net = await demoNetwork();
    const counts: Record<string, number> = {};
    for (const k of net.places.kind) counts[PLACE_KINDS[k]] = (counts[PLACE_KINDS[k]] ?? 0) + 1;
    expect(counts).toEqual({ hoofdgemeente: 285, deelgemeente: 1100, station: 301, herkenningspunt: 43, straat: 30, adres: 667 });

    expect(placesNamed(net, "M Leuven")).toEqual([{ kind: "herkenningspunt", municipality: "Leuven", postcode: "", category: "museum", house: "" }]);
    expect(placesNamed(net, "UZ Leuven Gasthuisberg")[0].category).toBe("ziekenhuis");
    expect(placesNamed(net, "Rubenshuis")[0].municipality).toBe("Antwerpen");
    expect(placesNamed(net, "Gravensteen")[0].municipality).toBe("Gent");
    expect(placesNamed(net, "Stadhuis Aalst")[0]).toEqual({ kind: "herkenningspunt", municipality: "Aalst", postcode: "", category: "stadhuis", house: "" });

    const bondgenotenlaan = placesNamed(net, "Bondgenotenlaan");
    expect(bondgenotenlaan[0]).toEqual({ kind: "straat", municipality: "Leuven", postcode: "3000", category: "", house: "" });
    expect(bondgenotenlaan.slice(1, 4).map((a) => a.house)).toEqual(["1", "2", "3"]);
    // six streets named Kerkstraat, each in its own municipality
    const kerkstraten = placesNamed(net, "Kerkstraat").filter((p) => p.kind === "straat");
    expect(kerkstraten.map((k) => `${k.postcode} ${k.municipality}`).sort()).toEqual([
      "2060 Antwerpen",
      "3020 Herent",
      "3070 Kortenberg",
      "3210 Lubbeek",
      "9050 Gent",
      "9300 Aalst",
    ]);
    expect(placesNamed(net, "Meir").filter((p) => p.kind === "adres").every((a) => a.municipality === "Antwerpen" && a.postcode === "2000")).toBe(true);
    expect(placesNamed(net, "Veldstraat").length).toBeGreaterThan(30);
  });

  it("ensureDemoSnapshot - a snapshot built from other inputs or by other compiler rules (its key differs) is built again; the same inputs reuse it", async () => {
    const saved = process.env.LIJNWIJZER_CACHE_DIR;
    const dir = tempDir();
    process.env.LIJNWIJZER_CACHE_DIR = dir;
    try {
      const path = await ensureDemoSnapshot({ quiet: true });
      const keyFile = join(dir, "demo.snapshot.key");
      const key = readFileSync(keyFile, "utf8");
      // The inputs' hash and the compiler's rules (constants.ts COMPILER_REVISION).
      expect(key).toMatch(new RegExp(`^[0-9a-f]{64} compiler ${SNAPSHOT_FORMAT_VERSION}\\.${COMPILER_REVISION}\\n$`));
      const built = statSync(path).mtimeMs;

      expect(await ensureDemoSnapshot({ quiet: true })).toBe(path);
      expect(statSync(path).mtimeMs).toBe(built);

      // as if data/places/pois.csv had changed since the snapshot was built
      writeFileSync(keyFile, "0".repeat(64) + "\n");
      await ensureDemoSnapshot({ quiet: true });
      expect(statSync(path).mtimeMs).toBeGreaterThan(built);
      expect(readFileSync(keyFile, "utf8")).toBe(key);
      expect(loadSnapshot(path).places.count).toBe(2426);

      // the same inputs, built by a compiler before this revision (its key: the inputs' hash alone)
      const rebuilt = statSync(path).mtimeMs;
      writeFileSync(keyFile, key.replace(/ compiler .*$/s, "\n"));
      await ensureDemoSnapshot({ quiet: true });
      expect(statSync(path).mtimeMs).toBeGreaterThan(rebuilt);
      expect(readFileSync(keyFile, "utf8")).toBe(key);
    } finally {
      if (saved === undefined) delete process.env.LIJNWIJZER_CACHE_DIR;
      else process.env.LIJNWIJZER_CACHE_DIR = saved;
    }
  }, 60_000);

  it("demoPlacesPaths - the sample files ship in data/places", () => {
    const { addresses, pois } = demoPlacesPaths();
    expect(readFileSync(addresses, "utf8").split("\n")[0]).toBe(
      "EPSG:31370_x,EPSG:31370_y,EPSG:4326_lat,EPSG:4326_lon,address_id,box_number,house_number,municipality_id,municipality_name_de,municipality_name_fr,municipality_name_nl,postcode,postname_fr,postname_nl,street_id,streetname_de,streetname_fr,streetname_nl,region_code,status",
    );
    expect(readFileSync(pois, "utf8").split("\n")[0]).toBe("name,kind,lat,lon");
  });
});
