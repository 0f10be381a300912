/**
 * E8, the location search: places (PlaceColumns: municipalities, sub-municipalities, stations, points of interest,
 * streets, addresses) and stops, in one index whose documents are [0, stops) the stops, then the places by
 * PlaceIdx, then the address groups that have no street of their own.
 *
 * Words: a stop's as in E7 (stop-words.ts); a place's name (required), a station's word `station` (`leuven
 * station` finds the station Leuven) and a point of interest's kind (`museum`) as optional own words; its
 * municipality's name and a street's postcode as context words.
 *
 * Addresses are not documents with words (3.5 million would need postings of their own): an address is found
 * through its street. A query finds an address when one of its words is the address's house number, exactly, and
 * every other word matches a word of the street (name, municipality, postcode) or of the rest of the house number
 * (`bus 3`). So `bondgenotenlaan 12 leuven` finds the address, `bondgenotenlaan` the street (not its hundred
 * addresses), and a number alone finds no address. Each street keeps its addresses sorted by house number, so a
 * number is a binary search in the street's slice.
 *
 * Ranking: tier first (exact, prefix, fuzzy, fuzzy prefix), then the grade (best-tier.ts: the whole name matched,
 * own words, a context word needed: `leuven station` is the station Leuven before the station Heverlee in Leuven),
 * then the kind (hoofdgemeente, deelgemeente, station, stop, street, point of interest, address: what a traveller
 * most likely means when several match equally well), then busier (stops), then the name and the index; addresses
 * by their street's rank and the house number in natural order. huidigePositie is ignored: the spec says it is
 * unsupported for locations, and a position-free order keeps a location's rank the same for everyone.
 */
import { NONE32 } from "../network/constants.js";
import { PLACE_KINDS, type Network, type PlaceIdx, type PlaceKind } from "../network/model.js";
import { matchGrade, NO_MATCH } from "./best-tier.js";
import { foldText, naturalKey, queryWords, textWords, type QueryWord } from "./normalise-text.js";
import { MAX_RANKS, RankedHits, staticRanks, wordOrder } from "./ranked-hits.js";
import type { LocationHit, SearchPage, SearchRequest } from "./search-types.js";
import { stopWords } from "./stop-words.js";
import {
  buildTextIndex,
  type DocWords,
  forEachPosting,
  leadingTerm,
  matchDocuments,
  NO_WORDS,
  QUALITY_EXACT,
  resolveTerm,
  termQuality,
  type Term,
  type TextIndex,
} from "./text-index.js";
import type { DayActivity } from "./typical-day-activity.js";

/** Order of the kinds within a tier (stops are `halte`). */
export const LOCATION_KIND_ORDER: Readonly<Record<PlaceKind | "halte", number>> = {
  hoofdgemeente: 0,
  deelgemeente: 1,
  station: 2,
  halte: 3,
  straat: 4,
  herkenningspunt: 5,
  adres: 6,
};

const KIND = Object.fromEntries(PLACE_KINDS.map((k, i) => [k, i])) as Record<PlaceKind, number>;

export interface LocationSearchIndex {
  /** Documents: stops, then places (doc - stopCount = PlaceIdx; an address has no words), then street-less address groups. */
  readonly text: TextIndex;
  readonly stopCount: number;
  /** doc -> static rank (kind, busier, name); NONE32 for addresses and street-less groups, which are never hits themselves */
  readonly rank: Uint32Array;
  readonly byRank: Uint32Array;
  /** doc -> its address group, -1 when it has no addresses */
  readonly groupOfDoc: Int32Array;
  /** group -> first row in groupAddresses; length groups + 1 */
  readonly groupStart: Uint32Array;
  /** row -> PlaceIdx of an address, by house number within its group */
  readonly groupAddresses: Uint32Array;
  /** row -> id of the address's house number in numberIds */
  readonly groupNumbers: Uint32Array;
  /** A house number's first word (`12`, `12a`) -> id */
  readonly numberIds: ReadonlyMap<string, number>;
  /** StrIdx of a house number in use -> its words (`12 bus 3` -> 12, bus, 3) */
  readonly houseWords: ReadonlyMap<number, readonly string[]>;
  /** Every word of a house number in use: a query word that may belong to the address rather than the street */
  readonly houseWordSet: ReadonlySet<string>;
  /** Bytes of the address tables (the text index aside) */
  readonly addressBytes: number;
}

