/**
 * Diversion and disruption responses (spec 2.9, E4; the operator's OpenAPI: Omleiding,
 * Omleidingen, HalteOmleidingenLijst). Disruptions (storingen) have the diversion's shape.
 */
import { type Static, Type } from "@sinclair/typebox";
import { DATE_TIME_PATTERN, GELDIG_OP_HINT } from "../../shared/dates.js";
import { Halte, Link, Links, Lijnrichting } from "../../shared/common.schemas.js";
import { addParamHint, Datum } from "../../shared/params.schemas.js";

export const OMLEIDINGS_DAGEN = ["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG", "ZATERDAG", "ZONDAG"] as const;

export const Omleiding = Type.Object(
  {
    titel: Type.String({ description: "title in the language of taalCode (Dutch when there is no translation)" }),
    omschrijving: Type.String({ description: "description, same language; may hold newlines" }),
    periode: Type.Object(
      {
        startDatum: Type.String({ description: "first day, yyyy-MM-ddT00:00:00 (local)" }),
        eindDatum: Type.String({ description: "end of the last day, yyyy-MM-ddT23:59:59 (local)" }),
      },
      { title: "Periode" },
    ),
    lijnrichtingen: Type.Array(Lijnrichting, { description: "line directions involved" }),
    haltes: Type.Array(Halte, { description: "stops not served" }),
    referentieOmleiding: Type.Integer(),
    type: Type.Optional(Type.String({ description: "e.g. WERKEN, EVENEMENT, ONGEVAL; absent when the dataset gives none" })),
    omleidingsDagen: Type.Array(Type.String({ enum: [...OMLEIDINGS_DAGEN] }), { description: "days of the week it applies" }),
    links: Links,
  },
  { title: "Omleiding" },
);
export type Omleiding = Static<typeof Omleiding>;

/** `/omleidingen` lists both; a stop's or line direction's `/omleidingen` only omleidingen, `/storingen` only storingen. */
export const Omleidingen = Type.Object(
  {
    omleidingen: Type.Optional(Type.Array(Omleiding, { description: "planned diversions" })),
    storingen: Type.Optional(Type.Array(Omleiding, { description: "unplanned disruptions" })),
    links: Type.Array(Link, {
      description: "self, and one link with rel onbekendeLijnrichting per requested line direction that does not exist",
    }),
  },
  { title: "Omleidingen" },
);

export const HalteOmleidingenLijst = Type.Object(
  {
    halteOmleidingen: Type.Array(
      Type.Object(
        {
          halte: Halte,
          omleidingen: Type.Array(Omleiding, { description: "the stop's diversions, or its disruptions on /storingen" }),
        },
        { title: "HalteOmleidingen" },
      ),
    ),
    links: Type.Array(Link, { description: "self, and one link with rel onbekendeHalte per requested stop that does not exist" }),
  },
  { title: "HalteOmleidingenLijst" },
);

export const TaalCode = Type.String({
  description: "language of title and description: nl (default), fr, en, de, or NEDERLANDS, FRANS, ENGELS, DUITS",
});
export const TAAL_CODE_HINT = "give nl, fr, en or de (or NEDERLANDS, FRANS, ENGELS, DUITS)";
addParamHint("taalCode", TAAL_CODE_HINT);

export const DiversionQuery = Type.Object({ taalCode: Type.Optional(TaalCode) });
export const DiversionDateQuery = Type.Object({ datum: Type.Optional(Datum), taalCode: Type.Optional(TaalCode) });

const Moment = (what: string) =>
  Type.String({ pattern: DATE_TIME_PATTERN, description: `${what}, yyyy-MM-ddTHH:mm:ss or yyyy-MM-dd; default now` });
export const DiversionPeriodQuery = Type.Object({
  startDatum: Type.Optional(Moment("start of the period")),
  eindDatum: Type.Optional(Moment("end of the period, at most 31 days after startDatum")),
  taalCode: Type.Optional(TaalCode),
});
addParamHint("startDatum", GELDIG_OP_HINT);
addParamHint("eindDatum", GELDIG_OP_HINT);
