import type { Network } from "../../network/model.js";
import type { RealtimeOverlay } from "../../timetable/realtime-overlay.js";

/**
 * Where the API reads the real-time state: `current(network)` per request, for the network that request reads.
 * A state belongs to one network: after a snapshot swap the source answers undefined until a state for the new
 * network exists, so an answer never mixes two snapshots. `serve` builds that state in the same synchronous step
 * as the swap, from the messages held (src/cli/snapshot-reload.ts, FeedManager.networkChanged), so no request
 * sees the new network without its real-time. Undefined: no GTFS-Realtime feed (or none fresh enough),
 * the schedule answers with GEENREALTIME.
 */
export interface RealtimeSource {
  current(network: Network): RealtimeOverlay | undefined;
  /**
   * Calls `listener` after each new state is served (or the state is dropped); returns the unsubscribe. Optional:
   * the event streams (event-streams.ts) also look at `current()` every second, so a source without it is only
   * slower to push.
   */
  subscribe?(listener: () => void): () => void;
}

/** No real-time feed configured. */
export const NO_REALTIME_SOURCE: RealtimeSource = { current: () => undefined };
