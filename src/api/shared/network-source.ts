import type { Network } from "../../network/model.js";

/**
 * Where the API reads the network: `current()` is called once per request, at its start, and never cached by a
 * route, so a new snapshot can replace the old one by swapping what `current()` returns: a request in flight
 * keeps the network it started with, and no answer mixes two snapshots (test/api/http-snapshot-reads.test.ts
 * checks that every route reads it exactly once).
 */
export interface NetworkSource {
  current(): Network;
}

/** A source that always answers the same network. */
export function staticNetworkSource(network: Network): NetworkSource {
  return { current: () => network };
}

/** What the served snapshot's reloads have done so far (for /metrics). */
export interface ReloadCounts {
  /** Snapshots swapped in after the first. */
  swapped: number;
  /** Snapshots refused (damaged, truncated, of another format version, or not the same in every worker). */
  refused: number;
}

/** A source whose network a reload replaces (serve-command.ts): it also says when it was loaded and how reloads went. */
export interface SwappableNetworkSource extends NetworkSource {
  /** Serves `network` from the next request on; requests in flight finish on the one they started with. */
  swap(network: Network, nowMs?: number): void;
  /** Counts a refused reload. */
  refused(): void;
  /** When the network served was loaded, epoch ms. */
  loadedMs(): number;
  reloads(): ReloadCounts;
}

export function swappableNetworkSource(initial: Network, nowMs: number = Date.now()): SwappableNetworkSource {
  let network = initial;
  let loaded = nowMs;
  const counts = { swapped: 0, refused: 0 };
  return {
    current: () => network,
    swap(next, now = Date.now()) {
      network = next;
      loaded = now;
      counts.swapped++;
    },
    refused() {
      counts.refused++;
    },
    loadedMs: () => loaded,
    reloads: () => ({ ...counts }),
  };
}

/** The swappable source behind `source`, when it is one. */
export function asSwappable(source: NetworkSource): SwappableNetworkSource | undefined {
  const s = source as Partial<SwappableNetworkSource>;
  return typeof s.swap === "function" && typeof s.loadedMs === "function" ? (source as SwappableNetworkSource) : undefined;
}
