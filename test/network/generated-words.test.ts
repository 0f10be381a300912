import { describe, expect, it } from "vitest";
import { GENERATED_WORDS, splitTwinSuffix, textLanguageOf, textLanguageOfTag } from "../../src/network/generated-words/generated-words.js";

describe("generated words", () => {
  it("textLanguageOf - feed_lang, else agency_lang, else Dutch; primary subtags, any case", () => {
    expect(textLanguageOf([{ feedLang: "EN", agencyLangs: ["fr"] }])).toBe("en");
    expect(textLanguageOf([{ feedLang: "mul", agencyLangs: ["fr-BE"] }])).toBe("fr");
    expect(textLanguageOf([{ feedLang: undefined, agencyLangs: [""] }, { feedLang: "de-AT", agencyLangs: [] }])).toBe("de");
    expect(textLanguageOf([{ feedLang: "es", agencyLangs: ["es"] }])).toBe("nl");
    expect(textLanguageOf([])).toBe("nl");
    expect(textLanguageOfTag("en_US")).toBe("en");
  });

  it("splitTwinSuffix - the four suffixes of name-twin-platforms.ts, in the words' language", () => {
    const en = GENERATED_WORDS.en;
    expect(splitTwinSuffix("Times Sq-42 St towards Van Cortlandt Park-242 St", en)).toEqual({
      base: "Times Sq-42 St",
      suffix: "towards Van Cortlandt Park-242 St",
      kind: "towards",
    });
    expect(splitTwinSuffix("South Ferry arrivals", en)).toEqual({ base: "South Ferry", suffix: "arrivals", kind: "arrival" });
    expect(splitTwinSuffix("Central platform 2", en)).toEqual({ base: "Central", suffix: "platform 2", kind: "platform" });
    expect(splitTwinSuffix("69 St (711N)", en)).toEqual({ base: "69 St", suffix: "(711N)", kind: "stopId" });
    expect(splitTwinSuffix("Leuven Station perron 5", GENERATED_WORDS.nl)).toEqual({ base: "Leuven Station", suffix: "perron 5", kind: "platform" });
    expect(splitTwinSuffix("South Ferry", en)).toBeUndefined();
    expect(splitTwinSuffix("South Ferry aankomst", en)).toBeUndefined();
  });
});
