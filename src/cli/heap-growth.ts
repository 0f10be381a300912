/**
 * The old generation's growth between two full collections, for a serving process (HEAP_GROWING_PERCENT).
 *
 * V8 collects the old generation once it has grown by a factor of what the last full collection kept; for a small
 * heap that factor goes up to four, so garbage promoted there (answers of lists, cache entries pushed out) holds a
 * serving process at three to four times its idle memory between collections: a client asking lists of random
 * stops kept the demo's server at 2.5 times its idle RSS (bench:abuse, costly), 1.6 times with a factor of 1.5,
 * for 5 % more of the server's CPU during the attack (docs/BENCHMARKS.md "Where the costly lists' memory went").
 * V8's flag `--heap-growing-percent` fixes the factor; it is read whenever a collection sets the next limit, so
 * setting it once the process runs (v8.setFlagsFromString) takes effect from the next full collection on. Node does
 * not accept it in NODE_OPTIONS, hence the setting.
 */
import { setFlagsFromString } from "node:v8";

/** Sets the factor to 1 + percent / 100; 0 leaves V8's own policy. */
export function setHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.floor(percent)}`);
}
