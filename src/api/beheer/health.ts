/**
 * GET /health, without a key: is the server up, and which network does it serve. When today lies outside the
 * network's validity, `network.validity` says so in fields and `warnings` in words (network-validity.ts), which
 * also name a feed of several whose own period misses the day lists answer for; both are absent while all is
 * well, so the answer of a healthy server stays as it was.
 *
 * With GTFS-Realtime feeds configured, `realtime` reports each feed: whether its last good message is served,
 * the last success, that message's age, the last error and what its entities matched (FeedManager.feedHealth);
 * a feed whose passages fell back to the schedule because of a fault is also named in `warnings`.
 *
 * With `serve --feed ... --refresh ...` (src/cli/feed-refresh.ts), `feedRefresh` reports each GTFS feed kept current:
 * its last check, last success, last new version and its ETag / Last-Modified, the version served (feed_info's
 * feed_version), a version refused and the last error; a feed whose check fails, a refused version and a failed
 * import are also named in `warnings`. Ahead of the network's last service day (VALIDITY_WARNING_DAYS, default
 * 7) `warnings` says which day that is (src/cli/validity-warning.ts).
 *
 * GET /ready, without a key, is the readiness a load balancer or an orchestrator asks (docs/COMPATIBILITY.md O15): 200 while the
 * server should get traffic, 503 `{statusCode, message, checks}` while it should not: it is shutting down, or a
 * configured GTFS-Realtime feed has no message younger than READY_REALTIME_MAX_AGE_SECONDS (default
 * REALTIME_MAX_AGE_SECONDS; `off` leaves real-time out). A snapshot is always loaded once the server listens
 * (it loads before), so the snapshot check names the one served. /health stays liveness: 200 while the process
 * answers at all.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { derivedIndex } from "../../network/derived-index.js";
import type { Network } from "../../network/model.js";
import { networkToday, networkValidity, validityWarnings } from "../../network/queries/network-validity.js";
import type { FeedHealth, RealtimeHealth } from "../../realtime/feed-manager.js";
import { endingSoonWarning } from "../../cli/validity-warning.js";
import { NOT_READY } from "../../errors.js";
import { formatDate } from "../shared/dates.js";
import type { NetworkSource } from "../shared/network-source.js";
import type { RealtimeSource } from "../shared/realtime-source.js";
import { mayReadInternals } from "./local-client.js";

const Instant = (description: string) => Type.String({ format: "date-time", description });

const RealtimeFeedHealth = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal("url"), Type.Literal("file"), Type.Literal("function")]),
  location: Type.String({ description: "where it is read; a URL without its query values" }),
  intervalSeconds: Type.Number(),
  serving: Type.Boolean({ description: "its last good message is in the real-time state served" }),
  lastPoll: Type.Optional(Instant("the last poll, whatever it gave")),
  lastSuccess: Type.Optional(Instant("the last poll that gave a usable message, new or the same as held")),
  ageSeconds: Type.Optional(Type.Integer({ description: "since the message held (or last held) arrived; served up to realtime.maxAgeSeconds" })),
  headerTimestamp: Type.Optional(Instant("the FeedHeader timestamp of that message")),
  bytes: Type.Optional(Type.Integer()),
  entities: Type.Optional(Type.Integer()),
  matched: Type.Optional(Type.Integer({ description: "entities applied to the network" })),
  unmatched: Type.Optional(Type.Integer({ description: "entities (or stop updates) that matched nothing of the network" })),
  unmatchedByReason: Type.Optional(Type.Record(Type.String(), Type.Integer())),
  lastError: Type.Optional(
    Type.Object(
      {
        kind: Type.String(),
        message: Type.String(),
        since: Instant("the first poll of this fault"),
        at: Instant("the last poll of this fault"),
        polls: Type.Integer({ description: "polls in a row that gave it" }),
      },
      { description: "the fault of the last poll; absent when it succeeded" },
    ),
  ),
});

const RealtimeHealthSchema = Type.Object(
  {
    maxAgeSeconds: Type.Integer(),
    builtAt: Type.Optional(Instant("when the real-time state served was built; absent without one")),
    buildMs: Type.Optional(Type.Number({ description: "how long building it took" })),
    feeds: Type.Array(RealtimeFeedHealth),
  },
  { description: "present when GTFS-Realtime feeds are configured" },
);

/**
 * What the feed refresh reports (src/cli/feed-refresh.ts), times in epoch ms. Plain data: a cluster's primary,
 * which runs the refresh, sends it to its workers, which answer /health.
 */
