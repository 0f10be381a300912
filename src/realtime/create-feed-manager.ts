/**
 * From the configuration to a running feed manager: one FeedSource per configured feed, the demo simulator
 * by default when the demo network is served, buildRealtimeStateSteps as the builder (run in slices). `serve` and `start` call it; a
 * cluster's workers read the feeds outside the process through the primary (relayed-feed.ts).
 */
import type { RealtimeConfig, RealtimeFeedConfig } from "../config/realtime.js";
import type { Network } from "../network/model.js";
import { buildRealtimeStateSteps } from "./build-realtime-state.js";
import { encodeFeedMessage } from "./feed-codec.js";
import { type BuildRealtimeState, type FeedLog, FeedManager } from "./feed-manager.js";
import { type FeedSource, fileFeedSource, functionFeedSource, urlFeedSource } from "./feed-source.js";
import { isRelayed, type RelayedFeedSource, relayedFeedSource } from "./relayed-feed.js";
import { simulateFeed } from "./simulate-feed.js";

export interface CreateFeedManagerOptions {
  config: RealtimeConfig;
  network: { current(): Network };
  log: FeedLog;
  /** The built-in demo network is served: without a feed configured, the simulator feeds it. */
  demo: boolean;
  build?: BuildRealtimeState;
  clock?: () => number;
  /**
   * A cluster's worker: the feeds outside the process are polled by the primary and relayed (relayed-feed.ts); their
   * stand-ins are put in this map by name, for the worker to deliver the primary's polls to.
   */
  relayed?: Map<string, RelayedFeedSource>;
}

/** The feed manager the configuration asks for; undefined when there is no feed (the schedule answers, GEENREALTIME). */
export function createFeedManager(options: CreateFeedManagerOptions): FeedManager | undefined {
  const { relayed } = options;
  const sources = feedSources(options.config, options.demo).map((s) => {
    if (relayed === undefined || !isRelayed(s)) return s;
    const stand = relayedFeedSource(s);
    relayed.set(s.name, stand);
    return stand;
  });
  if (sources.length === 0) return undefined;
  return new FeedManager({
    network: options.network,
    sources,
    maxAgeMs: options.config.maxAgeSeconds * 1000,
    build: options.build ?? buildRealtimeStateSteps,
    log: options.log,
    clock: options.clock,
  });
}

/** The sources of the configured feeds; the simulator alone when none is configured and the demo is served. */
export function feedSources(config: RealtimeConfig, demo: boolean): FeedSource[] {
  const feeds: RealtimeFeedConfig[] =
    config.feeds === "none"
      ? []
      : (config.feeds ?? (demo ? [{ kind: "simulator", name: "simulator", intervalSeconds: config.intervalSeconds }] : []));
  return feeds.map((f) => feedSource(f, config.maxBytes));
}

function feedSource(feed: RealtimeFeedConfig, maxBytes: number): FeedSource {
  const intervalMs = feed.intervalSeconds * 1000;
  switch (feed.kind) {
    case "url":
      return urlFeedSource({ name: feed.name, url: feed.url, headers: feed.headers, intervalMs, timeoutMs: feed.timeoutSeconds * 1000, maxBytes });
    case "file":
      return fileFeedSource({ name: feed.name, path: feed.path, intervalMs, maxBytes });
    case "simulator":
      // Encoded, so that the demo takes the path of an external feed, decoding and its limits included.
      return functionFeedSource({
        name: feed.name,
        intervalMs,
        maxBytes,
        produce: ({ network, nowMs }) => encodeFeedMessage(simulateFeed(network, nowMs)),
      });
  }
}
