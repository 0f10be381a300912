/**
 * Long real-time work (decoding a feed, building a state, encoding the GTFS-RT output) written once as steps and
 * run either to the end at once or in slices on the event loop. A step function is a generator that yields
 * between pieces of work of a few microseconds each (every few dozen entities) and returns its result; the
 * sliced runner gives the event loop back (setImmediate, which runs after the pending I/O callbacks: the requests
 * waiting) whenever a slice has run SLICE_MS, so a 30 MB feed delays a request by one slice, not by its whole
 * decode and build (docs/BENCHMARKS.md "Real-time off the event loop" measures it, and says why not a worker
 * thread).
 */

/** Work that yields between its pieces and returns T. */
export type Steps<T> = Generator<void, T, void>;

/**
 * How long a slice runs before the event loop gets a turn, ms: a request waits at most about this long for a
 * poll, and each turn costs one setImmediate (some microseconds), so slices of a few ms cost under 1 %.
 */
export const SLICE_MS = 5;

/** A run given up because newer work made its result useless (a newer state is being built). */
export class Superseded extends Error {
  constructor() {
    super("superseded by a newer run");
    this.name = "Superseded";
  }
}

/** Runs the steps at once, to the end. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export interface SlicedResult<T> {
  value: T;
  /** Time spent running the steps, ms, the turns given to the event loop not counted. */
  busyMs: number;
  /** How many times the event loop got a turn. */
  turns: number;
}

/**
 * Runs the steps in slices of about `sliceMs`, giving the event loop a turn between them. Throws Superseded
 * (after closing the steps) when `superseded()` says so at a turn: the caller started newer work.
 */
export async function runInSlices<T>(steps: Steps<T>, superseded: () => boolean = () => false, sliceMs = SLICE_MS): Promise<SlicedResult<T>> {
  let busyMs = 0;
  let turns = 0;
  try {
    for (;;) {
      const start = performance.now();
      for (;;) {
        const r = steps.next();
        if (r.done) return { value: r.value, busyMs: busyMs + performance.now() - start, turns };
        if (performance.now() - start >= sliceMs) break;
      }
      busyMs += performance.now() - start;
      turns++;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (superseded()) throw new Superseded();
    }
  } finally {
    steps.return(undefined as never);
  }
}
