/**
 * One poller per deployment across replicas (REALTIME_SHARE=redis, docs/OPERATIONS.md "Real-time: one poller per
 * deployment"): the replicas that share a Redis elect one poller by a lease, and it shares each poll's outcome with
 * the others, who feed it to their feed managers as a cluster's workers feed what their primary relays. The source
 * sees one request per interval per deployment, whatever the number of replicas and workers.
 *
 * - The lease: `SET <prefix>lease <id> NX PX <leaseMs>`; its holder renews it every third of the lease (a Lua check
 *   that it still holds it, then PEXPIRE) and polls; the others try to take it at the same pace, so when the poller
 *   dies (or loses Redis) another polls within the lease and a third of it. A poller that fails to renew stops
 *   polling at once: two pollers for a moment at worst, never none for longer than the lease.
 * - The outcome: the RelayedPoll of relayed-feed.ts (the bytes as base64, "unchanged", or the fault). Bytes are
 *   kept in `<prefix>last:<feed>` (for one lease's length past the feed's interval; a replica that starts reads it
 *   at once) and only their arrival is PUBLISHed on `<prefix>polls`, the others then GET them: Redis disconnects a
 *   subscriber whose pending messages pass 32 MB (client-output-buffer-limit pubsub, by default), which one feed
 *   at REALTIME_MAX_BYTES would, as base64. "unchanged" and faults are published whole, with the poller's id.
 * - Redis down: nobody holds the lease, nobody polls, the messages held age out as a silent feed's do (the state
 *   falls back to the schedule after REALTIME_MAX_AGE_SECONDS); the poller keeps polling while it can renew.
 */
import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import type { FeedSource } from "./feed-source.js";
import { type FeedRelay, feedRelay, type RelayedPoll } from "./relayed-feed.js";

export interface SharedFeedRelayOptions {
  /** REDIS_URL: redis://, rediss:// or unix:///path. */
  redisUrl: string;
  /** The feeds outside the process (isRelayed), as every replica configures them. */
  sources: readonly FeedSource[];
  /** Each poll's outcome, this replica's own or another's: to its feed managers (or its workers). */
  deliver: (poll: RelayedPoll) => void;
  /** How long the poller's lease lasts without renewal, ms (REALTIME_SHARE_LEASE_SECONDS). */
  leaseMs: number;
  /** Keys and channel start with it; default "lijnwijzer:realtime:". Replicas of one deployment share it. */
  prefix?: string;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
}

export interface SharedFeedRelay extends FeedRelay {
  /** This replica holds the lease and polls. */
  polling(): boolean;
  /** Ends polling and Redis without giving the lease back, as a crash would (tests). */
  abandon(): void;
}

/** Renews the lease only while this replica holds it. */
const RENEW_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;
/** Gives the lease back only while this replica holds it. */
const RELEASE_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;

/** What is published: a poll without bytes, or the name of the feed whose new bytes are in `<prefix>last:<feed>`. */
type Envelope = { from: string; poll: RelayedPoll } | { from: string; bytesOf: string };

