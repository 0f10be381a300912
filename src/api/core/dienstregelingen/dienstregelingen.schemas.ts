/**
 * Timetable responses (spec 2.10, 2.11, E5; the operator's OpenAPI: HalteDoorkomsten,
 * HalteDoorkomstenLijst, Ritten). Field order follows the operator's schema, which fast
 * serialisation keeps. Choices where spec, OpenAPI and real answers differ: docs/COMPATIBILITY.md.
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { Link, Links, Richting } from "../../shared/common.schemas.js";
import { addParamHint, Datum } from "../../shared/params.schemas.js";

const LOCAL_DATE_TIME = {
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
  description: "local wall-clock time of the network's time zone, yyyy-MM-ddTHH:mm:ss, no offset",
};

export const Doorkomst = Type.Object(
  {
    doorkomstId: Type.String({
      description:
        "stable, unique id: <service date yyyy-MM-dd>_<entiteitnummer>_<GTFS trip_id>[@<copy start>]_<haltenummer>_<position in the trip>",
    }),
    entiteitnummer: Type.String({ description: "entity of the line" }),
    lijnnummer: Type.Integer(),
    richting: Richting,
    ritnummer: Type.String({ description: "trip number" }),
    bestemming: Type.String({ description: "the trip's headsign, else the name of its last stop" }),
    plaatsBestemming: Type.String({ description: "place and name of the trip's last stop" }),
    vias: Type.Array(Type.String(), { description: "always an array; empty (GTFS has no vias)" }),
    haltenummer: Type.String(),
    dienstregelingTijdstip: Type.String({ ...LOCAL_DATE_TIME, description: `scheduled time: ${LOCAL_DATE_TIME.description}` }),
    links: Links,
  },
  { title: "Doorkomst" },
);
export type Doorkomst = Static<typeof Doorkomst>;

export const Nota = Type.Object(
  {
    id: Type.Integer({ description: "note_id of the dataset, or referentieOmleiding for a diversion" }),
    titel: Type.Optional(Type.String({ description: "title of a diversion; absent on dataset notes" })),
    ritnummer: Type.Optional(Type.String()),
    haltenummer: Type.Optional(Type.Integer()),
    omschrijving: Type.String(),
    entiteitnummer: Type.Optional(Type.Integer()),
    lijnnummer: Type.Optional(Type.Integer()),
    richting: Type.Optional(Richting),
  },
  { title: "Nota" },
);
export type Nota = Static<typeof Nota>;

export const Notas = {
  doorkomstNotas: Type.Array(Nota, { description: "notes on listed passages (note_assignments.txt with a stop)" }),
  ritNotas: Type.Array(Nota, { description: "notes on listed trips (note_assignments.txt without a stop)" }),
  omleidingen: Type.Array(Nota, { description: "planned diversions active that day at these stops or on this line direction" }),
};

/**
 * The stop answers over a kind of passage: HalteDoorkomst (a stop and its passages), HalteDoorkomsten (the
 * single-stop answer, and one item of the list answer) and HalteDoorkomstenLijst (the list answer). The timetable
 * paths give them Doorkomst; the real-time paths (real-time.schemas.ts) RealtimeDoorkomst, with titles prefixed
 * "Realtime" so that the OpenAPI document keeps both apart.
 */
export function halteDoorkomstSchemas<P extends TSchema>(passage: P, titlePrefix: "" | "Realtime") {
  const halteDoorkomst = Type.Object(
    { haltenummer: Type.String(), doorkomsten: Type.Array(passage) },
    { title: `${titlePrefix}HalteDoorkomst` },
  );
  const halteDoorkomsten = Type.Object(
    { halteDoorkomsten: Type.Array(halteDoorkomst), links: Links, ...Notas },
    { title: `${titlePrefix}HalteDoorkomsten` },
  );
  const halteDoorkomstenLijst = Type.Object(
    {
      halteDoorkomstenLijst: Type.Array(halteDoorkomsten),
      links: Type.Array(Link, {
        description: "self, and one link with rel onbekendeHalte per requested stop that does not exist",
      }),
    },
    { title: `${titlePrefix}HalteDoorkomstenLijst` },
  );
  return { halteDoorkomst, halteDoorkomsten, halteDoorkomstenLijst };
}

const timetableStopAnswers = halteDoorkomstSchemas(Doorkomst, "");
export const HalteDoorkomst = timetableStopAnswers.halteDoorkomst;
/** One stop's day: the single-stop answer, and one item of the list answer. */
export const HalteDoorkomsten = timetableStopAnswers.halteDoorkomsten;
export type HalteDoorkomsten = Static<typeof HalteDoorkomsten>;
export const HalteDoorkomstenLijst = timetableStopAnswers.halteDoorkomstenLijst;

export const Rit = Type.Object(
  {
    ritnummer: Type.String(),
    bestemming: Type.String(),
    plaatsBestemming: Type.String(),
    vias: Type.Array(Type.String()),
    doorkomsten: Type.Array(Doorkomst),
  },
  { title: "Rit" },
);

export const Ritten = Type.Object(
  { ritDoorkomsten: Type.Array(Rit), links: Links, ...Notas },
  { title: "Ritten" },
);
export type Ritten = Static<typeof Ritten>;

// --- parameters ------------------------------------------------------------------------------------------

export const DatumQuery = Type.Object({ datum: Type.Optional(Datum) });
export const StopTimetableQuery = Type.Object({
  datum: Type.Optional(Datum),
  inclusiefLaatsteDoorkomst: Type.Optional(
    Type.Boolean({ description: "also list arrivals at the last stop of a trip; default false" }),
  ),
});
addParamHint("inclusiefLaatsteDoorkomst", "give true or false");

export const Ritnummer = Type.String({ pattern: "^[^/]{1,64}$", description: "trip number (ritnummer)" });
addParamHint("ritnummer", "give the trip number (ritnummer) as listed in the line direction's timetable");