export interface FeedRefreshHealth {
  /** Seconds between checks; undefined: checked at start only (FEED_REFRESH=off). */
  intervalSeconds: number | undefined;
  /** A check or an import is under way. */
  running: boolean;
  lastRunMs?: number;
  /** The last time a new snapshot from the feeds was swapped in. */
  lastSwapMs?: number;
  lastImport?: { atMs: number; ok: boolean; seconds: number; peakRssBytes?: number; message?: string };
  feeds: FeedRefreshFeedHealth[];
}

export interface FeedRefreshFeedHealth {
  name: string;
  kind: "url" | "file";
  /** Where it is read: a URL without credentials or query values, or the file's path. */
  location: string;
  lastCheckMs?: number;
  /** The last check that reached the feed (a new version or the same). */
  lastSuccessMs?: number;
  /** When the version served was fetched. */
  lastChangeMs?: number;
  /** Validators of the version served (a URL's). */
  etag?: string;
  lastModified?: string;
  bytes?: number;
  /** A newer version that failed its import or check: it is not tried again until it changes. */
  rejected?: { message: string; atMs: number; etag?: string; lastModified?: string };
  lastError?: { message: string; sinceMs: number; atMs: number; checks: number };
}

const FeedRefreshSchema = Type.Object(
  {
    intervalSeconds: Type.Optional(Type.Integer({ description: "seconds between checks; absent: checked at start only" })),
    running: Type.Boolean({ description: "a check or an import is under way" }),
    lastRun: Type.Optional(Instant("the last check of the feeds")),
    lastSwap: Type.Optional(Instant("the last time a snapshot imported from the feeds was swapped in")),
    lastImport: Type.Optional(
      Type.Object({
        at: Instant("when it ended"),
        ok: Type.Boolean(),
        seconds: Type.Number({ description: "how long the import process ran" }),
        peakMemoryBytes: Type.Optional(Type.Integer({ description: "the import process's peak resident memory" })),
        message: Type.Optional(Type.String({ description: "why it failed, when it did" })),
      }),
    ),
    feeds: Type.Array(
      Type.Object({
        name: Type.String(),
        kind: Type.Union([Type.Literal("url"), Type.Literal("file")]),
        location: Type.String({ description: "a URL without credentials or query values, or a file's path" }),
        lastCheck: Type.Optional(Instant("the last check, whatever it gave")),
        lastSuccess: Type.Optional(Instant("the last check that reached the feed, a new version or the same")),
        lastChange: Type.Optional(Instant("when the version served was fetched")),
        versionServed: Type.Optional(Type.String({ description: "feed_info.txt's feed_version of the network served" })),
        etag: Type.Optional(Type.String({ description: "the ETag of the version served" })),
        lastModified: Type.Optional(Type.String({ description: "the Last-Modified of the version served (a file's modification time)" })),
        bytes: Type.Optional(Type.Integer()),
        rejected: Type.Optional(
          Type.Object(
            { message: Type.String(), at: Instant("when it was refused") },
            { description: "a newer version that failed its import or check; tried again once it changes" },
          ),
        ),
        lastError: Type.Optional(
          Type.Object(
            {
              message: Type.String(),
              since: Instant("the first check of this fault"),
              at: Instant("the last check of this fault"),
              checks: Type.Integer({ description: "checks in a row that gave it" }),
            },
            { description: "the fault of the last check; absent when it succeeded" },
          ),
        ),
      }),
    ),
  },
  { description: "present when serve keeps GTFS feeds current (--feed, FEEDS)" },
);

