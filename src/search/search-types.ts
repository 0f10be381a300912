/**
 * The search contract (E7 stops, E9 line directions, E8 locations): what the API asks (SearchRequest) and what a
 * network's search answers (SearchPage of indices), independent of HTTP and of the response shapes. The API renders
 * the indices with the network's own stop and line-direction renderers and the places' columns.
 *
 * A NetworkSearch belongs to one Network: its indexes are built once per network (networkSearch() in
 * network-search.ts caches them, dropped with the network), so a snapshot swap gets fresh ones.
 */
import type { LineDirIdx, PlaceIdx, StopIdx } from "../network/model.js";

export interface SearchRequest {
  /** zoekArgument as typed (already percent-decoded): any text, 1..MAX_SEARCH_TEXT characters. */
  text: string;
  /** huidigePositie: nearer hits first within a tier of equal match quality. */
  near?: { lat: number; lon: number };
  /** startIndex: hits skipped, >= 0. */
  startIndex: number;
  /** maxAantalHits: 1..MAX_SEARCH_HITS. */
  maxHits: number;
}

/** One page of a ranked hit list: `total` counts every match (aantalHits), `hits` the page. */
export interface SearchPage<T> {
  total: number;
  hits: T[];
}

/** A location hit (E8): a stop, or a place of PlaceColumns (municipality, station, street, address, ...). */
export type LocationHit = { kind: "stop"; stop: StopIdx } | { kind: "place"; place: PlaceIdx };

export interface NetworkSearch {
  stops(request: SearchRequest): SearchPage<StopIdx>;
  lineDirections(request: SearchRequest): SearchPage<LineDirIdx>;
  locations(request: SearchRequest): SearchPage<LocationHit>;
}

/** Longest zoekArgument accepted (longer: 400). */
export const MAX_SEARCH_TEXT = 200;
/** Largest maxAantalHits accepted (larger: 400). */
export const MAX_SEARCH_HITS = 100;
/** maxAantalHits when absent. */
export const DEFAULT_SEARCH_HITS = 10;
