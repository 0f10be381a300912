/**
 * `GET /gtfs/v3/realtime`: the real-time state lijnwijzer holds, as GTFS-Realtime, for other GTFS-RT consumers;
 * the path of De Lijn's GTFS-RT v3 API (its published OpenAPI document, gtfs-realtime-v3.json), with its query
 * options.
 * Protobuf (application/x-protobuf) by default, the proto3 JSON mapping with `json=true`. The same subscription
 * key as every other route.
 *
 * Query options (the published document types all six as booleans; vehicleid and tripid are described as "only
 * GTFS for a specific vehicle ID / trip ID", which a boolean cannot name, so lijnwijzer reads them as the id):
 * - `canceled`, `delay`, `position`: each kind (TripUpdates of cancelled trips, TripUpdates of running trips,
 *   VehiclePositions) is in unless set to false; alerts are always in (`canceled=false&delay=false&position=false`
 *   gives the alerts alone);
 * - `vehicleid=<id>`: only the trip updates and the position of that vehicle (VehicleDescriptor id or label);
 * - `tripid=<GTFS trip_id>`: only that trip's update and position, and the alerts that name the trip.
 *
 * Without a state (no GTFS-Realtime feed, or none fresh enough): a valid empty FULL_DATASET message. The
 * unfiltered answers (protobuf and JSON) are made once per state, off the request path and kept with it
 * (src/realtime/prepared-feed.ts): for New York's 08:00 state (9,600 entities) the protobuf takes 0.15 s and 7 MB,
 * the JSON 0.2 to 0.3 s and 21 MB. Filtered answers are made per request and not kept, so that a state holds at
 * most those two.
 *
 * Not in the OpenAPI document of the core part (openapi.json): it is another API of the operator, with its
 * own published document, and it answers protobuf. The path is GTFS_RT_PATH (config.gtfsRtPath).
 */
import { Type, type Static } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../../config/load-config.js";
import { encodeFeedMessage, feedMessageToJson } from "../../realtime/feed-codec.js";
import { preparedFeed } from "../../realtime/prepared-feed.js";
import type { RealtimeState } from "../../realtime/realtime-state.js";
import { type FeedFilter, stateToFeed } from "../../realtime/state-to-feed.js";
import type { RealtimeOverlay } from "../../timetable/realtime-overlay.js";
import type { NetworkSource } from "../shared/network-source.js";
import { addParamHint } from "../shared/params.schemas.js";
import { NO_REALTIME_SOURCE, type RealtimeSource } from "../shared/realtime-source.js";

/** Where the feed is served unless GTFS_RT_PATH says otherwise (config.gtfsRtPath): the path of the operator's GTFS-RT v3 API. */
export const DEFAULT_GTFS_RT_PATH = "/gtfs/v3/realtime";

export const PROTOBUF_CONTENT_TYPE = "application/x-protobuf";

export interface GtfsRealtimeOptions {
  source: NetworkSource;
  config: AppConfig;
  /** The real-time state per network; default none (the empty message). */
  realtime?: RealtimeSource;
  /** Milliseconds since the epoch: the timestamp of the empty message (tests pin it). */
  now?: () => number;
}

const Id = Type.String({ minLength: 1, maxLength: 256 });

export const GtfsRealtimeQuery = Type.Object({
  json: Type.Optional(Type.Boolean({ description: "answer the proto3 JSON mapping instead of protobuf; default false" })),
  canceled: Type.Optional(Type.Boolean({ description: "TripUpdates of cancelled trips; default true" })),
  delay: Type.Optional(Type.Boolean({ description: "TripUpdates of running trips (times, delays, skipped stops); default true" })),
  position: Type.Optional(Type.Boolean({ description: "VehiclePositions; default true" })),
  vehicleid: Type.Optional({ ...Id, description: "only what concerns this vehicle (id or label)" }),
  tripid: Type.Optional({ ...Id, description: "only what concerns this GTFS trip_id" }),
});
type GtfsRealtimeRoute = { Querystring: Static<typeof GtfsRealtimeQuery> };
for (const flag of ["json", "canceled", "delay", "position"]) addParamHint(flag, "give true or false");
addParamHint("vehicleid", "give a vehicle id or label, 1 to 256 characters");
addParamHint("tripid", "give a GTFS trip_id, 1 to 256 characters");

/** The overlay the source gives is the whole state when a feed manager made it (RealtimeState extends the overlay). */
function isRealtimeState(overlay: RealtimeOverlay | undefined): overlay is RealtimeState {
  return overlay !== undefined && typeof (overlay as Partial<RealtimeState>).trips === "function";
}

export const gtfsRealtimeRoute: FastifyPluginAsync<GtfsRealtimeOptions> = async (app, opts) => {
  const now = opts.now ?? Date.now;
  const realtime = opts.realtime ?? NO_REALTIME_SOURCE;
  app.get<GtfsRealtimeRoute>(
    opts.config.gtfsRtPath,
    { schema: { hide: true, querystring: GtfsRealtimeQuery } },
    async (req, reply) => {
      const q = req.query;
      const overlay = realtime.current(opts.source.current());
      const state = isRealtimeState(overlay) ? overlay : undefined;
      const filter: FeedFilter = { canceled: q.canceled, delay: q.delay, position: q.position, vehicleId: q.vehicleid, tripId: q.tripid };
      const json = q.json === true;
      reply.header("cache-control", "no-store");
      reply.type(json ? "application/json; charset=utf-8" : PROTOBUF_CONTENT_TYPE);

      const unfiltered = q.canceled !== false && q.delay !== false && q.position !== false && q.vehicleid === undefined && q.tripid === undefined;
      if (state !== undefined && unfiltered) return reply.send(await preparedFeed(state, json ? "json" : "protobuf"));

      const message = stateToFeed(state, now(), filter);
      const body = json ? JSON.stringify(feedMessageToJson(message)) : Buffer.from(encodeFeedMessage(message));
      return reply.send(body);
    },
  );
};
