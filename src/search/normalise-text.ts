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

/** The words of a folded text, before abbreviations. */
function splitWords(folded: string): string[] {
  return folded.split(SEPARATORS).filter((w) => w.length > 0);
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
