/**
 * Text normalisation of the search (docs/COMPATIBILITY.md S10, matching and ranking): indexed names and typed queries go through the
 * same steps, so that both sides meet in one canonical form.
 *
 * - Case and diacritics fold away (`Hôpital` = `hopital`), with the few letters Unicode does not decompose
 *   (ß, æ, œ, ø, ł, đ, ð, þ, ı) spelt out; apostrophes join (`'s-Gravenwezel` -> `s gravenwezel`).
 * - Every character that is not a letter or a digit separates words: hyphens and punctuation (`Gent-Sint-Pieters` =
 *   `gent sint pieters`), and also `%`, `*`, quotes and emoji, which are text and never an error.
 * - Dutch abbreviations are written out on both sides, so each way round matches: `St.`/`Sint`, `Stat.`/`Station`,
 *   `O.L.V.`/`Onze-Lieve-Vrouw`, `str.`/`straat` (also as the end of a compound: `Bondgenotenstr` =
 *   `Bondgenotenstraat`), and `stwg`/`steenweg` the same way. The MTA's English `St` (street) becomes `sint` too:
 *   harmless, because both sides do it.
 *
 * - Ordinals are their numbers, on both sides: `42nd`, `161st`, `4th` (English), `1er`, `1re`, `2e`, `3ème` (French),
 *   `2de`, `1ste` (Dutch) are `42`, `161`, `4`, `1`, `1`, `2`, `3`, `2`, `1` (German writes `3.`, a number already).
 *
 * A query word also remembers what was typed (`typed`), because the last word matches as a prefix of what the user
 * is still typing (`st` must still find `station` although it stands for `sint`), and because the typo allowance
 * follows the length of the typed word (1 edit from 4 letters, 2 from 8; a written-out abbreviation gets none).
 */

/** Letters NFD leaves whole, with their plain spelling. */
const SPELT_OUT: Readonly<Record<string, string>> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const NOT_ASCII = /[^\x00-\x7f]/;
const MARKS = /\p{M}+/gu;
const UNDECOMPOSED = /[ßæœøłđðþı]/g;
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const DIGIT = /\d/;

/** Lower case, no diacritics, no apostrophes; separators stay. */
export function foldText(text: string): string {
  let s = text.toLowerCase();
  if (NOT_ASCII.test(s)) s = s.normalize("NFD").replace(MARKS, "").replace(UNDECOMPOSED, (c) => SPELT_OUT[c]);
  return s.replace(APOSTROPHES, "");
}

const OLV = ["onze", "lieve", "vrouw"] as const;

/** A whole word that abbreviates one or more words. */
const WORD_ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ["st", ["sint"]],
  ["stat", ["station"]],
  ["str", ["straat"]],
  ["stwg", ["steenweg"]],
  ["olv", OLV],
  ["olvrouw", OLV],
]);

/** The end of a compound written short: `Bondgenotenstr` -> `bondgenotenstraat`. */
const SUFFIX_ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ["str", "straat"],
  ["stwg", "steenweg"],
];
/** A compound needs at least this many letters before its abbreviated end (`astr` stays `astr`). */
const MIN_STEM = 3;

/**
 * Initials written as separate words: `O.L.V.` splits into `o l v`, `O.L.Vrouwstraat` into `o l vrouwstraat`. The
 * number of words read, and what they stand for; undefined when the words at `i` are no such initials.
 */
function initialsAt(words: readonly string[], i: number): [number, string[]] | undefined {
  if (words[i] !== "o" || words[i + 1] !== "l") return undefined;
  const third = words[i + 2];
  if (third === "v") return [3, [...OLV]];
  if (third?.startsWith("vrouw")) return [3, ["onze", "lieve", third]];
  return undefined;
}

/** A number with an ordinal ending (English, French, Dutch; folded, so `3ème` is `3eme`). */
const ORDINAL = /^(\d+)(?:st|nd|rd|th|er|re|e|eme|ere|de|ste|te|ieme)$/;

/** The words of a folded text, ordinals as their numbers, before abbreviations. */
function splitWords(folded: string): string[] {
  const out = folded.split(SEPARATORS).filter((w) => w.length > 0);
  for (let i = 0; i < out.length; i++) {
    const ordinal = ORDINAL.exec(out[i]);
    if (ordinal) out[i] = String(Number(ordinal[1]));
  }
  return out;
}

/**
 * Known contractions, written out -> short forms (English, Dutch, French, German; docs/COMPATIBILITY.md S10): a
 * typed word matches an indexed word of its group each way round, at the abbreviation tier (text-index.ts). Most
 * abbreviations need no entry (an indexed word that starts like the typed word and is a subsequence of it abbreviates
 * it: `sq` of `square`, `hts` of `heights`; text-index.ts resolveTerm): the entries are those that rule misses
 * (`st` is `sint` in the index; `bd` and `bf` skip no letter the rule needs, but a short last word would be read as
 * typing in progress) and the other way round (`ave` typed, `Avenue` indexed).
 */
