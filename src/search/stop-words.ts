/**
 * The words a stop is found by (the municipality may be one of the words: docs/COMPATIBILITY.md S19): its own words are those of
 * its omschrijvingLang (the place, usually the sub-municipality, and the omschrijving: `Heverlee Berg Tabor`) and any
 * word of the omschrijving that omschrijvingLang lacks; its municipality's name is a context word (best-tier.ts),
 * when not already its own. Repeated words stay (`Av X/Av Y` answers `av av`).
 *
 * A twin platform's suffix that the import wrote (`Times Sq-42 St richting South Ferry`, name-twin-platforms.ts) is no
 * part of its name: its words are context words too (docs/COMPATIBILITY.md S22), with the generated word in every
 * language the import writes (`richting`, `towards`, `direction`, `Richtung`), so that `south ferry` finds South
 * Ferry before the platforms that go there, and `times square towards south ferry` still finds the platform.
 */
import { NONE16 } from "../network/constants.js";
import { GENERATED_WORDS, generatedWordsOf, type SuffixKind, splitTwinSuffix, TEXT_LANGUAGES } from "../network/generated-words/generated-words.js";
import type { Network, StopIdx } from "../network/model.js";
import { textWords } from "./normalise-text.js";
import type { DocWords } from "./text-index.js";

/** `words` plus the words of `more` it lacks, counting repeats (a multiset union). */
function union(words: string[], more: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const w of words) left.set(w, (left.get(w) ?? 0) + 1);
  for (const w of more) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else words.push(w);
  }
  return words;
}

/** The municipality's words the stop does not have. */
function municipalityWords(net: Network, s: StopIdx, own: readonly string[]): string[] {
  const m = net.stops.municipality[s];
  if (m === NONE16) return [];
  return textWords(net.meta.municipalities[m].name).filter((w) => !own.includes(w));
}

/** A generated word of `kind` in every language the import writes, canonical (none for a stop_id in brackets). */
const TRANSLATIONS: Readonly<Record<SuffixKind, readonly string[]>> = {
  platform: [...new Set(TEXT_LANGUAGES.flatMap((l) => textWords(GENERATED_WORDS[l].platform)))],
  towards: [...new Set(TEXT_LANGUAGES.flatMap((l) => textWords(GENERATED_WORDS[l].towards)))],
  arrival: [...new Set(TEXT_LANGUAGES.flatMap((l) => textWords(GENERATED_WORDS[l].arrival)))],
  stopId: [],
};

/** A stop's omschrijving and omschrijvingLang without a twin suffix, and the suffix's words (with translations). */
export function stopNameParts(net: Network, s: StopIdx): { name: string; longName: string; suffixWords: string[] } {
  const { stops, strings } = net;
  const name = strings.get(stops.name[s]);
  const longName = strings.get(stops.longName[s]);
  // String 0 is "": no parent station, and the import gives a suffix to no such stop.
  if (stops.parentName[s] === 0) return { name, longName, suffixWords: [] };
  const words = generatedWordsOf(net.meta.textLanguage);
  const long = splitTwinSuffix(longName, words);
  if (!long) return { name, longName, suffixWords: [] };
  const short = splitTwinSuffix(name, words);
  const suffixWords = textWords(long.suffix);
  for (const t of TRANSLATIONS[long.kind]) if (!suffixWords.includes(t)) suffixWords.push(t);
  return { name: short && short.suffix === long.suffix ? short.base : name, longName: long.base, suffixWords };
}

/** A stop's words; its suffix's words come last, after `suffixFrom` words (stop-search.ts ranks a match needing them last). */
export function stopWords(net: Network, s: StopIdx): DocWords & { suffixFrom: number } {
  const parts = stopNameParts(net, s);
  const required = union(textWords(parts.longName), textWords(parts.name));
  const municipality = municipalityWords(net, s, required);
  return { required, context: [...municipality, ...parts.suffixWords], suffixFrom: required.length + municipality.length };
}

/** The words of a stop's place and municipality, without its omschrijving (a line direction is found by the places it serves). */
export function stopPlaceWords(net: Network, s: StopIdx): string[] {
  const { stops, strings } = net;
  const name = textWords(strings.get(stops.name[s]));
  const left = new Map<string, number>();
  for (const w of name) left.set(w, (left.get(w) ?? 0) + 1);
  const place: string[] = [];
  for (const w of textWords(strings.get(stops.longName[s]))) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else place.push(w);
  }
  return [...place, ...municipalityWords(net, s, place)];
}
