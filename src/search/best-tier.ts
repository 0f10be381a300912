/**
 * The match of a document for a query: every query word needs its own word of the document (word order is
 * free, and `av av` needs two `av`: docs/COMPATIBILITY.md S10), and the document is as good as the worst word of the best such assignment.
 * That is a bottleneck assignment on a small matrix (a few query words by a few document words): for each quality
 * from the best, a bipartite matching (Kuhn's augmenting paths) over the pairs at least that good.
 *
 * Within a tier the match gets a grade (matchGrade; docs/COMPATIBILITY.md S19), as nothing says how two exact matches compare:
 * the document's whole name matched beats part of it, and both beat a match that needs a context word (a stop's
 * municipality, the places a line serves), so that the municipality may be one of the words without outranking
 * the places that carry the name.
 */

/** A query word that matches no word of the document at all. */
export const NO_MATCH = 255;

let matchOfWord = new Int32Array(64);
let seen = new Uint32Array(64);
let stamp = 0;

function augment(quality: Uint8Array, m: number, columns: number, term: number, limit: number): boolean {
  for (let w = 0; w < columns; w++) {
    if (quality[term * m + w] > limit || seen[w] === stamp) continue;
    seen[w] = stamp;
    const other = matchOfWord[w];
    if (other < 0 || augment(quality, m, columns, other, limit)) {
      matchOfWord[w] = term;
      return true;
    }
  }
  return false;
}

/**
 * The smallest q such that each of the `n` terms gets a different one of the words with quality <= q; NO_MATCH
 * when there is none. `quality` is row-major n x m (term, word), NO_MATCH where a pair does not match; only the
 * first `columns` words take part (a document's own words, without its context).
 */
export function bestTier(quality: Uint8Array, n: number, m: number, columns = m): number {
  if (n > columns) return NO_MATCH;
  // Each term's best word bounds the answer from below; one term needs nothing more.
  let floor = 0;
  for (let t = 0; t < n; t++) {
    let best = NO_MATCH;
    for (let w = 0; w < columns; w++) if (quality[t * m + w] < best) best = quality[t * m + w];
    if (best === NO_MATCH) return NO_MATCH;
    if (best > floor) floor = best;
  }
  if (n === 1) return floor;
  if (matchOfWord.length < columns) {
    matchOfWord = new Int32Array(columns * 2);
    seen = new Uint32Array(columns * 2);
  }
  for (let limit = floor; limit < NO_MATCH; limit++) {
    let ok = true;
    let worst = 0;
    matchOfWord.fill(-1, 0, columns);
    for (let t = 0; t < n && ok; t++) {
      stamp = (stamp + 1) >>> 0;
      if (stamp === 0) {
        seen.fill(0);
        stamp = 1;
      }
      ok = augment(quality, m, columns, t, limit);
    }
    if (ok) {
      for (let w = 0; w < columns; w++) if (matchOfWord[w] >= 0 && quality[matchOfWord[w] * m + w] > worst) worst = quality[matchOfWord[w] * m + w];
      return worst;
    }
    // The next limit worth trying is the next quality present in the matrix.
    let next = NO_MATCH;
    for (let t = 0; t < n; t++) {
      for (let w = 0; w < columns; w++) {
        const q = quality[t * m + w];
        if (q > limit && q < next) next = q;
      }
    }
    if (next === NO_MATCH) return NO_MATCH;
    limit = next - 1;
  }
  return NO_MATCH;
}

/*
 * Grades within a tier, best first: how much of the document the query is about.
 */
/** Every required word of the document (a stop's omschrijvingLang, a place's name) is matched, and no context word is needed. */
export const GRADE_COMPLETE = 0;
/** Only the document's own words are needed. */
export const GRADE_OWN = 1;
/** A context word is needed (the municipality of a stop or street, the places a line direction serves). */
export const GRADE_CONTEXT = 2;
export const GRADES = 3;

let transposed = new Uint8Array(256);

/**
 * The match of a document: `tier * GRADES + grade` (tier from bestTier), NO_MATCH when there is none. The
 * document's words are the matrix's columns in three runs: [0, required) its required own words, [required, own)
 * optional own words (a station's `station`), [own, m) context words. Context counts only when the tier cannot be
 * reached without it: `leuven station` is about Leuven's station before Heverlee's (whose municipality is Leuven).
 * Complete: the terms can take every required word, each its own, within the tier (a matching from the words'
 * side; with the terms' own matching, Mendelsohn-Dulmage gives one assignment doing both).
 */
export function matchGrade(quality: Uint8Array, n: number, m: number, required: number, own: number): number {
  const tier = bestTier(quality, n, m);
  if (tier === NO_MATCH) return NO_MATCH;
  if (own < m && bestTier(quality, n, m, own) > tier) return tier * GRADES + GRADE_CONTEXT;
  if (required > n || required === 0) return tier * GRADES + (required === 0 ? GRADE_COMPLETE : GRADE_OWN);
  if (transposed.length < required * n) transposed = new Uint8Array(required * n * 2);
  for (let w = 0; w < required; w++) for (let t = 0; t < n; t++) transposed[w * n + t] = quality[t * m + w];
  return tier * GRADES + (bestTier(transposed, required, n) <= tier ? GRADE_COMPLETE : GRADE_OWN);
}
