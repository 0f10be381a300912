/**
 * The wheelchair policy of the planner (plan-journeys.ts, wheelchair-access.ts; docs/COMPATIBILITY.md P21) on the wheelchair-unknown fixture, whose README gives each answer.
 */
import { describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import type { Itinerary } from "../../src/routing/plan-types.js";
import { hasUnknownWheelchairAccess, stopWheelchairAccess } from "../../src/routing/wheelchair-access.js";
import { fixtureNetwork, local, stopIdx } from "./support/fixture-network.js";

/** "08:10:00 810 ?trip" per ride: its departure, trip number and the parts of unknown access. */
function rides(net: Network, its: Itinerary[]): string[] {
  return its.map((it) =>
    it.steps
      .flatMap((s) => {
        if (s.kind !== "vehicle") return [];
        const u = s.accessUnknown;
        const marks = u ? ["trip", "from", "to"].filter((k) => u[k as keyof typeof u]) : [];
        return [`${local(net, s.departureMs).slice(11)} ${s.departure.passage.tripNumber}${marks.length ? ` ?${marks.join(",")}` : ""}`];
      })
      .join(" | ") + (it.accessUnknown ? " (unknown)" : ""),
  );
}

async function planOn(to: string, at: string, wheelchair: boolean) {
  const net = await fixtureNetwork("wheelchair-unknown");
  const plan = planJourneys(net, undefined, {
    from: { kind: "stop", stop: stopIdx(net, "300801") },
    to: { kind: "stop", stop: stopIdx(net, to) },
    timeMs: Date.parse(`2024-06-11T${at}+02:00`),
    wheelchair,
  });
  return rides(net, plan.itineraries);
}

describe("wheelchair plans with unknown access", () => {
  it("wheelchair-access - a platform with wheelchair_boarding empty inherits its parent station's 1", async () => {
    const net = await fixtureNetwork("wheelchair-unknown");
    expect(["300801", "300802", "300803", "300804"].map((h) => stopWheelchairAccess(net, stopIdx(net, h)))).toEqual([1, 0, 1, 2]);
    expect(hasUnknownWheelchairAccess(net)).toBe(true);
  });

  it("plan-journeys - the known-accessible page is 50 min later: the unknown trips, marked, and never the inaccessible one", async () => {
    expect(await planOn("300803", "07:55:00", false)).toEqual(["08:05:00 805", "08:10:00 810", "08:50:00 850"]);
    expect(await planOn("300803", "07:55:00", true)).toEqual(["08:10:00 810 ?trip (unknown)", "08:50:00 850 ?trip (unknown)", "09:00:00 900"]);
  });

  it("plan-journeys - an unknown trip only 10 min sooner leaves the known-accessible page as it is", async () => {
    expect(await planOn("300803", "08:35:00", true)).toEqual(["09:00:00 900"]);
  });

  it("plan-journeys - a stop of unknown access, the only way, is used and marked; a stop known not accessible never", async () => {
    expect(await planOn("300802", "07:55:00", true)).toEqual(["10:00:00 1000 ?to (unknown)"]);
    expect(await planOn("300804", "07:55:00", true)).toEqual([]);
    expect(await planOn("300804", "07:55:00", false)).toEqual(["11:00:00 1100"]);
  });
});
