/**
 * The feed manager: polls every configured GTFS-Realtime source off the request path, decodes and judges what
 * each gives, keeps each feed's last good message, rebuilds the whole RealtimeState from them
 * (buildRealtimeState) and swaps it in as one reference. It is the API's RealtimeSource: `current(network)`
 * answers the state only for the network it was built for, and only while every message in it is younger than
 * the maximum age.
 *
 * Rules where a feed misbehaves (docs/OPERATIONS.md):
 * - a poll that fails (unreachable, timeout, HTTP status, too large, corrupt, ...) keeps the feed's last good
 *   message; so does a message whose header timestamp is older than the newest one received (the newer one is
 *   kept; once that expired, the older one is refused all the same: its content is staler still);
 * - a message whose header timestamp lies more than FUTURE_ALLOWANCE_MS ahead of this server's clock is not
 *   believed: neither its content nor its timestamp is kept (fault `future_header`), so one message from a clock
 *   gone wrong cannot make every later, correct one look older; the feed recovers with the next correct message;
 * - a message whose header timestamp equals the one held is the same message: nothing is rebuilt, and its age
 *   goes on counting from when it first arrived, so a feed frozen on one message expires like a silent one;
 * - a message's age counts from its arrival, or from its header timestamp when that is earlier (a feed that serves
 *   a message made long ago is as stale as its content): one already past the maximum age when it arrives is
 *   refused (fault `stale_header`);
 * - a feed's message is served until maxAgeMs after its age began; then it leaves the state and the passages it
 *   predicted fall back to the schedule (GEENREALTIME);
 * - an empty feed (no entities) is a valid message: it predicts nothing, and is no fault;
 * - every change of a feed's condition is logged once (a fault begins or changes kind, it recovers, its message
 *   expires, the reasons its entities match nothing change), never once per poll.
 *
 * Off the event loop: after a poll, decoding the message, building the state and encoding the GTFS-RT output
 * (prepared-feed.ts) run in slices of a few ms (run-in-slices.ts), so requests are answered between them while a
 * 30 MB feed is read (docs/BENCHMARKS.md "Real-time off the event loop"). The state is swapped only when it is
 * complete. A feed is never read twice at once (its next poll waits for the one under way); a newer build (another
 * feed's message, an expiry, a new network) supersedes a build still under way, which is given up at its next
 * slice: the newer one is built from every message held, the older one's included. A message expiring and a new
 * network rebuild at once, as they did: they are rare, and the state served must change in the same step.
 */
import type { Network } from "../network/model.js";
import { decodeFeedMessageSteps, FeedDecodeError } from "./feed-codec.js";
import { type FeedFetch, FeedFetchError, type FeedFaultKind, type FeedSource } from "./feed-source.js";
import type { RtFeedMessage } from "./gtfs-rt-types.js";
import { prepareFeed } from "./prepared-feed.js";
import type { FeedMatchStats, RealtimeState } from "./realtime-state.js";
import { runInSlices, runToEnd, type Steps, Superseded } from "./run-in-slices.js";

/**
 * The signature of buildRealtimeState and buildRealtimeStateSteps (build-realtime-state.ts): the whole state from
 * every feed's message, at once or as steps that the manager runs in slices.
 */
export type BuildRealtimeState = (
  network: Network,
  feeds: { name: string; message: RtFeedMessage }[],
  nowMs: number,
) => RealtimeState | Steps<RealtimeState>;

/** The part of a pino logger the manager writes to (Fastify's app.log fits). */
export interface FeedLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface FeedManagerOptions {
  /** The network served; read at every rebuild, so that a swapped snapshot gets a state of its own. */
  network: { current(): Network };
  sources: readonly FeedSource[];
  /** How long a feed's last good message stays in the state after it arrived, ms (REALTIME_MAX_AGE_SECONDS). */
  maxAgeMs: number;
  build: BuildRealtimeState;
  log: FeedLog;
  /** Epoch ms; default Date.now. Tests pin it. */
  clock?: () => number;
}

/** A fault a feed is in: the first poll that gave it, the last, and how many in a row. */
export interface FeedFault {
  kind: FeedFaultKind;
  message: string;
  sinceMs: number;
  atMs: number;
  polls: number;
}

