/**
 * Reloading the served snapshot (hot swap, docs/COMPATIBILITY.md O17) in two steps, so that a cluster's workers swap together:
 * `prepareSnapshot` loads the file, checks it (snapshot-check.ts) and builds what the first requests would
 * otherwise build (the search indexes), all beside the network in service; `commitSnapshot` swaps the source's
 * reference and rebuilds the real-time state for the new network from the messages held (FeedManager
 * .networkChanged). A file that is missing, no snapshot, of another format version, truncated or damaged fails
 * in the first step and the old network stays in service. Both steps are synchronous: no request runs between
 * the swap and the real-time rebuild, so none sees the new network with the old state.
 */
import type { SwappableNetworkSource } from "../api/shared/network-source.js";
import { warmSearch } from "../api/zoek/zoeken.js";
import type { Network } from "../network/model.js";
import { openSnapshot } from "./open-snapshot.js";
import { checkNetwork } from "./snapshot-check.js";

/** What tells two loads of a snapshot apart: the workers of a cluster must have loaded the same one. */
export interface SnapshotIdentity {
  createdAt: string;
  stops: number;
  trips: number;
  stopTimes: number;
}

export interface PreparedSnapshot {
  network: Network;
  identity: SnapshotIdentity;
  /** Milliseconds loading, checking and warming took. */
  prepareMs: number;
}

/** What a reload did, as `lijnwijzer reload` and the admin endpoint report it. */
export type ReloadResult =
  | { ok: true; snapshot: SnapshotIdentity; workers: number; ms: number }
  | { ok: false; message: string; workers: number; ms: number };

export function identityOf(net: Network): SnapshotIdentity {
  return { createdAt: net.meta.createdAt, stops: net.stops.count, trips: net.trips.count, stopTimes: net.stopTimes.count };
}

export function sameSnapshot(a: SnapshotIdentity, b: SnapshotIdentity): boolean {
  return a.createdAt === b.createdAt && a.stops === b.stops && a.trips === b.trips && a.stopTimes === b.stopTimes;
}

/** In words, for logs and the reload command: "the snapshot of 2026-11-24T08:00:00.000Z (417 stops, 1,234 trips)". */
export function describeSnapshot(s: SnapshotIdentity): string {
  return `the snapshot of ${s.createdAt} (${s.stops.toLocaleString("en")} stops, ${s.trips.toLocaleString("en")} trips)`;
}

/** Loads, checks and warms the snapshot at `path`; throws a CliError saying what is wrong with it. */
export function prepareSnapshot(path: string): PreparedSnapshot {
  const started = performance.now();
  const network = openSnapshot(path);
  checkNetwork(network, path);
  warmSearch(network);
  return { network, identity: identityOf(network), prepareMs: performance.now() - started };
}

/** Serves the prepared network from the next request on; the real-time state follows it at once. */
export function commitSnapshot(source: SwappableNetworkSource, prepared: PreparedSnapshot, realtime?: { networkChanged(): void }): void {
  source.swap(prepared.network);
  realtime?.networkChanged();
}