export const Health = Type.Object(
  {
    status: Type.Literal("ok"),
    network: Type.Object({
      counts: Type.Optional(
        Type.Object({
          stops: Type.Integer(),
          lines: Type.Integer(),
          lineDirections: Type.Integer(),
          patterns: Type.Integer(),
          trips: Type.Integer(),
          stopTimes: Type.Integer(),
        }),
      ),
      validFrom: Type.String({ format: "date" }),
      validTo: Type.String({ format: "date" }),
      timezone: Type.Optional(Type.String()),
      feeds: Type.Optional(Type.Array(
        Type.Object({
          source: Type.String(),
          profile: Type.String(),
          publisher: Type.Optional(Type.String()),
          version: Type.Optional(Type.String()),
        }),
      ),
      ),
      createdAt: Type.Optional(Type.String({ format: "date-time" })),
      ageSeconds: Type.Optional(Type.Integer({ description: "seconds since the snapshot was written" })),
      validity: Type.Optional(
        Type.Object(
          {
            state: Type.Union([Type.Literal("expired"), Type.Literal("not-yet-valid"), Type.Literal("empty")]),
            today: Type.String({ format: "date", description: "today in the network's time zone" }),
            answersFor: Type.Optional(
              Type.String({ format: "date", description: "the day lists answer for without geldigOp" }),
            ),
          },
          { description: "present only when today lies outside the network's validity (or it has none)" },
        ),
      ),
    }),
    realtime: Type.Optional(RealtimeHealthSchema),
    feedRefresh: Type.Optional(FeedRefreshSchema),
    warnings: Type.Optional(Type.Array(Type.String(), { description: "what an operator should know, e.g. an expired network" })),
    detail: Type.Optional(Type.String({ description: "for a client neither on this machine nor with a key: where the details are" })),
  },
  { title: "Health" },
);

const countLineDirections = derivedIndex("number of line directions that exist (health)", (net: Network): number => {
  let n = 0;
  for (const e of net.lineDirections.exists) n += e;
  return n;
});

export function networkSummary(net: Network, nowMs = Date.now()) {
  const { meta } = net;
  const validity = networkValidity(net, networkToday(net, nowMs));
  return {
    counts: {
      stops: net.stops.count,
      lines: net.lines.count,
      lineDirections: countLineDirections(net),
      patterns: net.patterns.count,
      trips: net.trips.count,
      stopTimes: net.stopTimes.count,
    },
    validFrom: meta.validFrom ? formatDate(meta.validFrom) : "",
    validTo: meta.validTo ? formatDate(meta.validTo) : "",
    timezone: meta.timezone,
    feeds: meta.feeds.map((f) => ({ source: f.source, profile: f.profile, publisher: f.publisher, version: f.version })),
    createdAt: meta.createdAt,
    ageSeconds: Math.max(0, Math.floor((nowMs - Date.parse(meta.createdAt)) / 1000)),
    ...(validity.state === "valid"
      ? {}
      : {
          validity: {
            state: validity.state,
            today: formatDate(validity.today),
            ...(validity.state === "empty" ? {} : { answersFor: formatDate(validity.defaultDay) }),
          },
        }),
  };
}

const iso = (ms: number | undefined) => (ms === undefined || ms <= 0 ? undefined : new Date(ms).toISOString());
const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** The feeds' report: epoch ms as ISO instants, ages in whole seconds. */
export function realtimeSummary(h: RealtimeHealth, nowMs: number) {
  return {
    maxAgeSeconds: seconds(h.maxAgeMs),
    builtAt: iso(h.builtMs),
    buildMs: h.buildMs === undefined ? undefined : Math.round(h.buildMs * 10) / 10,
    feeds: h.feeds.map((f) => ({
      name: f.name,
      kind: f.kind,
      location: f.location,
      intervalSeconds: f.intervalMs / 1000,
      serving: f.serving,
      lastPoll: iso(f.lastPollMs),
      lastSuccess: iso(f.lastSuccessMs),
      ageSeconds: f.receivedMs === undefined ? undefined : seconds(nowMs - f.receivedMs),
      headerTimestamp: iso(f.headerMs),
      bytes: f.bytes,
      entities: f.entities,
      matched: f.stats?.matched,
      unmatched: f.stats?.unmatched,
      unmatchedByReason: f.stats && (f.stats.unmatchedByReason as Record<string, number>),
      lastError: f.lastError && {
        kind: f.lastError.kind,
        message: f.lastError.message,
        since: new Date(f.lastError.sinceMs).toISOString(),
        at: new Date(f.lastError.atMs).toISOString(),
        polls: f.lastError.polls,
      },
    })),
  };
}

