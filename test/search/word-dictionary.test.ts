import { describe, expect, it } from "vitest";
import { WordDictionary } from "../../src/search/word-dictionary.js";

const dict = new WordDictionary(
  ["bond", "bondgenotenlaan", "bondgenotenstraat", "heverlee", "leuven", "leuvense", "leuvensesteenweg", "louvain", "station", "stationsplein", "statie"].sort(),
);

function fuzzy(query: string, edits: number, prefix = false): string[] {
  const out: string[] = [];
  dict.fuzzy(query, edits, prefix, {
    word: (id) => out.push(dict.words[id]),
    range: (lo, hi) => {
      for (let i = lo; i < hi; i++) out.push(dict.words[i]);
    },
  });
  return [...new Set(out)].sort();
}

describe("WordDictionary", () => {
  it("dictionary - ids follow code-unit order and a prefix is one id range", () => {
    expect(dict.words[dict.id("leuven")]).toBe("leuven");
    expect(dict.id("leuve")).toBe(-1);
    const [lo, hi] = dict.prefixRange("leuven");
    expect(dict.words.slice(lo, hi)).toEqual(["leuven", "leuvense", "leuvensesteenweg"]);
    const [a, b] = dict.prefixRange("stat");
    expect(dict.words.slice(a, b)).toEqual(["statie", "station", "stationsplein"]);
    const [c, d] = dict.prefixRange("x");
    expect(d - c).toBe(0);
  });

  it("dictionary - typos are Damerau edits: a transposition is one", () => {
    expect(fuzzy("leuvne", 1)).toEqual(["leuven"]);
    expect(fuzzy("luevne", 1)).toEqual([]);
    expect(fuzzy("luevne", 2)).toEqual(["leuven"]);
    expect(fuzzy("heverle", 1)).toEqual(["heverlee"]);
    expect(fuzzy("haverlei", 2)).toEqual(["heverlee"]);
    expect(fuzzy("statoin", 1)).toEqual(["station"]);
    expect(fuzzy("station", 0)).toEqual(["station"]);
  });

  it("dictionary - prefix mode finds the words starting within the allowance, and says which are whole words", () => {
    expect(fuzzy("bondgenotne", 1, true)).toEqual(["bondgenotenlaan", "bondgenotenstraat"]);
    expect(fuzzy("lueven", 1, true)).toEqual(["leuven", "leuvense", "leuvensesteenweg"]);
    const whole: string[] = [];
    dict.fuzzy("lueven", 1, true, { word: (id) => whole.push(dict.words[id]), range: () => {} });
    expect(whole).toEqual(["leuven"]);
  });

  it("abbreviations - indexed words of two letters or more, starting alike, a subsequence of the word", () => {
    const short = new WordDictionary(["av", "ave", "avenue", "hts", "sq", "sqr", "square", "st", "stq", "t", "tpke", "turnpike"].sort());
    const of = (word: string, skipTruncations = false) => {
      const out: string[] = [];
      short.abbreviations(word, skipTruncations, (id) => out.push(short.words[id]));
      return out.sort();
    };
    expect(of("square")).toEqual(["sq", "sqr"]);
    expect(of("turnpike")).toEqual(["tpke"]);
    expect(of("heights")).toEqual(["hts"]);
    expect(of("avenue")).toEqual(["av", "ave"]);
    // The last word typed: `av` and `ave` may be `avenue` half typed.
    expect(of("avenue", true)).toEqual([]);
    expect(of("sq")).toEqual([]);
  });
});
