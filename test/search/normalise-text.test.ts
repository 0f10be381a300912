import { describe, expect, it } from "vitest";
import { contractionsOf, editsAllowed, foldText, identifierOf, naturalKey, queryWords, textWords } from "../../src/search/normalise-text.js";

const words = (q: string) => queryWords(q).map((w) => `${w.word}${w.prefix ? "*" : ""}${w.edits ? `~${w.edits}` : ""}`).join(" ");

describe("normaliseText", () => {
  it("normalise - case and diacritics fold away, letters NFD keeps whole are spelt out", () => {
    expect(textWords("Zaventem Luchthaven")).toEqual(textWords("zaventem luchthaven"));
    expect(textWords("Vilvoorde Hôpital")).toEqual(["vilvoorde", "hopital"]);
    expect(textWords("Ærøskøbing Straße Łódź")).toEqual(["aeroskobing", "strasse", "lodz"]);
    expect(foldText("İSTANBUL")).toBe("istanbul");
  });

  it("normalise - hyphens, punctuation, quotes and emoji separate words; apostrophes join", () => {
    expect(textWords("Gent-Sint-Pieters")).toEqual(["gent", "sint", "pieters"]);
    expect(textWords("FLATBUSH AV/NOSTRAND AV (N.B.)")).toEqual(["flatbush", "av", "nostrand", "av", "n", "b"]);
    expect(textWords('"Leuven" 😀 %*')).toEqual(["leuven"]);
    expect(textWords("'s-Gravenwezel")).toEqual(["s", "gravenwezel"]);
    expect(textWords("%%% *** 😀")).toEqual([]);
  });

  it("normalise - Dutch abbreviations are written out on both sides", () => {
    expect(textWords("St.-Truiden")).toEqual(textWords("Sint-Truiden"));
    expect(textWords("Leuven Stat.")).toEqual(["leuven", "station"]);
    expect(textWords("O.L.V.-Kerk")).toEqual(["onze", "lieve", "vrouw", "kerk"]);
    expect(textWords("OLV Ziekenhuis")).toEqual(["onze", "lieve", "vrouw", "ziekenhuis"]);
    expect(textWords("Onze-Lieve-Vrouw")).toEqual(["onze", "lieve", "vrouw"]);
    expect(textWords("O.L.Vrouwstraat")).toEqual(["onze", "lieve", "vrouwstraat"]);
    expect(textWords("Tiense str.")).toEqual(["tiense", "straat"]);
    expect(textWords("Bondgenotenstr")).toEqual(["bondgenotenstraat"]);
    expect(textWords("Brusselsestwg")).toEqual(["brusselsesteenweg"]);
    // Too short to be a compound: left alone.
    expect(textWords("Astr")).toEqual(["astr"]);
  });

  it("queryWords - the last word is a prefix, typos follow the typed length", () => {
    expect(words("leu")).toBe("leu*");
    expect(words("Leuven Stat")).toBe("leuven~1 station*");
    expect(words("gasthuisberg kliniek")).toBe("gasthuisberg~2 kliniek*~1");
    expect(words("bondgenotenstr leuven")).toBe("bondgenotenstraat~2 leuven*~1");
    expect(words("o.l.v. kerk")).toBe("onze lieve vrouw~1 kerk*~1");
    expect(words("olv")).toBe("onze lieve vrouw");
    expect(words("12 bus 3")).toBe("12 bus 3*");
  });

  it("queryWords - an abbreviation keeps what was typed for the prefix", () => {
    const [st] = queryWords("st");
    expect(st).toEqual({ word: "sint", typed: "st", prefix: true, edits: 0 });
  });

  it("editsAllowed - none under 4 letters, one from 4, two from 8, none for numbers", () => {
    expect([editsAllowed("abc"), editsAllowed("abcd"), editsAllowed("abcdefg"), editsAllowed("abcdefgh")]).toEqual([0, 1, 1, 2]);
    expect(editsAllowed("300271")).toBe(0);
    expect(editsAllowed("42nd")).toBe(0);
  });

  it("identifierOf and naturalKey", () => {
    expect(identifierOf("  N3 ")).toBe("n3");
    const sorted = ["10", "N3", "4", "2a"].sort((a, b) => (naturalKey(a) < naturalKey(b) ? -1 : 1));
    expect(sorted).toEqual(["2a", "4", "10", "N3"]);
  });

  it("ordinals - English, French and Dutch ordinals are their numbers, on both sides", () => {
    expect(textWords("West 4th Street 42nd 161st 3rd")).toEqual(["west", "4", "street", "42", "161", "3"]);
    expect(textWords("Rue du 1er Mai, 2e Régiment, 3ème, 1re")).toEqual(["rue", "du", "1", "mai", "2", "regiment", "3", "1"]);
    expect(textWords("2de Hoefstraat 1ste")).toEqual(["2", "hoefstraat", "1"]);
    expect(words("161st street")).toBe("161 street*~1");
    expect(textWords("4a 42nds")).toEqual(["4a", "42nds"]);
  });

  it("contractionsOf - known contractions each way round, in canonical form", () => {
    expect([...contractionsOf("square")]).toEqual(["sq"]);
    expect([...contractionsOf("street")]).toEqual(["sint"]);
    expect([...contractionsOf("sint")].sort()).toEqual(["saint", "sankt", "street"]);
    expect([...contractionsOf("ave")].sort()).toEqual(["av", "avenue"]);
    expect([...contractionsOf("boulevard")].sort()).toEqual(["bd", "bld", "blvd"]);
    expect([...contractionsOf("kaiserstrasse")]).toEqual(["kaiserstraat"]);
    expect([...contractionsOf("leuven")]).toEqual([]);
  });
});
