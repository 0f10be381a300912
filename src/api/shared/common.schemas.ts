/**
 * Response schemas shared by the resource families (spec part 2; shapes as the real service answers, see
 * docs/COMPATIBILITY.md). One schema gives fast serialisation, the OpenAPI document and the TypeScript type.
 * Field names keep the service's spelling.
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { ACCESSIBILITY_FLAGS, SERVICE_TYPES, TRANSPORT_TYPES } from "../../network/model.js";
import type { Family } from "./families.js";

/** A string enum written as `enum` (not anyOf of consts): clearer OpenAPI and one-line validation errors. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

export const Link = Type.Object(
  {
    rel: Type.String({ description: "relation, e.g. self, detail, halte, lijnrichting, lijnen, haltes, gemeenten" }),
    url: Type.String({ format: "uri", description: "absolute URL" }),
  },
  { title: "Link" },
);
export const Links = Type.Array(Link);

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: "the HTTP status" }),
    message: Type.String({ description: "what went wrong and what to fix" }),
  },
  { title: "Fout" },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const GeoCoordinaat = Type.Object(
  {
    latitude: Type.Number({ description: "WGS84 degrees" }),
    longitude: Type.Number({ description: "WGS84 degrees" }),
  },
  { title: "GeoCoordinaat" },
);

export const Richting = StringEnum(["HEEN", "TERUG"] as const);

/**
 * The beta family writes a day as a local date-time without offset, which is no RFC 3339 date-time: a pattern, not
 * format date-time, or clients that parse date-times with an offset (generated code, validators) refuse every line.
 */
const LINE_DATE_FORMAT: Record<Family, { format?: string; pattern?: string; description: string }> = {
  v1: { format: "date", description: "yyyy-MM-dd" },
  beta: {
    pattern: "^\\d{4}-\\d{2}-\\d{2}T00:00:00$",
    description: "yyyy-MM-ddT00:00:00, local, without offset (the beta family writes dates as date-times)",
  },
};

function lijnSchema(family: Family) {
  const date = LINE_DATE_FORMAT[family];
  return Type.Object(
    {
      entiteitnummer: Type.String({ description: "entity number (key)" }),
      lijnnummer: Type.String({ description: "internal line number (key)" }),
      lijnnummerPubliek: Type.String({ description: "line number as travellers know it" }),
      omschrijving: Type.String(),
      vervoerRegioCode: Type.String({ description: "transport region; empty when the line lies in none" }),
      publiek: Type.Boolean(),
      vervoertype: StringEnum(TRANSPORT_TYPES),
      bedieningtype: StringEnum(SERVICE_TYPES),
      lijnGeldigVan: Type.String({ ...date, description: `first day of the timetable in force, ${date.description}` }),
      lijnGeldigTot: Type.String({ ...date, description: `last day of the timetable in force, ${date.description}` }),
      gtfsRouteId: Type.Optional(
        Type.String({ description: "extension: the GTFS route_id of the line (the first, when the line joins several routes)" }),
      ),
      links: Links,
    },
    { title: family === "v1" ? "Lijn" : "LijnBeta" },
  );
}
const LIJN = { v1: lijnSchema("v1"), beta: lijnSchema("beta") };
/** The line of a family: validity as a date (v1) or a date-time (beta). */
export function Lijn(family: Family) {
  return LIJN[family];
}
export type Lijn = Static<ReturnType<typeof lijnSchema>>;

const HEX_COLOUR = { pattern: "^#[0-9A-F]{6}$", description: "# and six hex digits" };
export const Lijnrichting = Type.Object(
  {
    lijnNummerPubliek: Type.Optional(Type.String()),
    entiteitnummer: Type.String(),
    lijnnummer: Type.String(),
    richting: Richting,
    omschrijving: Type.String({ description: "<first place> - <last place>" }),
    bestemming: Type.Optional(Type.String({ description: "destination (most frequent headsign)" })),
    kleurVoorGrond: Type.Optional(Type.String(HEX_COLOUR)),
    kleurAchterGrond: Type.Optional(Type.String(HEX_COLOUR)),
    kleurAchterGrondRand: Type.Optional(Type.String(HEX_COLOUR)),
    kleurVoorGrondRand: Type.Optional(Type.String(HEX_COLOUR)),
    links: Links,
  },
  { title: "Lijnrichting" },
);
export type Lijnrichting = Static<typeof Lijnrichting>;

