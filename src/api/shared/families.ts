import type { AppConfig } from "../../config/load-config.js";
import type { NetworkSource } from "./network-source.js";
import { NO_REALTIME_SOURCE, type RealtimeSource } from "./realtime-source.js";

/**
 * The two path families of the operator's service (spec part 9): v1 at `{core}/api/v1`, beta at `{core}/v1/beta`.
 * Every resource plugin is registered once per family; the families differ only where the spec says so.
 */
export type Family = "v1" | "beta";
export const FAMILIES: readonly Family[] = ["v1", "beta"];

/** The path segment of a family below the core prefix. */
export function familySegment(family: Family): string {
  return family === "v1" ? "/api/v1" : "/v1/beta";
}

/**
 * The path segment of a family below the search prefix: beta at `{search}/v1/beta` (spec 4.4), v1 at `{search}/v1`
 * (the published Search OpenAPI's server URL). The search plugin links to the core family of the same name.
 */
export function searchFamilySegment(family: Family): string {
  return family === "v1" ? "/v1" : "/v1/beta";
}

/** What every resource plugin receives: its family, the network source and the configuration. */
export interface FamilyOptions {
  family: Family;
  /** corePrefix + familySegment, e.g. "/DLKernOpenData/api/v1": the plugin's route prefix and the path links start with. */
  familyPrefix: string;
  source: NetworkSource;
  config: AppConfig;
  /** Milliseconds since the epoch: what "now" means for defaults such as geldigOp (tests pin it). */
  now: () => number;
  /** The real-time state of the network a request reads (none without a GTFS-Realtime feed). */
  realtime: RealtimeSource;
}

export function familyOptions(
  family: Family,
  source: NetworkSource,
  config: AppConfig,
  now: () => number = Date.now,
  realtime: RealtimeSource = NO_REALTIME_SOURCE,
): FamilyOptions {
  return { family, familyPrefix: `${config.corePrefix}${familySegment(family)}`, source, config, now, realtime };
}