const CONTRACTIONS: ReadonlyArray<readonly [string, ...string[]]> = [
  ["street", "st"],
  ["streets", "sts"],
  ["saint", "st"],
  ["sainte", "ste"],
  ["sankt", "st"],
  ["square", "sq"],
  ["avenue", "av", "ave"],
  ["avenues", "avs"],
  ["heights", "hts"],
  ["center", "ctr"],
  ["centre", "ctr"],
  ["park", "pk"],
  ["parkway", "pkwy"],
  ["boulevard", "blvd", "bd", "bld"],
  ["place", "pl"],
  ["plein", "pl"],
  ["platz", "pl"],
  ["road", "rd"],
  ["drive", "dr"],
  ["lane", "ln"],
  ["laan", "ln"],
  ["highway", "hwy"],
  ["turnpike", "tpke"],
  ["expressway", "expwy"],
  ["junction", "jct"],
  ["terminal", "term"],
  ["mount", "mt"],
  ["fort", "ft"],
  ["washington", "wash"],
  ["east", "e"],
  ["west", "w"],
  ["north", "n"],
  ["south", "s"],
  ["route", "rte"],
  ["chaussee", "chee"],
  ["porte", "pte"],
  ["general", "gen", "gal"],
  ["docteur", "dr"],
  ["strasse", "str"],
  ["bahnhof", "bf", "bhf"],
  ["hauptbahnhof", "hbf"],
];

/** A canonical word -> the canonical words it contracts to or from. */
const CONTRACTED: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === b) return;
    let set = map.get(a);
    if (!set) map.set(a, (set = new Set()));
    set.add(b);
  };
  // Every form of a group with every other: `ave` typed finds `Av` as well as `Avenue`.
  for (const group of CONTRACTIONS) {
    const forms = group.map(canonicalWord);
    for (const a of forms) for (const b of forms) link(a, b);
  }
  return new Map([...map].map(([w, set]) => [w, [...set]]));
})();

function canonicalWord(word: string): string {
  return expandWord(word)?.[0] ?? word;
}

/** Compound ends that are the same word in two languages: `Hauptstraße` (folded `hauptstrasse`) and `Hauptstr.` (`hauptstraat`). */
const COMPOUND_ENDS: ReadonlyArray<readonly [string, string]> = [
  ["strasse", "straat"],
  ["straat", "strasse"],
];

/** The canonical words a canonical word is a known contraction of, or contracts to (none: empty). */
export function contractionsOf(word: string): readonly string[] {
  const known = CONTRACTED.get(word) ?? [];
  for (const [end, other] of COMPOUND_ENDS) {
    if (word.length >= MIN_STEM + end.length && word.endsWith(end)) return [...known, word.slice(0, -end.length) + other];
  }
  return known;
}

/** The written-out form of one word (a compound's abbreviated end included), or undefined when it is none. */
function expandWord(word: string): readonly string[] | undefined {
  const whole = WORD_ABBREVIATIONS.get(word);
  if (whole) return whole;
  for (const [short, long] of SUFFIX_ABBREVIATIONS) {
    if (word.length >= MIN_STEM + short.length && word.endsWith(short)) return [word.slice(0, -short.length) + long];
  }
  return undefined;
}

/** The canonical words of a name (what an index holds). */
export function textWords(text: string): string[] {
  const raw = splitWords(foldText(text));
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const initials = initialsAt(raw, i);
    if (initials) {
      out.push(...initials[1]);
      i += initials[0] - 1;
      continue;
    }
    const expanded = expandWord(raw[i]);
    if (expanded) out.push(...expanded);
    else out.push(raw[i]);
  }
  return out;
}

/** One word of a query. */
export interface QueryWord {
  /** Canonical form, as in the index. */
  word: string;
  /** As typed (folded): the last word matches words starting with it. */
  typed: string;
  /** The last word typed: also a prefix (autocomplete). */
  prefix: boolean;
  /** Edits allowed: 0, 1 (4+ letters typed) or 2 (8+); 0 for a number or a written-out abbreviation. */
  edits: number;
}

/** Typo allowance of a typed word (docs/COMPATIBILITY.md S10: one edit from 4 letters, two from 8; numbers are exact). */
export function editsAllowed(typed: string): number {
  if (DIGIT.test(typed)) return 0;
  return typed.length >= 8 ? 2 : typed.length >= 4 ? 1 : 0;
}

/** The words of a query, in the order typed. Empty when the text holds no letter or digit. */
export function queryWords(text: string): QueryWord[] {
  const raw = splitWords(foldText(text));
  const out: QueryWord[] = [];
  for (let i = 0; i < raw.length; i++) {
    const initials = initialsAt(raw, i);
    if (initials) {
      const last = i + initials[0] === raw.length;
      initials[1].forEach((word, k) => out.push({ word, typed: word, prefix: last && k === 2, edits: k === 2 ? editsAllowed(word) : 0 }));
      i += initials[0] - 1;
      continue;
    }
    const typed = raw[i];
    const last = i === raw.length - 1;
    const whole = WORD_ABBREVIATIONS.get(typed);
    if (whole && whole.length > 1) {
      for (const word of whole) out.push({ word, typed: word, prefix: false, edits: 0 });
      continue;
    }
    if (whole) {
      out.push({ word: whole[0], typed, prefix: last, edits: 0 });
      continue;
    }
    const expanded = expandWord(typed);
    out.push({ word: expanded ? expanded[0] : typed, typed, prefix: last, edits: editsAllowed(typed) });
  }
  return out;
}

/** A whole query as one identifier (a stop number, stop_code or stop_id; a public line number): trimmed, lower case. */
export function identifierOf(text: string): string {
  return text.trim().toLowerCase();
}

/** Folded, with digit runs padded, so that plain string order is natural order (`4` < `10` < `N3`). */
export function naturalKey(text: string): string {
  return foldText(text).replace(/\d+/g, (d) => d.padStart(10, "0"));
}
