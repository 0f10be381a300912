/**
 * Reachability, an extension (docs/COMPATIBILITY.md P27): from a coordinate at a moment, every stop reachable within
 * a number of minutes, with the earliest arrival and the transfers, and on request the area reachable as GeoJSON.
 * The operator's service has nothing like it; the names follow its Dutch (haltenummer, entiteitnummer, omschrijving,
 * overstappen as E1's Reisweg, geoCoordinaat as everywhere).
 */
import { type Static, Type } from "@sinclair/typebox";
import { MAX_TRANSFERS } from "../../../routing/constants.js";
import { DEFAULT_REACH_MINUTES, MAX_REACH_MINUTES } from "../../../routing/reachable-stops.js";
import { GeoCoordinaat, Link } from "../../shared/common.schemas.js";
import { DATE_TIME_PATTERN } from "../../shared/dates.js";
import { LAT_LNG_HINT } from "../../shared/path-keys.js";
import { addParamHint, LatLng } from "../../shared/params.schemas.js";
import { MultiPolygon } from "../kaart/geometrie.schemas.js";

const LOCAL_DATE_TIME = {
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
  description: "local wall-clock time of the network's time zone, yyyy-MM-ddTHH:mm:ss",
};

export const BereikbareHalte = Type.Object(
  {
    entiteitnummer: Type.String(),
    haltenummer: Type.String(),
    omschrijving: Type.String({ description: "the stop's omschrijvingLang" }),
    geoCoordinaat: GeoCoordinaat,
    vertrek: Type.String({
      ...LOCAL_DATE_TIME,
      description: `the departure from the point of the journey given: the vertrek asked, or with venster the departure minute of the median; ${LOCAL_DATE_TIME.description}`,
    }),
    aankomst: Type.String({ ...LOCAL_DATE_TIME, description: `the earliest arrival at the stop leaving at vertrek; ${LOCAL_DATE_TIME.description}` }),
    reistijdSeconden: Type.Integer({
      minimum: 0,
      description: "aankomst - vertrek in seconds: the travel time; with venster the median over the window's departure minutes",
    }),
    overstappen: Type.Integer({ minimum: 0, description: "vehicles boarded minus one; 0 also for a stop reached on foot" }),
    ritten: Type.Integer({ minimum: 0, description: "vehicles boarded: 0 for a stop reached on foot from the point" }),
    links: Type.Array(Link, { description: "one link rel halte to the stop" }),
  },
  { title: "BereikbareHalte" },
);
export type BereikbareHalte = Static<typeof BereikbareHalte>;

export const Bereikbaarheid = Type.Object(
  {
    vertrek: Type.String({ ...LOCAL_DATE_TIME, description: `the (first) departure from the point; ${LOCAL_DATE_TIME.description}` }),
    minuten: Type.Integer({ description: "the travel time limit asked, in minutes" }),
    venster: Type.Integer({ description: "departure minutes looked at: 1 for a single departure" }),
    haltes: Type.Array(BereikbareHalte, { description: "the stops reached within minuten, nearest in time first" }),
    gebied: Type.Optional({
      ...MultiPolygon,
      description:
        "geojson=true only: the area reachable on foot in the time left, one circle (16-gon) around the point and around each stop (radius the time left walked, straight line = seconds x 1.25 m/s / 1.3, at most the 1 km walk radius); the circles overlap, not merged into one outline",
    }),
    links: Type.Array(Link),
  },
  { title: "Bereikbaarheid" },
);
export type Bereikbaarheid = Static<typeof Bereikbaarheid>;

export const BereikbaarheidParams = Type.Object({
  vertrekLatlng: { ...LatLng, description: "departure: <latitude>,<longitude> in decimal degrees, e.g. 50.8798,4.7005" },
});
addParamHint("vertrekLatlng", LAT_LNG_HINT);

export const BereikbaarheidQuery = Type.Object({
  tijdstip: Type.Optional(Type.String({ pattern: DATE_TIME_PATTERN, description: "yyyy-MM-ddTHH:mm:ss in the network's time zone: the departure; default now" })),
  minuten: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_REACH_MINUTES,
      description: `the travel time limit in minutes, 1 to ${MAX_REACH_MINUTES}; default ${DEFAULT_REACH_MINUTES}`,
    }),
  ),
  venster: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_REACH_MINUTES,
      description: `departure minutes from tijdstip, 1 to ${MAX_REACH_MINUTES} (default 1, a single departure): a stop is reached when the median of its travel times over these departures (the lower one of an even count; a departure not reaching it counts as infinite) is within minuten`,
    }),
  ),
  geojson: Type.Optional(Type.Boolean({ description: "true: add gebied, the area reachable as a GeoJSON MultiPolygon (default false)" })),
  realtime: Type.Optional(Type.Boolean({ description: "with the real-time predictions and cancellations (default true); false: the schedule" })),
  maxOverstappen: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: `most transfers, 0 to 10; default ${MAX_TRANSFERS}` })),
});
export type BereikbaarheidQuery = Static<typeof BereikbaarheidQuery>;
addParamHint("minuten", `give a whole number of minutes from 1 to ${MAX_REACH_MINUTES}`);
addParamHint("venster", `give a whole number of departure minutes from 1 to ${MAX_REACH_MINUTES}`);
addParamHint("geojson", "give true or false");
