/**
 * `--profile auto`: which key profile fits a feed (docs/OPERATIONS.md, "Key profiles").
 *
 * A feed gets `delijn` when it follows the operator's own conventions (docs/DATASET_EXTENSIONS.md,
 * key-profiles.ts delijnStopEntity/delijnLineKey), else `generic`. The rule:
 * - every agency_id is a single digit (an entity number), and
 * - at least 95% of its stop_ids are 6 digits whose first digit is one of its agency_ids, and
 * - at least 95% of its route_ids start with one of its agency_ids and a 3-digit line number.
 * The stops counted are those the compiler makes stops of (platforms and anything a trip visits),
 * not stations or entrances. 95%, not 100%: the operator's own feed may hold a few odd ids (test
 * stops, a special route), which the delijn profile takes with a warning; a feed of another
 * operator whose ids happen to look like these almost never has 95% of them so.
 */
import type { GtfsFeed } from "../gtfs/types.js";
import { delijnLineKey, delijnStopEntity } from "./key-profiles.js";
import type { KeyProfile } from "./model.js";

/** The share of stop_ids and of route_ids that must follow the conventions. */
export const DELIJN_MIN_SHARE = 0.95;

export interface DetectedProfile {
  profile: KeyProfile;
  /** Why, in words, e.g. `agency_id "MTA NYCT" is no entity number`. */
  reason: string;
}

export function detectProfile(feed: GtfsFeed): DetectedProfile {
  if (feed.agencies.length === 0) return { profile: "generic", reason: "agency.txt lists no agency, so no entity number" };
  const badAgency = feed.agencies.find((a) => !/^\d$/.test(a.agencyId));
  if (badAgency) return { profile: "generic", reason: `agency_id "${badAgency.agencyId}" is no entity number` };
  const entities = new Set(feed.agencies.map((a) => a.agencyId));

  const referenced = new Uint8Array(feed.stops.length);
  for (let i = 0; i < feed.stopTimes.count; i++) referenced[feed.stopTimes.stop[i]] = 1;
  const stops = count(
    feed.stops.filter((s, i) => s.locationType === 0 || referenced[i]).map((s) => s.stopId),
    (id) => entities.has(delijnStopEntity(id) ?? ""),
  );
  const routes = count(
    feed.routes.map((r) => r.routeId),
    (id) => entities.has(delijnLineKey(id)?.entity ?? ""),
  );
  const tally = `${stops.ok} of ${stops.total} stop_ids and ${routes.ok} of ${routes.total} route_ids`;
  if (stops.share >= DELIJN_MIN_SHARE && routes.share >= DELIJN_MIN_SHARE) {
    return { profile: "delijn", reason: `${tally} follow the operator's conventions` };
  }
  const why: string[] = [];
  if (stops.share < DELIJN_MIN_SHARE) why.push(`stop_id "${stops.firstBad}" is no 6-digit number starting with an agency_id`);
  if (routes.share < DELIJN_MIN_SHARE) why.push(`route_id "${routes.firstBad}" does not start with an agency_id and a 3-digit line number`);
  return {
    profile: "generic",
    reason: `only ${tally} follow the operator's conventions (${DELIJN_MIN_SHARE * 100}% needed): ${why.join("; ")}`,
  };
}

function count(ids: readonly string[], follows: (id: string) => boolean) {
  let ok = 0;
  let firstBad = "";
  for (const id of ids) {
    if (follows(id)) ok++;
    else if (firstBad === "") firstBad = id;
  }
  // No ids at all: nothing contradicts the conventions.
  return { ok, total: ids.length, share: ids.length === 0 ? 1 : ok / ids.length, firstBad };
}
