import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compileNetwork } from "../../src/network/compile-network.js";
import { NONE16, NONE32 } from "../../src/network/constants.js";
import { PLACE_KINDS, type Network } from "../../src/network/model.js";
import { loadSnapshot, writeSnapshot } from "../../src/network/snapshot.js";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { findMunicipality } from "../../src/reference/find-municipality.js";
import { AddressTableBuilder, readAddresses } from "../../src/reference/read-addresses.js";
import { readPois } from "../../src/reference/read-pois.js";
import { readReference } from "../../src/reference/read-reference.js";
import type { AddressTable, PoiTable, ReferenceData } from "../../src/reference/types.js";
import { agency, calendar, feed, route, stop } from "../support/feed-builder.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/places/${name}`, import.meta.url));

/** One Leuven stop: the Flanders reference covers it. */
const leuvenFeed = (extraStops = [stop("300483", 50.860721, 4.647603, { name: "Doleeg" })]) =>
  feed({
    agencies: [agency({ agencyId: "3" })],
    stops: [stop("300483", 50.860721, 4.647603, { name: "Doleeg" }), ...extraStops.filter((s) => s.stopId !== "300483")],
    routes: [route("3302", { agencyId: "3", shortName: "2" })],
    trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["300483", "08:00:00"]] }],
    calendars: [calendar("WK", "1111100", 20260101, 20261231)],
  });

/** A generic feed far from Flanders with parent stations (location_type 1). */
const newYorkFeed = () =>
  feed({
    agencies: [agency({ agencyId: "MTA", timezone: "America/New_York" })],
    stops: [
      stop("127", 40.75529, -73.987495, { name: "Times Sq-42 St", locationType: 1 }),
      stop("127N", 40.75529, -73.987495, { name: "Times Sq-42 St", parentStation: "127" }),
      // the same station for another line, 90 m away: one place
      stop("725", 40.755983, -73.986229, { name: "Times Sq-42 St", locationType: 1 }),
      stop("725N", 40.755983, -73.986229, { name: "Times Sq-42 St", parentStation: "725" }),
      stop("631", 40.751776, -73.976848, { name: "Grand Central-42 St", locationType: 1 }),
      stop("631N", 40.751776, -73.976848, { name: "Grand Central-42 St", parentStation: "631" }),
    ],
    routes: [route("1", { agencyId: "MTA", shortName: "1", routeType: 1 })],
    trips: [{ tripId: "T1", routeId: "1", serviceId: "ALL", times: [["127N", "08:00:00"], ["725N", "08:02:00"], ["631N", "08:05:00"]] }],
    calendars: [calendar("ALL", "1111111", 20260101, 20261231)],
  });

/** Each place of a kind as text: "name house, postcode municipality name [meta.municipalities' name or -] (category) @lat,lon". */
function placesOf(net: Network, kind: (typeof PLACE_KINDS)[number]): string[] {
  const p = net.places;
  const s = net.strings;
  const k = PLACE_KINDS.indexOf(kind);
  const out: string[] = [];
  for (let i = 0; i < p.count; i++) {
    if (p.kind[i] !== k) continue;
    const m = p.municipality[i] === NONE16 ? "-" : net.meta.municipalities[p.municipality[i]].name;
    const house = s.get(p.houseNumber[i]);
    const category = s.get(p.category[i]);
    const head = `${s.get(p.name[i])}${house ? ` ${house}` : ""}`;
    const where = [s.get(p.postcode[i]), s.get(p.municipalityName[i])].filter(Boolean).join(" ");
    out.push(`${[head, where].filter(Boolean).join(", ")} [${m}]${category ? ` (${category})` : ""} @${p.lat[i]},${p.lon[i]}`);
  }
  return out;
}

