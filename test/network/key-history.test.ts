import { describe, expect, it } from "vitest";
import { demoFeedPath } from "../../src/demo/demo-feed-path.js";
import { readGtfs } from "../../src/gtfs/index.js";
import type { GtfsFeed } from "../../src/gtfs/types.js";
import { compileNetwork, type CompileInput } from "../../src/network/compile-network.js";
import { readKeyHistory } from "../../src/network/key-history.js";
import { requireEntity, requireLine, requireStop } from "../../src/network/lookup.js";
import type { Network } from "../../src/network/model.js";
import { agency, calendar, feed, route, stop } from "../support/feed-builder.js";

/** The next import of `inputs`, continuing the key history of `before`. */
function next(before: Network, inputs: CompileInput[], now = new Date("2026-12-01T06:00:00Z")): Network {
  return compileNetwork(inputs, { previousKeys: readKeyHistory(before.keyHistory, before.strings, before.meta), now });
}

function stopKeys(net: Network): Record<string, string> {
  const out: Record<string, string> = {};
  for (let s = 0; s < net.stops.count; s++) {
    out[net.strings.get(net.stops.gtfsId[s])] = `${net.meta.entities[net.stops.entity[s]].number}_${net.strings.get(net.stops.number[s])}`;
  }
  return out;
}

function lineKeys(net: Network): Record<string, string> {
  const out: Record<string, string> = {};
  for (let l = 0; l < net.lines.count; l++) {
    out[net.strings.get(net.lines.gtfsId[l])] = `${net.meta.entities[net.lines.entity[l]].number}_${net.strings.get(net.lines.number[l])}`;
  }
  return out;
}

/** A one-agency generic feed: each stop id served by one trip of route R to the first stop. */
function numericFeed(stopIds: string[], version: string): GtfsFeed {
  const g = feed({
    agencies: [agency({ agencyId: "BUS", timezone: "America/New_York" })],
    stops: stopIds.map((id, i) => stop(id, 40.7 + i / 1000, -74)),
    routes: [route("R", { agencyId: "BUS", shortName: "R" })],
    trips: stopIds.slice(1).map((id, i) => ({ tripId: `t${i}`, routeId: "R", serviceId: "S", times: [[stopIds[0], "08:00:00"], [id, "08:05:00"]] as Array<[string, string]> })),
    calendars: [calendar("S", "1111111", 20260101, 20271231)],
  });
  return { ...g, feedInfo: { publisherName: "Test", publisherUrl: "", lang: "en", startDate: undefined, endDate: undefined, version } };
}

