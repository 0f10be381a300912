import { describe, expect, it } from "vitest";
import {
  findColour,
  findEntity,
  findLine,
  findMunicipality,
  findRegion,
  findStop,
  normaliseKeyNumber,
  requireLine,
  requireLineDirection,
  requireStop,
} from "../../src/network/lookup.js";
import { smallNetwork } from "./queries/small-network.js";

describe("lookup", () => {
  it("normaliseKeyNumber - numbers compare by value, other text stays", () => {
    expect(normaliseKeyNumber("0302")).toBe("302");
    expect(normaliseKeyNumber("0")).toBe("0");
    expect(normaliseKeyNumber("000")).toBe("0");
    expect(normaliseKeyNumber("B12")).toBe("B12");
  });

  it("findStop / findLine - by entity and number, leading zeros ignored", async () => {
    const net = await smallNetwork();
    expect(findStop(net, "3", "300483")).toBe(0);
    expect(findStop(net, "03", "309999")).toBe(5);
    expect(findStop(net, "4", "300483")).toBeUndefined();
    expect(findLine(net, "3", "303")).toBe(1);
    expect(findLine(net, "3", "0302")).toBe(0);
    expect(findLine(net, "3", "304")).toBeUndefined();
  });

  it("findEntity / findMunicipality / findRegion / findColour - reference keys; codes ignore case", async () => {
    const net = await smallNetwork();
    expect(net.meta.entities[findEntity(net, "3")!].code).toBe("B");
    expect(net.meta.municipalities[findMunicipality(net, 24062)!].name).toBe("Leuven");
    expect(findMunicipality(net, 1866)).toBeUndefined();
    expect(net.meta.regions[findRegion(net, "lv")!].name).toBe("Leuven");
    expect(net.meta.colours[findColour(net, "ro")!].hex).toBe("BB0022");
    expect(findColour(net, "XX")).toBeUndefined();
  });

  it("require* - throws the catalogue's 404 naming the key", async () => {
    const net = await smallNetwork();
    expect(() => requireStop(net, "3", "399999")).toThrow("Stop 399999 of entity 3 does not exist");
    expect(() => requireLine(net, "2", "302")).toThrow("Line 302 of entity 2 does not exist");
    // Line 303 has trips only in direction HEEN.
    expect(requireLineDirection(net, "3", "303", 0)).toBe(2);
    expect(() => requireLineDirection(net, "3", "303", 1)).toThrow("Line 303 of entity 3 has no direction TERUG");
  });
});
