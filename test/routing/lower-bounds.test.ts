/**
 * The lower bounds of travel time (lower-bounds.ts) against a plain reference: Bellman-Ford over every ride hop and
 * every footpath of the view. The bounds' graph leaves out the footpaths two shorter ones in a row make (most of the
 * chained ones); the distances must be the same.
 */
import { describe, expect, it } from "vitest";
import { createNetworkView } from "../../src/routing/network-view.js";
import { travelBounds } from "../../src/routing/lower-bounds.js";
import type { TransitView } from "../../src/routing/transit-view.js";
import { at, net } from "./support/raptor-scenario.js";

const CAP = 12 * 3600;

function prng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

/** 30 stops within 2 km, so that the footpaths (400 m, chained up to 15 minutes) make walks of several in a row. */
function randomView(seed: number): TransitView {
  const rnd = prng(seed);
  const stops: Record<string, [number, number]> = {};
  for (let i = 0; i < 30; i++) stops[`S${i}`] = [Math.round(rnd() * 2000), Math.round(rnd() * 2000)];
  const trips: string[] = [];
  for (let l = 0; l < 6; l++) {
    const route = [...new Set(Array.from({ length: 4 }, () => `S${Math.floor(rnd() * 30)}`))];
    let t = 8 * 60 + Math.floor(rnd() * 30);
    trips.push(`L${l} bus: ${route.map((s, i) => `${s} ${String(Math.floor((t += i ? 2 + Math.floor(rnd() * 5) : 0) / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`).join(", ")}`);
  }
  const network = net({ stops, trips });
  return createNetworkView(network, { fromMs: at("2024-03-12", "07:00"), toMs: at("2024-03-12", "12:00") });
}

/** Seconds from every stop to `target` (toward) over every hop and footpath, at most CAP. */
function reference(view: TransitView, target: number): number[] {
  const dist = new Array<number>(view.stopCount).fill(CAP);
  dist[target] = 0;
  const edges: Array<[number, number, number]> = [];
  for (let p = 0; p < view.patternCount; p++) {
    for (let r = view.patternStopStart[p]; r < view.patternStopStart[p + 1] - 1; r++) edges.push([view.patternStops[r], view.patternStops[r + 1], view.hopSeconds[r]]);
  }
  for (let s = 0; s < view.stopCount; s++) for (let f = view.footpathStart[s]; f < view.footpathStart[s + 1]; f++) edges.push([s, view.footpathTo[f], view.footpathSeconds[f]]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [from, to, secs] of edges) {
      if (dist[to] + secs < dist[from]) {
        dist[from] = dist[to] + secs;
        changed = true;
      }
    }
  }
  return dist;
}

describe("lower bounds", () => {
  it("lower bounds - the same distances as over every hop and every footpath, chained footpaths left out", () => {
    let chained = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const view = randomView(seed);
      for (let s = 0; s < view.stopCount; s++) {
        for (let f = view.footpathStart[s]; f < view.footpathStart[s + 1]; f++) if (view.walkMeters(s, view.footpathTo[f]) > 400) chained++;
      }
      for (let target = 0; target < view.stopCount; target++) {
        const bounds = travelBounds(view, [{ stop: target, seconds: 0, meters: 0 }], true, CAP);
        expect([...bounds], `seed ${seed}, target ${target}`).toEqual(reference(view, target));
      }
    }
    // Footpaths beyond the 400 m radius: chains of direct ones, which the bounds' graph leaves out.
    expect(chained).toBeGreaterThan(100);
  });
});
