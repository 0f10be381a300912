/**
 * E9, the line-direction search: a public line number typed whole finds that line's directions first (the
 * identifier tier; the same number in several entities gives several lines); then the directions whose words match
 * every query word: the bestemming (its required words: `335 aarschot` is the direction to Aarschot before the one
 * from it), the public number, the line's and the direction's omschrijving (own words), and the places it serves
 * (the place and municipality words of its stops: context words, best-tier.ts). A direction's words are a set:
 * `leuven leuven` needs no two Leuvens.
 *
 * Within a tier: a match on its own words first, then nearer first when huidigePositie is given (the distance to the direction's nearest stop), then
 * busier (trips on a typical weekday), then the public number in natural order (`4` before `10`), the omschrijving,
 * and the index.
 */
import type { LineDirIdx, Network, StopIdx } from "../network/model.js";
import { foldText, identifierOf, naturalKey, queryWords, textWords } from "./normalise-text.js";
import { FARTHEST_METRES, metresFrom, ORDER_IDENTIFIER, RankedHits, staticRanks, wordOrder } from "./ranked-hits.js";
import type { SearchPage, SearchRequest } from "./search-types.js";
import { addIdentifier } from "./stop-search.js";
import { stopPlaceWords } from "./stop-words.js";
import { buildTextIndex, type DocWords, matchDocuments, NO_WORDS, resolveTerm, type TextIndex } from "./text-index.js";
import type { DayActivity } from "./typical-day-activity.js";

export interface LineDirectionSearchIndex {
  /** Documents are LineDirIdx (a direction without trips has no words). */
  readonly text: TextIndex;
  readonly rank: Uint32Array;
  readonly byRank: Uint32Array;
  /** LineDirIdx -> first row in stops; length lines.count * 2 + 1 */
  readonly stopStart: Uint32Array;
  /** row -> StopIdx served by the direction, each once */
  readonly stops: Uint32Array;
  /** Public line number, lower case -> its directions */
  readonly identifiers: ReadonlyMap<string, readonly LineDirIdx[]>;
}

/** The stops of each direction, each once, as CSR. */
function directionStops(net: Network): { stopStart: Uint32Array; stops: Uint32Array } {
  const { lineDirections: dirs, patterns } = net;
  const count = net.lines.count * 2;
  const stopStart = new Uint32Array(count + 1);
  const out: number[] = [];
  const seen = new Int32Array(net.stops.count).fill(-1);
  for (let ld = 0; ld < count; ld++) {
    stopStart[ld] = out.length;
    for (let r = dirs.patternStart[ld]; r < dirs.patternStart[ld + 1]; r++) {
      const p = dirs.patterns[r];
      for (let i = patterns.stopStart[p]; i < patterns.stopStart[p + 1]; i++) {
        const s = patterns.stops[i];
        if (seen[s] !== ld) {
          seen[s] = ld;
          out.push(s);
        }
      }
    }
  }
  stopStart[count] = out.length;
  return { stopStart, stops: Uint32Array.from(out) };
}

export function buildLineDirectionSearchIndex(net: Network, activity: DayActivity): LineDirectionSearchIndex {
  const { lines, lineDirections: dirs, strings } = net;
  const count = lines.count * 2;
  const { stopStart, stops } = directionStops(net);
  const placeWords = new Map<StopIdx, string[]>();
  const wordsOf = (ld: LineDirIdx): DocWords => {
    if (!dirs.exists[ld]) return NO_WORDS;
    const line = ld >> 1;
    const required = [...new Set(textWords(strings.get(dirs.destination[ld])))];
    const own = new Set<string>(required);
    const optional: string[] = [];
    for (const col of [lines.publicNumber[line], lines.description[line], dirs.description[ld]]) {
      for (const w of textWords(strings.get(col))) if (!own.has(w)) optional.push(w), own.add(w);
    }
    const context = new Set<string>();
    for (let r = stopStart[ld]; r < stopStart[ld + 1]; r++) {
      const s = stops[r];
      let place = placeWords.get(s);
      if (!place) placeWords.set(s, (place = stopPlaceWords(net, s)));
      for (const w of place) if (!own.has(w)) context.add(w);
    }
    return { required, optional, context: [...context] };
  };
  const text = buildTextIndex(count, wordsOf);
  const keys = Array.from({ length: count }, (_, ld) =>
    dirs.exists[ld] ? `${naturalKey(strings.get(lines.publicNumber[ld >> 1]))}\u0000${foldText(strings.get(dirs.description[ld]))}` : "",
  );
  const busy = activity.lineDirectionTrips;
  const { rank, byRank } = staticRanks(count, (a, b) => busy[b] - busy[a] || (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0), (ld) => dirs.exists[ld] === 1);
  const identifiers = new Map<string, LineDirIdx[]>();
  for (let ld = 0; ld < count; ld++) if (dirs.exists[ld]) addIdentifier(identifiers, identifierOf(strings.get(lines.publicNumber[ld >> 1])), ld);
  return { text, rank, byRank, stopStart, stops, identifiers };
}

/** Metres from `near` to the direction's nearest stop (0 without a position). */
function nearestStopMetres(net: Network, index: LineDirectionSearchIndex, ld: LineDirIdx, near: SearchRequest["near"]): number {
  if (!near) return 0;
  let best = Infinity;
  for (let r = index.stopStart[ld]; r < index.stopStart[ld + 1]; r++) {
    const s = index.stops[r];
    const m = metresFrom(near, net.stops.lat[s], net.stops.lon[s]);
    if (m < best) best = m;
  }
  return best === Infinity ? FARTHEST_METRES : best;
}

export function searchLineDirections(net: Network, index: LineDirectionSearchIndex, request: SearchRequest): SearchPage<LineDirIdx> {
  const { near } = request;
  const hits = new RankedHits(index.byRank.length);
  const named = index.identifiers.get(identifierOf(request.text)) ?? [];
  for (const ld of named) hits.add(ORDER_IDENTIFIER, nearestStopMetres(net, index, ld, near), index.rank[ld]);
  const terms = queryWords(request.text).map((w) => resolveTerm(index.text, w));
  matchDocuments(index.text, terms, (ld, match) => {
    if (named.length > 0 && named.includes(ld)) return;
    hits.add(wordOrder(match), nearestStopMetres(net, index, ld, near), index.rank[ld]);
  });
  return hits.page(request.startIndex, request.maxHits, (r) => index.byRank[r]);
}
