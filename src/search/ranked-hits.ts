/**
 * Ranking and paging of hits. Every hit is one number, so a page is a native sort of a Float64Array, not a
 * comparator call per pair: (order, metres from huidigePositie, static rank), packed as
 * `(order * METRES_SPAN + metres) * ranks + rank`.
 *
 * The order is the tier (the identifier typed whole, then the worst word match: exact, prefix, fuzzy, fuzzy
 * prefix) and within it the grade (best-tier.ts: the whole name matched, own words only, context needed). The
 * static rank is a document's place in the order that does not depend on the query (busier first, then the name,
 * then the index; for locations the kind first), computed once per index: it makes the order total, so a page
 * never repeats or skips a hit of the page before. Metres are whole (closer than a metre: the static rank decides)
 * and 0 without a position. The product stays an exact integer below 2^53: 39 orders (the identifier, the word
 * orders, and the word orders again for a stop found only through a twin platform's suffix: stop-search.ts) x 2^24 m
 * (16,777 km: anything farther ties) x up to 2^23 ranks (8.4 million documents; Flanders' 3.5 million addresses fit).
 */
import { haversineMeters } from "../network/queries/stops-near.js";
import { GRADES } from "./best-tier.js";
import { QUALITIES } from "./text-index.js";
import type { SearchPage } from "./search-types.js";

/** Order of a hit whose identifier (stop number, stop_code, stop_id, public line number) was typed whole. */
export const ORDER_IDENTIFIER = 0;
/** Order of a word match (text-index.ts docMatch: quality * GRADES + grade): after the identifier tier. */
export const wordOrder = (match: number): number => GRADES + match;
/** What a word order adds when the match needs a twin platform's suffix (stop-search.ts): after every other word order. */
export const SUFFIX_BAND = QUALITIES * GRADES;
const ORDERS = (1 + 2 * QUALITIES) * GRADES;

const METRES_SPAN = 2 ** 24;
/** The largest distance a key holds: what a hit with no position of its own is given. */
export const FARTHEST_METRES = METRES_SPAN - 1;
export const MAX_RANKS = 2 ** 23;

/** Whole metres from `near` (0 without it), capped to fit the packed key. */
export function metresFrom(near: { lat: number; lon: number } | undefined, lat: number, lon: number): number {
  if (!near) return 0;
  const m = Math.round(haversineMeters(near.lat, near.lon, lat, lon));
  return Number.isFinite(m) ? Math.min(FARTHEST_METRES, m) : FARTHEST_METRES;
}

/** Hits of one query, as packed keys; `ranks` is the number of static ranks (at most MAX_RANKS). */
export class RankedHits {
  private keys = new Float64Array(64);
  private count = 0;
  constructor(private readonly ranks: number) {
    if (ranks > MAX_RANKS) throw new Error(`search: ${ranks} ranks do not fit a packed key`);
  }

  get total(): number {
    return this.count;
  }

  /** `order`: ORDER_IDENTIFIER or wordOrder(match), below ORDERS. */
  add(order: number, metres: number, rank: number): void {
    if (this.count === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[this.count++] = (Math.min(order, ORDERS - 1) * METRES_SPAN + metres) * this.ranks + rank;
  }

  /** The static ranks of hits [startIndex, startIndex + maxHits) in order. */
  pageRanks(startIndex: number, maxHits: number): number[] {
    const from = Math.max(0, Math.floor(startIndex));
    const to = Math.min(this.count, from + Math.max(0, Math.floor(maxHits)));
    if (from >= to) return [];
    let keys = this.keys.subarray(0, this.count);
    // A first page of many hits (a one-letter query): select the smallest `to` keys, sort only them.
    if (to * 8 < keys.length) {
      selectSmallest(keys, to);
      keys = keys.subarray(0, to);
    }
    keys.sort();
    const out: number[] = [];
    for (let i = from; i < to; i++) out.push(keys[i] % this.ranks);
    return out;
  }

  /** The page, mapped from static ranks to what the caller returns. */
  page<T>(startIndex: number, maxHits: number, ofRank: (rank: number) => T): SearchPage<T> {
    return { total: this.count, hits: this.pageRanks(startIndex, maxHits).map(ofRank) };
  }
}

/**
 * The static ranks of `count` documents ordered by `compare` (index last, so the order is total). Returns
 * rank (doc -> rank) and byRank (rank -> doc); documents `ranked` rejects get no rank (NONE) and are not counted.
 */
export function staticRanks(
  count: number,
  compare: (a: number, b: number) => number,
  ranked: (doc: number) => boolean = () => true,
): { rank: Uint32Array; byRank: Uint32Array } {
  const docs: number[] = [];
  for (let d = 0; d < count; d++) if (ranked(d)) docs.push(d);
  docs.sort((a, b) => compare(a, b) || a - b);
  const rank = new Uint32Array(count).fill(0xffff_ffff);
  docs.forEach((d, r) => (rank[d] = r));
  return { rank, byRank: Uint32Array.from(docs) };
}

/** Quickselect: moves the `k` smallest keys (distinct numbers) to keys[0, k), in no order. */
function selectSmallest(keys: Float64Array, k: number): void {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    // Median of three as the pivot.
    const mid = (lo + hi) >>> 1;
    const a = keys[lo];
    const b = keys[mid];
    const c = keys[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] < pivot) i++;
      while (keys[j] > pivot) j--;
      if (i <= j) {
        const t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
        i++;
        j--;
      }
    }
    // keys[lo..j] <= pivot <= keys[i..hi]
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else return;
  }
}
