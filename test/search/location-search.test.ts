import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACE_KINDS, type Network } from "../../src/network/model.js";
import { readAddresses } from "../../src/reference/read-addresses.js";
import { readPois } from "../../src/reference/read-pois.js";
import { networkSearch } from "../../src/search/network-search.js";
import type { LocationHit, SearchRequest } from "../../src/search/search-types.js";
import { searchNetwork } from "./support/search-fixture.js";

const HEADER =
  "EPSG:31370_x,EPSG:31370_y,EPSG:4326_lat,EPSG:4326_lon,address_id,box_number,house_number,municipality_id,municipality_name_de,municipality_name_fr,municipality_name_nl,postcode,postname_fr,postname_nl,street_id,streetname_de,streetname_fr,streetname_nl,region_code,status";

/** [street id, street, house number, box, municipality, postcode, lat, lon] */
const ADDRESSES: Array<[number, string, string, string, string, string, number, number]> = [
  [1, "Bondgenotenlaan", "12", "", "Leuven", "3000", 50.8807, 4.7107],
  [1, "Bondgenotenlaan", "12", "2", "Leuven", "3000", 50.8807, 4.7107],
  [1, "Bondgenotenlaan", "12", "1", "Leuven", "3000", 50.8807, 4.7107],
  [1, "Bondgenotenlaan", "14", "", "Leuven", "3000", 50.8808, 4.7110],
  [1, "Bondgenotenlaan", "3", "", "Leuven", "3000", 50.8801, 4.7090],
  [2, "Kerkstraat", "1", "", "Leuven", "3000", 50.8780, 4.7000],
  [2, "Kerkstraat", "12", "", "Leuven", "3000", 50.8781, 4.7001],
  [3, "Kerkstraat", "12", "", "Herent", "3020", 50.9080, 4.6700],
  [4, "Naamsestraat", "12", "", "Leuven", "3000", 50.8750, 4.7020],
  [5, "Tiensestraat", "12A", "", "Leuven", "3000", 50.8770, 4.7080],
];

let dir: string;
let net: Network;
const ask = (text: string, more: Partial<SearchRequest> = {}) => networkSearch(net).locations({ text, startIndex: 0, maxHits: 100, ...more });

