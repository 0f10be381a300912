/**
 * The route plan (spec 2.12, E1): `{reiswegen, links}`. The published OpenAPI of the core part has no route plan;
 * the spec's table and its description of the sample payload are the reference. Choices where they differ (the
 * duration as a string, geoCoordinaat an object as everywhere else, afstand, the fields of a vehicle step):
 * docs/COMPATIBILITY.md.
 */
import { type Static, Type } from "@sinclair/typebox";
import { TRANSPORT_TYPES } from "../../../network/model.js";
import { MAX_TRANSFERS } from "../../../routing/constants.js";
import { GeoCoordinaat, Lijnrichting, Link, StringEnum } from "../../shared/common.schemas.js";
import { DATE_TIME_PATTERN } from "../../shared/dates.js";
import { LAT_LNG_HINT } from "../../shared/path-keys.js";
import { addParamHint, LatLng } from "../../shared/params.schemas.js";
import { RealtimeDoorkomst } from "../real-time/real-time.schemas.js";

const LOCAL_DATE_TIME = {
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
  description: "local wall-clock time of the network's time zone, yyyy-MM-ddTHH:mm:ss",
};

export const Duurtijd = Type.Object(
  {
    start: Type.String({ ...LOCAL_DATE_TIME, description: `start; ${LOCAL_DATE_TIME.description}` }),
    einde: Type.String({ ...LOCAL_DATE_TIME, description: `arrival; ${LOCAL_DATE_TIME.description}` }),
    duurtijd: Type.String({
      pattern: "^PT(\\d+H)?(\\d+M)?(\\d+S)?$",
      description: "the length as an ISO 8601 duration, hours, minutes and seconds (PT1H5M, PT45S, PT0S), as the spec's sample",
    }),
  },
  { title: "Duurtijd" },
);
export type Duurtijd = Static<typeof Duurtijd>;

export const ReiswegPunt = Type.Object(
  {
    id: Type.String({ description: "a stop's haltenummer; for the place asked, its <latitude>,<longitude>" }),
    naam: Type.String({ description: "a stop's omschrijvingLang; Vertrekpunt or Bestemming for the places asked" }),
    afstand: Type.Integer({
      description: "metres travelled in the step to reach this point (straight lines between the stops passed): 0 for a step's vertrekPunt",
    }),
    geoCoordinaat: GeoCoordinaat,
    entiteitnummer: Type.Optional(Type.String({ description: "extension: a stop's entity number (its key is entiteitnummer_id)" })),
    links: Type.Array(Link, {
      description: "a stop: one link rel halte to the stop; a place: none",
    }),
    toegankelijkheidOnbekend: Type.Optional(
      Type.Boolean({
        description:
          "extension, rolstoel=true only: true on the stop a VOERTUIG step boards or leaves at when the feed does not say whether a wheelchair can (GTFS wheelchair_boarding 0, also at its parent station); absent otherwise",
      }),
    ),
  },
  { title: "ReiswegPunt" },
);
export type ReiswegPunt = Static<typeof ReiswegPunt>;

export const STAP_TYPES = ["VOERTUIG", "WACHTEN", "WANDELEN"] as const;

export const ReiswegStap = Type.Object(
  {
    type: StringEnum(STAP_TYPES, { description: "VOERTUIG a ride, WACHTEN a wait at a stop (or at the origin), WANDELEN a walk" }),
    vertrekPunt: ReiswegPunt,
    aankomstPunt: ReiswegPunt,
    duurtijd: Duurtijd,
    vervoertype: Type.Optional(StringEnum(TRANSPORT_TYPES, { description: "VOERTUIG: the line's transport type" })),
    lijnrichting: Type.Optional(Lijnrichting),
    ritnummer: Type.Optional(Type.String({ description: "VOERTUIG: the trip number" })),
    bestemming: Type.Optional(Type.String({ description: "VOERTUIG: the trip's destination (headsign)" })),
    vertrekDoorkomst: Type.Optional({
      ...RealtimeDoorkomst,
      description: "VOERTUIG: the boarding passage as a real-time passage (schedule, prediction, statuses)",
    }),
    aankomstDoorkomst: Type.Optional({
      ...RealtimeDoorkomst,
      description: "VOERTUIG: the alighting passage, its dienstregelingTijdstip the scheduled arrival",
    }),
    links: Type.Array(Link, {
      description: "VOERTUIG: rel lijnrichting (the line direction) and rit (the trip's timetable on its service date); otherwise none",
    }),
    toegankelijkheidOnbekend: Type.Optional(
      Type.Boolean({
        description:
          "extension, rolstoel=true only: true on a VOERTUIG step whose trip the feed does not say is wheelchair accessible or not (GTFS wheelchair_accessible 0); absent otherwise. Its stops carry their own mark",
      }),
    ),
  },
  { title: "ReiswegStap" },
);
export type ReiswegStap = Static<typeof ReiswegStap>;

