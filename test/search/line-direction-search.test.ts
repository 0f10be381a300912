import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { networkSearch } from "../../src/search/network-search.js";
import type { SearchRequest } from "../../src/search/search-types.js";
import { directionNames, searchNetwork } from "./support/search-fixture.js";

let net: Network;
const ask = (text: string, more: Partial<SearchRequest> = {}) => networkSearch(net).lineDirections({ text, startIndex: 0, maxHits: 100, ...more });
const names = (text: string, more: Partial<SearchRequest> = {}) => directionNames(net, ask(text, more).hits);

beforeAll(async () => {
  net = await searchNetwork(
    [
      { id: "300001", name: "Station", place: "Leuven", lat: 50.8812, lon: 4.7157 },
      { id: "300002", name: "Stationsplein", place: "Kessel-Lo", lat: 50.8834, lon: 4.7183 },
      { id: "300004", name: "Markt", place: "Heverlee", lat: 50.862, lon: 4.695 },
      { id: "300005", name: "Markt", place: "Wilsele", lat: 50.91, lon: 4.7 },
      { id: "300020", name: "Dorp", place: "Herent", lat: 50.9087, lon: 4.6711 },
      { id: "300021", name: "Kerk", place: "Bierbeek", lat: 50.828, lon: 4.759 },
    ],
    [
      { id: "3001", publicNumber: "1", description: "Kessel-Lo - Heverlee", stops: ["300002", "300001", "300004"], trips: 3 },
      { id: "3010", publicNumber: "10", description: "Leuven - Wilsele", stops: ["300001", "300002", "300005"], trips: 1 },
      { id: "3007", publicNumber: "7", description: "Leuven - Herent", stops: ["300001", "300020"], trips: 2 },
      { id: "3017", publicNumber: "7", description: "Leuven - Bierbeek", stops: ["300001", "300021"], trips: 1 },
    ],
  );
});

describe("searchLineDirections", () => {
  it("line-direction search - a public line number typed whole finds that line's directions first", () => {
    // Line 10 follows as a prefix of what is typed; HEEN and TERUG are equally busy: the omschrijving decides.
    expect(names("1")).toEqual(["1 TERUG > Stationsplein", "1 HEEN > Markt", "10 HEEN > Markt", "10 TERUG > Station"]);
    expect(ask("1").total).toBe(4);
    expect(names("10")).toEqual(["10 HEEN > Markt", "10 TERUG > Station"]);
  });

  it("line-direction search - the same number in two lines: the busier first, or the nearer with huidigePositie", () => {
    // 3007 to Herent (Dorp) runs 2 trips a direction, 3017 to Bierbeek (Kerk) 1.
    expect(names("7")).toEqual(["7 TERUG > Station", "7 HEEN > Dorp", "7 TERUG > Station", "7 HEEN > Kerk"]);
    const lines = ask("7").hits.map((ld) => net.strings.get(net.lines.description[ld >> 1]));
    expect(lines).toEqual(["Leuven - Herent", "Leuven - Herent", "Leuven - Bierbeek", "Leuven - Bierbeek"]);
    const nearBierbeek = ask("7", { near: { lat: 50.83, lon: 4.76 } }).hits;
    expect(directionNames(net, nearBierbeek)).toEqual(["7 TERUG > Station", "7 HEEN > Kerk", "7 TERUG > Station", "7 HEEN > Dorp"]);
  });

  it("line-direction search - by description and destination, own words before the places served", () => {
    expect(names("wilsele")).toEqual(["10 HEEN > Markt", "10 TERUG > Station"]);
    expect(names("bierbeek")).toEqual(["7 TERUG > Station", "7 HEEN > Kerk"]);
    // Kessel-Lo is in line 1's description; line 10 only serves it.
    expect(names("kessel-lo")).toEqual(["1 TERUG > Stationsplein", "1 HEEN > Markt", "10 HEEN > Markt", "10 TERUG > Station"]);
    expect(names("kessel lo heverlee")).toEqual(["1 TERUG > Stationsplein", "1 HEEN > Markt"]);
    // Leuven: in the omschrijving of lines 7 and 10 (busier first, then the number), a place served by line 1.
    expect(names("leuven").map((n) => n.split(" ")[0])).toEqual(["7", "7", "7", "7", "10", "10", "1", "1"]);
  });

  it("line-direction search - the places served: places of the stops and their municipality", () => {
    // Herent's stop is in Herent; the Bierbeek line's stops are in Leuven and Bierbeek.
    expect(names("herent")).toEqual(["7 TERUG > Station", "7 HEEN > Dorp"]);
    expect(names("heverlee wilsele")).toEqual([]);
  });

  it("line-direction search - typos, prefixes, and text that is no word", () => {
    expect(names("bierbek")).toEqual(names("bierbeek"));
    expect(names("wils")).toEqual(names("wilsele"));
    expect(ask("%*😀")).toEqual({ total: 0, hits: [] });
  });

  it("line-direction search - pages follow one total order", () => {
    const all = ask("leuven");
    expect(all.total).toBe(8);
    const paged = [0, 3, 6].flatMap((startIndex) => ask("leuven", { startIndex, maxHits: 3 }).hits);
    expect(paged).toEqual(all.hits);
  });
});
