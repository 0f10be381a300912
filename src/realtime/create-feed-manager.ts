/**
 * From the configuration to a running feed manager: one FeedSource per configured feed, the demo simulator
 * by default when the demo network is served, buildRealtimeState as the builder. `serve` and `start` call it.
 */
import type { RealtimeConfig, RealtimeFeedConfig } from "../config/realtime.js";
import type { Network } from "../network/model.js";
import { buildRealtimeState } from "./build-realtime-state.js";
import { encodeFeedMessage } from "./feed-codec.js";
import { type BuildRealtimeState, type FeedLog, FeedManager } from "./feed-manager.js";
import { type FeedSource, fileFeedSource, functionFeedSource, urlFeedSource } from "./feed-source.js";
import { simulateFeed } from "./simulate-feed.js";

export interface CreateFeedManagerOptions {
  config: RealtimeConfig;
  network: { current(): Network };
  log: FeedLog;
  /** The built-in demo network is served: without a feed configured, the simulator feeds it. */
  demo: boolean;
  build?: BuildRealtimeState;
  clock?: () => number;
}

/** The feed manager the configuration asks for; undefined when there is no feed (the schedule answers, GEENREALTIME). */
export function createFeedManager(options: CreateFeedManagerOptions): FeedManager | undefined {
  const sources = feedSources(options.config, options.demo);
  if (sources.length === 0) return undefined;
  return new FeedManager({
    network: options.network,
    sources,
    maxAgeMs: options.config.maxAgeSeconds * 1000,
    build: options.build ?? buildRealtimeState,
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