export function sharedFeedRelay(options: SharedFeedRelayOptions): SharedFeedRelay {
  const prefix = options.prefix ?? "lijnwijzer:realtime:";
  const leaseKey = `${prefix}lease`;
  const channel = `${prefix}polls`;
  const id = `${process.pid}:${randomUUID()}`;
  const names = new Set(options.sources.map((s) => s.name));
  const longestIntervalMs = Math.max(0, ...options.sources.map((s) => s.intervalMs));
  // Commands wait for a connection (the subscription and the first reads are sent before it is up) but never
  // longer than a third of the lease: a renewal that hangs must end in time for this replica to stop polling.
  const settings: RedisOptions = {
    maxRetriesPerRequest: 1,
    commandTimeout: Math.max(100, Math.floor(options.leaseMs / 3)),
    retryStrategy: (times) => Math.min(100 * times, 1000),
  };
  const connect = () =>
    options.redisUrl.startsWith("unix:") ? new Redis({ ...settings, path: decodeURIComponent(new URL(options.redisUrl).pathname) }) : new Redis(options.redisUrl, settings);
  let redis: Redis | undefined;
  let subscriber: Redis | undefined;
  let relay: FeedRelay | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const last = new Map<string, RelayedPoll>();

  const share = (poll: RelayedPoll) => {
    options.deliver(poll);
    if (poll.kind === "bytes") last.set(poll.feed, poll);
    const r = redis;
    if (r === undefined) return;
    const envelope: Envelope = poll.kind === "bytes" ? { from: id, bytesOf: poll.feed } : { from: id, poll };
    const send = r.multi();
    if (poll.kind === "bytes") send.set(`${prefix}last:${poll.feed}`, JSON.stringify(poll), "PX", longestIntervalMs + options.leaseMs);
    send.publish(channel, JSON.stringify(envelope));
    send.exec().catch((err: Error) => options.log.warn({ err: err.message }, "realtime: sharing a poll over Redis failed; the other replicas keep their last message"));
  };

  /** A feed's last bytes from Redis, delivered when they differ from the last delivered. */
  const readLast = async (name: string) => {
    const text = await redis?.get(`${prefix}last:${name}`);
    if (text == null) return;
    const poll = JSON.parse(text) as RelayedPoll;
    const before = last.get(name);
    if (poll.kind !== "bytes" || (before?.kind === "bytes" && before.base64 === poll.base64)) return;
    last.set(name, poll);
    options.deliver(poll);
  };

  const startPolling = () => {
    if (relay !== undefined) return;
    options.log.info({ replica: id }, "realtime: this replica holds the lease and polls the feeds for the deployment");
    relay = feedRelay(options.sources, share);
    relay.start();
  };
  const stopPolling = (why: string) => {
    if (relay === undefined) return;
    relay.stop();
    relay = undefined;
    options.log.warn({ replica: id, why }, `realtime: this replica stopped polling (${why}); another takes over`);
  };

  /** One turn of the election: renew the lease held, or try to take it. */
  const elect = async () => {
    const r = redis;
    if (!running || r === undefined) return;
    try {
      if (relay !== undefined) {
        const renewed = (await r.eval(RENEW_SCRIPT, 1, leaseKey, id, options.leaseMs)) as number;
        if (renewed !== 1) stopPolling("lease lost");
      } else if ((await r.set(leaseKey, id, "PX", options.leaseMs, "NX")) === "OK") {
        startPolling();
      }
    } catch (err) {
      // Without Redis the lease cannot be renewed: another replica may hold it once it lapses.
      stopPolling(`Redis: ${(err as Error).message}`);
    }
    if (running) timer = setTimeout(() => void elect(), Math.max(100, Math.floor(options.leaseMs / 3)));
  };

  return {
    start() {
      running = true;
      redis = connect();
      subscriber = connect();
      redis.on("error", () => undefined); // reconnects; elect() says what failed
      subscriber.on("error", () => undefined);
      subscriber.on("message", (_channel: string, text: string) => {
        const e = JSON.parse(text) as Envelope;
        if (e.from === id) return;
        if ("poll" in e) {
          if (names.has(e.poll.feed)) options.deliver(e.poll);
        } else if (names.has(e.bytesOf)) void readLast(e.bytesOf).catch(() => undefined);
      });
      void subscriber.subscribe(channel).catch(() => undefined);
      // Each feed's last message, before the first poll of whoever polls.
      void Promise.all([...names].map((name) => readLast(name)))
        .catch(() => undefined)
        .then(() => elect());
    },
    stop() {
      const r = redis;
      const held = relay !== undefined;
      redis = undefined;
      this.abandon();
      if (r === undefined) return;
      // Given back, so that another replica polls at its next turn rather than once the lease lapses.
      const release = held ? r.eval(RELEASE_SCRIPT, 1, leaseKey, id) : Promise.resolve();
      void release.catch(() => undefined).finally(() => r.disconnect());
    },
    abandon() {
      running = false;
      clearTimeout(timer);
      relay?.stop();
      relay = undefined;
      subscriber?.disconnect();
      subscriber = undefined;
      redis?.disconnect();
      redis = undefined;
    },
    latest: () => [...last.values()],
    polling: () => relay !== undefined,
  };
}
