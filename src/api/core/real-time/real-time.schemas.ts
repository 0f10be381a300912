/**
 * Real-time responses (spec 2.10, 3, E20; the operator's OpenAPI: HalteDoorkomsten, HalteDoorkomstenLijst,
 * Ritten at the real-time paths; the captured samples/real_time_timetable.json). A real-time passage is a
 * timetable passage (Doorkomst) plus the real-time fields, in the captured order: `real-timeTijdstip`, `vrtnum`,
 * `predictionStatussen` after `dienstregelingTijdstip`, then `links`. Choices: docs/COMPATIBILITY.md.
 */
import { type Static, Type } from "@sinclair/typebox";
import { Links, StringEnum } from "../../shared/common.schemas.js";
import { Doorkomst, halteDoorkomstSchemas, Notas } from "../dienstregelingen/dienstregelingen.schemas.js";
import { addParamHint } from "../../shared/params.schemas.js";

const { links: _passageLinks, ...passageFields } = Doorkomst.properties;

export const PREDICTION_STATUSES = ["GESCHRAPT", "VERSTREKEN", "REALTIME", "GEENREALTIME"] as const;

export const RealtimeDoorkomst = Type.Object(
  {
    ...passageFields,
    "real-timeTijdstip": Type.Optional(
      Type.String({
        pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
        description:
          "predicted time, local wall-clock time of the network's time zone (yyyy-MM-ddTHH:mm:ss); absent without a real-time measurement",
      }),
    ),
    vrtnum: Type.Optional(Type.String({ description: "vehicle number; absent when the real-time feed names no vehicle" })),
    predictionStatussen: Type.Array(StringEnum(PREDICTION_STATUSES), {
      description: "REALTIME with a measurement, GEENREALTIME without one (every passage until a GTFS-Realtime feed is configured), GESCHRAPT when cancelled",
    }),
    links: Links,
    status: Type.Optional(Type.String({ description: "CANCELLED when the trip does not run or skips the stop; absent otherwise" })),
  },
  { title: "RealtimeDoorkomst" },
);
export type RealtimeDoorkomst = Static<typeof RealtimeDoorkomst>;

const realtimeStopAnswers = halteDoorkomstSchemas(RealtimeDoorkomst, "Realtime");
export const RealtimeHalteDoorkomst = realtimeStopAnswers.halteDoorkomst;
/** One stop's next passages: the single-stop answer, and one item of the list answer. */
export const RealtimeHalteDoorkomsten = realtimeStopAnswers.halteDoorkomsten;
export type RealtimeHalteDoorkomsten = Static<typeof RealtimeHalteDoorkomsten>;
export const RealtimeHalteDoorkomstenLijst = realtimeStopAnswers.halteDoorkomstenLijst;
export type RealtimeHalteDoorkomstenLijst = Static<typeof RealtimeHalteDoorkomstenLijst>;

export const RealtimeRit = Type.Object(
  {
    ritnummer: Type.String(),
    bestemming: Type.String(),
    plaatsBestemming: Type.String(),
    vias: Type.Array(Type.String()),
    doorkomsten: Type.Array(RealtimeDoorkomst, { description: "the passages the trip still has to make" }),
  },
  { title: "RealtimeRit" },
);

export const RealtimeRitten = Type.Object(
  { ritDoorkomsten: Type.Array(RealtimeRit), links: Links, ...Notas },
  { title: "RealtimeRitten" },
);
export type RealtimeRitten = Static<typeof RealtimeRitten>;

// --- parameters ------------------------------------------------------------------------------------------

/** The published default; the bound keeps a list of 100 stops below 10,000 passages. */
export const MAX_AANTAL_DOORKOMSTEN_DEFAULT = 10;
export const MAX_AANTAL_DOORKOMSTEN_LIMIT = 100;

export const MaxAantalDoorkomstenQuery = Type.Object({
  maxAantalDoorkomsten: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_AANTAL_DOORKOMSTEN_LIMIT,
      default: MAX_AANTAL_DOORKOMSTEN_DEFAULT,
      description: `most passages per stop, 1 to ${MAX_AANTAL_DOORKOMSTEN_LIMIT}; default ${MAX_AANTAL_DOORKOMSTEN_DEFAULT}`,
    }),
  ),
});
addParamHint("maxAantalDoorkomsten", `give a whole number from 1 to ${MAX_AANTAL_DOORKOMSTEN_LIMIT}`);

/**
 * The most passages a list of stops may ask for: stops x maxAantalDoorkomsten (100 stops with 20 each, or 20 with
 * 100). Beyond it an answer runs to megabytes: ask in several requests.
 */
export const MAX_LIST_PASSAGES = 2_000;