/** What /health shows of one feed. Times epoch ms. */
export interface FeedHealth {
  name: string;
  kind: FeedSource["kind"];
  location: string;
  intervalMs: number;
  /** Its last good message is in the state served. */
  serving: boolean;
  lastPollMs: number | undefined;
  /** The last poll that gave a usable message (new, or the same as held). */
  lastSuccessMs: number | undefined;
  /** When the age of the message held (or last held) began: its arrival, or its header timestamp when earlier. */
  receivedMs: number | undefined;
  /** The header timestamp of that message, epoch ms (0 without one). */
  headerMs: number | undefined;
  bytes: number | undefined;
  entities: number | undefined;
  /** The fault of the last poll; undefined when it succeeded. */
  lastError: FeedFault | undefined;
  /** What its message matched in the last state it was part of. */
  stats: FeedMatchStats | undefined;
}

export interface RealtimeHealth {
  maxAgeMs: number;
  /** When the state served was built, epoch ms; undefined without one. */
  builtMs: number | undefined;
  /** How long its build took, ms: the time its slices ran (decoding the new message not included). */
  buildMs: number | undefined;
  feeds: FeedHealth[];
}

/**
 * How far ahead of this server's clock a feed's header timestamp may lie and still be believed: clocks of producer
 * and server disagree by seconds when both follow NTP; five minutes covers a careless one.
 */
export const FUTURE_ALLOWANCE_MS = 5 * 60_000;

/** Several change events follow one write of a file: poll once they settle. */
const WATCH_SETTLE_MS = 200;

/**
 * A feed's last good message as kept between rebuilds: its bytes when it came as bytes (about a tenth of the
 * decoded objects, and a built state keeps no reference to those), decoded again only when another feed or a
 * new network asks for a rebuild; the message itself when a function gave it so.
 */
type HeldMessage = { bytes: Uint8Array } | { message: RtFeedMessage };

interface FeedRecord {
  source: FeedSource;
  held: HeldMessage | undefined;
  headerMs: number | undefined;
  receivedMs: number | undefined;
  bytes: number | undefined;
  entities: number | undefined;
  lastPollMs: number | undefined;
  lastSuccessMs: number | undefined;
  fault: FeedFault | undefined;
  /** The verdict on the last complete read, for a poll that says "unchanged" (undefined: it was good). */
  readFault: { kind: FeedFaultKind; message: string } | undefined;
  /** Its message aged out (logged once; cleared by the next good message). */
  expired: boolean;
  stats: FeedMatchStats | undefined;
  /** The unmatched reasons last logged, e.g. "unknown_stop,unknown_trip". */
  unmatchedKey: string;
  inFlight: Promise<void> | undefined;
  /** The watch saw a change while a poll was under way. */
  changedDuringPoll: boolean;
  timer: NodeJS.Timeout | undefined;
  unwatch: (() => void) | undefined;
}

export class FeedManager {
  private readonly feeds: FeedRecord[];
  private readonly clock: () => number;
  private readonly log: FeedLog;
  private state: RealtimeState | undefined;
  /** The state is served until then: the earliest moment one of its messages passes the maximum age. */
  private validUntilMs = Number.POSITIVE_INFINITY;
  private buildMs: number | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly listeners = new Set<() => void>();
  /** Counts the builds started: a sliced build whose number is no longer the last was superseded. */
  private builds = 0;

  constructor(private readonly options: FeedManagerOptions) {
    const names = new Set<string>();
    for (const s of options.sources) {
      if (names.has(s.name)) throw new Error(`two realtime feeds are named "${s.name}": give each its own name`);
      names.add(s.name);
    }
    this.clock = options.clock ?? Date.now;
    this.log = options.log;
    this.feeds = options.sources.map((source) => ({
      source,
      held: undefined,
      headerMs: undefined,
      receivedMs: undefined,
      bytes: undefined,
      entities: undefined,
      lastPollMs: undefined,
      lastSuccessMs: undefined,
      fault: undefined,
      readFault: undefined,
      expired: false,
      stats: undefined,
      unmatchedKey: "",
      inFlight: undefined,
      changedDuringPoll: false,
      timer: undefined,
      unwatch: undefined,
    }));
  }

