/**
 * A text index over numbered documents (stops, line directions, places): a sorted word dictionary
 * (word-dictionary.ts), each document's words, and each word's documents, all as CSR typed arrays, no object per
 * document or per posting.
 *
 * A query word becomes a Term: the dictionary ids it matches, by quality: exact (the word itself), abbreviation (a
 * known contraction either way round: normalise-text.ts contractionsOf), prefix (an id range, last word only), fuzzy
 * (words within its typo allowance), fuzzy prefix (ranges of words starting within the allowance, last word only)
 * and short form (an indexed word that abbreviates it by the letters it keeps: word-dictionary.ts abbreviations). A query is answered by walking the postings of its most selective term
 * (fewest postings) and checking each document found against every term with a bottleneck assignment
 * (best-tier.ts): every query word must match a different word of the document.
 */
import { GRADE_COMPLETE, GRADE_CONTEXT, GRADE_OWN, GRADES, matchGrade, NO_MATCH } from "./best-tier.js";
import { contractionsOf, type QueryWord } from "./normalise-text.js";
import { WordDictionary } from "./word-dictionary.js";

/**
 * Match qualities of a term against a word: the tiers of docs/COMPATIBILITY.md S10, best first, the fuzzy one in two (a typo in a whole
 * word, then a typo in what the last word starts: `hlle` is Halle before Halen). A known contraction is the whole
 * word written short (`Sq` for `square`, `St` for `street`), so below the word itself and above what the last word
 * only starts. A short form found by its letters alone is last: the rule that finds `tpke` in `turnpike` also finds
 * `de` in `doleeg` and `mere` in `middelaresk`, so it must never outrank a typo.
 */
export const QUALITY_EXACT = 0;
export const QUALITY_ABBREVIATION = 1;
export const QUALITY_PREFIX = 2;
export const QUALITY_FUZZY = 3;
export const QUALITY_FUZZY_PREFIX = 4;
export const QUALITY_SHORT_FORM = 5;
/** How many qualities there are. */
export const QUALITIES = 6;

export interface TextIndex {
  readonly dictionary: WordDictionary;
  readonly docCount: number;
  /** doc -> first row in docWords; length docCount + 1 */
  readonly docWordStart: Uint32Array;
  /** row -> word id: required own words, optional own words, context words; a word may repeat (`Av X/Av Y`) */
  readonly docWords: Uint32Array;
  /** doc -> how many of its first words are required (best-tier.ts GRADE_COMPLETE) */
  readonly docRequired: Uint16Array;
  /** doc -> how many of its first words are its own (the rest are context) */
  readonly docOwn: Uint16Array;
  /** word id -> first row in postings; length dictionary.size + 1 */
  readonly postingStart: Uint32Array;
  /** row -> doc, ascending per word, each document once per word */
  readonly postings: Uint32Array;
  /** Scratch of one query at a time (queries are synchronous): doc -> stamp of the last query that saw it. */
  readonly scratch: { seen: Uint32Array; stamp: number };
}

/** A document's canonical words (normalise-text.ts), by class (best-tier.ts matchGrade). */
export interface DocWords {
  /** Its name: all matched makes a complete match. */
  readonly required: readonly string[];
  /** Its own but not needed for a complete match (a station's `station`, a point of interest's kind). */
  readonly optional?: readonly string[];
  /** Words about where it is (municipality, postcode, places served). */
  readonly context?: readonly string[];
}

/** A document no query finds (a direction without trips, an address). */
export const NO_WORDS: DocWords = { required: [] };

