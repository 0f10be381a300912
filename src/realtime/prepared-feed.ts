/**
 * The unfiltered GTFS-RT output of a state (what `/gtfs/v3/realtime` serves without query options), encoded
 * once per state off the request path: the feed manager starts the protobuf right after it swaps a state in,
 * in slices (run-in-slices.ts), and a request takes the bytes ready, or awaits the run under way; the JSON is
 * made the same way when first asked for. A request never encodes the whole feed itself (on New York's 08:00
 * state that took 0.15 s for the protobuf and 0.2 to 0.3 s for the JSON, on the request path of whoever asked
 * first after each poll). The bytes are kept by state, so those of an older state are never served for a newer
 * one, and they leave memory with their state.
 */
import { encodeFeedSteps } from "./feed-codec.js";
import type { RealtimeState } from "./realtime-state.js";
import { runInSlices } from "./run-in-slices.js";
import { feedEntitiesOf, feedHeaderOf } from "./state-to-feed.js";

export type FeedFormat = "protobuf" | "json";

interface EncodeRun {
  body: Promise<Buffer | string>;
  /** A request awaits it: it runs to the end even when a newer state came. */
  awaited: boolean;
  stopped: boolean;
}

const runs = new WeakMap<RealtimeState, Map<FeedFormat, EncodeRun>>();
/** The run prepareFeed started last: a newer state stops it unless a request awaits it. Weak: a state no longer served leaves memory. */
let eager: { state: WeakRef<RealtimeState>; run: EncodeRun } | undefined;

/** A new state was swapped in: encode its protobuf now, in slices. The previous state's run stops unless awaited. */
export function prepareFeed(state: RealtimeState): void {
  const before = eager?.state.deref();
  if (eager !== undefined && before !== state && !eager.run.awaited) {
    eager.run.stopped = true;
    if (before !== undefined) runs.get(before)?.delete("protobuf");
  }
  eager = { state: new WeakRef(state), run: start(state, "protobuf") };
}

/** The state's unfiltered output in this format: ready, under way, or started now; in slices, never at once. */
export function preparedFeed(state: RealtimeState, format: FeedFormat): Promise<Buffer | string> {
  const run = runs.get(state)?.get(format) ?? start(state, format);
  run.awaited = true;
  return run.body;
}

function start(state: RealtimeState, format: FeedFormat): EncodeRun {
  let byFormat = runs.get(state);
  if (byFormat === undefined) runs.set(state, (byFormat = new Map()));
  const existing = byFormat.get(format);
  if (existing !== undefined) return existing;
  const run: EncodeRun = { body: undefined as never, awaited: false, stopped: false };
  // The header stamps the state's build time, never the request's: the bytes are the same whoever asks.
  run.body = runInSlices(encodeFeedSteps(feedHeaderOf(state, state.builtMs), feedEntitiesOf(state), format), () => run.stopped).then(
    (r) => r.value,
    (err: unknown) => {
      if (byFormat.get(format) === run) byFormat.delete(format); // the next request tries again
      throw err;
    },
  );
  // A stopped run nobody awaits ends in Superseded, which nobody needs to hear of; a request that awaits a run
  // hears of its failure through its own await.
  run.body.catch(() => undefined);
  byFormat.set(format, run);
  return run;
}
