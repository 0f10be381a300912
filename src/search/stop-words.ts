/**
 * The words a stop is found by (the municipality may be one of the words: docs/COMPATIBILITY.md S19): its own words are those of
 * its omschrijvingLang (the place, usually the sub-municipality, and the omschrijving: `Heverlee Berg Tabor`) and any
 * word of the omschrijving that omschrijvingLang lacks; its municipality's name is a context word (best-tier.ts),
 * when not already its own. Repeated words stay (`Av X/Av Y` answers `av av`).
 */
import { NONE16 } from "../network/constants.js";
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

export function stopWords(net: Network, s: StopIdx): DocWords {
  const { stops, strings } = net;
  const required = union(textWords(strings.get(stops.longName[s])), textWords(strings.get(stops.name[s])));
  return { required, context: municipalityWords(net, s, required) };
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