/** `text`'s words that `own` lacks. */
function extraWords(text: string, own: readonly string[]): string[] {
  return textWords(text).filter((w, i, all) => !own.includes(w) && all.indexOf(w) === i);
}

/** A place's words (an address has none: it is found through its street). */
function placeWords(net: Network, p: PlaceIdx): DocWords {
  const { places, strings } = net;
  const kind = places.kind[p];
  if (kind === KIND.adres) return NO_WORDS;
  const required = textWords(strings.get(places.name[p]));
  const optional = kind === KIND.station ? extraWords("station", required) : kind === KIND.herkenningspunt ? extraWords(strings.get(places.category[p]), required) : [];
  const own = [...required, ...optional];
  const context = extraWords(strings.get(places.municipalityName[p]), own);
  if (kind === KIND.straat) context.push(...extraWords(strings.get(places.postcode[p]), [...own, ...context]));
  return { required, optional, context };
}

/** The words of a street-less address group: its first address's street name, then municipality and postcode. */
function groupWords(net: Network, p: PlaceIdx): DocWords {
  const { places, strings } = net;
  const required = textWords(strings.get(places.name[p]));
  const context = extraWords(strings.get(places.municipalityName[p]), required);
  context.push(...extraWords(strings.get(places.postcode[p]), [...required, ...context]));
  return { required, context };
}

export function buildLocationSearchIndex(net: Network, activity: DayActivity): LocationSearchIndex {
  const { stops, places, strings } = net;
  const S = stops.count;
  const P = places.count;

  // Address groups: a street, or (no street) street name + municipality + postcode.
  let addressCount = 0;
  for (let p = 0; p < P; p++) if (places.kind[p] === KIND.adres) addressCount++;
  const addressDoc = new Uint32Array(addressCount);
  const addressPlace = new Uint32Array(addressCount);
  const orphanGroups = new Map<string, number>();
  const orphanFirst: PlaceIdx[] = [];
  for (let p = 0, a = 0; p < P; p++) {
    if (places.kind[p] !== KIND.adres) continue;
    const street = places.street[p];
    let doc: number;
    if (street !== NONE32 && street < P && places.kind[street] === KIND.straat) doc = S + street;
    else {
      const key = `${places.name[p]}/${places.municipalityName[p]}/${places.postcode[p]}`;
      let o = orphanGroups.get(key);
      if (o === undefined) {
        o = orphanFirst.length;
        orphanGroups.set(key, o);
        orphanFirst.push(p);
      }
      doc = S + P + o;
    }
    addressDoc[a] = doc;
    addressPlace[a++] = p;
  }
  const docCount = S + P + orphanFirst.length;

  // House numbers: words per distinct string, an id per first word.
  const numberIds = new Map<string, number>();
  const houseWords = new Map<number, readonly string[]>();
  const houseWordSet = new Set<string>();
  const numberOfString = new Map<number, number>();
  const addressNumber = new Uint32Array(addressCount);
  for (let a = 0; a < addressCount; a++) {
    const str = places.houseNumber[addressPlace[a]];
    let id = numberOfString.get(str);
    if (id === undefined) {
      const words = textWords(strings.get(str));
      houseWords.set(str, words);
      for (const w of words) houseWordSet.add(w);
      const first = words[0] ?? "";
      id = numberIds.get(first);
      if (id === undefined) numberIds.set(first, (id = numberIds.size));
      numberOfString.set(str, id);
    }
    addressNumber[a] = id;
  }

  // Group ids in document order; addresses sorted by (group, number) with two stable counting sorts.
  const groupOfDoc = new Int32Array(docCount).fill(-1);
  let groups = 0;
  for (let a = 0; a < addressCount; a++) if (groupOfDoc[addressDoc[a]] < 0) groupOfDoc[addressDoc[a]] = groups++;
  const byNumber = countingOrder(addressCount, numberIds.size, (a) => addressNumber[a], undefined);
  const groupStart = new Uint32Array(groups + 1);
  const order = countingOrder(addressCount, groups, (a) => groupOfDoc[addressDoc[a]], byNumber, groupStart);
  const groupAddresses = new Uint32Array(addressCount);
  const groupNumbers = new Uint32Array(addressCount);
  for (let r = 0; r < addressCount; r++) {
    groupAddresses[r] = addressPlace[order[r]];
    groupNumbers[r] = addressNumber[order[r]];
  }

  const text = buildTextIndex(docCount, (doc) => (doc < S ? stopWords(net, doc) : doc < S + P ? placeWords(net, doc - S) : groupWords(net, orphanFirst[doc - S - P])));

  const rankable = (doc: number) => doc < S || (doc < S + P && places.kind[doc - S] !== KIND.adres);
  const kindOrder = (doc: number) => (doc < S ? LOCATION_KIND_ORDER.halte : LOCATION_KIND_ORDER[PLACE_KINDS[places.kind[doc - S]]]);
  const names: string[] = [];
  for (let doc = 0; doc < S + P; doc++) {
    if (!rankable(doc)) continue;
    names[doc] = doc < S ? foldText(strings.get(stops.longName[doc])) : `${foldText(strings.get(places.name[doc - S]))} ${foldText(strings.get(places.municipalityName[doc - S]))}`;
  }
  const busy = (doc: number) => (doc < S ? activity.stopDepartures[doc] : 0);
  const { rank, byRank } = staticRanks(
    docCount,
    (a, b) => kindOrder(a) - kindOrder(b) || busy(b) - busy(a) || (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0),
    rankable,
  );
  const addressBytes = groupOfDoc.byteLength + groupStart.byteLength + groupAddresses.byteLength + groupNumbers.byteLength;
  return { text, stopCount: S, rank, byRank, groupOfDoc, groupStart, groupAddresses, groupNumbers, numberIds, houseWords, houseWordSet, addressBytes };
}