/** "kind name [house number] (municipality)" of a hit. */
function label(hit: LocationHit): string {
  const s = net.strings;
  if (hit.kind === "stop") return `halte ${s.get(net.stops.longName[hit.stop])}`;
  const p = hit.place;
  const house = s.get(net.places.houseNumber[p]);
  return `${PLACE_KINDS[net.places.kind[p]]} ${s.get(net.places.name[p])}${house ? ` ${house}` : ""} (${s.get(net.places.municipalityName[p])})`;
}
const labels = (text: string, more: Partial<SearchRequest> = {}) => ask(text, more).hits.map(label);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lw-search-"));
  const rows = ADDRESSES.map(([street, name, house, box, municipality, postcode, lat, lon], i) =>
    ["0", "0", lat, lon, 100 + i, box, house, municipality === "Leuven" ? 24062 : 24038, "", "", municipality, postcode, "", municipality, street, "", "", name, "BE-VLG", "current"].join(","),
  );
  writeFileSync(join(dir, "addresses.csv"), [HEADER, ...rows].join("\n") + "\n");
  writeFileSync(join(dir, "pois.csv"), "name,kind,lat,lon\nM Leuven,museum,50.87757,4.70358\nUZ Leuven Gasthuisberg,ziekenhuis,50.88083,4.6725\nStadhuis Leuven,stadhuis,50.87887,4.70124\n");
  net = await searchNetwork(
    [
      { id: "300001", name: "Station", place: "Leuven", lat: 50.8812, lon: 4.7157, trips: 4 },
      { id: "300002", name: "Bondgenotenlaan", place: "Leuven", lat: 50.8805, lon: 4.7105, trips: 2 },
      { id: "300003", name: "Station", place: "Heverlee", lat: 50.8601, lon: 4.693, trips: 9 },
    ],
    [],
    { addresses: await readAddresses([join(dir, "addresses.csv")]), pois: readPois([join(dir, "pois.csv")]) },
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("searchLocations", () => {
  it("location search - a street name finds the street (and the stop of that name), not its addresses", () => {
    // The street's whole name is matched, the stop's (Leuven Bondgenotenlaan) only in part.
    expect(labels("bondgenotenlaan")).toEqual(["straat Bondgenotenlaan (Leuven)", "halte Leuven Bondgenotenlaan"]);
    expect(labels("bondgenotenl")).toEqual(["straat Bondgenotenlaan (Leuven)", "halte Leuven Bondgenotenlaan"]);
    expect(labels("leuven bondgenotenlaan")).toEqual(["halte Leuven Bondgenotenlaan", "straat Bondgenotenlaan (Leuven)"]);
  });

  it("location search - a house number typed with the street finds the address, exactly that number", () => {
    expect(labels("bondgenotenlaan 12 leuven")).toEqual(["adres Bondgenotenlaan 12 (Leuven)", "adres Bondgenotenlaan 12 bus 1 (Leuven)", "adres Bondgenotenlaan 12 bus 2 (Leuven)"]);
    expect(labels("12 bondgenotenlaan")).toEqual(labels("bondgenotenlaan 12 leuven"));
    expect(labels("bondgenotenlaan 12 bus 2")).toEqual(["adres Bondgenotenlaan 12 bus 2 (Leuven)"]);
    expect(labels("bondgenotenlaan 1")).toEqual([]);
    // The street follows: 3 is also the start of its postcode 3000 (a prefix match).
    expect(labels("bondgenotenlaan 3")).toEqual(["adres Bondgenotenlaan 3 (Leuven)", "straat Bondgenotenlaan (Leuven)"]);
    expect(labels("tiensestraat 12a")).toEqual(["adres Tiensestraat 12A (Leuven)"]);
    expect(labels("tiensestraat 12")).toEqual([]);
  });

  it("location search - the municipality or the postcode picks among streets of one name", () => {
    expect(labels("kerkstraat")).toEqual(["straat Kerkstraat (Herent)", "straat Kerkstraat (Leuven)"]);
    expect(labels("kerkstraat herent")).toEqual(["straat Kerkstraat (Herent)"]);
    expect(labels("kerkstraat 12 herent")).toEqual(["adres Kerkstraat 12 (Herent)"]);
    expect(labels("3000 kerkstraat")).toEqual(["straat Kerkstraat (Leuven)"]);
    expect(labels("kerkstr 12")).toEqual(["adres Kerkstraat 12 (Herent)", "adres Kerkstraat 12 (Leuven)"]);
  });

  it("location search - a number alone finds no address", () => {
    expect(labels("12").filter((l) => l.startsWith("adres"))).toEqual([]);
  });

  it("location search - kinds within a tier: municipality, sub-municipality, station, stop, street, point of interest, address", () => {
    const leuven = labels("leuven");
    expect(leuven.slice(0, 3)).toEqual(["hoofdgemeente Leuven (Leuven)", "deelgemeente Leuven (Leuven)", "station Leuven (Leuven)"]);
    const kinds = leuven.map((l) => l.split(" ")[0]);
    const order = ["hoofdgemeente", "deelgemeente", "station", "halte", "straat", "herkenningspunt"];
    // Within the exact tier the kinds come in order; prefix and fuzzy matches follow.
    expect(kinds.slice(0, kinds.indexOf("herkenningspunt") + 1).map((k) => order.indexOf(k))).toEqual(
      [...kinds.slice(0, kinds.indexOf("herkenningspunt") + 1).map((k) => order.indexOf(k))].sort((a, b) => a - b),
    );
    expect(labels("leuven station")[0]).toBe("station Leuven (Leuven)");
    expect(labels("heverlee station")[0]).toBe("station Heverlee (Leuven)");
  });

  it("location search - points of interest by name and kind", () => {
    expect(labels("m leuven")[0]).toBe("herkenningspunt M Leuven (Leuven)");
    expect(labels("museum")).toEqual(["herkenningspunt M Leuven (Leuven)"]);
    expect(labels("gasthuisberg")).toEqual(["herkenningspunt UZ Leuven Gasthuisberg (Leuven)"]);
    expect(labels("stadhuis leuven")).toEqual(["herkenningspunt Stadhuis Leuven (Leuven)"]);
  });

  it("location search - huidigePositie is ignored", () => {
    expect(ask("leuven", { near: { lat: 50.86, lon: 4.69 } })).toEqual(ask("leuven"));
  });

  it("location search - pages follow one total order across kinds, addresses last", () => {
    const all = ask("leuven 12");
    expect(all.total).toBe(all.hits.length);
    const paged = [];
    for (let start = 0; start < all.total; start += 2) paged.push(...ask("leuven 12", { startIndex: start, maxHits: 2 }).hits);
    expect(paged).toEqual(all.hits);
    expect(all.hits.map(label).filter((l) => l.startsWith("adres"))).toEqual([
      "adres Bondgenotenlaan 12 (Leuven)",
      "adres Bondgenotenlaan 12 bus 1 (Leuven)",
      "adres Bondgenotenlaan 12 bus 2 (Leuven)",
      "adres Kerkstraat 12 (Leuven)",
      "adres Naamsestraat 12 (Leuven)",
    ]);
  });

  it("location search - text that is no word finds nothing, and never throws", () => {
    for (const text of ["%", "*", "'", '"', "😀", "\u0000"]) expect(ask(text)).toEqual({ total: 0, hits: [] });
  });
});
