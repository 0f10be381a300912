/**
 * The sorted word dictionary of a text index: a word's id is its rank in code-unit order, so the words starting
 * with a prefix are one id range (two binary searches), and a trie over the same order answers the typo search.
 *
 * Typos are Damerau edits (optimal string alignment: insertion, deletion, substitution, and a transposition of two
 * neighbours counts as one), found by walking the trie with one row of the edit-distance table per depth
 * (Oflazer's method): a subtree is left as soon as every cell of its row exceeds the allowance, so a search with
 * one or two edits visits a small part of the trie however many words it holds. In prefix mode (the last word
 * typed) a node whose row ends within the allowance yields its whole subtree, one id range, and the walk goes on
 * below it only for the whole words within the allowance (a typo in a whole word ranks above one in a prefix).
 *
 * The trie is typed arrays (a node per distinct prefix: char, first child, next sibling, word, id range), built in
 * one pass over the sorted words.
 */

/** Reports of a typo search: a word within the allowance, or (prefix mode) every word of an id range. */
export interface FuzzySink {
  word(id: number): void;
  range(lo: number, hi: number): void;
}

export class WordDictionary {
  /** id -> word, ascending in code-unit order. */
  readonly words: readonly string[];
  private readonly ids: Map<string, number>;
  /** node -> UTF-16 code unit of the edge into it (root: 0) */
  private readonly nodeChar: Uint16Array;
  /** node -> first child, -1 when a leaf; children are in ascending char order */
  private readonly firstChild: Int32Array;
  /** node -> next sibling, -1 when last */
  private readonly nextSibling: Int32Array;
  /** node -> id of the word ending there, -1 when none */
  private readonly nodeWord: Int32Array;
  /** node -> ids of the words below it: [lo, hi) */
  private readonly nodeLo: Uint32Array;
  private readonly nodeHi: Uint32Array;
  private readonly maxLength: number;
  private rows = new Int32Array(0);

  /** `sorted`: distinct words in ascending code-unit order (Array.prototype.sort's default). */
  constructor(sorted: readonly string[]) {
    this.words = sorted;
    this.ids = new Map(sorted.map((w, i) => [w, i]));
    let chars = 1;
    let maxLength = 0;
    for (const w of sorted) {
      chars += w.length;
      if (w.length > maxLength) maxLength = w.length;
    }
    this.maxLength = maxLength;
    const nodeChar = new Uint16Array(chars);
    const firstChild = new Int32Array(chars).fill(-1);
    const nextSibling = new Int32Array(chars).fill(-1);
    const nodeWord = new Int32Array(chars).fill(-1);
    const nodeLo = new Uint32Array(chars);
    const nodeHi = new Uint32Array(chars);
    const lastChild = new Int32Array(chars).fill(-1);
    // path[d]: the node of the previous word's first d chars.
    const path = new Int32Array(maxLength + 1);
    let depth = 0;
    let nodes = 1;
    let prev = "";
    for (let id = 0; id < sorted.length; id++) {
      const w = sorted[id];
      let common = 0;
      while (common < w.length && common < prev.length && w.charCodeAt(common) === prev.charCodeAt(common)) common++;
      for (; depth > common; depth--) nodeHi[path[depth]] = id;
      for (let d = common; d < w.length; d++) {
        const node = nodes++;
        const parent = path[d];
        nodeChar[node] = w.charCodeAt(d);
        nodeLo[node] = id;
        if (lastChild[parent] < 0) firstChild[parent] = node;
        else nextSibling[lastChild[parent]] = node;
        lastChild[parent] = node;
        path[d + 1] = node;
      }
      depth = w.length;
      nodeWord[path[depth]] = id;
      prev = w;
    }
    for (; depth > 0; depth--) nodeHi[path[depth]] = sorted.length;
    nodeHi[0] = sorted.length;
    this.nodeChar = nodeChar.slice(0, nodes);
    this.firstChild = firstChild.slice(0, nodes);
    this.nextSibling = nextSibling.slice(0, nodes);
    this.nodeWord = nodeWord.slice(0, nodes);
    this.nodeLo = nodeLo.slice(0, nodes);
    this.nodeHi = nodeHi.slice(0, nodes);
  }

  get size(): number {
    return this.words.length;
  }

  /** Bytes held by the typed arrays (the words and the id map come on top). */
  get typedBytes(): number {
    return this.nodeChar.byteLength + 4 * 3 * this.firstChild.length + 4 * 2 * this.nodeLo.length;
  }

  /** The id of a word, -1 when absent. */
  id(word: string): number {
    return this.ids.get(word) ?? -1;
  }