/**
 * A stable counting sort of items 0..count-1 (or of `input`'s order) by `key` in [0, keys): the new order; `starts`
 * (length keys + 1), when given, receives each key's first row.
 */
function countingOrder(count: number, keys: number, key: (item: number) => number, input: Uint32Array | undefined, starts = new Uint32Array(keys + 1)): Uint32Array {
  starts.fill(0);
  for (let i = 0; i < count; i++) starts[key(i) + 1]++;
  for (let k = 0; k < keys; k++) starts[k + 1] += starts[k];
  const fill = starts.slice(0, keys);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const item = input ? input[i] : i;
    out[fill[key(item)]++] = item;
  }
  return out;
}

let matrix = new Uint8Array(256);

/**
 * The match of an address (text-index.ts docMatch) for the query with term `pinned` taken by its house number:
 * every other term needs a word of its own among the street's words and the house number's other words (`bus`,
 * `3`; exact only, own optional words). Columns: the street's own words, the house number's, the street's context.
 */
function addressMatch(index: LocationSearchIndex, words: readonly QueryWord[], terms: readonly Term[], doc: number, house: readonly string[], pinned: number): number {
  const { docWordStart, docWords, docRequired, docOwn } = index.text;
  const start = docWordStart[doc];
  const streetWords = docWordStart[doc + 1] - start;
  const streetOwn = docOwn[doc];
  const extra = house.length - 1;
  const m = streetWords + extra;
  const n = terms.length - 1;
  if (matrix.length < n * m) matrix = new Uint8Array(n * m * 2);
  let row = 0;
  for (let t = 0; t < terms.length; t++) {
    if (t === pinned) continue;
    const at = row * m;
    for (let w = 0; w < streetOwn; w++) matrix[at + w] = termQuality(terms[t], docWords[start + w]);
    for (let k = 1; k <= extra; k++) matrix[at + streetOwn + k - 1] = words[t].word === house[k] ? QUALITY_EXACT : NO_MATCH;
    for (let w = streetOwn; w < streetWords; w++) matrix[at + extra + w] = termQuality(terms[t], docWords[start + w]);
    row++;
  }
  if (n === 0) return QUALITY_EXACT;
  return matchGrade(matrix, n, m, docRequired[doc], streetOwn + extra);
}

