/**
 * E7, the stop search: a stop number, GTFS stop_code or stop_id typed whole finds that stop first (the identifier
 * tier); then the stops whose words (stop-words.ts) match every query word, exact before prefix before fuzzy, and
 * within each the whole omschrijvingLang matched before part of it before a match that needs the municipality
 * (best-tier.ts grades). Then: nearer to huidigePositie first when given, then busier (stop-time rows on a typical weekday,
 * typical-day-activity.ts), then omschrijvingLang, then the index: a total order, so pages never repeat or skip.
 */
import type { Network, StopIdx } from "../network/model.js";
import { foldText, identifierOf, queryWords } from "./normalise-text.js";
import { metresFrom, ORDER_IDENTIFIER, RankedHits, staticRanks, wordOrder } from "./ranked-hits.js";
import type { SearchPage, SearchRequest } from "./search-types.js";
import { stopWords } from "./stop-words.js";
import { buildTextIndex, matchDocuments, resolveTerm, type TextIndex } from "./text-index.js";
import type { DayActivity } from "./typical-day-activity.js";

export interface StopSearchIndex {
  /** Documents are StopIdx. */
  readonly text: TextIndex;
  /** StopIdx -> static rank (busier first, then omschrijvingLang) */
  readonly rank: Uint32Array;
  /** static rank -> StopIdx */
  readonly byRank: Uint32Array;
  /** A stop number, stop_code or stop_id, lower case -> the stops that have it */
  readonly identifiers: ReadonlyMap<string, readonly StopIdx[]>;
}

/** Adds `key -> value` to a map of lists, once. */
export function addIdentifier<T>(map: Map<string, T[]>, key: string, value: T): void {
  if (key === "") return;
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

export function buildStopSearchIndex(net: Network, activity: DayActivity): StopSearchIndex {
  const { stops, strings } = net;
  const text = buildTextIndex(stops.count, (s) => stopWords(net, s));
  const names = Array.from({ length: stops.count }, (_, s) => foldText(strings.get(stops.longName[s])));
  const busy = activity.stopDepartures;
  const { rank, byRank } = staticRanks(stops.count, (a, b) => busy[b] - busy[a] || (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  const identifiers = new Map<string, StopIdx[]>();
  for (let s = 0; s < stops.count; s++) {
    for (const col of [stops.number, stops.code, stops.gtfsId]) addIdentifier(identifiers, identifierOf(strings.get(col[s])), s);
  }
  return { text, rank, byRank, identifiers };
}

export function searchStops(net: Network, index: StopSearchIndex, request: SearchRequest): SearchPage<StopIdx> {
  const { lat, lon } = net.stops;
  const { near } = request;
  const hits = new RankedHits(index.byRank.length);
  const named = index.identifiers.get(identifierOf(request.text)) ?? [];
  for (const s of named) hits.add(ORDER_IDENTIFIER, metresFrom(near, lat[s], lon[s]), index.rank[s]);
  const terms = queryWords(request.text).map((w) => resolveTerm(index.text, w));
  matchDocuments(index.text, terms, (s, match) => {
    if (named.length > 0 && named.includes(s)) return;
    hits.add(wordOrder(match), metresFrom(near, lat[s], lon[s]), index.rank[s]);
  });
  return hits.page(request.startIndex, request.maxHits, (r) => index.byRank[r]);
}
