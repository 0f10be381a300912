import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { networkSearch } from "../../src/search/network-search.js";
import type { SearchRequest } from "../../src/search/search-types.js";
import { searchNetwork, stopNames, stopNumbers } from "./support/search-fixture.js";

let net: Network;
const ask = (text: string, more: Partial<SearchRequest> = {}) => networkSearch(net).stops({ text, startIndex: 0, maxHits: 100, ...more });
const names = (text: string, more: Partial<SearchRequest> = {}) => stopNames(net, ask(text, more).hits);

beforeAll(async () => {
  net = await searchNetwork([
    { id: "300001", name: "Station", place: "Leuven", code: "S1", lat: 50.8812, lon: 4.7157, trips: 2 },
    { id: "300002", name: "Stationsplein", place: "Kessel-Lo", lat: 50.8834, lon: 4.7183, trips: 5 },
    { id: "300003", name: "Staton", place: "Heverlee", lat: 50.8601, lon: 4.6930, trips: 9 },
    { id: "300004", name: "Markt", place: "Heverlee", lat: 50.8620, lon: 4.6950, trips: 1 },
    { id: "300005", name: "Markt", place: "Wilsele", lat: 50.9100, lon: 4.7000, trips: 3 },
    { id: "300006", name: "Markt", place: "Kessel-Lo", lat: 50.8900, lon: 4.7300 },
    { id: "300007", name: "Flatbush Av/Nostrand Av", place: "Leuven", lat: 50.8790, lon: 4.7000 },
    { id: "300008", name: "Flatbush Av/Church St", place: "Leuven", lat: 50.8791, lon: 4.7001 },
    { id: "300009", name: "Gasthuisberg Kliniek", place: "Leuven", lat: 50.8800, lon: 4.6720, trips: 4 },
    { id: "300010", name: "Ring", place: "Leuven", lat: 50.8750, lon: 4.7100 },
    { id: "300011", name: "Kilometerpaal 300004", place: "Leuven", lat: 50.8700, lon: 4.7000 },
    { id: "300012", name: "O.L.V.-Kerk", place: "Leuven", lat: 50.8760, lon: 4.7050 },
    { id: "300013", name: "Sint-Jacobsplein", place: "Leuven", lat: 50.8770, lon: 4.6950 },
    { id: "300014", name: "Hôpital", place: "Leuven", lat: 50.8780, lon: 4.6960 },
  ]);
});

describe("searchStops", () => {
  it("stop search - exact before prefix before fuzzy, whatever the busyness", () => {
    expect(names("station")).toEqual(["Leuven Station", "Kessel-Lo Stationsplein", "Heverlee Staton"]);
    expect(ask("station").total).toBe(3);
  });

  it("stop search - within a tier busier stops first, then the name", () => {
    expect(names("markt")).toEqual(["Wilsele Markt", "Heverlee Markt", "Kessel-Lo Markt"]);
  });

  it("stop search - within a tier nearer to huidigePositie first", () => {
    expect(names("markt", { near: { lat: 50.8901, lon: 4.7299 } })).toEqual(["Kessel-Lo Markt", "Wilsele Markt", "Heverlee Markt"]);
    expect(names("markt", { near: { lat: 50.8621, lon: 4.6951 } })).toEqual(["Heverlee Markt", "Kessel-Lo Markt", "Wilsele Markt"]);
    // The tier still comes first.
    expect(names("station", { near: { lat: 50.8601, lon: 4.6930 } })).toEqual(["Leuven Station", "Kessel-Lo Stationsplein", "Heverlee Staton"]);
  });

  it("stop search - word order is free, and the municipality may be one of the words", () => {
    expect(names("heverlee markt")).toEqual(["Heverlee Markt"]);
    expect(names("markt heverlee")).toEqual(["Heverlee Markt"]);
    // Wilsele, Heverlee and Kessel-Lo lie in Leuven: the whole name matched would come first, here none is.
    expect(names("leuven markt")).toEqual(["Wilsele Markt", "Heverlee Markt", "Kessel-Lo Markt"]);
    expect(names("leuven station")[0]).toBe("Leuven Station");
  });

  it("stop search - every query word must match, each a different word of the stop", () => {
    expect(names("markt station")).toEqual([]);
    expect(names("av av flatbush")).toEqual(["Leuven Flatbush Av/Nostrand Av"]);
    expect(names("flatbush av")).toEqual(["Leuven Flatbush Av/Church St", "Leuven Flatbush Av/Nostrand Av"]);
  });

  it("stop search - the last word is a prefix, the others are not", () => {
    expect(names("gasthuisb")).toEqual(["Leuven Gasthuisberg Kliniek"]);
    expect(names("gasthuisb kliniek")).toEqual([]);
    expect(names("leuven gast")).toEqual(["Leuven Gasthuisberg Kliniek"]);
  });

  it("stop search - typos: none under 4 letters, one from 4, two from 8, a transposition counts one", () => {
    expect(names("mrakt heverlee")).toEqual(["Heverlee Markt"]);
    expect(names("mrkat heverlee")).toEqual([]);
    expect(names("rang leuven")).toEqual(["Leuven Ring"]);
    expect(names("rin leuven")).toEqual([]);
    expect(names("gasthiusbreg kliniek")).toEqual(["Leuven Gasthuisberg Kliniek"]);
    expect(names("gastheusbreg kliniek")).toEqual([]);
    expect(names("kliinek gasthuisberg")).toEqual(["Leuven Gasthuisberg Kliniek"]);
  });

  it("stop search - abbreviations and diacritics", () => {
    expect(names("onze lieve vrouw kerk")).toEqual(["Leuven O.L.V.-Kerk"]);
    expect(names("olv leuven")).toEqual(["Leuven O.L.V.-Kerk"]);
    expect(names("st jacobsplein")).toEqual(["Leuven Sint-Jacobsplein"]);
    expect(names("St.-Jacobsplein")).toEqual(["Leuven Sint-Jacobsplein"]);
    expect(names("leuven stat.")[0]).toBe("Leuven Station");
    expect(names("hopital")).toEqual(["Leuven Hôpital"]);
    expect(names("HÔPITAL leuven")).toEqual(["Leuven Hôpital"]);
  });

  it("stop search - a stop number, stop_code or stop_id typed whole finds that stop first", () => {
    expect(stopNumbers(net, ask("300004").hits)).toEqual(["300004", "300011"]);
    expect(names("s1")).toEqual(["Leuven Station"]);
    expect(names(" 300010 ")).toEqual(["Leuven Ring"]);
  });

  it("stop search - %, *, quotes and emoji are text, never an error", () => {
    for (const text of ["%", "*", "'", '"', "😀", "%%%", "\u0000", "   ", "🚌🚌", "%25", "\\"]) {
      expect(ask(text)).toEqual({ total: 0, hits: [] });
    }
    expect(names("markt 😀")).toEqual(names("markt"));
    expect(names('"markt" *')).toEqual(names("markt"));
  });

  it("stop search - pages follow one total order: no repeat, no gap, total counts them all", () => {
    const all = ask("leuven");
    expect(all.total).toBe(all.hits.length);
    expect(all.total).toBeGreaterThan(10);
    for (const size of [1, 3, 7]) {
      const pages = [];
      for (let start = 0; start < all.total; start += size) {
        const page = ask("leuven", { startIndex: start, maxHits: size });
        expect(page.total).toBe(all.total);
        pages.push(...page.hits);
      }
      expect(pages).toEqual(all.hits);
    }
    expect(ask("leuven", { startIndex: all.total, maxHits: 10 })).toEqual({ total: all.total, hits: [] });
  });
});
