import { describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../../src/errors.js";
import {
  parseLatLng,
  parseLineDirectionKeys,
  parseLineKeys,
  parseMunicipalityNumbers,
  parseStopKeys,
} from "../../../src/api/shared/path-keys.js";

const message400 = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect((e as LijnwijzerError).status).toBe(400);
    return (e as Error).message;
  }
  throw new Error("no error thrown");
};

const repeat = (n: number, key: string) => Array.from({ length: n }, () => key).join("_");

describe("list keys", () => {
  it("parseStopKeys - splits entity_stop pairs", () => {
    expect(parseStopKeys("1_201302_5_502454")).toEqual([
      { entity: "1", stop: "201302" },
      { entity: "5", stop: "502454" },
    ]);
  });

  it("parseLineKeys - splits entity_line pairs", () => {
    expect(parseLineKeys("3_302")).toEqual([{ entity: "3", line: "302" }]);
  });

  it("parseLineDirectionKeys - splits entity_line_direction triples", () => {
    expect(parseLineDirectionKeys("1_500_HEEN_1_550_TERUG")).toEqual([
      { entity: "1", line: "500", direction: "HEEN" },
      { entity: "1", line: "550", direction: "TERUG" },
    ]);
  });

  it("parseMunicipalityNumbers - splits numbers", () => {
    expect(parseMunicipalityNumbers("24062_24038")).toEqual([24062, 24038]);
  });

  it("list keys - a key of the wrong form is a 400 saying the form to use", () => {
    expect(message400(() => parseStopKeys("3_300483_3"))).toBe(
      'haltesleutels "3_300483_3" is malformed: give stop keys entiteitnummer_haltenummer joined with _, e.g. 3_300483_3_300484',
    );
    expect(message400(() => parseLineKeys("3-302"))).toContain("give line keys entiteitnummer_lijnnummer joined with _");
    expect(message400(() => parseLineDirectionKeys("3_302_heen"))).toContain("HEEN|TERUG");
    expect(message400(() => parseMunicipalityNumbers("24062,24038"))).toContain("give municipality numbers joined with _");
  });

  it("list keys - 100 keys pass, 101 are a 400 asking to split the request", () => {
    expect(parseStopKeys(repeat(100, "3_300483"))).toHaveLength(100);
    expect(message400(() => parseStopKeys(repeat(101, "3_300483")))).toBe(
      "haltesleutels holds 101 keys, at most 100 are allowed: split the request",
    );
    expect(message400(() => parseLineDirectionKeys(repeat(101, "3_302_HEEN")))).toContain("holds 101 keys");
  });
});

describe("long values", () => {
  it("list keys and latlng - a 5,000-character value is repeated cut to 64 characters, not whole", () => {
    const long = "x".repeat(5000);
    const shown = `"${"x".repeat(64)}…" (5000 characters)`;
    expect(message400(() => parseStopKeys(long))).toBe(`haltesleutels ${shown} is malformed: give stop keys entiteitnummer_haltenummer joined with _, e.g. 3_300483_3_300484`);
    expect(message400(() => parseLineDirectionKeys(long))).toMatch(new RegExp(`^lijnrichtingsleutels "x{64}…" \\(5000 characters\\) is malformed`));
    expect(message400(() => parseMunicipalityNumbers(long))).toMatch(/^gemeenteNummers "x{64}…" \(5000 characters\) is malformed/);
    expect(message400(() => parseLatLng(long))).toMatch(/^latlng "x{64}…" \(5000 characters\) is malformed/);
  });
});

describe("parseLatLng", () => {
  it("parseLatLng - reads decimal degrees, spaces allowed around the comma", () => {
    expect(parseLatLng("50.8798, 4.7005")).toEqual({ lat: 50.8798, lon: 4.7005 });
    expect(parseLatLng("-33.9,-70.1")).toEqual({ lat: -33.9, lon: -70.1 });
  });

  it("parseLatLng - latitude or longitude out of range is a 400 naming the range", () => {
    expect(message400(() => parseLatLng("95,4"))).toBe('latlng "95,4": latitude 95 is out of range, it must lie from -90 to 90');
    expect(message400(() => parseLatLng("50,190"))).toContain("longitude 190 is out of range");
    expect(message400(() => parseLatLng("leuven"))).toContain("give <latitude>,<longitude> in decimal degrees");
  });
});
