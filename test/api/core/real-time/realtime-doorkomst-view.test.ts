/**
 * The real-time passage view (realtime-doorkomst-view.ts): its fields in the captured order, and objects the
 * young generation collects. Measured with V8's own space statistics, not time: building passages that die at
 * once must not fill the old generation, where only a full collection frees them (docs/BENCHMARKS.md "Hostile
 * clients (bench:abuse)": a server answering lists of 100 stops grew by hundreds of megabytes between two).
 */
import { getHeapSpaceStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { PassageWriter } from "../../../../src/api/core/dienstregelingen/doorkomst-view.js";
import { realtimeDoorkomst } from "../../../../src/api/core/real-time/realtime-doorkomst-view.js";
import { Linker } from "../../../../src/api/shared/links.js";
import { findStop } from "../../../../src/network/lookup.js";
import { upcomingPassages } from "../../../../src/timetable/upcoming-passages.js";
import { demoNetwork } from "../../../support/demo-network.js";

/** Tuesday 2026-03-10 07:00 in Brussels (CET). */
const TUESDAY_7 = Date.parse("2026-03-10T07:00:00+01:00");

const oldSpaceUsed = () => getHeapSpaceStatistics().find((s) => s.space_name === "old_space")!.space_used_size;

describe("realtimeDoorkomst", () => {
  it("realtimeDoorkomst - a passage without a measurement: the timetable fields, GEENREALTIME, then its links", async () => {
    const net = await demoNetwork();
    const stop = findStop(net, "3", "303070")!;
    const [p] = upcomingPassages(net, undefined, { stop, from: TUESDAY_7, max: 1 });
    const d = realtimeDoorkomst(new PassageWriter(new Linker("http://h", "http://h/v1")), p);
    expect(Object.keys(d)).toEqual([
      "doorkomstId", "entiteitnummer", "lijnnummer", "richting", "ritnummer", "bestemming", "plaatsBestemming", "vias", "haltenummer",
      "dienstregelingTijdstip", "real-timeTijdstip", "vrtnum", "predictionStatussen", "links", "status",
    ]);
    expect(JSON.parse(JSON.stringify(d))).toMatchObject({
      haltenummer: "303070",
      dienstregelingTijdstip: p.passage.time,
      predictionStatussen: ["GEENREALTIME"],
      links: [{ rel: "halte", url: "http://h/v1/haltes/3/303070" }, { rel: "lijnrichting" }],
    });
    expect(d["real-timeTijdstip"]).toBeUndefined();
    expect(d.status).toBeUndefined();
  });

  it("realtimeDoorkomst - 40,000 passages dropped as soon as built leave the old generation as it was (under 8 MB more)", async () => {
    const net = await demoNetwork();
    const stop = findStop(net, "3", "303070")!;
    const passages = upcomingPassages(net, undefined, { stop, from: TUESDAY_7, max: 20 });
    expect(passages).toHaveLength(20);
    const W = new PassageWriter(new Linker("http://h", "http://h/v1"));
    let fields = 0;
    const before = oldSpaceUsed();
    for (let i = 0; i < 2_000; i++) for (const p of passages) fields += Object.keys(realtimeDoorkomst(W, p)).length;
    const grown = oldSpaceUsed() - before;
    expect(fields).toBe(40_000 * 15);
    // With object rest and spread the same loop grew the old generation by about 48 MB (1.2 KB a passage).
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });
});
