/**
 * Path and query parameter schemas, each with the hint that a 400 answer gives when a value does not fit.
 * The hints are looked up by parameter name in the error handler; plugins of other resource families add
 * theirs with `addParamHint`.
 */
import { Type } from "@sinclair/typebox";
import { DATE_PATTERN, DATE_TIME_PATTERN, DATUM_HINT, GELDIG_OP_HINT } from "./dates.js";
import {
  LAT_LNG_HINT,
  LAT_LNG_PATTERN,
  LINE_DIRECTION_KEYS_HINT,
  LINE_DIRECTION_KEYS_PATTERN,
  LINE_KEYS_HINT,
  LINE_KEYS_PATTERN,
  MAX_LIST_KEYS,
  MUNICIPALITY_NUMBERS_HINT,
  MUNICIPALITY_NUMBERS_PATTERN,
  STOP_KEYS_HINT,
  STOP_KEYS_PATTERN,
} from "./path-keys.js";
import { StringEnum } from "./common.schemas.js";

const hints = new Map<string, string>();

/** Registers what to tell a client whose value of parameter `name` fails its schema ("give ..."). */
export function addParamHint(name: string, hint: string): void {
  hints.set(name, hint);
}

export function paramHint(name: string): string | undefined {
  return hints.get(name);
}

const NUMBER = "^\\d{1,9}$";

export const Entiteitnummer = Type.String({ pattern: NUMBER, description: "entity number, e.g. 3" });
addParamHint("entiteitnummer", "give the entity number, a whole number such as 3");

export const Lijnnummer = Type.String({ pattern: NUMBER, description: "internal line number, e.g. 302" });
addParamHint("lijnnummer", "give the internal line number, a whole number such as 302");

export const Haltenummer = Type.String({ pattern: NUMBER, description: "stop number, e.g. 300483" });
addParamHint("haltenummer", "give the stop number, a whole number such as 300483");

export const RichtingParam = StringEnum(["HEEN", "TERUG"] as const, { description: "direction: HEEN or TERUG" });
addParamHint("richting", "give HEEN or TERUG");

export const GemeenteNummer = Type.String({ pattern: NUMBER, description: "municipality number (NIS code), e.g. 24062" });
addParamHint("gemeenteNummer", "give the municipality number (NIS code), a whole number such as 24062");

export const Code = Type.String({ pattern: "^[A-Za-z0-9]{1,10}$", description: "code, e.g. LV" });
addParamHint("code", "give a code of letters and digits, such as LV");

/** Any GTFS id: case-sensitive text without control characters (percent-encode what a path cannot hold). */
export const GtfsId = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: "^[^\\u0000-\\u001f\\u007f]+$",
  description: "a GTFS id of the feed, e.g. a stop_id, stop_code or route_id as the feed writes it (percent-encoded)",
});
addParamHint("gtfsId", "give a GTFS id as the feed writes it (1 to 255 characters, no control characters)");

export const GeldigOp = Type.String({
  pattern: DATE_TIME_PATTERN,
  description: "moment at which the result must be valid, yyyy-MM-ddTHH:mm:ss in the network's time zone; default now",
});
addParamHint("geldigOp", GELDIG_OP_HINT);

export const Datum = Type.String({ pattern: DATE_PATTERN, description: "date yyyy-MM-dd; default today" });
addParamHint("datum", DATUM_HINT);

const listDescription = (what: string, example: string) =>
  `${what} joined with _, at most ${MAX_LIST_KEYS} keys, e.g. ${example}`;

export const Haltesleutels = Type.String({
  pattern: STOP_KEYS_PATTERN,
  description: listDescription("stop keys entiteitnummer_haltenummer", "3_300483_3_300484"),
});
addParamHint("haltesleutels", STOP_KEYS_HINT);

export const Lijnsleutels = Type.String({
  pattern: LINE_KEYS_PATTERN,
  description: listDescription("line keys entiteitnummer_lijnnummer", "3_302_3_303"),
});
addParamHint("lijnsleutels", LINE_KEYS_HINT);

export const Lijnrichtingsleutels = Type.String({
  pattern: LINE_DIRECTION_KEYS_PATTERN,
  description: listDescription("line direction keys entiteitnummer_lijnnummer_richting", "3_302_HEEN_3_303_TERUG"),
});
addParamHint("lijnrichtingsleutels", LINE_DIRECTION_KEYS_HINT);

export const GemeenteNummers = Type.String({
  pattern: MUNICIPALITY_NUMBERS_PATTERN,
  description: listDescription("municipality numbers (NIS codes)", "24062_24009"),
});
addParamHint("gemeenteNummers", MUNICIPALITY_NUMBERS_HINT);

export const LatLng = Type.String({
  pattern: LAT_LNG_PATTERN,
  description: "<latitude>,<longitude> in decimal degrees, e.g. 50.8798,4.7005",
});
addParamHint("latlng", LAT_LNG_HINT);

export const Radius = Type.Integer({
  minimum: 1,
  maximum: 10_000,
  default: 750,
  description: "search radius in metres, 1 to 10000; default 750",
});
addParamHint("radius", "give the radius in metres, a whole number from 1 to 10000");

export const MaxAantalHaltes = Type.Integer({
  minimum: 1,
  maximum: 50,
  default: 50,
  description: "most stops returned, 1 to 50; default 50",
});
addParamHint("maxAantalHaltes", "give a whole number from 1 to 50");

// --- common parameter objects ------------------------------------------------------------------------------

export const LineParams = Type.Object({ entiteitnummer: Entiteitnummer, lijnnummer: Lijnnummer });
export const LineDirectionParams = Type.Object({
  entiteitnummer: Entiteitnummer,
  lijnnummer: Lijnnummer,
  richting: RichtingParam,
});
export const StopParams = Type.Object({ entiteitnummer: Entiteitnummer, haltenummer: Haltenummer });
export const EntityParams = Type.Object({ entiteitnummer: Entiteitnummer });
export const GeldigOpQuery = Type.Object({ geldigOp: Type.Optional(GeldigOp) });
