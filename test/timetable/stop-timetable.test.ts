import { beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { stopTimetable } from "../../src/timetable/stop-timetable.js";
import { notesOfPassages } from "../../src/timetable/notes-of-passages.js";
import { tripsOfLineDirection } from "../../src/timetable/trips-of-line-direction.js";
import { fixtureNetwork, lineDirIdx, stopIdx } from "./support/fixture-network.js";

describe("stopTimetable - notes and diversions (service-days fixture)", () => {
  let net: Network;
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
  });

  it("stopTimetable - a passage note at its stop and the trip note, both naming the stop", () => {
    const t = stopTimetable(net, undefined, { stop: stopIdx(net, "300002"), date: 20240312 });
    expect(t.passageNotes).toEqual([
      {
        id: 2,
        text: "Halte tijdelijk verplaatst naar de overkant.",
        kind: "passage",
        trip: t.passages.find((p) => p.tripNumber === "101")!.trip,
        serviceDate: 20240312,
        tripNumber: "101",
        entity: "3",
        lineNumber: "1",
        direction: "HEEN",
        stop: stopIdx(net, "300002"),
        stopNumber: "300002",
      },
    ]);
    expect(t.tripNotes.map((n) => [n.id, n.text, n.tripNumber, n.stopNumber])).toEqual([
      [1, "Rijdt niet tijdens de schoolvakanties.", "101", "300002"],
    ]);
  });

  it("stopTimetable - at another stop of the trip only the trip note shows", () => {
    const t = stopTimetable(net, undefined, { stop: stopIdx(net, "300001"), date: 20240312 });
    expect(t.passageNotes).toEqual([]);
    expect(t.tripNotes.map((n) => [n.id, n.stopNumber])).toEqual([[1, "300001"]]);
    // No WK trips on Saturday: no notes.
    const sat = stopTimetable(net, undefined, { stop: stopIdx(net, "300001"), date: 20240316 });
    expect([sat.passageNotes, sat.tripNotes]).toEqual([[], []]);
  });

  it("notesOfPassages - trip level: one trip note per trip without a stop, the passage note at its stop", () => {
    const trips = tripsOfLineDirection(net, undefined, { lineDirection: lineDirIdx(net, "3_1_HEEN"), date: 20240312 });
    const notes = notesOfPassages(net, trips.flatMap((t) => t.passages));
    expect(notes.tripNotes.map((n) => [n.id, n.tripNumber, n.stopNumber])).toEqual([[1, "101", undefined]]);
    expect(notes.passageNotes.map((n) => [n.id, n.tripNumber, n.stopNumber])).toEqual([[2, "101", "300002"]]);
  });

  it("stopTimetable - planned diversions active that day at the stop (not served there, or on a line direction through it)", () => {
    const ids = (stop: string, date: number) =>
      stopTimetable(net, undefined, { stop: stopIdx(net, stop), date }).diversions.map((d) => [d.view.diversion.id, d.lineDirection]);
    const heen = lineDirIdx(net, "3_1_HEEN");
    expect(ids("300002", 20240312)).toEqual([[9001, heen]]);
    expect(ids("300001", 20240312)).toEqual([[9001, heen]]);
    expect(ids("300002", 20240316)).toEqual([]); // 9001 runs Monday to Friday
    expect(ids("300002", 20240601)).toEqual([[9003, heen]]);
    expect(ids("300002", 20240415)).toEqual([]); // 9002 is a disruption, not a diversion
    expect(ids("300005", 20240312)).toEqual([]); // no line passes the depot
    const t = stopTimetable(net, undefined, { stop: stopIdx(net, "300002"), date: 20240312 });
    expect(t.diversions[0].view).toMatchObject({ language: "nl", title: "Werken Markt" });
  });
});
