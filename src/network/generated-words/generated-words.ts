/**
 * The words the import writes into names itself (docs/DATASET_EXTENSIONS.md "Texts in the feed's language"): the
 * twin-platform suffixes of name-twin-platforms.ts (`perron 5`, `richting Station`, `aankomst`). They follow the
 * feed's language, one small module per language (nl.ts, en.ts, fr.ts, de.ts), chosen once at import
 * (textLanguageOf) and kept in the snapshot's meta.textLanguage, so that the search knows them too
 * (src/search/stop-words.ts: a suffix is matched below the stop's own name, by its words and their translations).
 */
import { DE_WORDS } from "./de.js";
import type { GeneratedWords } from "./generated-words-type.js";
import { EN_WORDS } from "./en.js";
import { FR_WORDS } from "./fr.js";
import { NL_WORDS } from "./nl.js";

export type { GeneratedWords } from "./generated-words-type.js";

/** ISO 639-1 codes of the languages the import writes. */
export const TEXT_LANGUAGES = ["nl", "en", "fr", "de"] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

export const GENERATED_WORDS: Readonly<Record<TextLanguage, GeneratedWords>> = { nl: NL_WORDS, en: EN_WORDS, fr: FR_WORDS, de: DE_WORDS };

/** The language of a snapshot written before the language was chosen, and of a feed that names none we write. */
export const DEFAULT_TEXT_LANGUAGE: TextLanguage = "nl";

/** A BCP 47 tag's language when we write it (`EN`, `en-US`, `fr-BE` -> en, en, fr); undefined otherwise (`mul`, `es`). */
export function textLanguageOfTag(tag: string | undefined): TextLanguage | undefined {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return (TEXT_LANGUAGES as readonly string[]).includes(primary) ? (primary as TextLanguage) : undefined;
}

/**
 * The language of the import's texts: the first feed's feed_info.feed_lang that we write, else the first such
 * agency.agency_lang (gtfs.org/schedule/reference/#feed_infotxt, #agencytxt), else Dutch: the delijn profile's and
 * the API's language, and what every network was given before.
 */
export function textLanguageOf(feeds: ReadonlyArray<{ feedLang?: string; agencyLangs: readonly string[] }>): TextLanguage {
  for (const f of feeds) {
    const lang = textLanguageOfTag(f.feedLang);
    if (lang) return lang;
  }
  for (const f of feeds) {
    for (const a of f.agencyLangs) {
      const lang = textLanguageOfTag(a);
      if (lang) return lang;
    }
  }
  return DEFAULT_TEXT_LANGUAGE;
}

/** A snapshot's words (meta.textLanguage; absent in older snapshots, which are Dutch). */
export function generatedWordsOf(language: TextLanguage | undefined): GeneratedWords {
  return GENERATED_WORDS[language ?? DEFAULT_TEXT_LANGUAGE];
}

/** What a twin suffix says, for the search. */
export type SuffixKind = keyof GeneratedWords | "stopId";

/**
 * A name split into the stop's own name and the twin suffix name-twin-platforms.ts gave it (`Times Sq-42 St` +
 * `richting South Ferry`), in `words`' language; undefined when the name ends in none. Only meaningful for a stop
 * with a parent station: the import gives suffixes to no other.
 */
export function splitTwinSuffix(name: string, words: GeneratedWords): { base: string; suffix: string; kind: SuffixKind } | undefined {
  const towards = name.indexOf(` ${words.towards} `);
  if (towards > 0) return { base: name.slice(0, towards), suffix: name.slice(towards + 1), kind: "towards" };
  if (name.endsWith(` ${words.arrival}`)) return { base: name.slice(0, -words.arrival.length - 1), suffix: words.arrival, kind: "arrival" };
  const platform = name.lastIndexOf(` ${words.platform} `);
  if (platform > 0 && !/\s/.test(name.slice(platform + words.platform.length + 2)) && platform + words.platform.length + 2 < name.length) {
    return { base: name.slice(0, platform), suffix: name.slice(platform + 1), kind: "platform" };
  }
  const stopId = / (\([^()\s]+\))$/.exec(name);
  if (stopId && stopId.index > 0) return { base: name.slice(0, stopId.index), suffix: stopId[1], kind: "stopId" };
  return undefined;
}
