import type { GeneratedWords } from "./generated-words-type.js";

/** English (`Times Sq-42 St towards South Ferry`, `… arrivals` as a departure board says). */
export const EN_WORDS: GeneratedWords = { platform: "platform", towards: "towards", arrival: "arrivals" };
