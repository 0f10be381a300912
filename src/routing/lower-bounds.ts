/**
 * Lower bounds of travel time to a search's targets (depart-after: from every stop to the destinations; arrive-by:
 * from the origins to every stop), for RAPTOR's target pruning (raptor.ts): a label that cannot reach the target
 * before the best journey found so far, even on the fastest ride of every pattern with no wait, is not kept. As
 * OpenTripPlanner's RAPTOR does with its heuristic search; here a Dijkstra over a graph without timetable.
 *
 * The graph: an edge from each stop of a pattern to the next, of the fewest scheduled seconds any trip takes
 * (view.hopSeconds), and the footpaths; one edge per pair of stops, the shortest. Built once per network (its
 * hop array), in both directions. Bounds ignore waits, transfer times and the rule that walks do not follow one
 * another, so they never exceed a journey's true time: pruning with them loses no journey. With real-time
 * predictions (view.predicted) the hops count at PREDICTED_HOP_SHARE of the schedule's fastest, since a late vehicle
 * may catch up.
 *
 * Cost on the MTA (15,665 stops, 63,000 ride edges and 268,000 footpaths): docs/BENCHMARKS.md. The Dijkstra stops
 * at `capSeconds`: every stop not settled by then gets the cap, which is still a lower bound.
 */
import type { StopAccess } from "./raptor-types.js";
import type { TransitView } from "./transit-view.js";

/** How much of the fastest scheduled hop a predicted hop is assumed to take at least. */
export const PREDICTED_HOP_SHARE = 0.5;

/** Edges by the stop they leave (`out`) and by the stop they reach (`in`), CSR. */
interface BoundGraph {
  outStart: Uint32Array;
  outTo: Uint32Array;
  outSeconds: Int32Array;
  inStart: Uint32Array;
  inFrom: Uint32Array;
  inSeconds: Int32Array;
}

/** By the network's hop array: the graph of scheduled hops [0] and of predicted ones [1]. */
const graphs = new WeakMap<Int32Array, Array<{ footpathTo: Uint32Array; graph: BoundGraph } | undefined>>();

/**
 * StopIdx -> seconds at least from the stop to the nearest of `targets` (plus its walk), `toward` true; from the
 * nearest of `targets` to the stop, `toward` false. At most capSeconds.
 *
 * `sources` (the search's other end): once all are settled, at bound L, the Dijkstra goes on only to 2 L + 30 min
 * (SOURCE_CAP): a stop farther from the target than that lies beyond any journey the search is likely to keep, and
 * the bound it gets, the second where the Dijkstra stopped, is still a lower bound (every stop not settled then is
 * at least that far). On the MTA a stop-to-stop query's bounds took half the time.
 */
export function travelBounds(view: TransitView, targets: readonly StopAccess[], toward: boolean, capSeconds: number, sources: readonly StopAccess[] = []): Int32Array {
  const g = boundGraph(view);
  const [start, other, secs] = toward ? [g.inStart, g.inFrom, g.inSeconds] : [g.outStart, g.outTo, g.outSeconds];
  const n = view.stopCount;
  const cap = Math.floor(capSeconds);
  const dist = new Int32Array(n).fill(cap);
  const done = new Uint8Array(n);
  const q = bucketQueue(cap, start[n]);
  let unsettled = 0;
  for (const a of sources) if (done[a.stop] === 0 && dist[a.stop] === cap) (done[a.stop] = 2), unsettled++;
  for (const t of targets) {
    if (t.seconds < dist[t.stop]) {
      dist[t.stop] = t.seconds;
      q.push(t.stop, t.seconds);
    }
  }
  // Dial's algorithm: buckets of one second, taken in order (keys are whole seconds below the cap).
  let end = cap;
  for (let b = 0; b < end; b++) {
    // Popped one at a time: a zero-second edge (two stops a minute timetable gives the same time) pushes into b.
    while (q.head[b] !== -1) {
      const e = q.head[b];
      q.head[b] = q.next[e];
      const s = q.item[e];
      if (done[s] === 1) continue;
      if (done[s] === 2 && --unsettled === 0) end = Math.min(cap, 2 * b + SOURCE_CAP_SECONDS);
      done[s] = 1;
      for (let f = start[s]; f < start[s + 1]; f++) {
        const o = other[f];
        const nd = b + secs[f];
        if (nd < dist[o] && nd < end) {
          dist[o] = nd;
          q.push(o, nd);
        }
      }
    }
  }
  if (end < cap) for (let s = 0; s < n; s++) if (done[s] !== 1 && dist[s] > end) dist[s] = end;
  return dist;
}

/** See travelBounds: how far beyond twice the sources' bound the Dijkstra goes on. */
const SOURCE_CAP_SECONDS = 1800;

/** A bucket queue of (stop, whole seconds below the cap), as linked lists in typed arrays reused between searches. */
interface BucketQueue {
  head: Int32Array;
  next: Int32Array;
  item: Int32Array;
  push(stop: number, key: number): void;
}

let queues: { cap: number; edges: number; q: BucketQueue } | undefined;

