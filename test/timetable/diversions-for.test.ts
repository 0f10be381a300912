import { beforeAll, describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../src/errors.js";
import type { Network } from "../../src/network/model.js";
import { diversionLanguage } from "../../src/timetable/diversion-language.js";
import { diversionsFor } from "../../src/timetable/diversions-for.js";
import { findDiversion } from "../../src/timetable/find-diversion.js";
import { fixtureNetwork, lineDirIdx, stopIdx } from "./support/fixture-network.js";

describe("diversionsFor (service-days fixture)", () => {
  let net: Network;
  const ids = (p: Parameters<typeof diversionsFor>[1]) => diversionsFor(net, p).map((v) => v.diversion.id);
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
  });

  it("findDiversion - texts in the four languages", () => {
    expect(findDiversion(net, 9001, "nl")).toMatchObject({ language: "nl", title: "Werken Markt", description: "Halte Markt wordt niet bediend.\nVervanghalte: Ring." });
    expect(findDiversion(net, 9001, "fr")).toMatchObject({ language: "fr", title: "Travaux Markt", description: "L'arrêt Markt n'est pas desservi.\nArrêt de remplacement : Ring." });
    expect(findDiversion(net, 9001, "en")).toMatchObject({ language: "en", title: "Roadworks Markt" });
    expect(findDiversion(net, 9001, "de")).toMatchObject({ language: "de", title: "Bauarbeiten Markt" });
  });

  it("findDiversion - a language without translation falls back to Dutch", () => {
    expect(findDiversion(net, 9003, "fr")).toMatchObject({ language: "nl", title: "Jaarmarkt" });
    expect(findDiversion(net, 9003, "en")).toMatchObject({ language: "en", title: "Annual fair" });
  });

  it("findDiversion - an unknown reference is LW_DIVERSION_NOT_FOUND (404)", () => {
    expect(() => findDiversion(net, 424242)).toThrow(LijnwijzerError);
    expect(() => findDiversion(net, 424242)).toThrow("Diversion 424242 does not exist");
  });

  it("diversionsFor - by date and weekday, by kind", () => {
    expect(ids({ date: 20240312 })).toEqual([9001]);
    expect(ids({ date: 20240316 })).toEqual([]);
    expect(ids({ date: 20240415 })).toEqual([9002]);
    expect(ids({ date: 20240415, kind: "omleiding" })).toEqual([]);
    expect(ids({ date: 20240602, kind: "omleiding" })).toEqual([9003]);
  });

  it("diversionsFor - by period: active on at least one day of it", () => {
    expect(ids({ period: { from: 20240101, to: 20241231 } })).toEqual([9001, 9002, 9003]);
    expect(ids({ period: { from: 20240330, to: 20240331 } })).toEqual([]); // a weekend; 9001 is Mon-Fri
    expect(ids({ period: { from: 20240329, to: 20240331 } })).toEqual([9001]);
    expect(ids({ period: { from: 20240525, to: 20240605 }, kind: "omleiding" })).toEqual([9003]);
  });

  it("diversionsFor - by stop and by line direction", () => {
    const all = { period: { from: 20240101, to: 20241231 } };
    expect(ids({ ...all, stops: [stopIdx(net, "300002")] })).toEqual([9001, 9002, 9003]);
    expect(ids({ ...all, stops: [stopIdx(net, "300005")] })).toEqual([]);
    expect(ids({ ...all, lineDirections: [lineDirIdx(net, "3_1_TERUG")] })).toEqual([9002, 9003]);
    expect(ids({ ...all, lineDirections: [lineDirIdx(net, "3_1_HEEN")], kind: "storing" })).toEqual([]);
  });

  it("diversionsFor - the diversion's content", () => {
    const [v] = diversionsFor(net, { date: 20240312, language: "de" });
    expect(v.diversion).toMatchObject({
      id: 9001,
      kind: "omleiding",
      type: "WERKEN",
      start: 20240301,
      end: 20240331,
      weekdays: 0b0011111,
      lineDirections: [lineDirIdx(net, "3_1_HEEN")],
      stops: [stopIdx(net, "300002")],
    });
    expect(v.title).toBe("Bauarbeiten Markt");
  });

  it("diversionLanguage - ISO codes and the operator's enum names", () => {
    expect(["nl", "FR", "en", "De", "NEDERLANDS", "FRANS", "ENGELS", "ENDGELS", "DUITS"].map(diversionLanguage)).toEqual([
      "nl", "fr", "en", "de", "nl", "fr", "en", "en", "de",
    ]);
    expect(diversionLanguage("xx")).toBeUndefined();
  });
});
