import { Type } from "@sinclair/typebox";
import { GeoCoordinaat, Halte, Lijnrichting, Links } from "../../shared/common.schemas.js";

/** Stops with their line directions, per requested stop key. */
export const HalteLijnrichtingenLijst = Type.Object(
  {
    halteLijnrichtingen: Type.Array(Type.Object({ halte: Halte, lijnrichtingen: Type.Array(Lijnrichting) })),
    links: Links,
  },
  { title: "HalteLijnrichtingenLijst" },
);

/** A stop near a point, as the real service answers /haltes/indebuurt (the published OpenAPI calls it Punt). */
export const HalteInDeBuurt = Type.Object(
  {
    type: Type.String({
      description: "operator of the stop: DELIJN for a feed of the operator's conventions, else the GTFS agency_id of its entity",
    }),
    entiteitnummer: Type.Optional(Type.String({ description: "extension: the entity number, the stop's key with id" })),
    id: Type.String({ description: "stop number (haltenummer)" }),
    naam: Type.String({ description: "place and stop name" }),
    afstand: Type.Integer({ description: "distance in metres" }),
    geoCoordinaat: GeoCoordinaat,
    links: Links,
  },
  { title: "Punt" },
);

export const HaltesInDeBuurt = Type.Object(
  { haltes: Type.Array(HalteInDeBuurt), links: Links },
  { title: "HaltesInDeBuurt" },
);