/** Builds the index of `docCount` documents (at most 65,535 words each). */
export function buildTextIndex(docCount: number, wordsOf: (doc: number) => DocWords): TextIndex {
  const firstIds = new Map<string, number>();
  const firstWords: string[] = [];
  const docWordStart = new Uint32Array(docCount + 1);
  const docRequired = new Uint16Array(docCount);
  const docOwn = new Uint16Array(docCount);
  let flat = new Uint32Array(1024);
  let rows = 0;
  const push = (words: readonly string[] | undefined) => {
    if (!words) return;
    for (const w of words) {
      let id = firstIds.get(w);
      if (id === undefined) {
        id = firstWords.length;
        firstWords.push(w);
        firstIds.set(w, id);
      }
      if (rows === flat.length) {
        const grown = new Uint32Array(flat.length * 2);
        grown.set(flat);
        flat = grown;
      }
      flat[rows++] = id;
    }
  };
  for (let doc = 0; doc < docCount; doc++) {
    docWordStart[doc] = rows;
    const words = wordsOf(doc);
    push(words.required);
    docRequired[doc] = Math.min(0xffff, rows - docWordStart[doc]);
    push(words.optional);
    docOwn[doc] = Math.min(0xffff, rows - docWordStart[doc]);
    push(words.context);
  }
  docWordStart[docCount] = rows;
  const order = firstWords.map((_, i) => i).sort((a, b) => (firstWords[a] < firstWords[b] ? -1 : 1));
  const dictionary = new WordDictionary(order.map((i) => firstWords[i]));
  const finalId = new Uint32Array(firstWords.length);
  order.forEach((first, id) => (finalId[first] = id));
  const docWords = new Uint32Array(rows);
  for (let r = 0; r < rows; r++) docWords[r] = finalId[flat[r]];

  const postingStart = new Uint32Array(dictionary.size + 1);
  const firstInDoc = (doc: number, r: number) => {
    for (let k = docWordStart[doc]; k < r; k++) if (docWords[k] === docWords[r]) return false;
    return true;
  };
  for (let doc = 0; doc < docCount; doc++) {
    for (let r = docWordStart[doc]; r < docWordStart[doc + 1]; r++) if (firstInDoc(doc, r)) postingStart[docWords[r] + 1]++;
  }
  for (let w = 0; w < dictionary.size; w++) postingStart[w + 1] += postingStart[w];
  const postings = new Uint32Array(postingStart[dictionary.size]);
  const fill = postingStart.slice(0, dictionary.size);
  for (let doc = 0; doc < docCount; doc++) {
    for (let r = docWordStart[doc]; r < docWordStart[doc + 1]; r++) if (firstInDoc(doc, r)) postings[fill[docWords[r]]++] = doc;
  }
  return {
    dictionary,
    docCount,
    docWordStart,
    docWords,
    docRequired,
    docOwn,
    postingStart,
    postings,
    scratch: { seen: new Uint32Array(docCount), stamp: 0 },
  };
}

/** Bytes of an index's typed arrays plus an estimate of its dictionary's strings and map. */
export function textIndexBytes(index: TextIndex): number {
  const words = index.dictionary.words.reduce((n, w) => n + 2 * w.length + 40, 0);
  return (
    index.docWordStart.byteLength +
    index.docWords.byteLength +
    index.docRequired.byteLength +
    index.docOwn.byteLength +
    index.postingStart.byteLength +
    index.postings.byteLength +
    index.scratch.seen.byteLength +
    index.dictionary.typedBytes +
    2 * words
  );
}

/** A query word resolved against one index. */
export interface Term {
  /** The word itself (also an abbreviation's written-out form), -1 when not in the dictionary. */
  readonly exact: number;
  /** Known contractions of it or that it contracts, ascending (without `exact`). */
  readonly abbreviations: Uint32Array;
  /** Words that abbreviate it by its letters (word-dictionary.ts abbreviations), ascending, without the above. */
  readonly shortForms: Uint32Array;
  /** Words starting with what was typed (last word only): ids [prefixLo, prefixHi). */
  readonly prefixLo: number;
  readonly prefixHi: number;
  /** Words within the typo allowance, ascending. */
  readonly fuzzyWords: Uint32Array;
  /** Prefix mode: id ranges [lo, hi) of words starting within the allowance, as flat pairs. */
  readonly fuzzyRanges: readonly number[];
  /** Every id range the term matches, merged and ascending, as flat pairs. */
  readonly spans: readonly number[];
  /** Postings rows behind `spans`: how many documents to check when this term leads. */
  readonly postingRows: number;
}

