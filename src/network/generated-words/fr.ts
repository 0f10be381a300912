import type { GeneratedWords } from "./generated-words-type.js";

/** French (`Gare du Midi quai 3`, `… direction Stalle`, `… arrivée`). */
export const FR_WORDS: GeneratedWords = { platform: "quai", towards: "direction", arrival: "arrivée" };
