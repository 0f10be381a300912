/**
 * GeoJSON answers of the map extension (docs/COMPATIBILITY.md W5-W9; RFC 7946): a line direction's path, a municipality's outline and
 * the whole network's overview. Positions are [longitude, latitude] in WGS84 degrees. The answers are served as
 * application/json (every client of the API reads that; GeoJSON's own media type adds nothing a map library needs).
 * Properties keep the API's names (entiteitnummer, lijnnummer, richting, gemeentenummer) so that a feature leads to
 * the resource of the same key.
 */
import { Type } from "@sinclair/typebox";
import { Links, Richting, StringEnum } from "../../shared/common.schemas.js";
import { TRANSPORT_TYPES } from "../../../network/model.js";

const HEX_COLOUR = { pattern: "^#[0-9A-F]{6}$", description: "# and six hex digits" };

export const Position = Type.Array(Type.Number(), {
  minItems: 2,
  maxItems: 2,
  description: "[longitude, latitude] in WGS84 degrees",
});

export const LineString = Type.Object(
  { type: StringEnum(["LineString"] as const), coordinates: Type.Array(Position, { minItems: 2 }) },
  { title: "LineString" },
);

const Ring = Type.Array(Position, { minItems: 4, description: "a closed ring: the first position is the last" });
export const MultiPolygon = Type.Object(
  {
    type: StringEnum(["MultiPolygon"] as const),
    coordinates: Type.Array(Type.Array(Ring, { minItems: 1, description: "a polygon: its exterior ring, then its holes" })),
  },
  { title: "MultiPolygon" },
);

const Bron = StringEnum(["shapes", "haltes"] as const, {
  description: "shapes: the feed's shapes.txt path (simplified); haltes: the line through the stops, for a feed without shapes",
});

const LijnrichtingProperties = Type.Object({
  entiteitnummer: Type.String(),
  lijnnummer: Type.String(),
  richting: Richting,
  lijnnummerPubliek: Type.String({ description: "line number as travellers know it" }),
  vervoertype: StringEnum(TRANSPORT_TYPES),
  kleurVoorGrond: Type.String(HEX_COLOUR),
  kleurAchterGrond: Type.String(HEX_COLOUR),
  bron: Bron,
});

/** A line direction's path: its main pattern (the one the omschrijving describes). */
export const LijnrichtingGeometrie = Type.Object(
  {
    type: StringEnum(["Feature"] as const),
    geometry: LineString,
    properties: Type.Object({
      ...LijnrichtingProperties.properties,
      tolerantieMeter: Type.Number({ description: "simplification tolerance of the path in metres (0: the stops as they are)" }),
    }),
    links: Links,
  },
  { title: "LijnrichtingGeometrie" },
);

const GemeenteProperties = Type.Object({
  gemeentenummer: Type.Integer({ description: "NIS code" }),
  omschrijving: Type.String(),
});

export const GemeenteGeometrie = Type.Object(
  {
    type: StringEnum(["Feature"] as const),
    geometry: MultiPolygon,
    properties: Type.Object({
      ...GemeenteProperties.properties,
      tolerantieMeter: Type.Number({ description: "simplification tolerance of the outline in metres" }),
    }),
    links: Links,
  },
  { title: "GemeenteGeometrie" },
);

const KaartLijn = Type.Object(
  {
    type: StringEnum(["Feature"] as const),
    geometry: LineString,
    properties: Type.Object({ soort: StringEnum(["lijn"] as const), ...LijnrichtingProperties.properties }),
  },
  { title: "KaartLijn" },
);
const KaartGemeente = Type.Object(
  {
    type: StringEnum(["Feature"] as const),
    geometry: MultiPolygon,
    properties: Type.Object({ soort: StringEnum(["gemeente"] as const), ...GemeenteProperties.properties }),
  },
  { title: "KaartGemeente" },
);

/** The whole network for an overview map, as one GeoJSON FeatureCollection. */
export const Kaart = Type.Object(
  {
    type: StringEnum(["FeatureCollection"] as const),
    features: Type.Array(Type.Union([KaartGemeente, KaartLijn]), {
      description:
        "the municipality outlines (soort gemeente, by NIS code), then one path per line (soort lijn: its HEEN " +
        "direction, else TERUG; by entity and line number)",
    }),
    tolerantieMeter: Type.Object({
      gemeenten: Type.Number({ description: "simplification tolerance of the outlines in metres" }),
      lijnen: Type.Number({ description: "simplification tolerance of the line paths in metres" }),
    }),
    links: Links,
  },
  { title: "Kaart" },
);