/**
 * A served feed whose entities all fail to match the network (none matched, some not): most likely another
 * network's feed, or one built on another version of the timetable. Undefined for a feed that matches something.
 */
function matchesNothing(f: FeedHealth): string | undefined {
  if (!f.serving || !f.stats || f.stats.matched > 0 || f.stats.unmatched === 0) return undefined;
  const reasons = Object.entries(f.stats.unmatchedByReason as Record<string, number>)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(", ");
  return `realtime feed ${f.name}: none of its ${f.stats.unmatched} entities matches the network served (${reasons}): is it this network's feed?`;
}

/** In words, each feed whose passages follow the schedule because of a fault or its message's age, or that matches nothing. */
function realtimeWarnings(h: RealtimeHealth, nowMs: number): string[] {
  const out: string[] = [];
  for (const f of h.feeds) {
    const nothing = matchesNothing(f);
    if (nothing) out.push(nothing);
    if (f.serving) continue;
    const error = f.lastError ? ` (last error since ${new Date(f.lastError.sinceMs).toISOString()}: ${f.lastError.message})` : "";
    if (f.receivedMs !== undefined) {
      out.push(
        `realtime feed ${f.name}: its last good message is ${seconds(nowMs - f.receivedMs)} s old, over the maximum of ${seconds(h.maxAgeMs)} s: its passages follow the schedule${error}`,
      );
    } else if (f.lastError) {
      out.push(`realtime feed ${f.name}: no usable message yet: its passages follow the schedule${error}`);
    }
  }
  return out;
}

/** The feed refresh's report, with the version of each feed in the network served. */
export function feedRefreshSummary(h: FeedRefreshHealth, net: Network) {
  // The import reads the feeds in this order, so the snapshot's feeds line up with them.
  const versions = net.meta.feeds.length === h.feeds.length ? net.meta.feeds.map((f) => f.version) : [];
  return {
    intervalSeconds: h.intervalSeconds,
    running: h.running,
    lastRun: iso(h.lastRunMs),
    lastSwap: iso(h.lastSwapMs),
    lastImport: h.lastImport && {
      at: new Date(h.lastImport.atMs).toISOString(),
      ok: h.lastImport.ok,
      seconds: Math.round(h.lastImport.seconds * 10) / 10,
      peakMemoryBytes: h.lastImport.peakRssBytes,
      message: h.lastImport.message,
    },
    feeds: h.feeds.map((f, i) => ({
      name: f.name,
      kind: f.kind,
      location: f.location,
      lastCheck: iso(f.lastCheckMs),
      lastSuccess: iso(f.lastSuccessMs),
      lastChange: iso(f.lastChangeMs),
      versionServed: versions[i] || undefined,
      etag: f.etag,
      lastModified: f.lastModified,
      bytes: f.bytes,
      rejected: f.rejected && { message: f.rejected.message, at: new Date(f.rejected.atMs).toISOString() },
      lastError: f.lastError && {
        message: f.lastError.message,
        since: new Date(f.lastError.sinceMs).toISOString(),
        at: new Date(f.lastError.atMs).toISOString(),
        checks: f.lastError.checks,
      },
    })),
  };
}

/** In words, each feed that cannot be checked or whose new version was refused, and a failed import. */
function feedRefreshWarnings(h: FeedRefreshHealth): string[] {
  const out: string[] = [];
  for (const f of h.feeds) {
    if (f.lastError) {
      out.push(
        `feed ${f.name}: ${f.lastError.checks} check(s) in a row failed since ${new Date(f.lastError.sinceMs).toISOString()}: ${f.lastError.message}; the network served stays`,
      );
    }
    if (f.rejected) {
      out.push(`feed ${f.name}: its new version was refused at ${new Date(f.rejected.atMs).toISOString()}: ${f.rejected.message}; the network served stays until the feed changes again`);
    }
  }
  const last = h.lastImport;
  if (last && !last.ok && !h.feeds.some((f) => f.rejected && f.rejected.atMs === last.atMs)) {
    out.push(`feed refresh: the import of ${new Date(last.atMs).toISOString()} failed: ${last.message ?? "no reason given"}; the network served stays`);
  }
  return out;
}

