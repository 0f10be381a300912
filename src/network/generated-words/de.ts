import type { GeneratedWords } from "./generated-words-type.js";

/** German (`Hauptbahnhof Steig 4`, as bus and tram stations number their stands; `… Richtung Messe`, `… Ankunft`). */
export const DE_WORDS: GeneratedWords = { platform: "Steig", towards: "Richtung", arrival: "Ankunft" };
