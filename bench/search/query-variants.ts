/**
 * How a person types a name they half know, for the search benchmark's queries: a prefix (typing stopped part-way),
 * typos (one or two random Damerau edits in one word, within the search's allowance: one from 4 letters, two from 8),
 * shuffled words, and lower case. Seeded (src/demo/prng.ts), so every run asks the same.
 */
import type { Prng } from "../../src/demo/prng.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Words of a name as a person would type them: split on spaces and the punctuation between words. */
export function typedWords(name: string): string[] {
  return name.split(/[\s/]+/).filter((w) => w.length > 0);
}

/** One random edit: substitute, delete, insert, or swap two neighbours. */
function edit(word: string, rng: Prng): string {
  const kind = rng.int(0, 3);
  const i = rng.int(0, word.length - 1);
  const letter = rng.pick([...LETTERS]);
  if (kind === 0) return word.slice(0, i) + (letter === word[i] ? rng.pick([..."xq"]) : letter) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + letter + word.slice(i);
  if (i + 1 >= word.length || word[i] === word[i + 1]) return word.slice(0, i) + letter + word.slice(i);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Letters of a word (what the typo allowance counts). */
const letters = (w: string) => w.replace(/[^\p{L}]/gu, "").length;

/**
 * The name with typos in its longest word of letters: two edits when it has 8 letters or more (and `twoWhenLong`),
 * else one, so that the word typed keeps the length its typos are allowed at (the allowance, editsAllowed in
 * src/search/normalise-text.ts, counts what is typed: two deletions in `Heverlee` leave 6 letters, which allow one); undefined when no word has 4 letters.
 */
export function withTypos(name: string, rng: Prng, twoWhenLong = true): string | undefined {
  const words = typedWords(name);
  let at = -1;
  for (let i = 0; i < words.length; i++) if (/^\p{L}+$/u.test(words[i]) && (at < 0 || letters(words[i]) > letters(words[at]))) at = i;
  if (at < 0 || letters(words[at]) < 4) return undefined;
  const edits = twoWhenLong && letters(words[at]) >= 8 ? 2 : 1;
  const original = words[at].toLowerCase();
  for (let tries = 0; tries < 20; tries++) {
    let w = original;
    for (let k = 0; k < edits; k++) w = edit(w, rng);
    if (w === original || letters(w) < (edits === 2 ? 8 : 4)) continue;
    words[at] = w;
    return words.join(" ");
  }
  return undefined;
}

/** The name typed part-way: its last word cut to 60 % or more of its letters, at least 3 (or dropped when short). */
export function asPrefix(name: string, rng: Prng): string | undefined {
  const words = typedWords(name);
  const last = words[words.length - 1];
  if (last.length >= 5) {
    words[words.length - 1] = last.slice(0, rng.int(Math.max(3, Math.ceil(0.6 * last.length)), last.length - 1));
    return words.join(" ");
  }
  if (words.length >= 3) return words.slice(0, -1).join(" ") + " " + last.slice(0, Math.max(1, last.length - 1));
  return undefined;
}

/** The words in another order (undefined for one word). */
export function shuffled(name: string, rng: Prng): string | undefined {
  const words = typedWords(name);
  if (words.length < 2) return undefined;
  for (let tries = 0; tries < 10; tries++) {
    const out = [...words];
    for (let i = out.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (out.join(" ") !== words.join(" ")) return out.join(" ");
  }
  return [...words].reverse().join(" ");
}
