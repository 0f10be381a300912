/**
 * E7, the stop search: a stop number, GTFS stop_code or stop_id typed whole finds that stop first (the identifier
 * tier); then the stops whose words (stop-words.ts) match every query word, exact before an abbreviation before
 * prefix before fuzzy, and within each the whole omschrijvingLang matched before part of it before a match that
 * needs the municipality or a twin platform's suffix (best-tier.ts grades). Then: nearer to huidigePositie first when
 * given, then busier (stop-time rows on a typical weekday, typical-day-activity.ts), then omschrijvingLang, then the
 * index: a total order, so pages never repeat or skip.
 *
 * A match that needs a twin platform's suffix (`south ferry` in `Rector St richting South Ferry`, stop-words.ts) comes
 * after every match of a stop's own words, whatever their tiers: the suffix names another station, so `coney island
 * stillwell avenue` finds `Coney Island-Stillwell Av` (one word abbreviated) before `Avenue I richting Coney
 * Island-Stillwell Av` (every word exact).
 *
 * The platforms of one station (parent_station) come together (docs/COMPATIBILITY.md S22): each takes the place of
 * the station's best platform among the hits, and within the station they follow their own matches. The static
 * rank keeps a station's platforms adjacent (the station's activity, then its name), so the block is one run of ranks
 * that a query only permutes.
 */
import type { Network, StopIdx } from "../network/model.js";
import { foldText, identifierOf, queryWords } from "./normalise-text.js";
import { bestTier, GRADE_CONTEXT, GRADES, matchGrade } from "./best-tier.js";
import { metresFrom, ORDER_IDENTIFIER, RankedHits, staticRanks, SUFFIX_BAND, wordOrder } from "./ranked-hits.js";
import type { SearchPage, SearchRequest } from "./search-types.js";
import { stopWords } from "./stop-words.js";
import { buildTextIndex, matchDocuments, qualityMatrix, resolveTerm, type TextIndex } from "./text-index.js";
import type { DayActivity } from "./typical-day-activity.js";

export interface StopSearchIndex {
  /** Documents are StopIdx. */
  readonly text: TextIndex;
  /** StopIdx -> static rank (busier station first, then its name, then busier platform, then omschrijvingLang) */
  readonly rank: Uint32Array;
  /** static rank -> StopIdx */
  readonly byRank: Uint32Array;
  /** A stop number, stop_code or stop_id, lower case -> the stops that have it */
  readonly identifiers: ReadonlyMap<string, readonly StopIdx[]>;
  /** StopIdx -> its station's first StopIdx (itself without a parent station or without a sibling) */
  readonly station: Uint32Array;
  /** StopIdx -> whether other stops share its station */
  readonly grouped: Uint8Array;
  /** StopIdx -> how many of its words come before its twin suffix's (all of them without one) */
  readonly suffixFrom: Uint16Array;
}

