/**
 * One poller per cluster: the primary polls the feeds that reach outside the process (URLs and files) and relays
 * what each poll gave to the workers, whose feed managers read it instead of the source (docs/OPERATIONS.md
 * "Real-time: one poller per deployment"). The source sees one request per interval whatever the number of
 * workers; each worker still decodes, judges and builds its own state (a state is objects in one process' memory),
 * by the same rules as a feed it polls itself. The simulator (a function source) runs in each worker: it reaches
 * nothing outside.
 *
 * The relay carries a poll's outcome, not a state: the bytes (base64: node:cluster's IPC is JSON), "unchanged", or
 * the fault (its kind and message). A worker that starts or restarts gets each feed's last bytes at once.
 * Across replicas (REALTIME_SHARE=redis) shared-feed.ts carries the same polls over Redis from the one replica that
 * polls, and stands in for feedRelay in each replica's primary.
 */
import { type FeedFetch, FeedFetchError, type FeedFaultKind, type FeedSource } from "./feed-source.js";

/** One poll's outcome, as the primary sends it. */
export type RelayedPoll =
  | { feed: string; kind: "bytes"; base64: string }
  | { feed: string; kind: "unchanged" }
  | { feed: string; kind: "fault"; fault: FeedFaultKind; message: string };

/** Whether a source reaches outside the process: its polls are relayed in a cluster. */
export function isRelayed(source: FeedSource): boolean {
  return source.kind !== "function";
}

export interface FeedRelay {
  /** Starts polling each source at its interval (and when a watched file changes). */
  start(): void;
  stop(): void;
  /** Each feed's last bytes, for a worker that (re)starts. */
  latest(): RelayedPoll[];
}

/** The primary's side: polls `sources` and calls `send` with each outcome. The network is not needed to fetch. */
export function feedRelay(sources: readonly FeedSource[], send: (poll: RelayedPoll) => void): FeedRelay {
  const last = new Map<string, RelayedPoll>();
  const timers = new Map<string, NodeJS.Timeout>();
  const unwatch: Array<() => void> = [];
  let running = false;

  const poll = async (source: FeedSource) => {
    clearTimeout(timers.get(source.name));
    let outcome: RelayedPoll;
    try {
      // URL and file sources read no network (only the simulator does, and it is not relayed).
      const got: FeedFetch = await source.fetch({ network: undefined as never, nowMs: Date.now() });
      outcome =
        got.kind === "bytes"
          ? { feed: source.name, kind: "bytes", base64: Buffer.from(got.bytes).toString("base64") }
          : { feed: source.name, kind: "unchanged" };
    } catch (err) {
      const e = err instanceof FeedFetchError ? err : new FeedFetchError("read_error", (err as Error).message);
      outcome = { feed: source.name, kind: "fault", fault: e.kind, message: e.message };
    }
    if (outcome.kind === "bytes") last.set(source.name, outcome);
    send(outcome);
    if (running) timers.set(source.name, setTimeout(() => void poll(source), source.intervalMs));
  };

  return {
    start() {
      running = true;
      for (const s of sources) {
        void poll(s);
        if (s.watch) unwatch.push(s.watch(() => void poll(s)));
      }
    },
    stop() {
      running = false;
      for (const t of timers.values()) clearTimeout(t);
      for (const u of unwatch.splice(0)) u();
    },
    latest: () => [...last.values()],
  };
}

/** A worker's side of one relayed feed: a FeedSource that gives what the primary's last poll gave. */
export interface RelayedFeedSource extends FeedSource {
  deliver(poll: RelayedPoll): void;
}

/**
 * Stands in for `source` in a worker: same name, location and interval; a poll answers the bytes relayed since
 * the last poll, else the relayed fault, else "unchanged". A delivery asks the manager to poll at once (watch).
 */
export function relayedFeedSource(source: FeedSource): RelayedFeedSource {
  let fresh: Uint8Array | undefined;
  let fault: { kind: FeedFaultKind; message: string } | undefined;
  const listeners = new Set<() => void>();
  return {
    name: source.name,
    kind: source.kind,
    location: source.location,
    intervalMs: source.intervalMs,
    async fetch(): Promise<FeedFetch> {
      if (fresh !== undefined) {
        const bytes = fresh;
        fresh = undefined;
        return { kind: "bytes", bytes };
      }
      if (fault !== undefined) throw new FeedFetchError(fault.kind, fault.message);
      return { kind: "unchanged" };
    },
    watch(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    deliver(poll) {
      if (poll.kind === "bytes") {
        fresh = new Uint8Array(Buffer.from(poll.base64, "base64"));
        fault = undefined;
      } else if (poll.kind === "fault") fault = { kind: poll.fault, message: poll.message };
      else fault = undefined;
      for (const l of listeners) l();
    },
  };
}
