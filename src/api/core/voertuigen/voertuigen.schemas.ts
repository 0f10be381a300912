/**
 * The vehicles extension (docs/COMPATIBILITY.md R21-R23): where the vehicles of a line direction or of the whole
 * network are now. Nothing of the operator's service: names follow its style (ritnummer, lijnrichting, haltenummer).
 */
import { type Static, Type } from "@sinclair/typebox";
import { Links, StringEnum } from "../../shared/common.schemas.js";

const Positie = Type.Object(
  {
    latitude: Type.Number({ description: "WGS84 degrees" }),
    longitude: Type.Number({ description: "WGS84 degrees" }),
  },
  { title: "Positie" },
);

const VoertuigLijnrichting = Type.Object(
  {
    entiteitnummer: Type.String(),
    lijnnummer: Type.Integer(),
    richting: StringEnum(["HEEN", "TERUG"] as const),
  },
  { title: "VoertuigLijnrichting" },
);

const VolgendeHalte = Type.Object({ entiteitnummer: Type.String(), haltenummer: Type.String() }, { title: "VolgendeHalte" });

export const Voertuig = Type.Object(
  {
    ritnummer: Type.String({ description: "the trip's number; an added trip's GTFS trip_id" }),
    dienstregelingDatum: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "the trip's service date (yyyy-MM-dd)" }),
    lijnrichting: VoertuigLijnrichting,
    positie: Positie,
    richtingGraden: Type.Optional(
      Type.Number({ minimum: 0, maximum: 360, description: "heading, degrees clockwise from north: the feed's bearing, else (estimated) the line from the last stop to the next; absent when unknown" }),
    ),
    volgendeHalte: Type.Optional(Type.Union([VolgendeHalte], { description: "the stop the vehicle heads to; absent when unknown" })),
    vertragingSeconden: Type.Optional(
      Type.Integer({ description: "predicted minus scheduled time at the next stop, seconds, positive late; absent without a prediction (or, for an added trip, a schedule)" }),
    ),
    vrtnum: Type.Optional(Type.String({ description: "vehicle number: the feed's vehicle label, else its id" })),
    geschat: Type.Boolean({ description: "true: placed between two stops from the predicted times, not measured (no VehiclePosition)" }),
  },
  { title: "Voertuig" },
);
export type Voertuig = Static<typeof Voertuig>;

export const Voertuigen = Type.Object({ voertuigen: Type.Array(Voertuig), links: Links }, { title: "Voertuigen" });
export type Voertuigen = Static<typeof Voertuigen>;
