/**
 * The figures both route-planning benchmarks (run.ts, realtime.ts) report from their samples, computed and printed
 * the same way so that docs/BENCHMARKS.md compares like with like.
 */

/** The sample at fraction `f` of the sorted samples (nearest rank, no interpolation: a time that was measured). */
export function percentile(samples: readonly number[], f: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))];
}

export const median = (samples: readonly number[]) => percentile(samples, 0.5);

/** Milliseconds with three significant digits or so: 123, 12.3, 1.23. */
export const formatMs = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
