/**
 * Routes through the real Leuven stops. Stops stand on streets, so a chain of near neighbours
 * follows streets: the graph links each stop place to its nearest places, and a hop costs more
 * than its length when it is long (d + d²/250 m), so a route prefers passing the stops of a street
 * over jumping across blocks.
 */
import { distanceMeters, type LatLon } from "./geo.js";
import type { StopPlace } from "./stop-registry.js";

const NEIGHBOURS = 6;
const MAX_EDGE_METERS = 900;
/** Weight of the straight-line rest when choosing where a route leaves Leuven. */
const EXIT_WEIGHT = 2.5;

export class LeuvenRouter {
  private readonly edges: Array<Array<{ to: number; cost: number }>>;

  constructor(private readonly places: StopPlace[]) {
    const n = places.length;
    const sets: Array<Map<number, number>> = places.map(() => new Map());
    for (let i = 0; i < n; i++) {
      const near = places
        .map((p, j) => ({ j, d: distanceMeters(places[i], p) }))
        // Platforms of one bus station do not link to each other: a route reaches them from the street.
        .filter((x) => x.j !== i && (places[i].traversable || places[x.j].traversable))
        .sort((a, b) => a.d - b.d || a.j - b.j);
      const picked = near.filter((x, k) => k < NEIGHBOURS && x.d <= MAX_EDGE_METERS);
      if (picked.length < 2) picked.push(...near.slice(picked.length, 2));
      for (const { j, d } of picked) {
        const cost = d + (d * d) / 250;
        sets[i].set(j, cost);
        sets[j].set(i, cost);
      }
    }
    this.edges = sets.map((m) => [...m].map(([to, cost]) => ({ to, cost })).sort((a, b) => a.to - b.to));
  }

  /** Places strictly between `from` and `to` on the cheapest route; places in `avoid` (already on the line) cost 25x. */
  route(from: StopPlace, to: StopPlace, avoid: ReadonlySet<StopPlace>): StopPlace[] {
    if (from === to) return [];
    const { dist, prev } = this.dijkstra(from, avoid, to.index);
    if (!Number.isFinite(dist[to.index])) throw new Error(`demo: no route from ${from.name} to ${to.name}`);
    return this.pathTo(prev, from.index, to.index).slice(1, -1);
  }

  /**
   * Where a route from `from` towards an outside point leaves Leuven, and the places from `from`
   * (excluded) to that exit (included).
   */
  exitToward(from: StopPlace, target: LatLon, avoid: ReadonlySet<StopPlace>): StopPlace[] {
    const { dist, prev } = this.dijkstra(from, avoid, -1);
    let best = from.index;
    let bestScore = EXIT_WEIGHT * distanceMeters(from, target);
    this.places.forEach((p, i) => {
      if (!p.traversable || !Number.isFinite(dist[i])) return;
      const score = dist[i] + EXIT_WEIGHT * distanceMeters(p, target);
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    return this.pathTo(prev, from.index, best).slice(1);
  }

  private dijkstra(from: StopPlace, avoid: ReadonlySet<StopPlace>, target: number) {
    const n = this.places.length;
    const dist = new Float64Array(n).fill(Infinity);
    const prev = new Int32Array(n).fill(-1);
    const done = new Uint8Array(n);
    dist[from.index] = 0;
    // n is a few hundred: a linear scan for the minimum is simpler than a heap and fast enough.
    for (;;) {
      let u = -1;
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        if (!done[i] && dist[i] < best) {
          best = dist[i];
          u = i;
        }
      }
      if (u < 0 || u === target) break;
      done[u] = 1;
      if (u !== from.index && !this.places[u].traversable) continue;
      for (const { to, cost } of this.edges[u]) {
        const c = best + (to !== target && avoid.has(this.places[to]) ? cost * 25 : cost);
        if (c < dist[to]) {
          dist[to] = c;
          prev[to] = u;
        }
      }
    }
    return { dist, prev };
  }

  private pathTo(prev: Int32Array, from: number, to: number): StopPlace[] {
    const path: StopPlace[] = [];
    for (let v = to; v !== -1; v = v === from ? -1 : prev[v]) path.push(this.places[v]);
    return path.reverse();
  }
}
