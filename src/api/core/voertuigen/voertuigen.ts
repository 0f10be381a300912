/**
 * The vehicles extension, in both families (docs/COMPATIBILITY.md R21-R23): where the vehicles of a line direction
 * (`/lijnen/{e}/{l}/lijnrichtingen/{r}/voertuigen`) or of the whole network (`/voertuigen`) are now, measured from
 * the feeds' VehiclePositions, else estimated between stops from the TripUpdates (src/realtime/vehicles-now.ts).
 * "Now" is the app clock; without a real-time state the list is empty. `Accept: text/event-stream` pushes the same
 * answer as it changes (../../shared/event-streams.ts).
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { requireLineDirection } from "../../../network/lookup.js";
import { asRealtimeState, vehiclesNow } from "../../../realtime/vehicles-now.js";
import { ERROR_RESPONSES } from "../../shared/common.schemas.js";
import type { FamilyOptions } from "../../shared/families.js";
import { selfLink } from "../../shared/links.js";
import { LineDirectionParams } from "../../shared/params.schemas.js";
import { directionIndex } from "../../shared/path-keys.js";
import { voertuig } from "./voertuig-view.js";
import { Voertuigen } from "./voertuigen.schemas.js";
import { wantsEventStream } from "../../shared/event-streams.js";
import type { Network } from "../../../network/model.js";

type LineDirectionRoute = { Params: Static<typeof LineDirectionParams> };

/** Positions are stale a moment later: no cache may keep them. */
function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
}

export const voertuigenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;
  const tags = ["voertuigen"];

  app.get<LineDirectionRoute>(
    "/lijnen/:entiteitnummer/:lijnnummer/lijnrichtingen/:richting/voertuigen",
    {
      schema: {
        tags,
        summary: "The vehicles of a line direction now (extension)",
        description:
          "Each with its position, heading where known, trip, next stop and delay: from the GTFS-Realtime VehiclePositions, else estimated between two stops from the TripUpdates (geschat true). Empty without a real-time feed. With `Accept: text/event-stream`: a Server-Sent Events stream of this answer (event `voertuigen`), pushed when it changes (docs/COMPATIBILITY.md R24-R26).",
        params: LineDirectionParams,
        response: { 200: Voertuigen, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { entiteitnummer, lijnnummer, richting } = req.params;
      const answer = (net: Network): Voertuigen => {
        const lineDirection = requireLineDirection(net, entiteitnummer, lijnnummer, directionIndex(richting));
        const list = vehiclesNow(net, asRealtimeState(opts.realtime.current(net)), { lineDirection, nowMs: opts.now() });
        return { voertuigen: list.map((v) => voertuig(net, v)), links: [selfLink(req, config)] };
      };
      if (wantsEventStream(req)) return app.openEventStream(req, reply, { event: "voertuigen", render: answer });
      noStore(reply);
      return answer(source.current());
    },
  );

  app.get(
    "/voertuigen",
    {
      schema: {
        tags,
        summary: "Every vehicle of the network now (extension)",
        description:
          "As the line direction's list, for every line direction, in line order. Empty without a real-time feed. With `Accept: text/event-stream`: a Server-Sent Events stream of this answer (event `voertuigen`), pushed when it changes (docs/COMPATIBILITY.md R24-R26).",
        response: { 200: Voertuigen, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const answer = (net: Network): Voertuigen => {
        const list = vehiclesNow(net, asRealtimeState(opts.realtime.current(net)), { nowMs: opts.now() });
        return { voertuigen: list.map((v) => voertuig(net, v)), links: [selfLink(req, config)] };
      };
      if (wantsEventStream(req)) return app.openEventStream(req, reply, { event: "voertuigen", render: answer });
      noStore(reply);
      return answer(source.current());
    },
  );
};
