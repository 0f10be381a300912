/**
 * A network's search (NetworkSearch of search-types.ts): E7 stops, E9 line directions, E8 locations, each over its
 * own index, built on first use and cached per Network (derived-index.ts: dropped with the network, so a snapshot
 * swap gets fresh ones). buildSearchIndexes() builds them all at once, for a server that wants its first request fast.
 *
 * The three indexes share the typical weekday's activity (typical-day-activity.ts), computed once. The location
 * index is the big one (it holds the addresses' streets and house numbers): it is built only when asked for.
 *
 * Requests are taken as the API validated them; out-of-range numbers are clamped rather than thrown on (a query
 * never fails on its text: any text is words or nothing).
 */
import { derivedIndex } from "../network/derived-index.js";
import type { LineDirIdx, Network, StopIdx } from "../network/model.js";
import { buildLineDirectionSearchIndex, type LineDirectionSearchIndex, searchLineDirections } from "./line-direction-search.js";
import { buildLocationSearchIndex, type LocationSearchIndex, searchLocations } from "./location-search.js";
import type { LocationHit, NetworkSearch, SearchPage, SearchRequest } from "./search-types.js";
import { buildStopSearchIndex, searchStops, type StopSearchIndex } from "./stop-search.js";
import { type DayActivity, typicalDayActivity } from "./typical-day-activity.js";

class LazyNetworkSearch implements NetworkSearch {
  private activity?: DayActivity;
  private stopIndex?: StopSearchIndex;
  private lineDirectionIndex?: LineDirectionSearchIndex;
  private locationIndex?: LocationSearchIndex;

  constructor(private readonly network: Network) {}

  private dayActivity(): DayActivity {
    return (this.activity ??= typicalDayActivity(this.network));
  }

  stopSearchIndex(): StopSearchIndex {
    return (this.stopIndex ??= buildStopSearchIndex(this.network, this.dayActivity()));
  }

  lineDirectionSearchIndex(): LineDirectionSearchIndex {
    return (this.lineDirectionIndex ??= buildLineDirectionSearchIndex(this.network, this.dayActivity()));
  }

  locationSearchIndex(): LocationSearchIndex {
    return (this.locationIndex ??= buildLocationSearchIndex(this.network, this.dayActivity()));
  }

  stops(request: SearchRequest): SearchPage<StopIdx> {
    return searchStops(this.network, this.stopSearchIndex(), request);
  }

  lineDirections(request: SearchRequest): SearchPage<LineDirIdx> {
    return searchLineDirections(this.network, this.lineDirectionSearchIndex(), request);
  }

  locations(request: SearchRequest): SearchPage<LocationHit> {
    return searchLocations(this.network, this.locationSearchIndex(), request);
  }
}

const lazySearch = derivedIndex("search indexes: stops, line directions, locations (each built on first use)", (network) => new LazyNetworkSearch(network));

/** The network's search; its indexes are built on first use of each endpoint. */
export function networkSearch(network: Network): NetworkSearch {
  return lazySearch(network);
}

/** Builds every search index of the network now (at load, so that no request pays for it); returns the search. */
export function buildSearchIndexes(network: Network): NetworkSearch {
  const search = lazySearch(network);
  search.stopSearchIndex();
  search.lineDirectionSearchIndex();
  search.locationSearchIndex();
  return search;
}

/** The indexes themselves, for the benchmark and the tests (sizes, build times). */
export function searchIndexesOf(network: Network): {
  stops: () => StopSearchIndex;
  lineDirections: () => LineDirectionSearchIndex;
  locations: () => LocationSearchIndex;
} {
  const search = lazySearch(network);
  return {
    stops: () => search.stopSearchIndex(),
    lineDirections: () => search.lineDirectionSearchIndex(),
    locations: () => search.locationSearchIndex(),
  };
}
