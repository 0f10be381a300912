import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ADAPTATIONS,
  adaptedOpenApi,
  adaptedSearchOpenApi,
  officialOpenApi,
  officialPathOf,
  officialSearchOpenApi,
  officialSearchPathOf,
  SEARCH_ADAPTATIONS,
  validateOfficial,
  validateOfficialSearch,
} from "./support/official-openapi.js";

const sample = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/samples/${name}`, import.meta.url), "utf8"));

describe("official OpenAPI adapter", () => {
  it("adapter - every adaptation changes the published document (none is a no-op)", () => {
    for (const a of ADAPTATIONS) {
      const doc = officialOpenApi();
      const before = JSON.stringify(doc);
      a.apply(doc);
      expect(JSON.stringify(doc), a.id).not.toBe(before);
    }
  });

  it("adapter - joined enums become lists of their values", () => {
    const raw = officialOpenApi().components.schemas;
    const adapted = adaptedOpenApi().components.schemas;
    expect(raw.Lijnrichting.properties!.richting.enum).toEqual(["HEEN, TERUG"]);
    expect(adapted.Lijnrichting.properties!.richting.enum).toEqual(["HEEN", "TERUG"]);
    expect(adapted.Halte.properties!.taal.enum).toEqual(["NEDERLANDS", "FRANS"]);
    expect(adapted.Halte.properties!.classificatie.enum).toEqual(["REGULIER", "TIJDELIJK", "FLEX", "COMBI"]);
    expect(adapted.Halte.properties!.bedieningsTypes.items).toEqual({ type: "string", enum: ["BUS", "TRAM"] });
  });

  it("adapter - still refuses what the document means to refuse", () => {
    const lijnrichting = { entiteitnummer: "3", lijnnummer: "302", richting: "HEEN, TERUG", omschrijving: "x" };
    expect(validateOfficial("/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}", lijnrichting)).not.toEqual([]);
    expect(validateOfficial("/kleuren", { lijnkleuren: [] })).not.toEqual([]);
    expect(validateOfficial("/entiteiten/{entiteitnummer}", { entiteitnummer: 1, entiteitcode: "A", omschrijving: "x" })).not.toEqual([]);
  });

  it("adapter - the real service's captured answers validate, where the real service keeps to the document", () => {
    const cases: Array<[string, string]> = [
      ["/kleuren/{code}", "color.json"],
      ["/kleuren", "colors.json"],
      ["/entiteiten/{entiteitnummer}", "entity.json"],
      ["/entiteiten", "entities.json"],
      ["/vervoerregios/{code}", "transport_region.json"],
      ["/vervoerregios", "transport_regions.json"],
      ["/haltes/{entiteitnummer}/{haltenummer}/lijnrichtingen", "directions.json"],
      ["/gemeenten/{gemeenteNummer}/lijnen", "lines_by_municipality.json"],
      ["/gemeenten/{gemeenteNummer}", "municipality.json"],
      ["/haltes/indebuurt/{latlng}", "stops_in_vicinity.json"],
    ];
    for (const [template, file] of cases) expect(validateOfficial(template, sample(file)), file).toEqual([]);
  });

  it("adapter - the real service's stop breaks the document twice: no districtCode, taal '?'", () => {
    const errors = validateOfficial("/haltes/{entiteitnummer}/{haltenummer}", sample("stop.json"));
    expect(errors.map((e) => e.split(" ")[0] + " " + e.split(" ").slice(1, 3).join(" "))).toEqual([
      "/ must have",
      "/taal must be",
    ]);
    expect(errors[0]).toContain('"missingProperty":"districtCode"');
  });

  it("officialPathOf - finds the template of an actual path; literal segments win over parameters", () => {
    expect(officialPathOf("/lijnen/3/302")).toBe("/lijnen/{entiteitnummer}/{lijnnummer}");
    expect(officialPathOf("/haltes/lijst/3_300483")).toBe("/haltes/lijst/{haltesleutels}");
    expect(officialPathOf("/haltes/3/300483")).toBe("/haltes/{entiteitnummer}/{haltenummer}");
    expect(officialPathOf("/vervoerregios/LV/lijnen")).toBeUndefined();
  });
});

describe("official Search OpenAPI adapter", () => {
  const halte = {
    entiteitnummer: "3",
    haltenummer: "306938",
    omschrijving: "Butsel Kerk",
    omschrijvingLang: "Boutersem Butsel Kerk",
    districtCode: "LV",
    taal: "NEDERLANDS",
    hoofdHalte: null,
  };

  it("adapter - every search adaptation changes the published document (none is a no-op)", () => {
    for (const a of SEARCH_ADAPTATIONS) {
      const doc = officialSearchOpenApi();
      const before = JSON.stringify(doc);
      a.apply(doc);
      expect(JSON.stringify(doc), a.id).not.toBe(before);
    }
  });

  it("adapter - the published document has stops and line directions; the adaptation adds locations (spec E8)", () => {
    expect(Object.keys(officialSearchOpenApi().paths)).toEqual(["/zoek/haltes/{zoekArgument}", "/zoek/lijnrichtingen/{zoekArgument}"]);
    expect(Object.keys(adaptedSearchOpenApi().paths)).toContain("/zoek/locaties/{zoekArgument}");
    expect(officialSearchPathOf("/zoek/haltes/leuven")).toBe("/zoek/haltes/{zoekArgument}");
    expect(officialSearchPathOf("/zoek/locaties/leuven")).toBe("/zoek/locaties/{zoekArgument}");
    expect(officialSearchPathOf("/zoek/bussen/leuven")).toBeUndefined();
  });

  it("adapter - accepts the document's own example answers, hoofdHalte null", () => {
    expect(validateOfficialSearch("/zoek/haltes/{zoekArgument}", { aantalHits: 1, haltes: [halte] })).toEqual([]);
    const lijnrichting = { entiteitnummer: "3", lijnnummer: "335", richting: "HEEN", omschrijving: "Leuven - Aarschot" };
    expect(validateOfficialSearch("/zoek/lijnrichtingen/{zoekArgument}", { aantalHits: 6, lijnrichtingen: [lijnrichting] })).toEqual([]);
    const locatie = { type: "adres", subtype: "straat", straat: "Bondgenotenlaan", hoofdgemeente: "Leuven", geoCoordinaat: { latitude: 50.88, longitude: 4.7 } };
    expect(validateOfficialSearch("/zoek/locaties/{zoekArgument}", { aantalHits: 1, locaties: [locatie] })).toEqual([]);
  });

  it("adapter - still refuses what the document (and the spec, for locations) means to refuse", () => {
    const { districtCode: _, ...noDistrict } = halte;
    expect(validateOfficialSearch("/zoek/haltes/{zoekArgument}", { aantalHits: 1, haltes: [noDistrict] })).not.toEqual([]);
    expect(validateOfficialSearch("/zoek/haltes/{zoekArgument}", { haltes: [halte] })).not.toEqual([]);
    expect(validateOfficialSearch("/zoek/lijnrichtingen/{zoekArgument}", { aantalHits: 1, lijnrichtingen: [{ richting: "OP" }] })).not.toEqual([]);
    expect(validateOfficialSearch("/zoek/locaties/{zoekArgument}", { aantalHits: 1, locaties: [{ type: "gemeente", subtype: "hoofdgemeente" }] })).not.toEqual([]);
    expect(validateOfficialSearch("/zoek/locaties/{zoekArgument}", { aantalHits: 1, locaties: [{ type: "adres" }] })).not.toEqual([]);
    expect(validateOfficialSearch("/zoek/locaties/{zoekArgument}", { aantalHits: 1 })).not.toEqual([]);
  });

  it("adapter - the core document is untouched by the search adaptations", () => {
    expect(adaptedOpenApi().paths).not.toHaveProperty(["/zoek/haltes/{zoekArgument}"]);
    expect(officialPathOf("/zoek/haltes/leuven")).toBeUndefined();
    expect(ADAPTATIONS.map((a) => a.id)).not.toContain("locaties-path");
  });
});
