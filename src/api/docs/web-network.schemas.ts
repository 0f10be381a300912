/**
 * /web-network.json (src/api/docs/web-network.ts): which network the demo page shows, so that its title, footer,
 * counts, validity banner and place names are the served network's. The page imports the type
 * (web/src/api-client.ts), so server and page read one definition. Named in English like /web-config.json and
 * /health, whose `network` fields it repeats: it is the page's own, no part of the operator's API.
 */
import { type Static, Type } from "@sinclair/typebox";

export const WebPlace = Type.Object({
  name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  /** How many stops it holds: the map labels the bigger places first. */
  stops: Type.Integer(),
});

export const WebNetwork = Type.Object(
  {
    demo: Type.Boolean({ description: "true for the built-in demo network (data/demo): the page keeps its own texts about it" }),
    publishers: Type.Array(Type.String(), { description: "feed_info.txt's feed_publisher_name of each feed that has one, once each" }),
    agencies: Type.Array(Type.String(), { description: "the network's entities (the agencies of a generic feed), by name" }),
    timezone: Type.String(),
    counts: Type.Object({ stops: Type.Integer(), lines: Type.Integer() }, { description: "as /health's network.counts" }),
    validFrom: Type.String({ description: "first service day, yyyy-MM-dd; empty when no trip runs" }),
    validTo: Type.String({ description: "last service day, yyyy-MM-dd; empty when no trip runs" }),
    validity: Type.Object(
      {
        state: Type.Union([Type.Literal("valid"), Type.Literal("expired"), Type.Literal("not-yet-valid"), Type.Literal("empty")]),
        today: Type.String({ description: "today in the network's time zone" }),
        answersFor: Type.String({ description: "the day lists answer for without geldigOp (docs/COMPATIBILITY.md V1)" }),
      },
      { description: "as /health's network.validity, also when the network is valid" },
    ),
    places: Type.Object(
      {
        kind: Type.Union([Type.Literal("municipalities"), Type.Literal("stations")]),
        items: Type.Array(WebPlace),
      },
      { description: "names for the map: the municipalities that hold a stop, else the feed's stations (parent_station)" },
    ),
  },
  { title: "WebNetwork" },
);
export type WebNetwork = Static<typeof WebNetwork>;
