/**
 * A page's search that can only end it (plan-pages.ts confirmsForward, confirmsBackward): when MIN_ITINERARIES
 * journeys are final before a search starts, that search looks only for journeys that would beat one of them, and
 * when it finds none the page ends. Checked against the page made without it (every search looks for all), on the
 * seeded random networks of the connection-scan test (trips around midnight, change times at some stops), with
 * RAPTOR: the same pages, departing after, arriving by, later and last, and both outcomes seen.
 */
import { describe, expect, it } from "vitest";
import { planJourneys } from "../../src/routing/plan-journeys.js";
import type { PlanParams, SearchFactory } from "../../src/routing/plan-types.js";
import { defaultSearchFactory } from "../../src/routing/raptor-search.js";
import type { Journey, RaptorQuery } from "../../src/routing/raptor-types.js";
import { at } from "./support/raptor-scenario.js";
import { randomNightNetwork } from "./support/random-network.js";

const DATE = "2024-03-12";
const NEXT = "2024-03-13";

/** A search that only confirms a page: its known journeys include bounds, which have no legs. */
const confirming = (q: RaptorQuery) => (q.known ?? []).some((j) => j.legs.length === 0);

/** A journey the page never sees: what a search that "found one" answers, so that the search runs as always. */
const found: Journey = { legs: [], departureMs: 0, arrivalMs: 0, transfers: 0, walkSeconds: 0 };

describe("plan pages - the search that can only end a page", () => {
  it("plan pages - looking only for journeys that beat the page's final ones gives the same pages, departing after, arriving by, later and last", () => {
    const outcome = { ended: 0, beaten: 0 };
    const counted: SearchFactory = (network, scope) => {
      const search = defaultSearchFactory(network, scope);
      return (q) => {
        const journeys = search(q);
        if (confirming(q)) outcome[journeys.length === 0 ? "ended" : "beaten"]++;
        return journeys;
      };
    };
    // Without it: a confirming search answers as if it had found a journey, and the search runs as before.
    const plain: SearchFactory = (network, scope) => {
      const search = defaultSearchFactory(network, scope);
      return (q) => (confirming(q) ? [found] : search(q));
    };
    let pages = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const network = randomNightNetwork(seed, true);
      for (let a = 0; a < network.stops.count; a += 3) {
        for (let b = 1; b < network.stops.count; b += 4) {
          if (a === b) continue;
          const asked: Array<Partial<PlanParams>> = [
            { timeMs: at(DATE, "23:20") },
            { timeMs: at(NEXT, "00:45"), arriveBy: true },
            { timeMs: at(DATE, "23:35"), page: "later" },
            { timeMs: at(DATE, "22:00"), page: "last" },
          ];
          for (const params of asked) {
            const base = { from: { kind: "stop", stop: a }, to: { kind: "stop", stop: b }, timeMs: 0, ...params } as PlanParams;
            const expected = planJourneys(network, undefined, { ...base, searchFactory: plain });
            const actual = planJourneys(network, undefined, { ...base, searchFactory: counted });
            expect(actual, `seed ${seed} ${a} -> ${b} ${JSON.stringify(params)}`).toEqual(expected);
            pages++;
          }
        }
      }
    }
    expect(pages).toBe(12 * 19 * 4);
    // Both outcomes happen: most such searches end their page, some find a journey that beats a final one.
    expect(outcome.ended).toBeGreaterThan(100);
    expect(outcome.beaten).toBeGreaterThan(10);
  });
});