/** Adds `key -> value` to a map of lists, once. */
export function addIdentifier<T>(map: Map<string, T[]>, key: string, value: T): void {
  if (key === "") return;
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** StopIdx -> the first stop of its station (same entity, parent_station and parent name); `grouped` when shared. */
function stationsOf(net: Network): { station: Uint32Array; grouped: Uint8Array } {
  const { stops } = net;
  const station = new Uint32Array(stops.count);
  const grouped = new Uint8Array(stops.count);
  const first = new Map<string, number>();
  for (let s = 0; s < stops.count; s++) {
    station[s] = s;
    if (stops.parentGtfsId[s] === 0) continue;
    const key = `${stops.entity[s]}\n${stops.parentGtfsId[s]}\n${stops.parentName[s]}`;
    const f = first.get(key);
    if (f === undefined) first.set(key, s);
    else {
      station[s] = f;
      grouped[s] = grouped[f] = 1;
    }
  }
  return { station, grouped };
}

export function buildStopSearchIndex(net: Network, activity: DayActivity): StopSearchIndex {
  const { stops, strings } = net;
  const suffixFrom = new Uint16Array(stops.count);
  const text = buildTextIndex(stops.count, (s) => {
    const words = stopWords(net, s);
    suffixFrom[s] = Math.min(0xffff, words.suffixFrom);
    return words;
  });
  const names = Array.from({ length: stops.count }, (_, s) => foldText(strings.get(stops.longName[s])));
  const busy = activity.stopDepartures;
  const { station, grouped } = stationsOf(net);
  const stationBusy = new Float64Array(stops.count);
  for (let s = 0; s < stops.count; s++) stationBusy[station[s]] += busy[s];
  const stationName = (s: number) => names[station[s]];
  const { rank, byRank } = staticRanks(stops.count, (a, b) => {
    const [sa, sb] = [station[a], station[b]];
    if (sa !== sb) {
      const na = stationName(a);
      const nb = stationName(b);
      return stationBusy[sb] - stationBusy[sa] || (na < nb ? -1 : na > nb ? 1 : sa - sb);
    }
    return busy[b] - busy[a] || (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0);
  });
  const identifiers = new Map<string, StopIdx[]>();
  for (let s = 0; s < stops.count; s++) {
    for (const col of [stops.number, stops.code, stops.gtfsId]) addIdentifier(identifiers, identifierOf(strings.get(col[s])), s);
  }
  return { text, rank, byRank, identifiers, station, grouped, suffixFrom };
}

/** One hit before it is ranked: its order (ORDER_IDENTIFIER or wordOrder), metres and static rank. */
interface StopHit {
  stop: StopIdx;
  order: number;
  metres: number;
  rank: number;
}

const before = (a: StopHit, b: StopHit) => a.order - b.order || a.metres - b.metres || a.rank - b.rank;

export function searchStops(net: Network, index: StopSearchIndex, request: SearchRequest): SearchPage<StopIdx> {
  const { lat, lon } = net.stops;
  const { near } = request;
  const hits = new RankedHits(index.byRank.length);
  const named = index.identifiers.get(identifierOf(request.text)) ?? [];
  const inStations = new Map<number, StopHit[]>();
  const add = (stop: StopIdx, order: number) => {
    const hit = { stop, order, metres: metresFrom(near, lat[stop], lon[stop]), rank: index.rank[stop] };
    if (!index.grouped[stop]) return hits.add(hit.order, hit.metres, hit.rank);
    const list = inStations.get(index.station[stop]);
    if (list) list.push(hit);
    else inStations.set(index.station[stop], [hit]);
  };
  for (const s of named) add(s, ORDER_IDENTIFIER);
  const terms = queryWords(request.text).map((w) => resolveTerm(index.text, w));
  const { docWordStart } = index.text;
  matchDocuments(index.text, terms, (s, match) => {
    if (named.length > 0 && named.includes(s)) return;
    let order = wordOrder(match);
    if (match % GRADES === GRADE_CONTEXT && index.suffixFrom[s] < docWordStart[s + 1] - docWordStart[s]) {
      // Context was needed: was it the suffix? The tier without the suffix's words says.
      const { matrix, n, m } = qualityMatrix(index.text, terms, s);
      // Then, as for any match, whether the stop's whole own name is matched (`7 av towards …` is 7 Av's platform
      // before 57 St-7 Av's), the suffix's words counted as its own.
      if (bestTier(matrix, n, m, index.suffixFrom[s]) > Math.floor(match / GRADES)) order = wordOrder(matchGrade(matrix, n, m, index.text.docRequired[s], m)) + SUFFIX_BAND;
    }
    add(s, order);
  });
  if (inStations.size === 0) return hits.page(request.startIndex, request.maxHits, (r) => index.byRank[r]);
  // A station's hits take its best hit's order and metres, and its ranks in their own order.
  const moved = new Map<number, StopIdx>();
  for (const list of inStations.values()) {
    list.sort(before);
    const ranks = list.map((h) => h.rank).sort((a, b) => a - b);
    list.forEach((h, i) => {
      hits.add(list[0].order, list[0].metres, ranks[i]);
      moved.set(ranks[i], h.stop);
    });
  }
  return hits.page(request.startIndex, request.maxHits, (r) => moved.get(r) ?? index.byRank[r]);
}