function mergeSpans(pairs: number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] < pairs[i + 1]) order.push(i);
  order.sort((a, b) => pairs[a] - pairs[b]);
  const out: number[] = [];
  for (const i of order) {
    const [lo, hi] = [pairs[i], pairs[i + 1]];
    if (out.length > 0 && lo <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Resolves a query word against the index's dictionary. */
export function resolveTerm(index: TextIndex, q: QueryWord): Term {
  const dict = index.dictionary;
  const exact = dict.id(q.word);
  const [prefixLo, prefixHi] = q.prefix ? dict.prefixRange(q.typed) : [0, 0];
  const fuzzy: number[] = [];
  const fuzzyRanges: number[] = [];
  if (q.edits > 0) {
    dict.fuzzy(q.prefix ? q.typed : q.word, q.edits, q.prefix, {
      word: (id) => fuzzy.push(id),
      range: (lo, hi) => fuzzyRanges.push(lo, hi),
    });
    // A suffix abbreviation's written-out form with a typo (`bondgenotnstr` typed, not last).
    if (q.prefix && q.word !== q.typed) dict.fuzzy(q.word, q.edits, false, { word: (id) => fuzzy.push(id), range: () => {} });
  }
  const fuzzyWords = Uint32Array.from(fuzzy).sort();
  const short: number[] = [];
  for (const w of contractionsOf(q.word)) {
    const id = dict.id(w);
    if (id >= 0) short.push(id);
  }
  const abbreviations = Uint32Array.from(new Set(short.filter((id) => id !== exact))).sort();
  const letters: number[] = [];
  if (!DIGITS.test(q.word)) dict.abbreviations(q.word, q.prefix, (id) => letters.push(id));
  const shortForms = Uint32Array.from(new Set(letters.filter((id) => id !== exact && !holds(abbreviations, id)))).sort();
  const pairs = [prefixLo, prefixHi, ...fuzzyRanges];
  if (exact >= 0) pairs.push(exact, exact + 1);
  for (const w of abbreviations) pairs.push(w, w + 1);
  for (const w of shortForms) pairs.push(w, w + 1);
  for (const w of fuzzyWords) pairs.push(w, w + 1);
  const spans = mergeSpans(pairs);
  let postingRows = 0;
  for (let i = 0; i < spans.length; i += 2) postingRows += index.postingStart[spans[i + 1]] - index.postingStart[spans[i]];
  return { exact, abbreviations, shortForms, prefixLo, prefixHi, fuzzyWords, fuzzyRanges, spans, postingRows };
}

const DIGITS = /\d/;

/** Whether ascending `ids` holds `id`. */
function holds(ids: Uint32Array, id: number): boolean {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && ids[lo] === id;
}

/** How well a term matches a word: QUALITY_EXACT .. QUALITY_SHORT_FORM, or NO_MATCH. */
export function termQuality(term: Term, word: number): number {
  if (word === term.exact) return QUALITY_EXACT;
  if (term.abbreviations.length > 0 && holds(term.abbreviations, word)) return QUALITY_ABBREVIATION;
  if (word >= term.prefixLo && word < term.prefixHi) return QUALITY_PREFIX;
  if (holds(term.fuzzyWords, word)) return QUALITY_FUZZY;
  const r = term.fuzzyRanges;
  for (let i = 0; i < r.length; i += 2) if (word >= r[i] && word < r[i + 1]) return QUALITY_FUZZY_PREFIX;
  if (term.shortForms.length > 0 && holds(term.shortForms, word)) return QUALITY_SHORT_FORM;
  return NO_MATCH;
}

let quality = new Uint8Array(256);

/** A quality matrix of `terms` (minus the one at `skip`, when >= 0) by the words of `doc` followed by `extra` words. */
export function qualityMatrix(index: TextIndex, terms: readonly Term[], doc: number, skip = -1): { matrix: Uint8Array; n: number; m: number } {
  const start = index.docWordStart[doc];
  const m = index.docWordStart[doc + 1] - start;
  const n = skip >= 0 ? terms.length - 1 : terms.length;
  if (quality.length < n * m) quality = new Uint8Array(n * m * 2);
  let row = 0;
  for (let t = 0; t < terms.length; t++) {
    if (t === skip) continue;
    for (let w = 0; w < m; w++) quality[row * m + w] = termQuality(terms[t], index.docWords[start + w]);
    row++;
  }
  return { matrix: quality, n, m };
}

/** docMatch of a one-word query without a matrix (a one-letter query checks thousands of documents): the same answer. */
function oneTermMatch(index: TextIndex, term: Term, doc: number): number {
  const start = index.docWordStart[doc];
  const end = index.docWordStart[doc + 1];
  const own = start + index.docOwn[doc];
  let bestOwn = NO_MATCH;
  let bestContext = NO_MATCH;
  for (let r = start; r < end; r++) {
    const q = termQuality(term, index.docWords[r]);
    if (r < own) {
      if (q < bestOwn) bestOwn = q;
    } else if (q < bestContext) bestContext = q;
  }
  const tier = Math.min(bestOwn, bestContext);
  if (tier === NO_MATCH) return NO_MATCH;
  if (bestOwn > tier) return tier * GRADES + GRADE_CONTEXT;
  const required = index.docRequired[doc];
  if (required === 0) return tier * GRADES + GRADE_COMPLETE;
  return tier * GRADES + (required === 1 && termQuality(term, index.docWords[start]) <= tier ? GRADE_COMPLETE : GRADE_OWN);
}

/** The match of a document for all terms: quality * GRADES + grade (best-tier.ts matchGrade), NO_MATCH when none. */
export function docMatch(index: TextIndex, terms: readonly Term[], doc: number): number {
  // More words asked than the document has: no assignment (and no matrix to fill for a query of 100 words).
  if (terms.length > index.docWordStart[doc + 1] - index.docWordStart[doc]) return NO_MATCH;
  if (terms.length === 1) return oneTermMatch(index, terms[0], doc);
  const { matrix, n, m } = qualityMatrix(index, terms, doc);
  return matchGrade(matrix, n, m, index.docRequired[doc], index.docOwn[doc]);
}

/** A fresh stamp for `index.scratch.seen` (cleared when the counter wraps). */
export function nextStamp(index: TextIndex): number {
  const scratch = index.scratch;
  scratch.stamp = (scratch.stamp + 1) >>> 0;
  if (scratch.stamp === 0) {
    scratch.seen.fill(0);
    scratch.stamp = 1;
  }
  return scratch.stamp;
}

/** Calls `visit` once per document in the postings of `term`'s spans (each document once). */
export function forEachPosting(index: TextIndex, term: Term, visit: (doc: number) => void): void {
  const s = nextStamp(index);
  const { postingStart, postings } = index;
  const seen = index.scratch.seen;
  const spans = term.spans;
  for (let i = 0; i < spans.length; i += 2) {
    const end = postingStart[spans[i + 1]];
    for (let r = postingStart[spans[i]]; r < end; r++) {
      const doc = postings[r];
      if (seen[doc] === s) continue;
      seen[doc] = s;
      visit(doc);
    }
  }
}

/** The term with the fewest postings among `terms` (optionally only those `allowed`), -1 when none. */
export function leadingTerm(terms: readonly Term[], allowed: (t: number) => boolean = () => true): number {
  let best = -1;
  for (let t = 0; t < terms.length; t++) if (allowed(t) && (best < 0 || terms[t].postingRows < terms[best].postingRows)) best = t;
  return best;
}

/**
 * Every document matching all terms, with its match (quality * GRADES + grade, docMatch): `accept` filters
 * documents before they are checked. No terms: no documents.
 */
export function matchDocuments(
  index: TextIndex,
  terms: readonly Term[],
  visit: (doc: number, match: number) => void,
  accept?: (doc: number) => boolean,
): void {
  const lead = leadingTerm(terms);
  if (lead < 0 || terms[lead].postingRows === 0) return;
  forEachPosting(index, terms[lead], (doc) => {
    if (accept && !accept(doc)) return;
    const match = docMatch(index, terms, doc);
    if (match !== NO_MATCH) visit(doc, match);
  });
}
