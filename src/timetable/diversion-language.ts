import type { DiversionInfo } from "../network/model.js";
import type { Language } from "./types.js";

/**
 * taalCode -> language. Accepts the ISO 639-1 codes (nl, fr, en, de) and the
 * operator's enum (NEDERLANDS, FRANS, ENGELS, DUITS, plus its misspelt ENDGELS), any case.
 * Undefined for anything else.
 */
export function diversionLanguage(taalCode: string): Language | undefined {
  return CODES[taalCode.trim().toLowerCase()];
}

const CODES: Record<string, Language> = {
  nl: "nl",
  nederlands: "nl",
  fr: "fr",
  frans: "fr",
  en: "en",
  engels: "en",
  endgels: "en",
  de: "de",
  duits: "de",
};

/** Title and description in a language, falling back to Dutch when it has no translation. */
export function diversionText(d: DiversionInfo, language: Language): { language: Language; title: string; description: string } {
  const t = d.texts[language];
  if (t) return { language, title: t.title, description: t.description };
  const nl = d.texts.nl ?? { title: "", description: "" };
  return { language: "nl", title: nl.title, description: nl.description };
}
