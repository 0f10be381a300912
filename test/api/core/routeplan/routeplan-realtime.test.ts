/**
 * E1 with a real-time source on the fixtures realtime-added (trips a GTFS-RT feed adds: ADDED and NEW) and
 * realtime-after-midnight (a delayed trip of yesterday's service past 24:00); each folder's README gives the answers.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fixtureNetwork, fixtureRealtime, type RealtimeFixture } from "../../../routing/support/fixture-network.js";
import { closeApps, fixtureApp, type Json, planOn, summary as summaryOf } from "./support/fixture-plan.js";

afterAll(closeApps);

interface Fixture {
  /** The route plan between two stops' coordinates, with the feed (live) or without a real-time source. */
  plan(from: string, to: string, query: string, live?: boolean): Promise<Json>;
}

async function fixture(name: RealtimeFixture): Promise<Fixture> {
  const net = await fixtureNetwork(name);
  const state = fixtureRealtime(net, name);
  const live = await fixtureApp(net, { realtime: state, clockMs: state.builtMs });
  const schedule = await fixtureApp(net, { clockMs: state.builtMs });
  return {
    plan: (from, to, query, withFeed = true) => planOn(withFeed ? live : schedule, net, from, to, query),
  };
}

/** One line per itinerary, steps with their dates: "08:35:00-08:45:00 0* VOERTUIG 301201>301203 2024-06-11T08:35:00-2024-06-11T08:45:00 1/N0835". */
const summary = (body: Json) => summaryOf(body, { stepDates: true });

const best = (body: Json) => summary(body)[body.reiswegen.findIndex((r: Json) => r.bestpassend)];
const passages = (step: Json) =>
  [step.vertrekDoorkomst, step.aankomstDoorkomst].map((d: Json) => [d.dienstregelingTijdstip, d["real-timeTijdstip"], d.predictionStatussen]);

describe("E1 with trips a GTFS-RT feed adds", () => {
  it("routeplan realtime - the NEW express N0835 is the best match Noord -> Zuid (the ADDED A0830, leaving earlier and arriving later, is not on the page); the schedule alone has T0900", async () => {
    const f = await fixture("realtime-added");
    const live = await f.plan("301201", "301203", "tijdstip=2024-06-11T08:05:00");
    expect(best(live)).toBe("08:35:00-08:45:00 0* VOERTUIG 301201>301203 2024-06-11T08:35:00-2024-06-11T08:45:00 1/N0835");
    expect(summary(live)).toEqual([
      "08:35:00-08:45:00 0* VOERTUIG 301201>301203 2024-06-11T08:35:00-2024-06-11T08:45:00 1/N0835",
      "09:00:00-09:20:00 0 VOERTUIG 301201>301203 2024-06-11T09:00:00-2024-06-11T09:20:00 1/900",
      "08:00:00-08:20:00 0 VOERTUIG 301201>301203 2024-06-12T08:00:00-2024-06-12T08:20:00 1/800",
    ]);
    const step = live.reiswegen[0].reiswegStappen[0];
    expect(passages(step)).toEqual([
      ["2024-06-11T08:35:00", "2024-06-11T08:35:00", ["REALTIME"]],
      ["2024-06-11T08:45:00", "2024-06-11T08:45:00", ["REALTIME"]],
    ]);
    // No `rit` link: the trip endpoint has no timetable of a trip the feed adds (docs/COMPATIBILITY.md P22).
    expect([step.lijnrichting.richting, step.bestemming, step.links.map((l: Json) => l.rel)]).toEqual(["HEEN", "Zuid", ["lijnrichting"]]);
    expect(best(await f.plan("301201", "301203", "tijdstip=2024-06-11T08:05:00", false))).toBe(
      "09:00:00-09:20:00 0* VOERTUIG 301201>301203 2024-06-11T09:00:00-2024-06-11T09:20:00 1/900",
    );
  });

  it("routeplan realtime - the ADDED A0830 is left at Midden at the feed's arrival (08:39) and boarded there at its departure (08:41)", async () => {
    const f = await fixture("realtime-added");
    const toMidden = await f.plan("301201", "301202", "tijdstip=2024-06-11T08:05:00");
    expect(best(toMidden)).toBe("08:30:00-08:39:00 0* VOERTUIG 301201>301202 2024-06-11T08:30:00-2024-06-11T08:39:00 1/A0830");
    expect(passages(toMidden.reiswegen[0].reiswegStappen[0])[1]).toEqual(["2024-06-11T08:39:00", "2024-06-11T08:39:00", ["REALTIME"]]);
    const fromMidden = await f.plan("301202", "301203", "tijdstip=2024-06-11T08:15:00");
    expect(best(fromMidden)).toBe("08:41:00-08:50:00 0* VOERTUIG 301202>301203 2024-06-11T08:41:00-2024-06-11T08:50:00 1/A0830");
    expect(best(await f.plan("301202", "301203", "tijdstip=2024-06-11T08:15:00", false))).toBe(
      "09:10:00-09:20:00 0* VOERTUIG 301202>301203 2024-06-11T09:10:00-2024-06-11T09:20:00 1/900",
    );
  });

  it("routeplan realtime - arrive by 08:46 at Zuid: only N0835 makes it", async () => {
    const f = await fixture("realtime-added");
    const body = await f.plan("301201", "301203", "vertrekAankomst=AANKOMST&tijdstip=2024-06-11T08:46:00");
    expect(best(body)).toBe("08:35:00-08:45:00 0* VOERTUIG 301201>301203 2024-06-11T08:35:00-2024-06-11T08:45:00 1/N0835");
    expect(best(await f.plan("301201", "301203", "vertrekAankomst=AANKOMST&tijdstip=2024-06-11T08:46:00", false))).toBe(
      "08:00:00-08:20:00 0* VOERTUIG 301201>301203 2024-06-11T08:00:00-2024-06-11T08:20:00 1/800",
    );
  });
});