describe("key history - the generic profile", () => {
  it("a feed numbered by its ids keeps doing so: a new plain-number id takes its own number, another the next free one", () => {
    const v1 = compileNetwork([{ profile: "generic", feed: numericFeed(["10", "20", "30"], "a") }]);
    expect(stopKeys(v1)).toEqual({ "10": "1_10", "20": "1_20", "30": "1_30" });
    const v2 = next(v1, [{ profile: "generic", feed: numericFeed(["10", "20", "25", "X1"], "b") }]);
    expect(stopKeys(v2)).toEqual({ "10": "1_10", "20": "1_20", "25": "1_25", X1: "1_31" });
    // 30 was removed: a later stop_id 30 at the same place is the same stop and gets its key back.
    const v3 = next(v2, [{ profile: "generic", feed: numericFeed(["10", "20", "30"], "c") }]);
    expect(stopKeys(v3)).toEqual({ "10": "1_10", "20": "1_20", "30": "1_30" });
    expect(() => requireStop(v3, "1", "31")).toThrow("Stop 31 of entity 1 was removed from the network on 2026-12-01 (feed version c)");
    expect(v3.meta.imports.map((i) => i.feeds[0].version)).toEqual(["a", "b", "c"]);
  });

  it("without a previous history the keys are those of a first import", () => {
    const a = compileNetwork([{ profile: "generic", feed: numericFeed(["10", "X1", "20"], "a") }]);
    expect(stopKeys(a)).toEqual({ "10": "1_1", "20": "1_2", X1: "1_3" });
    expect(a.meta.keyChanges.find((c) => c.kind === "stop")).toMatchObject({ kept: 0, added: 3, removed: 0 });
  });

  it("an agency keeps its entity number when another agency before it goes", () => {
    const two = (agencies: string[]) =>
      feed({
        agencies: agencies.map((a) => agency({ agencyId: a, timezone: "America/New_York" })),
        stops: [stop("A", 40.7, -74), stop("B", 40.71, -74)],
        routes: agencies.map((a) => route(`r${a}`, { agencyId: a, shortName: "1" })),
        trips: agencies.map((a) => ({ tripId: `t${a}`, routeId: `r${a}`, serviceId: "S", times: [["A", "08:00:00"], ["B", "08:05:00"]] as Array<[string, string]> })),
        calendars: [calendar("S", "1111111", 20260101, 20271231)],
      });
    const v1 = compileNetwork([{ profile: "generic", feed: two(["NYCT", "LIRR"]) }]);
    expect(lineKeys(v1)).toEqual({ rNYCT: "1_1", rLIRR: "2_1" });
    const v2 = next(v1, [{ profile: "generic", feed: two(["LIRR", "MNR"]) }]);
    expect(lineKeys(v2)).toEqual({ rLIRR: "2_1", rMNR: "3_1" });
    expect(() => requireEntity(v2, "1")).toThrow("Entity 1 was removed from the network on 2026-12-01");
    expect(() => requireLine(v2, "1", "1")).toThrow("Line 1 of entity 1 was removed");
  });
});

describe("key history - the delijn profile", () => {
  it("the demo network keeps every key when imported again, and the history says so", async () => {
    const demo = await readGtfs(demoFeedPath());
    const v1 = compileNetwork([{ profile: "delijn", feed: demo }]);
    const v2 = next(v1, [{ profile: "delijn", feed: demo }]);
    expect(stopKeys(v2)).toEqual(stopKeys(v1));
    expect(lineKeys(v2)).toEqual(lineKeys(v1));
    for (const c of v2.meta.keyChanges) expect([c.kind, c.added, c.removed]).toEqual([c.kind, 0, 0]);
    expect(v2.meta.keyChanges.find((c) => c.kind === "stop")!.kept).toBe(v1.stops.count);
    // The operator's keys are its ids: stop 300853 is /haltes/3/300853 in both.
    expect(stopKeys(v2)["300853"]).toBe("3_300853");
  }, 60_000);

  it("a delijn stop that goes answers removed, and its key comes from its id when it is back", () => {
    const f = (stopIds: string[]) =>
      feed({
        agencies: [agency({ agencyId: "3", timezone: "Europe/Brussels" })],
        stops: stopIds.map((id, i) => stop(id, 50.88 + i / 1000, 4.7)),
        routes: [route("3002", { agencyId: "3", shortName: "2" })],
        trips: [{ tripId: "t", routeId: "3002", serviceId: "S", times: stopIds.map((id, i) => [id, `08:0${i}:00`]) as Array<[string, string]> }],
        calendars: [calendar("S", "1111111", 20260101, 20271231)],
      });
    const v1 = compileNetwork([{ profile: "delijn", feed: f(["301001", "301002", "301003"]) }]);
    const v2 = next(v1, [{ profile: "delijn", feed: f(["301001", "301003"]) }]);
    expect(() => requireStop(v2, "3", "301002")).toThrow("Stop 301002 of entity 3 was removed from the network on 2026-12-01");
    expect(stopKeys(v2)).toEqual({ "301001": "3_301001", "301003": "3_301003" });
    const v3 = next(v2, [{ profile: "delijn", feed: f(["301001", "301002", "301003"]) }]);
    expect(stopKeys(v3)).toEqual(stopKeys(v1));
  });
});