function kindCounts(net: Network): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < net.places.count; i++) {
    const k = PLACE_KINDS[net.places.kind[i]];
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

let ref: ReferenceData;
let addresses: AddressTable;
let pois: PoiTable;
beforeAll(async () => {
  ref = await readReference(defaultReferenceDir());
  addresses = await readAddresses([fixture("addresses.csv")]);
  pois = readPois([fixture("pois.csv")]);
});

describe("compilePlaces", () => {
  it("compilePlaces - places come in PLACE_KINDS order: reference places, points of interest, streets, addresses", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses, pois });
    expect(kindCounts(net)).toEqual({ hoofdgemeente: 285, deelgemeente: 1100, station: 301, herkenningspunt: 3, straat: 6, adres: 9 });
    const kinds = [...net.places.kind];
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
  });

  it("compilePlaces - one street per street_id, at its middle address, with that address's postcode and municipality", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses, pois });
    expect(placesOf(net, "straat")).toEqual([
      // the middle of 2, 10, 12 bus 3 and 13 is 12 bus 3, nearest their mean
      "Bondgenotenlaan, 3000 Leuven [Leuven] @50.8798,4.7085",
      "Naamsestraat, 3000 Leuven [Leuven] @50.8765,4.7016",
      // outside Flanders' boundaries: the file's (French) municipality name, no municipality index
      "Grand-Place, 1370 Jodoigne [-] @50.7233,4.8697",
      "Kerkstraat, 3020 Herent [Herent] @50.906,4.659",
      "Kerkstraat, 3210 Lubbeek [Lubbeek] @50.887,4.812",
      "Tiensestraat, 3000 Leuven [Leuven] @50.874,4.7025",
    ]);
  });

  it("compilePlaces - addresses by street, in house-number order, each pointing at its straat", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses, pois });
    expect(placesOf(net, "adres")).toEqual([
      "Bondgenotenlaan 2, 3000 Leuven [Leuven] @50.8808,4.713",
      "Bondgenotenlaan 10, 3000 Leuven [Leuven] @50.88,4.709",
      "Bondgenotenlaan 12 bus 3, 3000 Leuven [Leuven] @50.8798,4.7085",
      "Bondgenotenlaan 13, 3000 Leuven [Leuven] @50.8789,4.704",
      "Naamsestraat 3, 3000 Leuven [Leuven] @50.8765,4.7016",
      "Grand-Place 1, 1370 Jodoigne [-] @50.7233,4.8697",
      "Kerkstraat 1, 3020 Herent [Herent] @50.906,4.659",
      "Kerkstraat 1, 3210 Lubbeek [Lubbeek] @50.887,4.812",
      "Tiensestraat 40, 3000 Leuven [Leuven] @50.874,4.7025",
    ]);
    const p = net.places;
    const s = net.strings;
    const straat = PLACE_KINDS.indexOf("straat");
    const adres = PLACE_KINDS.indexOf("adres");
    const linked: string[] = [];
    for (let i = 0; i < p.count; i++) {
      if (p.kind[i] !== adres) {
        expect(p.street[i]).toBe(NONE32);
        continue;
      }
      const st = p.street[i];
      expect(p.kind[st]).toBe(straat);
      linked.push(`${s.get(p.houseNumber[i])} -> ${s.get(p.name[st])} ${s.get(p.municipalityName[st])}`);
    }
    expect(linked).toEqual([
      "2 -> Bondgenotenlaan Leuven",
      "10 -> Bondgenotenlaan Leuven",
      "12 bus 3 -> Bondgenotenlaan Leuven",
      "13 -> Bondgenotenlaan Leuven",
      "3 -> Naamsestraat Leuven",
      "1 -> Grand-Place Jodoigne",
      "1 -> Kerkstraat Herent",
      "1 -> Kerkstraat Lubbeek",
      "40 -> Tiensestraat Leuven",
    ]);
  });

  it("compilePlaces - points of interest: their kind as category, the municipality whose boundary holds them, else the file's", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses, pois });
    expect(placesOf(net, "herkenningspunt")).toEqual([
      "M Leuven, Leuven [Leuven] (museum) @50.87757,4.70358",
      "Stadhuis, Leuven, Leuven [Leuven] (stadhuis) @50.87887,4.70124",
      "Atomium, Brussel [-] (monument) @50.89496,4.34153",
    ]);
  });

  it("compilePlaces - the readers' skipped rows are meta.warnings with file and line", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses, pois });
    const w = Object.fromEntries(net.meta.warnings.map((x) => [x.code, x]));
    expect(w.address_bad_coordinate).toEqual({
      code: "address_bad_coordinate",
      count: 2,
      examples: [
        'addresses.csv line 8: bad coordinate "0.00000", "0.00000" in EPSG:4326_lat, EPSG:4326_lon',
        'addresses.csv line 9: bad coordinate "abc", "4.70180" in EPSG:4326_lat, EPSG:4326_lon',
      ],
    });
    expect(w.address_no_house_number).toEqual({ code: "address_no_house_number", count: 1, examples: ["addresses.csv line 13: no house_number"] });
    expect(w.poi_no_name.examples).toEqual(["pois.csv line 4: no name"]);
    expect(w.poi_bad_coordinate.examples).toEqual(['pois.csv line 5: bad coordinate "95", "4.7" of "Nowhere"']);
  });

  it("compilePlaces - without reference data: no municipalities, the addresses keep the file's municipality names", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { addresses, pois });
    expect(kindCounts(net)).toEqual({ herkenningspunt: 3, straat: 6, adres: 9 });
    expect(placesOf(net, "adres").slice(0, 2)).toEqual(["Bondgenotenlaan 2, 3000 Leuven [-] @50.8808,4.713", "Bondgenotenlaan 10, 3000 Leuven [-] @50.88,4.709"]);
    expect(placesOf(net, "straat")[3]).toBe("Kerkstraat, 3020 Herent [-] @50.906,4.659");
  });

  it("compilePlaces - a generic feed the reference does not cover gets its parent stations, one per name and place", () => {
    const net = compileNetwork([{ feed: newYorkFeed(), profile: "generic" }], { reference: ref });
    expect(net.meta.municipalities).toEqual([]);
    expect(kindCounts(net)).toEqual({ station: 2 });
    expect(placesOf(net, "station")).toEqual(["Times Sq-42 St [-] @40.75529,-73.987495", "Grand Central-42 St [-] @40.751776,-73.976848"]);
  });

  it("compilePlaces - a feed station at a reference station is not listed twice; another one is added, in its municipality", () => {
    const stations = [
      // 45 m from the reference's Leuven station (50.88228, 4.715866)
      stop("LS", 50.88249, 4.71640, { name: "Leuven Busstation", locationType: 1 }),
      stop("HC", 50.86310, 4.67350, { name: "Heverlee Campus Arenberg", locationType: 1 }),
    ];
    const net = compileNetwork([{ feed: leuvenFeed(stations), profile: "delijn" }], { reference: ref });
    const found = placesOf(net, "station");
    expect(found).toHaveLength(302);
    expect(found.filter((s) => s.startsWith("Leuven"))).toEqual(["Leuven, Leuven [Leuven] @50.88228,4.715866"]);
    expect(found.at(-1)).toBe("Heverlee Campus Arenberg, Leuven [Leuven] @50.8631,4.6735");
  });

  it("compilePlaces - the places survive the snapshot: every column and string", () => {
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses, pois });
    const path = join(mkdtempSync(join(tmpdir(), "lw-places-")), "net.snapshot");
    writeSnapshot(net, path);
    const back = loadSnapshot(path);
    expect(back.places.count).toBe(net.places.count);
    for (const column of ["kind", "name", "houseNumber", "postcode", "municipalityName", "municipality", "category", "lat", "lon", "street"] as const) {
      expect(back.places[column], column).toEqual(net.places[column]);
    }
    for (const kind of PLACE_KINDS) expect(placesOf(back, kind)).toEqual(placesOf(net, kind));
  });
});