describe("E1 with a delayed trip past midnight", () => {
  it("routeplan realtime - Friday's WK2350 (23:50 -> 24:10), 15 minutes late, leaves Saturday 00:05 and is found from 00:00", async () => {
    const f = await fixture("realtime-after-midnight");
    const live = await f.plan("301301", "301302", "tijdstip=2024-06-15T00:00:00");
    expect(best(live)).toBe("00:05:00-00:25:00 0* VOERTUIG 301301>301302 2024-06-15T00:05:00-2024-06-15T00:25:00 1/2350");
    expect(passages(live.reiswegen[0].reiswegStappen[0])).toEqual([
      ["2024-06-14T23:50:00", "2024-06-15T00:05:00", ["REALTIME"]],
      ["2024-06-15T00:10:00", "2024-06-15T00:25:00", ["REALTIME"]],
    ]);
    expect(best(await f.plan("301301", "301302", "tijdstip=2024-06-15T00:00:00", false))).toBe(
      "06:00:00-06:10:00 0* VOERTUIG 301301>301302 2024-06-15T06:00:00-2024-06-15T06:10:00 1/600",
    );
  });

  it("routeplan realtime - from Friday 23:55, after its schedule, the late WK2350 is still caught; arrive by Saturday 00:30 it is the one", async () => {
    const f = await fixture("realtime-after-midnight");
    expect(best(await f.plan("301301", "301302", "tijdstip=2024-06-14T23:55:00"))).toBe(
      "00:05:00-00:25:00 0* VOERTUIG 301301>301302 2024-06-15T00:05:00-2024-06-15T00:25:00 1/2350",
    );
    expect(best(await f.plan("301301", "301302", "vertrekAankomst=AANKOMST&tijdstip=2024-06-15T00:30:00"))).toBe(
      "00:05:00-00:25:00 0* VOERTUIG 301301>301302 2024-06-15T00:05:00-2024-06-15T00:25:00 1/2350",
    );
    expect(best(await f.plan("301301", "301302", "vertrekAankomst=AANKOMST&tijdstip=2024-06-15T00:30:00", false))).toBe(
      "23:50:00-00:10:00 0* VOERTUIG 301301>301302 2024-06-14T23:50:00-2024-06-15T00:10:00 1/2350",
    );
  });
});
