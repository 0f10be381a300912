import { describe, expect, it } from "vitest";
import { buildSearchIndexes, networkSearch, searchIndexesOf } from "../../src/search/network-search.js";
import { searchNetwork } from "./support/search-fixture.js";

describe("networkSearch", () => {
  it("network search - one search per network, kept with it; another network gets its own", async () => {
    const stops = [{ id: "300001", name: "Station", place: "Leuven", lat: 50.8812, lon: 4.7157, trips: 1 }];
    const a = await searchNetwork(stops);
    const b = await searchNetwork(stops);
    expect(networkSearch(a)).toBe(networkSearch(a));
    expect(networkSearch(a)).not.toBe(networkSearch(b));
    expect(buildSearchIndexes(a)).toBe(networkSearch(a));
    // Built once: asking again gives the same index objects.
    const indexes = searchIndexesOf(a);
    expect(indexes.stops()).toBe(indexes.stops());
    expect(indexes.locations()).toBe(searchIndexesOf(a).locations());
    expect(networkSearch(b).stops({ text: "station", startIndex: 0, maxHits: 10 }).total).toBe(1);
  });
});