export const HalteToegankelijkheid = StringEnum(ACCESSIBILITY_FLAGS.map(([, name]) => name));

export const Halte = Type.Object(
  {
    entiteitnummer: Type.String(),
    haltenummer: Type.String(),
    omschrijving: Type.String({ description: "stop name without the place" }),
    omschrijvingLang: Type.String({ description: "place and stop name" }),
    gemeentenummer: Type.Optional(Type.Integer({ description: "NIS code of the municipality" })),
    omschrijvingGemeente: Type.Optional(Type.String()),
    districtCode: Type.String({ description: "transport region code of the stop's municipality; empty when none" }),
    geoCoordinaat: GeoCoordinaat,
    halteToegankelijkheden: Type.Array(HalteToegankelijkheid),
    hoofdHalte: Type.Unsafe<null>({ type: "boolean", nullable: true, description: "reserved; always null" }),
    taal: Type.String({ description: "language of the stop's messages: NEDERLANDS" }),
    gtfsStopId: Type.Optional(Type.String({ description: "extension: the GTFS stop_id of the stop" })),
    gtfsStopCode: Type.Optional(Type.String({ description: "extension: the GTFS stop_code of the stop, when the feed gives one" })),
    links: Links,
  },
  { title: "Halte" },
);
export type Halte = Static<typeof Halte>;

/** A municipality as embedded in another (hoofdGemeente). */
const GemeenteRef = Type.Object({
  gemeentenummer: Type.Integer(),
  omschrijving: Type.String(),
  links: Type.Optional(Links),
});
export const Gemeente = Type.Object(
  {
    gemeentenummer: Type.Integer({ description: "NIS code (key)" }),
    omschrijving: Type.String({ description: "name, upper case as the operator writes it" }),
    hoofdGemeente: Type.Optional(GemeenteRef),
    links: Links,
  },
  { title: "Gemeente" },
);
export type Gemeente = Static<typeof Gemeente>;

export const Entiteit = Type.Object(
  {
    entiteitnummer: Type.String(),
    entiteitcode: Type.String(),
    omschrijving: Type.String(),
    links: Links,
  },
  { title: "Entiteit" },
);
export type Entiteit = Static<typeof Entiteit>;

export const VervoerRegio = Type.Object(
  {
    code: Type.String(),
    naam: Type.String(),
    nr: Type.String(),
    links: Links,
  },
  { title: "VervoerRegio" },
);
export type VervoerRegio = Static<typeof VervoerRegio>;

export const Kleur = Type.Object(
  {
    code: Type.String(),
    omschrijving: Type.String(),
    rgb: Type.Object({ rood: Type.Integer(), groen: Type.Integer(), blauw: Type.Integer() }),
    hex: Type.String({ pattern: "^[0-9A-F]{6}$" }),
    links: Links,
  },
  { title: "Kleur" },
);
export type Kleur = Static<typeof Kleur>;

const LijnKleurCode = Type.Object({ code: Type.String(), links: Links });
export const LijnkleurCodes = Type.Object(
  {
    voorgrond: Type.Optional(LijnKleurCode),
    achtergrond: Type.Optional(LijnKleurCode),
    voorgrondRand: Type.Optional(LijnKleurCode),
    achtergrondRand: Type.Optional(LijnKleurCode),
    links: Links,
  },
  { title: "LijnkleurCodes" },
);
export type LijnkleurCodes = Static<typeof LijnkleurCodes>;

/** `{<name>: T[], links}`: the list wrapper of part 2.14. */
export function ListOf<K extends string, T extends TSchema>(name: K, item: T, title?: string) {
  return Type.Object({ [name]: Type.Array(item), links: Links } as { [P in K]: ReturnType<typeof Type.Array<T>> } & {
    links: typeof Links;
  }, title ? { title } : {});
}

/** The error statuses a route can answer, for its response schema (serialisation and OpenAPI). */
export const ERROR_RESPONSES = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  500: ErrorBody,
} as const;
