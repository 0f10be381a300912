import { describe, expect, it } from "vitest";
import { findEntity, findMunicipality, findRegion } from "../../../src/network/lookup.js";
import type { Network, StopIdx } from "../../../src/network/model.js";
import { lineDirectionsAtStop } from "../../../src/network/queries/line-directions-at-stop.js";
import { lineDirectionsOfLine } from "../../../src/network/queries/line-directions-of-line.js";
import { linesOfEntity } from "../../../src/network/queries/lines-of-entity.js";
import { linesOfMunicipality } from "../../../src/network/queries/lines-of-municipality.js";
import { linesOfRegion } from "../../../src/network/queries/lines-of-region.js";
import { linesValidOn } from "../../../src/network/queries/lines-valid-on.js";
import { municipalitiesOfEntity } from "../../../src/network/queries/municipalities-of-entity.js";
import { municipalitiesOfLine } from "../../../src/network/queries/municipalities-of-line.js";
import { stopsNear } from "../../../src/network/queries/stops-near.js";
import { stopsOfEntity } from "../../../src/network/queries/stops-of-entity.js";
import { stopsOfLineDirection } from "../../../src/network/queries/stops-of-line-direction.js";
import { stopsOfMunicipality } from "../../../src/network/queries/stops-of-municipality.js";
import { allStopsValidOn } from "../../../src/network/queries/stops-valid-on.js";
import { isLineValidOn } from "../../../src/network/queries/valid-on.js";
import { smallNetwork } from "./small-network.js";

const IN_2024 = 20240501;
const IN_2025 = 20250501;
const numbers = (net: Network, stops: StopIdx[]) => stops.map((s) => net.strings.get(net.stops.number[s]));
const nis = (net: Network, ms: number[]) => ms.map((m) => net.meta.municipalities[m].nis);

describe("network queries (small Leuven network)", () => {
  it("isLineValidOn - from the first to the last service date of the line's trips", async () => {
    const net = await smallNetwork();
    expect([20231231, 20240101, 20241231, 20250101].map((d) => isLineValidOn(net, 0, d))).toEqual([false, true, true, false]);
    expect(linesValidOn(net, IN_2024)).toEqual([0]);
    expect(linesValidOn(net, IN_2025)).toEqual([1]);
  });

  it("allStopsValidOn - stops served by a line direction valid that day; an unserved stop never", async () => {
    const net = await smallNetwork();
    expect(numbers(net, allStopsValidOn(net, IN_2024))).toEqual(["300483", "300484", "300507", "301010"]);
    expect(numbers(net, allStopsValidOn(net, IN_2025))).toEqual(["300483", "305000"]);
    expect(allStopsValidOn(net, 20300101)).toEqual([]);
  });

  it("stopsOfMunicipality / linesOfMunicipality - by the municipality each stop lies in", async () => {
    const net = await smallNetwork();
    const leuven = findMunicipality(net, 24062)!;
    expect(numbers(net, stopsOfMunicipality(net, leuven))).toEqual(["300483", "300484", "300507", "309999"]);
    expect(numbers(net, stopsOfMunicipality(net, leuven, IN_2024))).toEqual(["300483", "300484", "300507"]);
    expect(linesOfMunicipality(net, leuven, IN_2024)).toEqual([0]);
    expect(linesOfMunicipality(net, leuven, IN_2025)).toEqual([1]);
    expect(linesOfMunicipality(net, findMunicipality(net, 24038)!, IN_2025)).toEqual([]);
  });

  it("linesOfRegion / linesOfEntity / stopsOfEntity / municipalitiesOfEntity", async () => {
    const net = await smallNetwork();
    expect(linesOfRegion(net, findRegion(net, "LV")!, IN_2024)).toEqual([0]);
    expect(linesOfRegion(net, findRegion(net, "AA")!, IN_2024)).toEqual([]);
    const e3 = findEntity(net, "3")!;
    expect(linesOfEntity(net, e3, IN_2025)).toEqual([1]);
    expect(linesOfEntity(net, findEntity(net, "1")!, IN_2024)).toEqual([]);
    expect(numbers(net, stopsOfEntity(net, e3, IN_2025))).toEqual(["300483", "305000"]);
    const ms = municipalitiesOfEntity(net, e3);
    expect(nis(net, ms)).toContain(24062);
    expect(nis(net, ms)).toContain(24038);
    expect(ms.every((m) => net.meta.municipalities[m].entity === e3)).toBe(true);
    expect(nis(net, ms)).toEqual([...nis(net, ms)].sort((a, b) => a - b));
  });

  it("municipalitiesOfLine - where the line stops, by NIS code", async () => {
    const net = await smallNetwork();
    expect(nis(net, municipalitiesOfLine(net, 0, IN_2024))).toEqual([24038, 24062]);
    expect(municipalitiesOfLine(net, 0, IN_2025)).toEqual([]);
  });

  it("lineDirectionsOfLine / lineDirectionsAtStop - only directions with trips valid that day", async () => {
    const net = await smallNetwork();
    expect(lineDirectionsOfLine(net, 0, IN_2024)).toEqual([0, 1]);
    expect(lineDirectionsOfLine(net, 1, IN_2025)).toEqual([2]);
    expect(lineDirectionsAtStop(net, 0, IN_2024)).toEqual([0, 1]);
    expect(lineDirectionsAtStop(net, 0, IN_2025)).toEqual([2]);
    expect(lineDirectionsAtStop(net, 5, IN_2024)).toEqual([]);
  });

  it("stopsOfLineDirection - the main pattern, with a branch's extra stop inserted after its predecessor", async () => {
    const net = await smallNetwork();
    expect(numbers(net, stopsOfLineDirection(net, 0))).toEqual(["300483", "300484", "300507", "301010"]);
    expect(numbers(net, stopsOfLineDirection(net, 1))).toEqual(["301010", "300507", "300483"]);
  });

  it("stopsNear - nearest first within the radius, capped, only stops valid that day", async () => {
    const net = await smallNetwork();
    const near = stopsNear(net, 50.860721, 4.647603, 100, 50, IN_2024);
    expect(numbers(net, near.map((n) => n.stop))).toEqual(["300483", "300484"]);
    expect(near[0].meters).toBe(0);
    // 300484 lies 0.000083 degrees north (9.2 m) and 0.00034 degrees east (23.9 m at this latitude): 25.6 m.
    expect(Math.round(near[1].meters)).toBe(26);
    expect(stopsNear(net, 50.860721, 4.647603, 100, 1, IN_2024)).toHaveLength(1);
    expect(numbers(net, stopsNear(net, 50.860721, 4.647603, 100, 50, IN_2025).map((n) => n.stop))).toEqual(["300483"]);
    expect(numbers(net, stopsNear(net, 50.860721, 4.647603, 1300, 50).map((n) => n.stop))).toEqual(["300483", "300484", "300507"]);
  });
});