  /** The first id whose word is >= `s`. */
  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The ids [lo, hi) of the words starting with `prefix` (the word itself included). */
  prefixRange(prefix: string): [number, number] {
    const lo = this.lowerBound(prefix);
    let hi = lo;
    // Usually few: gallop, then bisect.
    let step = 1;
    while (hi + step <= this.words.length && this.words[hi + step - 1].startsWith(prefix)) {
      hi += step;
      step *= 2;
    }
    let top = Math.min(this.words.length, hi + step);
    while (hi < top) {
      const mid = (hi + top) >>> 1;
      if (this.words[mid].startsWith(prefix)) hi = mid + 1;
      else top = mid;
    }
    return [lo, hi];
  }

  /**
   * The words within `maxEdits` Damerau edits of `query`, and in prefix mode also the words that start with such a
   * string, as id ranges (a range holds the whole words too). The exact word and, in prefix mode, the plain prefix
   * range are among them.
   */
  fuzzy(query: string, maxEdits: number, prefix: boolean, sink: FuzzySink): void {
    const n = query.length;
    const width = n + 1;
    const need = (Math.max(this.maxLength, n + maxEdits) + 2) * width;
    if (this.rows.length < need) this.rows = new Int32Array(need);
    const rows = this.rows;
    for (let j = 0; j <= n; j++) rows[j] = j;
    const q = new Uint16Array(n);
    for (let j = 0; j < n; j++) q[j] = query.charCodeAt(j);
    const { nodeChar, firstChild, nextSibling, nodeWord, nodeLo, nodeHi } = this;
    // inRange: an ancestor's subtree was reported as a range; below it only whole words are still looked for.
    const visit = (node: number, depth: number, inRange: boolean): void => {
      const prev = depth * width;
      const cur = prev + width;
      const before = prev - width;
      const parentChar = nodeChar[node];
      for (let c = firstChild[node]; c !== -1; c = nextSibling[c]) {
        const ch = nodeChar[c];
        // hot: no allocation
        let min = depth + 1;
        rows[cur] = min;
        for (let j = 1; j <= n; j++) {
          let v = rows[prev + j - 1] + (q[j - 1] === ch ? 0 : 1);
          const del = rows[prev + j] + 1;
          if (del < v) v = del;
          const ins = rows[cur + j - 1] + 1;
          if (ins < v) v = ins;
          if (depth > 0 && j > 1 && q[j - 1] === parentChar && q[j - 2] === ch) {
            const tr = rows[before + j - 2] + 1;
            if (tr < v) v = tr;
          }
          rows[cur + j] = v;
          if (v < min) min = v;
        }
        const end = rows[cur + n];
        let reported = inRange;
        if (prefix && !inRange && end <= maxEdits) {
          sink.range(nodeLo[c], nodeHi[c]);
          reported = true;
        }
        if (end <= maxEdits && nodeWord[c] >= 0) sink.word(nodeWord[c]);
        if (min <= maxEdits) visit(c, depth + 1, reported);
      }
    };
    visit(0, 0, false);
  }

  /**
   * The words that abbreviate `word` (docs/COMPATIBILITY.md S10): of two letters or more, shorter than it, starting
   * with its first letter and the rest a subsequence of it, letters only (`sq` of `square`, `hts` of `heights`,
   * `tpke` of `turnpike`). Found by walking the trie from the first letter, each child only when its letter occurs
   * later in `word`: the walk visits only such subsequences, a few dozen nodes. `skipTruncations`: not the words that
   * are a prefix of `word` (the last word typed, where `br` of `broa` is more likely typing in progress).
   */
  abbreviations(word: string, skipTruncations: boolean, visit: (id: number) => void): void {
    const n = word.length;
    if (n < 3) return;
    const { nodeChar, firstChild, nextSibling, nodeWord } = this;
    const first = word.charCodeAt(0);
    let start = -1;
    for (let c = firstChild[0]; c !== -1; c = nextSibling[c]) if (nodeChar[c] === first) start = c;
    if (start < 0) return;
    const walk = (node: number, depth: number, pos: number, truncation: boolean): void => {
      if (depth >= 2 && nodeWord[node] >= 0 && !(skipTruncations && truncation)) visit(nodeWord[node]);
      if (depth >= n - 1) return;
      for (let c = firstChild[node]; c !== -1; c = nextSibling[c]) {
        const ch = nodeChar[c];
        if (ch < 97 || ch > 122) continue;
        // hot: no allocation
        let next = pos + 1;
        while (next < n && word.charCodeAt(next) !== ch) next++;
        if (next < n) walk(c, depth + 1, next, truncation && next === depth);
      }
    };
    walk(start, 1, 0, true);
  }
}