describe("compilePlaces - municipality of millions of points", () => {
  it("compilePlaces - the boundary grid gives findMunicipality's answer for 20,000 random points over Flanders and around it", async () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const points: Array<[number, number]> = [];
    for (let i = 0; i < 20_000; i++) points.push([50.6 + random() * 1.0, 2.4 + random() * 3.7]);
    const header = "EPSG:4326_lat,EPSG:4326_lon,house_number,street_id,streetname_nl,municipality_name_nl,postcode,status\n";
    const csv = header + points.map(([lat, lon], i) => `${lat},${lon},${i + 1},${i},Straat ${i},?,1000,current\n`).join("");
    const builder = new AddressTableBuilder();
    await builder.readCsv("random.csv", (async function* () {
      yield Buffer.from(csv);
    })());
    const net = compileNetwork([{ feed: leuvenFeed(), profile: "delijn" }], { reference: ref, addresses: builder.table() });
    const p = net.places;
    const byPosition = new Map<string, number>();
    for (let i = 0; i < p.count; i++) if (p.kind[i] === PLACE_KINDS.indexOf("adres")) byPosition.set(`${p.lat[i]},${p.lon[i]}`, p.municipality[i]);
    let inside = 0;
    for (const [lat, lon] of points) {
      const m = findMunicipality(ref, lat, lon);
      const expected = m ? net.meta.municipalities.findIndex((x) => x.nis === m.nis) : NONE16;
      if (m) inside++;
      expect(byPosition.get(`${lat},${lon}`), `${lat},${lon}`).toBe(expected);
    }
    expect(inside).toBeGreaterThan(8_000);
  });
});
