/**
 * The messages between a cluster's primary and its workers (node:cluster IPC), one union each way. Every type
 * starts with "lw:", so that prom-client's own messages (AggregatorRegistry) pass by untouched.
 *
 * Start: a worker says `ready` once it listens, or `failed` (with what to tell the user) before it exits.
 * Reload, in two steps so that every worker swaps to the same snapshot: `prepare` (load and check beside the
 * network served) answered by `prepared`, then `commit` (swap) answered by `committed`, or `abort` (keep the old).
 * Metrics: a worker asked for /metrics sends `metrics`; the primary answers every worker's, merged.
 * Shutdown: `shutdown` (finish the requests in flight, then exit).
 * Feed refresh (`serve --feed`, run by the primary): `feed-refresh` carries its report, for the workers' /health;
 * a reload it asks for names the new snapshot's `path` in `prepare`.
 * Real-time: the primary polls the feeds outside the process and relays each poll (`feed-poll`, relayed-feed.ts).
 */
import type { FeedRefreshHealth } from "../api/beheer/health.js";
import type { RelayedPoll } from "../realtime/relayed-feed.js";
import type { SnapshotIdentity } from "./snapshot-reload.js";

export type WorkerMessage =
  | { type: "lw:ready"; snapshot: SnapshotIdentity }
  | { type: "lw:failed"; message: string; exitCode: number }
  | { type: "lw:prepared"; id: number; ok: true; snapshot: SnapshotIdentity; ms: number }
  | { type: "lw:prepared"; id: number; ok: false; message: string }
  | { type: "lw:committed"; id: number }
  | { type: "lw:metrics"; id: number };

export type PrimaryMessage =
  | { type: "lw:prepare"; id: number; path?: string }
  | { type: "lw:commit"; id: number }
  | { type: "lw:abort"; id: number; message: string }
  | { type: "lw:metrics"; id: number; text: string }
  | { type: "lw:metrics"; id: number; error: string }
  | { type: "lw:shutdown"; signal: string }
  | { type: "lw:feed-refresh"; report: FeedRefreshHealth }
  | { type: "lw:feed-poll"; poll: RelayedPoll };

export function isWorkerMessage(m: unknown): m is WorkerMessage {
  return typeof m === "object" && m !== null && typeof (m as { type?: unknown }).type === "string" && (m as { type: string }).type.startsWith("lw:");
}

export const isPrimaryMessage = isWorkerMessage as (m: unknown) => m is PrimaryMessage;

/** The environment variables the primary passes to a worker. */
export const WORKER_ENV = {
  /** The worker's slot, 0 to N-1: kept by its replacement, so that /metrics series stay few. */
  slot: "LIJNWIJZER_WORKER_SLOT",
  /** The snapshot the primary resolved (the demo's is built once, by the primary). */
  snapshot: "LIJNWIJZER_WORKER_SNAPSHOT",
} as const;