  /**
   * The state for this network, if it was built for it and none of its messages passed the maximum age.
   * Performance contract: called per request, so two comparisons and a clock read.
   */
  current(network: Network): RealtimeState | undefined {
    const s = this.state;
    if (s === undefined || s.network !== network) return undefined;
    // The expiry timer rebuilds without the old message; this guard holds the promise if it runs late.
    if (this.clock() > this.validUntilMs) return undefined;
    return s;
  }

  /**
   * Polls every source at once, then each at its interval until stop(); resolves when the first polls are done
   * (serve does not wait for it: a feed never delays the API).
   */
  start(): Promise<void> {
    if (this.running) throw new Error("the feed manager is already running");
    this.running = true;
    return Promise.all(
      this.feeds.map((feed) => {
        feed.unwatch = feed.source.watch?.(() => this.pollSoon(feed));
        return this.loop(feed);
      }),
    ).then(() => undefined);
  }

  /** Stops polling; resolves when the polls under way have ended (each within its source's timeout). */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.expiryTimer);
    for (const feed of this.feeds) {
      clearTimeout(feed.timer);
      feed.unwatch?.();
      feed.unwatch = undefined;
    }
    await Promise.all(this.feeds.map((f) => f.inFlight));
  }

  /** One poll of every source (those under way are awaited, not doubled), then the state is up to date. */
  async pollAll(): Promise<void> {
    await Promise.all(this.feeds.map((f) => this.pollOnce(f)));
  }

  /**
   * Calls `listener` after each swap of the state served (and when it is dropped): the event streams push from it.
   * A listener that throws is not this manager's fault: it is logged and the others still run.
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.log.error({ err }, "realtime state listener failed");
      }
    }
  }

  /** The snapshot was swapped: build the state for the new network now, from the messages held. */
  networkChanged(): void {
    this.rebuildSafely(this.clock(), "network changed");
  }

  feedHealth(nowMs: number = this.clock()): RealtimeHealth {
    const served = this.current(this.options.network.current());
    return {
      maxAgeMs: this.options.maxAgeMs,
      builtMs: served?.builtMs,
      buildMs: served ? this.buildMs : undefined,
      feeds: this.feeds.map((f) => ({
        name: f.source.name,
        kind: f.source.kind,
        location: f.source.location,
        intervalMs: f.source.intervalMs,
        serving: served !== undefined && f.held !== undefined && !this.isExpired(f, nowMs),
        lastPollMs: f.lastPollMs,
        lastSuccessMs: f.lastSuccessMs,
        receivedMs: f.receivedMs,
        headerMs: f.headerMs,
        bytes: f.bytes,
        entities: f.entities,
        lastError: f.fault && { ...f.fault },
        stats: f.stats,
      })),
    };
  }

  private async loop(feed: FeedRecord): Promise<void> {
    feed.changedDuringPoll = false;
    await this.pollOnce(feed);
    if (!this.running) return;
    clearTimeout(feed.timer);
    feed.timer = setTimeout(() => void this.loop(feed), feed.changedDuringPoll ? WATCH_SETTLE_MS : feed.source.intervalMs);
    feed.timer.unref();
  }

  /** A watched file changed: poll it once the events settle, instead of at the next interval. */
  private pollSoon(feed: FeedRecord): void {
    if (!this.running) return;
    // The poll under way may have read the file before the change: the loop polls again once it ends.
    if (feed.inFlight) {
      feed.changedDuringPoll = true;
      return;
    }
    clearTimeout(feed.timer);
    feed.timer = setTimeout(() => void this.loop(feed), WATCH_SETTLE_MS);
    feed.timer.unref();
  }

  private pollOnce(feed: FeedRecord): Promise<void> {
    feed.inFlight ??= this.poll(feed).finally(() => {
      feed.inFlight = undefined;
    });
    return feed.inFlight;
  }

  private async poll(feed: FeedRecord): Promise<void> {
    let got: FeedFetch | undefined;
    let error: unknown;
    try {
      got = await feed.source.fetch({ network: this.options.network.current(), nowMs: this.clock() });
    } catch (err) {
      error = err;
    }
    const now = this.clock();
    feed.lastPollMs = now;
    // Messages past the age leave first: what this poll gave is judged against what is still held.
    this.expire(now);
    try {
      if (got === undefined) throw error;
      if (got.kind === "unchanged") {
        if (feed.readFault) this.fail(feed, feed.readFault, now);
        else this.succeed(feed, now);
      } else {
        if (got.kind === "bytes") await this.receive(feed, (await runInSlices(decodeFeedMessageSteps(got.bytes))).value, { bytes: got.bytes }, now);
        else await this.receive(feed, got.message, { message: got.message }, now);
      }
    } catch (err) {
      if (err instanceof FeedDecodeError) {
        feed.readFault = { kind: "corrupt", message: err.message };
        this.fail(feed, feed.readFault, now);
      } else if (err instanceof FeedFetchError) {
        this.fail(feed, { kind: err.kind, message: err.message }, now);
      } else {
        // A source broke its promise to throw FeedFetchError only: a bug, worth its stack, but no reason to stop.
        this.log.error({ feed: feed.source.name, err }, `realtime feed ${feed.source.name}: unexpected error while polling`);
        this.fail(feed, { kind: "read_error", message: (err as Error).message }, now);
      }
    }
    // A snapshot swapped without networkChanged() (or a rebuild that failed) is caught up here.
    if (this.state !== undefined && this.state.network !== this.options.network.current()) this.rebuildSafely(now, "network changed");
  }

  /** A decoded message: judge it against the one held, then rebuild the state with it (in slices). */
  private async receive(feed: FeedRecord, message: RtFeedMessage, held: HeldMessage, now: number): Promise<void> {
    const headerMs = (message.header.timestamp ?? 0) * 1000;
    const newest = feed.headerMs ?? 0;
    if (headerMs > now + FUTURE_ALLOWANCE_MS) {
      feed.readFault = {
        kind: "future_header",
        message: `header timestamp ${new Date(headerMs).toISOString()} is ${seconds(headerMs - now)} s ahead of this server's clock, more than the allowance of ${seconds(FUTURE_ALLOWANCE_MS)} s: not believed`,
      };
      this.fail(feed, feed.readFault, now);
      return;
    }
    if (headerMs > 0 && headerMs < newest) {
      // Older than the newest message received, held or expired: its content is staler still.
      const newer = new Date(newest).toISOString();
      feed.readFault = {
        kind: "older_header",
        message:
          feed.held !== undefined
            ? `header timestamp ${new Date(headerMs).toISOString()} is older than the message held (${newer}): kept the newer`
            : `header timestamp ${new Date(headerMs).toISOString()} is older than the last message received (${newer}), which expired: refused`,
      };
      this.fail(feed, feed.readFault, now);
      return;
    }
    if (headerMs > 0 && headerMs === feed.headerMs) {
      // The message held, or the one that expired: it stays as old as it was.
      feed.readFault = undefined;
      this.succeed(feed, now);
      return;
    }
    if (headerMs > 0 && now - headerMs > this.options.maxAgeMs) {
      feed.readFault = {
        kind: "stale_header",
        message: `header timestamp ${new Date(headerMs).toISOString()} is ${seconds(now - headerMs)} s old, over the maximum age of ${seconds(this.options.maxAgeMs)} s: refused`,
      };
      this.fail(feed, feed.readFault, now);
      return;
    }
    const before = { held: feed.held, headerMs: feed.headerMs, receivedMs: feed.receivedMs, bytes: feed.bytes, entities: feed.entities, expired: feed.expired };
    const first = feed.lastSuccessMs === undefined;
    const bytes = "bytes" in held ? held.bytes.byteLength : undefined;
    const receivedMs = headerMs > 0 ? Math.min(now, headerMs) : now;
    Object.assign(feed, { held, headerMs, receivedMs, bytes, entities: message.entity.length, expired: false });
    try {
      await this.rebuildInSlices(now, { feed, message });
    } catch (err) {
      // A newer build started meanwhile, from every message held, this one included: it is served with that one.
      if (err instanceof Superseded) return this.accepted(feed, message, bytes, headerMs, first, now);
      // The state in service was not replaced: keep it, and this feed's previous message with it.
      Object.assign(feed, before);
      feed.readFault = { kind: "build_error", message: `the state could not be built from this message: ${(err as Error).message}` };
      this.log.error({ feed: feed.source.name, err }, `realtime feed ${feed.source.name}: building the state failed`);
      this.fail(feed, feed.readFault, now);
      return;
    }
    this.accepted(feed, message, bytes, headerMs, first, now);
  }

  private accepted(feed: FeedRecord, message: RtFeedMessage, bytes: number | undefined, headerMs: number, first: boolean, now: number): void {
    feed.readFault = undefined;
    if (first) {
      this.log.info(
        { feed: feed.source.name, entities: message.entity.length, bytes, headerTimestamp: headerMs || undefined },
        `realtime feed ${feed.source.name}: first message, ${message.entity.length} entities`,
      );
    }
    this.succeed(feed, now);
    this.noteStats();
  }

  private succeed(feed: FeedRecord, now: number): void {
    const was = feed.fault;
    if (was) {
      this.log.info(
        { feed: feed.source.name, fault: was.kind, failedPolls: was.polls, sinceMs: was.sinceMs },
        `realtime feed ${feed.source.name}: recovered after ${was.polls} failed poll(s) (${was.kind})`,
      );
    }
    feed.fault = undefined;
    feed.lastSuccessMs = now;
  }

  private fail(feed: FeedRecord, fault: { kind: FeedFaultKind; message: string }, now: number): void {
    const was = feed.fault;
    if (was && faultKey(was) === faultKey(fault)) {
      was.polls++;
      was.atMs = now;
      was.message = fault.message;
      return;
    }
    feed.fault = { ...fault, sinceMs: now, atMs: now, polls: 1 };
    const age = feed.held && !feed.expired && feed.receivedMs !== undefined ? Math.round((now - feed.receivedMs) / 1000) : undefined;
    const keeping =
      age === undefined ? "no message to serve: its passages follow the schedule" : `keeping its last good message (${age} s old)`;
    this.log.warn(
      { feed: feed.source.name, fault: fault.kind, error: fault.message, messageAgeSeconds: age },
      `realtime feed ${feed.source.name}: ${fault.message}; ${keeping}`,
    );
  }

  private isExpired(feed: FeedRecord, now: number): boolean {
    return feed.receivedMs !== undefined && now - feed.receivedMs > this.options.maxAgeMs;
  }

  /** Drops the messages past the maximum age (each logged once) and rebuilds without them. */
  private expire(now: number): void {
    let changed = false;
    for (const feed of this.feeds) {
      if (feed.held === undefined || !this.isExpired(feed, now)) continue;
      feed.held = undefined; // memory: nothing reads it once it left the state
      feed.expired = true;
      changed = true;
      this.log.warn(
        { feed: feed.source.name, receivedMs: feed.receivedMs, maxAgeSeconds: this.options.maxAgeMs / 1000 },
        `realtime feed ${feed.source.name}: no new message for over ${this.options.maxAgeMs / 1000} s: its passages fall back to the schedule (GEENREALTIME)`,
      );
    }
    if (changed) this.rebuildSafely(now, "a feed expired");
  }

  private rebuildSafely(now: number, why: string): void {
    try {
      this.rebuild(now);
      this.noteStats();
    } catch (err) {
      // Which message broke it is unknown here; the state for another network is not served (current() checks).
      this.log.error({ err, why }, `realtime: building the state failed (${why}); serving the previous one where it applies`);
    }
  }

  /**
   * Builds the whole state from every message held, at once, and swaps it in; throws (state untouched) when the
   * build does. A sliced build under way is superseded.
   */
  private rebuild(now: number): void {
    this.builds++;
    const live = this.liveFeeds(now);
    if (live.length === 0) return this.clearState();
    const started = performance.now();
    const state = runToEnd(this.stateSteps(this.options.network.current(), live, now));
    this.swap(state, live, performance.now() - started, now);
  }

  /**
   * rebuild in slices; throws Superseded when a newer build started meanwhile (the state served is then left to it).
   * `fresh` is the message just decoded for its feed, which is not decoded twice.
   */
  private async rebuildInSlices(now: number, fresh: { feed: FeedRecord; message: RtFeedMessage }): Promise<void> {
    const build = ++this.builds;
    const live = this.liveFeeds(now);
    if (live.length === 0) return this.clearState();
    const superseded = () => this.builds !== build;
    const built = await runInSlices(this.stateSteps(this.options.network.current(), live, now, fresh), superseded);
    if (superseded()) throw new Superseded();
    this.swap(built.value, live, built.busyMs, now);
  }

  private liveFeeds(now: number): FeedRecord[] {
    return this.feeds.filter((f) => f.held !== undefined && !this.isExpired(f, now));
  }

  private clearState(): void {
    clearTimeout(this.expiryTimer);
    this.state = undefined;
    this.validUntilMs = Number.POSITIVE_INFINITY;
    this.notify();
  }

  /** The state from the messages of `live`: each held one decoded again (as steps), then built. */
  private *stateSteps(network: Network, live: FeedRecord[], now: number, fresh?: { feed: FeedRecord; message: RtFeedMessage }): Steps<RealtimeState> {
    const inputs: { name: string; message: RtFeedMessage }[] = [];
    for (const f of live) {
      const held = f.held!;
      // Bytes held were decoded once already: decoding them again cannot fail.
      const message = f === fresh?.feed ? fresh.message : "bytes" in held ? yield* decodeFeedMessageSteps(held.bytes) : held.message;
      inputs.push({ name: f.source.name, message });
    }
    const built = this.options.build(network, inputs, now);
    return isSteps(built) ? yield* built : built;
  }

  /** Serves `state`, built from the messages of `live`, and starts encoding its GTFS-RT output. */
  private swap(state: RealtimeState, live: FeedRecord[], buildMs: number, now: number): void {
    this.buildMs = buildMs;
    this.state = state;
    prepareFeed(state);
    this.validUntilMs = Math.min(...live.map((f) => f.receivedMs! + this.options.maxAgeMs));
    this.log.debug({ feeds: live.length, buildMs: Math.round(this.buildMs) }, "realtime state rebuilt");
    for (const f of live) f.stats = state.stats.find((s) => s.feed === f.source.name);
    clearTimeout(this.expiryTimer);
    if (this.running) {
      // +1: isExpired is strict, so at validUntilMs itself the message is still served.
      this.expiryTimer = setTimeout(() => this.expire(this.clock()), Math.max(0, this.validUntilMs - now + 1));
      this.expiryTimer.unref();
    }
    this.notify();
  }

  /** Logs once per feed in the state when the reasons its entities match nothing change. */
  private noteStats(): void {
    const now = this.clock();
    for (const feed of this.feeds) if (feed.held !== undefined && !this.isExpired(feed, now)) this.noteFeedStats(feed);
  }

  private noteFeedStats(feed: FeedRecord): void {
    const { stats } = feed;
    if (!stats) return;
    const reasons = Object.entries(stats.unmatchedByReason).filter(([, n]) => (n ?? 0) > 0);
    const key = reasons.map(([r]) => r).sort().join(",");
    if (key === feed.unmatchedKey) return;
    feed.unmatchedKey = key;
    const entities = stats.tripUpdates + stats.vehiclePositions + stats.alerts;
    if (key === "") {
      this.log.info({ feed: feed.source.name, matched: stats.matched }, `realtime feed ${feed.source.name}: every entity matches the network`);
    } else {
      const byReason = reasons.map(([r, n]) => `${r} ${n}`).join(", ");
      this.log.warn(
        { feed: feed.source.name, matched: stats.matched, unmatched: stats.unmatched, unmatchedByReason: stats.unmatchedByReason },
        `realtime feed ${feed.source.name}: ${stats.unmatched} of ${entities} entities (or stop updates) match nothing of the network (${byReason})`,
      );
    }
  }
}

function isSteps(built: RealtimeState | Steps<RealtimeState>): built is Steps<RealtimeState> {
  return typeof (built as Partial<Steps<RealtimeState>>).next === "function";
}

/** Two faults are the same condition when of one kind (and, for HTTP, one status): a new one is logged. */
function faultKey(f: { kind: FeedFaultKind; message: string }): string {
  return f.kind === "http_status" ? `${f.kind}:${/^HTTP (\d+)/.exec(f.message)?.[1] ?? ""}` : f.kind;
}

/** Whole seconds, for messages. */
function seconds(ms: number): number {
  return Math.round(ms / 1000);
}