/** An empty queue for keys below `cap` and at most `edges` + targets pushes (one per improvement). */
function bucketQueue(cap: number, edges: number): BucketQueue {
  if (!queues || queues.cap !== cap || queues.edges < edges) {
    const size = edges + 1024;
    const q: BucketQueue = {
      head: new Int32Array(cap).fill(-1),
      next: new Int32Array(size),
      item: new Int32Array(size),
      push: () => {},
    };
    queues = { cap, edges, q };
  }
  const q = queues.q;
  q.head.fill(-1);
  let used = 0;
  q.push = (stop, key) => {
    if (used === q.item.length) grow(q);
    q.item[used] = stop;
    q.next[used] = q.head[key];
    q.head[key] = used++;
  };
  return q;
}

function grow(q: BucketQueue): void {
  const item = new Int32Array(q.item.length * 2);
  const next = new Int32Array(q.next.length * 2);
  item.set(q.item);
  next.set(q.next);
  q.item = item;
  q.next = next;
}

/** The network's graph (cached by its hop array), rebuilt if the view's footpaths differ from the cached ones. */
function boundGraph(view: TransitView): BoundGraph {
  let byKind = graphs.get(view.hopSeconds);
  if (!byKind) graphs.set(view.hopSeconds, (byKind = []));
  const kind = view.predicted ? 1 : 0;
  const cached = byKind[kind];
  if (cached && cached.footpathTo === view.footpathTo) return cached.graph;
  const graph = buildGraph(view, view.predicted ? PREDICTED_HOP_SHARE : 1);
  byKind[kind] = { footpathTo: view.footpathTo, graph };
  return graph;
}

function buildGraph(view: TransitView, rideShare: number): BoundGraph {
  const n = view.stopCount;
  // (from, to) -> shortest seconds, by ride or on foot.
  const best = new Map<number, number>();
  const add = (from: number, to: number, seconds: number) => {
    if (from === to) return;
    const key = from * n + to;
    const old = best.get(key);
    if (old === undefined || seconds < old) best.set(key, seconds);
  };
  const { patternStopStart, patternStops, hopSeconds } = view;
  for (let p = 0; p < view.patternCount; p++) {
    for (let r = patternStopStart[p]; r < patternStopStart[p + 1] - 1; r++) {
      if (hopSeconds[r] === 0x7fff_ffff) break; // no trip
      add(patternStops[r], patternStops[r + 1], Math.floor(Math.max(0, hopSeconds[r]) * rideShare));
    }
  }
  const redundant = redundantFootpaths(view);
  for (let s = 0; s < n; s++) {
    for (let f = view.footpathStart[s]; f < view.footpathStart[s + 1]; f++) if (redundant[f] === 0) add(s, view.footpathTo[f], view.footpathSeconds[f]);
  }
  const m = best.size;
  const from = new Uint32Array(m);
  const to = new Uint32Array(m);
  const seconds = new Int32Array(m);
  let i = 0;
  for (const [key, sec] of best) {
    from[i] = Math.floor(key / n);
    to[i] = key - from[i] * n;
    seconds[i] = sec;
    i++;
  }
  const csr = (by: Uint32Array, other: Uint32Array) => {
    const start = new Uint32Array(n + 1);
    for (let e = 0; e < m; e++) start[by[e] + 1]++;
    for (let s = 0; s < n; s++) start[s + 1] += start[s];
    const fill = start.slice(0, n);
    const o = new Uint32Array(m);
    const w = new Int32Array(m);
    for (let e = 0; e < m; e++) {
      const row = fill[by[e]]++;
      o[row] = other[e];
      w[row] = seconds[e];
    }
    return { start, o, w };
  };
  const out = csr(from, to);
  const into = csr(to, from);
  return { outStart: out.start, outTo: out.o, outSeconds: out.w, inStart: into.start, inFrom: into.o, inSeconds: into.w };
}

/**
 * Footpath row -> 1 when the footpath is no shorter than two others in a row (s -> b -> c, each of at least a second):
 * chained footpaths (chain-footpaths.ts) are mostly such sums, and without them the Dijkstra has a quarter of the
 * footpaths (on the MTA at 400 m, 236,306 of 903,910) and the same distances. Dropping them all at once loses no distance: each
 * dropped edge is replaced by two strictly shorter ones, each kept or replaced in turn by shorter ones still; a
 * zero-second footpath is never dropped.
 */
function redundantFootpaths(view: TransitView): Uint8Array {
  const { footpathStart: start, footpathTo: to, footpathSeconds: secs } = view;
  const n = view.stopCount;
  const out = new Uint8Array(to.length);
  /** StopIdx -> the row of the current stop's footpath to it, -1 when none */
  const rowTo = new Int32Array(n).fill(-1);
  for (let s = 0; s < n; s++) {
    const first = start[s];
    const last = start[s + 1];
    if (last - first < 2) continue;
    for (let f = first; f < last; f++) rowTo[to[f]] = f;
    const longest = secs[last - 1]; // shortest first
    for (let f = first; f < last; f++) {
      const x = secs[f];
      if (x === 0) continue;
      if (x >= longest) break; // x + y, y >= 1, beyond every footpath of s
      const b = to[f];
      for (let g = start[b]; g < start[b + 1]; g++) {
        const y = secs[g];
        if (x + y > longest) break;
        if (y === 0) continue;
        const row = rowTo[to[g]];
        if (row >= 0 && row !== f && to[g] !== s && x + y <= secs[row]) out[row] = 1;
      }
    }
    for (let f = first; f < last; f++) rowTo[to[f]] = -1;
  }
  return out;
}
