import type { GeneratedWords } from "./generated-words-type.js";

/** Dutch, as De Lijn writes its platforms (`Leuven Station perron 5`): the delijn profile's and the demo's texts. */
export const NL_WORDS: GeneratedWords = { platform: "perron", towards: "richting", arrival: "aankomst" };