/** An address found: its match (quality * GRADES + grade) and the document (street) it was found through. */
interface AddressMatch {
  match: number;
  doc: number;
}

/** Addresses matching the query. */
function matchAddresses(net: Network, index: LocationSearchIndex, words: readonly QueryWord[], terms: readonly Term[]): Map<PlaceIdx, AddressMatch> {
  const found = new Map<PlaceIdx, AddressMatch>();
  if (index.groupAddresses.length === 0 || terms.length < 2) return found;
  const { groupOfDoc, groupStart, groupAddresses, groupNumbers } = index;
  for (let h = 0; h < terms.length; h++) {
    const number = index.numberIds.get(words[h].word);
    if (number === undefined) continue;
    const lead = leadingTerm(terms, (t) => t !== h && !index.houseWordSet.has(words[t].word));
    if (lead < 0 || terms[lead].postingRows === 0) continue;
    forEachPosting(index.text, terms[lead], (doc) => {
      const g = groupOfDoc[doc];
      if (g < 0) return;
      let lo = groupStart[g];
      let hi = groupStart[g + 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (groupNumbers[mid] < number) lo = mid + 1;
        else hi = mid;
      }
      for (let r = lo; r < groupStart[g + 1] && groupNumbers[r] === number; r++) {
        const p = groupAddresses[r];
        const house = index.houseWords.get(net.places.houseNumber[p]) ?? [];
        const q = addressMatch(index, words, terms, doc, house, h);
        if (q === NO_MATCH) continue;
        const before = found.get(p);
        if (before === undefined || q < before.match) found.set(p, { match: q, doc });
      }
    });
  }
  return found;
}

export function searchLocations(net: Network, index: LocationSearchIndex, request: SearchRequest): SearchPage<LocationHit> {
  const words = queryWords(request.text);
  const terms = words.map((w) => resolveTerm(index.text, w));
  const docTiers: number[] = [];
  const docRanks: number[] = [];
  matchDocuments(
    index.text,
    terms,
    (doc, quality) => {
      docTiers.push(wordOrder(quality));
      docRanks.push(index.rank[doc]);
    },
    (doc) => index.rank[doc] !== NONE32,
  );
  // Addresses: by match, then as their streets rank (a street-less group after the streets), then the house number
  // in natural order (12, 12 bus 1, 12 bus 2), then the index.
  const addresses = [...matchAddresses(net, index, words, terms)];
  if (addresses.length > 1) {
    const { places, strings } = net;
    const houseKey = new Map<number, string>();
    const house = (p: PlaceIdx) => {
      let k = houseKey.get(p);
      if (k === undefined) houseKey.set(p, (k = naturalKey(strings.get(places.houseNumber[p]))));
      return k;
    };
    const streetRank = (doc: number) => (index.rank[doc] === NONE32 ? MAX_RANKS + doc : index.rank[doc]);
    addresses.sort(([a, x], [b, y]) => x.match - y.match || streetRank(x.doc) - streetRank(y.doc) || (house(a) < house(b) ? -1 : house(a) > house(b) ? 1 : a - b));
  }
  const ranked = index.byRank.length;
  const hits = new RankedHits(ranked + addresses.length);
  for (let i = 0; i < docTiers.length; i++) hits.add(docTiers[i], 0, docRanks[i]);
  addresses.forEach(([, found], k) => hits.add(wordOrder(found.match), 0, ranked + k));
  return hits.page(request.startIndex, request.maxHits, (r): LocationHit => {
    if (r >= ranked) return { kind: "place", place: addresses[r - ranked][0] };
    const doc = index.byRank[r];
    return doc < index.stopCount ? { kind: "stop", stop: doc } : { kind: "place", place: doc - index.stopCount };
  });
}
