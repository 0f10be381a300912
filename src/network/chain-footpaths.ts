import type { DirectFootpaths, Footpaths } from "./build-footpaths.js";

/**
 * The footpaths a planner walks: the shortest walking time over the graph of direct footpaths (a Dijkstra from each
 * stop), so that a walk A -> B -> C (each within the walk radius, A and C not) is one footpath A -> C. Route planning
 * walks at most one footpath between two rides (routing/raptor.ts, as the RAPTOR paper does over transitively closed
 * footpaths); without this, such a walk is missed (docs/BENCHMARKS.md "Route planning": 88 of 300 New York pairs).
 *
 * The rules, per ordered pair (docs/DATASET_EXTENSIONS.md "Footpaths"):
 * - a direct footpath always stays, at the shortest time over the graph, however long (a station's platforms or a
 *   transfers.txt row may lie beyond the budget); one whose time is a transfers.txt min_transfer_time keeps that time
 *   even where a chain is shorter (the feed says changing there takes that long);
 * - a pair with no direct footpath gets one when a chain reaches it within `budgetSeconds`;
 * - a pair transfers.txt forbids (transfer_type 3) gets none, not even through a third stop; the stops beyond it
 *   may still be reached through its far end (the row forbids changing between those two stops, not walking past);
 * - a stop's row to itself (transfers.txt: the minimum time to change there) stays as it is and is no edge to chain.
 * Chains run over every direct footpath, min_transfer_time rows at their time. Budget 0: the direct footpaths.
 */
export function chainFootpaths(direct: DirectFootpaths, budgetSeconds: number): Footpaths {
  const n = direct.start.length - 1;
  if (budgetSeconds <= 0 || n <= 0) return { start: direct.start, to: direct.to, seconds: direct.seconds };
  const { start: dStart, to: dTo, seconds: dSeconds, fixed } = direct;

  /** StopIdx -> shortest walk from the current source (seconds); UNSEEN when not reached yet */
  const dist = new Float64Array(n).fill(UNSEEN);
  const touched: number[] = [];
  const heap = new MinHeap();

  const start = new Uint32Array(n + 1);
  let to = new Uint32Array(Math.max(16, dTo.length * 2));
  let seconds = new Uint16Array(to.length);
  let rows = 0;
  const push = (o: number, secs: number) => {
    if (rows === to.length) {
      const grownTo = new Uint32Array(to.length * 2);
      grownTo.set(to);
      to = grownTo;
      const grownSeconds = new Uint16Array(grownTo.length);
      grownSeconds.set(seconds);
      seconds = grownSeconds;
    }
    to[rows] = o;
    seconds[rows++] = Math.min(secs, 0xffff);
  };

  const found: number[] = [];
  for (let s = 0; s < n; s++) {
    start[s] = rows;
    // Dijkstra within the budget; every direct footpath of s is relaxed whatever its length, so that it stays.
    dist[s] = 0;
    touched.push(s);
    heap.push(0, s);
    while (heap.size > 0) {
      const d = heap.topKey();
      const u = heap.pop();
      if (d > dist[u]) continue;
      if (u !== s && d > budgetSeconds) continue;
      // hot: no allocation
      for (let i = dStart[u]; i < dStart[u + 1]; i++) {
        const v = dTo[i];
        if (v === u) continue;
        const nd = d + dSeconds[i];
        if (u !== s && nd > budgetSeconds) continue;
        if (dist[v] === UNSEEN) touched.push(v);
        else if (nd >= dist[v]) continue;
        dist[v] = nd;
        heap.push(nd, v);
      }
    }

    const forbidden = direct.forbidden.get(s);
    found.length = 0;
    for (const v of touched) if (v !== s && dist[v] <= budgetSeconds && !forbidden?.has(v)) found.push(v);
    // The direct footpaths (a fixed time as it is, the rest at their shortest), the self row, the chains, ascending.
    let i = dStart[s];
    const end = dStart[s + 1];
    found.sort((a, b) => a - b);
    let k = 0;
    while (i < end || k < found.length) {
      const a = i < end ? dTo[i] : NO_STOP;
      const b = k < found.length ? found[k] : NO_STOP;
      if (a <= b) {
        push(a, a === s || fixed[i] ? dSeconds[i] : Math.min(dSeconds[i], dist[a]));
        i++;
        if (a === b) k++;
      } else {
        push(b, dist[b]);
        k++;
      }
    }
    for (const v of touched) dist[v] = UNSEEN;
    touched.length = 0;
  }
  start[n] = rows;
  return { start, to: to.slice(0, rows), seconds: seconds.slice(0, rows) };
}

/** Larger than any walk: a stop not reached from the current source. */
const UNSEEN = Number.POSITIVE_INFINITY;
/** Larger than any StopIdx: the end of a merged list. */
const NO_STOP = 0xffff_ffff;

/** A binary min-heap of (key, value) on growable typed arrays; duplicates allowed (stale entries skipped by the caller). */
class MinHeap {
  private keys = new Float64Array(64);
  private values = new Uint32Array(64);
  size = 0;

  push(key: number, value: number): void {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
      const values = new Uint32Array(this.size * 2);
      values.set(this.values);
      this.values = values;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.keys[i] = this.keys[parent];
      this.values[i] = this.values[parent];
      i = parent;
    }
    this.keys[i] = key;
    this.values[i] = value;
  }

  topKey(): number {
    return this.keys[0];
  }

  /** Removes and returns the value of the smallest key. */
  pop(): number {
    const top = this.values[0];
    const last = --this.size;
    const key = this.keys[last];
    const value = this.values[last];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.keys[i] = this.keys[child];
      this.values[i] = this.values[child];
      i = child;
    }
    this.keys[i] = key;
    this.values[i] = value;
    return top;
  }
}