export const Reisweg = Type.Object(
  {
    bestpassend: Type.Boolean({ description: "true for the one itinerary of the page that best matches the request" }),
    overstappen: Type.Integer({ description: "transfers: vehicle steps minus one, not counting a vehicle step the passenger stays on board into (transfers.txt transfer_type 4, trips.block_id); 0 for walking only" }),
    duurtijd: Duurtijd,
    reiswegStappen: Type.Array(ReiswegStap),
    toegankelijkheidOnbekend: Type.Optional(
      Type.Boolean({
        description:
          "extension, rolstoel=true only: true when a ride of the itinerary uses a trip or a stop of unknown wheelchair access (the steps and stops marked so), planned because the known-accessible ones give nothing or arrive more than 30 minutes later (docs/COMPATIBILITY.md P21); absent otherwise",
      }),
    ),
  },
  { title: "Reisweg" },
);
export type Reisweg = Static<typeof Reisweg>;

export const Routeplan = Type.Object(
  {
    reiswegen: Type.Array(Reisweg),
    links: Type.Array(Link, {
      description: "self; with itineraries also vroeger and later, the pages before and after this one",
    }),
  },
  { title: "Routeplan" },
);
export type Routeplan = Static<typeof Routeplan>;

// --- parameters ------------------------------------------------------------------------------------------

export const RouteplanParams = Type.Object({
  vertrekLatlng: { ...LatLng, description: "departure: <latitude>,<longitude> in decimal degrees, e.g. 50.8798,4.7005" },
  bestemmingLatlng: { ...LatLng, description: "destination: <latitude>,<longitude> in decimal degrees, e.g. 51.2172,4.4211" },
});
addParamHint("vertrekLatlng", LAT_LNG_HINT);
addParamHint("bestemmingLatlng", LAT_LNG_HINT);

/** aanvraagType: which page (the planner's PlanPage, mapped in routeplan.ts). */
export const REQUEST_TYPES = ["INITIEEL", "VROEGER", "LATER", "LAATSTE"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

const MODE = "(BUS|TRAM|METRO|TREIN|ALLE)";
export const VERVOERS_OPTIE_PATTERN = `^${MODE}(,${MODE})*$`;
export const VERVOERS_OPTIE_HINT = "give BUS, TRAM, METRO or TREIN, repeated or comma-separated, e.g. BUS,TRAM";

export const RouteplanQuery = Type.Object({
  aanvraagType: Type.Optional(
    StringEnum(REQUEST_TYPES, {
      description:
        "INITIEEL the first page (default); VROEGER itineraries arriving before tijdstip (the earliest arrival of the previous page); LATER those departing after tijdstip (the latest departure of the previous page); LAATSTE the last connections of the service day",
    }),
  ),
  tijdstip: Type.Optional(
    Type.String({
      pattern: DATE_TIME_PATTERN,
      description: "yyyy-MM-ddTHH:mm:ss in the network's time zone; default now",
    }),
  ),
  vertrekAankomst: Type.Optional(
    StringEnum(["VERTREK", "AANKOMST"] as const, {
      description: "VERTREK: depart at or after tijdstip (default); AANKOMST: arrive at or before it (INITIEEL)",
    }),
  ),
  vervoersOptie: Type.Optional(
    Type.String({
      pattern: VERVOERS_OPTIE_PATTERN,
      description: "transport types, repeated or comma-separated: BUS, TRAM, METRO, TREIN (ALLE: all); default all",
    }),
  ),
  realtime: Type.Optional(
    Type.Boolean({ description: "extension: plan with the real-time predictions and cancellations (default true); false: the schedule" }),
  ),
  rolstoel: Type.Optional(
    Type.Boolean({
      description:
        "extension: only trips and stops accessible by wheelchair (default false); when those give nothing or arrive more than 30 minutes later, also those the feed says nothing of, marked toegankelijkheidOnbekend, never those it says are not",
    }),
  ),
  maxOverstappen: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10,
      description: `extension: most transfers, 0 to 10; default ${MAX_TRANSFERS}`,
    }),
  ),
});
export type RouteplanQuery = Static<typeof RouteplanQuery>;
addParamHint("aanvraagType", "give INITIEEL, VROEGER, LATER or LAATSTE");
addParamHint("tijdstip", "give a date-time yyyy-MM-ddTHH:mm:ss in the network's time zone, e.g. 2026-03-10T08:00:00");
addParamHint("vertrekAankomst", "give VERTREK or AANKOMST");
addParamHint("vervoersOptie", VERVOERS_OPTIE_HINT);
addParamHint("realtime", "give true or false");
addParamHint("rolstoel", "give true or false");
addParamHint("maxOverstappen", "give a whole number from 0 to 10");