export interface HealthExtras {
  /** Days ahead of the last service day that a warning begins (VALIDITY_WARNING_DAYS); 0 or undefined: none. */
  validityWarningDays?: number;
  feedRefresh?: FeedRefreshHealth;
}

/** The body of /health: the summary, the real-time feeds and the feed refresh when there are, and in words what is wrong. */
export function healthBody(net: Network, nowMs = Date.now(), realtime?: RealtimeHealth, extras: HealthExtras = {}) {
  const today = networkToday(net, nowMs);
  const ahead = endingSoonWarning(networkValidity(net, today), extras.validityWarningDays ?? 0);
  const warnings = [
    ...(ahead ? [ahead] : []),
    ...validityWarnings(net, today),
    ...(realtime ? realtimeWarnings(realtime, nowMs) : []),
    ...(extras.feedRefresh ? feedRefreshWarnings(extras.feedRefresh) : []),
  ];
  return {
    status: "ok" as const,
    network: networkSummary(net, nowMs),
    ...(realtime ? { realtime: realtimeSummary(realtime, nowMs) } : {}),
    ...(extras.feedRefresh ? { feedRefresh: feedRefreshSummary(extras.feedRefresh, net) } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

/** A real-time source that can report its feeds (the FeedManager does). */
export function feedHealthOf(realtime: RealtimeSource | undefined): ((nowMs: number) => RealtimeHealth) | undefined {
  const r = realtime as (RealtimeSource & { feedHealth?: (nowMs: number) => RealtimeHealth }) | undefined;
  return typeof r?.feedHealth === "function" ? (nowMs) => r.feedHealth!(nowMs) : undefined;
}

export interface HealthOptions {
  source: NetworkSource;
  now: () => number;
  /** TRUST_PROXY: who is on this machine is judged by the address the proxy reports (local-client.ts). */
  trustProxy?: boolean;
  realtime?: RealtimeSource;
  /** VALIDITY_WARNING_DAYS; default none. */
  validityWarningDays?: number;
  /** The feed refresh's report, when serve keeps feeds current (read at each request). */
  feedRefresh?: () => FeedRefreshHealth | undefined;
}

/** What /health tells a client neither on this machine nor with a key: that it runs, and the network's validity. */
export function publicHealthBody(net: Network, nowMs: number) {
  const { validFrom, validTo, validity } = networkSummary(net, nowMs);
  return {
    status: "ok" as const,
    network: { validFrom, validTo, ...(validity ? { validity } : {}) },
    detail: PUBLIC_HEALTH_DETAIL,
  };
}

const PUBLIC_HEALTH_DETAIL =
  "counts, feeds, real-time feeds and warnings answer a client on this machine, or one that sends a subscription key";

export const healthRoute: FastifyPluginAsync<HealthOptions> = async (app, { source, now, realtime, validityWarningDays, feedRefresh, trustProxy }) => {
  const feedHealth = feedHealthOf(realtime);
  app.get(
    "/health",
    {
      config: { auth: false },
      schema: {
        tags: ["beheer"],
        summary: "Liveness and a summary of the network served (no key needed)",
        description:
          "Answers 200 while the process runs, with the network's validity. A client on the server's machine, or one that sends a subscription key, also gets what it serves: counts of the network's tables, its time zone, feeds, when its snapshot was written, the real-time feeds and warnings. Needs no subscription key.",
        security: [],
        response: { 200: Health },
      },
    },
    async (request) => {
      const nowMs = now();
      if (!mayReadInternals(request, trustProxy ?? false)) return publicHealthBody(source.current(), nowMs);
      return healthBody(source.current(), nowMs, feedHealth?.(nowMs), { validityWarningDays, feedRefresh: feedRefresh?.() });
    },
  );
};

const ReadyCheck = Type.Object({ ok: Type.Boolean(), detail: Type.String() });

export const Ready = Type.Object(
  {
    ready: Type.Boolean(),
    statusCode: Type.Optional(Type.Literal(503)),
    message: Type.Optional(Type.String({ description: "what is not ready, when something is not" })),
    checks: Type.Object({
      snapshot: ReadyCheck,
      shutdown: ReadyCheck,
      realtime: ReadyCheck,
    }),
  },
  { title: "Ready" },
);

export interface ReadyOptions {
  source: NetworkSource;
  now: () => number;
  realtime?: RealtimeSource;
  /** The oldest real-time message accepted, seconds; undefined: real-time is not looked at. */
  realtimeMaxAgeSeconds: number | undefined;
  /** True once the server is shutting down. */
  closing: () => boolean;
  /** TRUST_PROXY (local-client.ts). */
  trustProxy?: boolean;
}

/** The checks of /ready: each ok or not, with what it saw. */
export function readiness(opts: ReadyOptions, nowMs: number) {
  const net = opts.source.current();
  const snapshot = { ok: true, detail: `snapshot of ${net.meta.createdAt} served: ${net.stops.count} stops, ${net.trips.count} trips` };
  const shutdown = opts.closing() ? { ok: false, detail: "shutting down: finishing the requests in flight" } : { ok: true, detail: "running" };
  const feedHealth = feedHealthOf(opts.realtime);
  let realtime = { ok: true, detail: "no GTFS-Realtime feed configured" };
  if (feedHealth && opts.realtimeMaxAgeSeconds === undefined) {
    realtime = { ok: true, detail: "not checked (READY_REALTIME_MAX_AGE_SECONDS=off)" };
  } else if (feedHealth && opts.realtimeMaxAgeSeconds !== undefined) {
    const maxMs = opts.realtimeMaxAgeSeconds * 1000;
    const feeds = feedHealth(nowMs).feeds;
    const stale = feeds.filter((f) => f.receivedMs === undefined || nowMs - f.receivedMs > maxMs || !f.serving);
    // Matching nothing is said, not failed: every replica would leave the load balancer at once for a feed's fault.
    const nothing = feeds.map(matchesNothing).filter((w) => w !== undefined);
    realtime =
      stale.length === 0
        ? { ok: true, detail: [`every feed has a message younger than ${opts.realtimeMaxAgeSeconds} s`, ...nothing].join("; ") }
        : {
            ok: false,
            detail: stale
              .map((f) =>
                f.receivedMs === undefined
                  ? `feed ${f.name} has no message yet`
                  : `feed ${f.name}: its message is ${seconds(nowMs - f.receivedMs)} s old (at most ${opts.realtimeMaxAgeSeconds} s)`,
              )
              .join("; "),
          };
  }
  return { snapshot, shutdown, realtime };
}

/** The checks with their details left out: "ok", or "failing" and the check's name. */
function withoutDetails(checks: ReturnType<typeof readiness>): ReturnType<typeof readiness> {
  const out = { ...checks };
  for (const name of Object.keys(out) as Array<keyof typeof out>) {
    out[name] = { ok: out[name].ok, detail: out[name].ok ? "ok" : `${name} failing` };
  }
  return out;
}

export const readyRoute: FastifyPluginAsync<ReadyOptions> = async (app, opts) => {
  app.get(
    "/ready",
    {
      config: { auth: false },
      schema: {
        tags: ["beheer"],
        summary: "Readiness: 200 while the server should get traffic, 503 while shutting down or real-time is stale (no key needed)",
        description:
          "For a load balancer: 200 with ready true while the snapshot is loaded, the server is not shutting down and every GTFS-Realtime feed is fresh enough; 503 with the failed checks otherwise. Needs no subscription key.",
        security: [],
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      let checks = readiness(opts, opts.now());
      // A load balancer needs the status; what each check saw (feed names, hosts) is for this machine or a key.
      if (!mayReadInternals(request, opts.trustProxy ?? false)) checks = withoutDetails(checks);
      const failing = Object.values(checks).filter((c) => !c.ok);
      // Never cached: a proxy must ask each time.
      reply.header("cache-control", "no-store");
      if (failing.length === 0) return { ready: true, checks };
      const message = NOT_READY(failing.map((c) => c.detail).join("; ")).message;
      return reply.code(503).send({ ready: false, statusCode: 503 as const, message, checks });
    },
  );
};
