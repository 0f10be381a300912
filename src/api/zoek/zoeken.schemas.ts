/**
 * The search part's shapes (spec 2.13, 4.1, 4.4): the parameters shared by E7, E8 and E9 and the three hit lists.
 * Stops are the core's Halte and line directions its Lijnrichting, rendered by the core's views, so that a hit
 * reads like the resource its `detail` link leads to (docs/COMPATIBILITY.md, S-rows). Field names keep the
 * service's spelling; what the spec does not name is marked "extension".
 */
import { type Static, Type } from "@sinclair/typebox";
import { PLACE_KINDS } from "../../network/model.js";
import { DEFAULT_SEARCH_HITS, MAX_SEARCH_HITS, MAX_SEARCH_TEXT } from "../../search/search-types.js";
import { GeoCoordinaat, Halte, Lijnrichting, Link, StringEnum } from "../shared/common.schemas.js";
import { LAT_LNG_HINT, LAT_LNG_PATTERN } from "../shared/path-keys.js";
import { addParamHint } from "../shared/params.schemas.js";

// --- parameters (spec 4.1, shared search parameters) -------------------------------------------------------

/** The largest startIndex: the spec's int32. A start past the last hit answers an empty page, not a 400. */
export const MAX_START_INDEX = 2_147_483_647;

export const ZoekArgument = Type.String({
  minLength: 1,
  maxLength: MAX_SEARCH_TEXT,
  // Not only blanks: a search for nothing is a 400, whatever else it holds (%, *, quotes, emoji) is text.
  pattern: "\\S",
  description:
    `the text searched for, 1 to ${MAX_SEARCH_TEXT} characters (percent-encoded in the path: %25 for %); ` +
    "word order free, the last word also as a prefix, typos forgiven",
});
addParamHint("zoekArgument", `give the text to search for, 1 to ${MAX_SEARCH_TEXT} characters and not only blanks`);

export const HuidigePositie = Type.String({
  pattern: LAT_LNG_PATTERN,
  description: "<latitude>,<longitude> in decimal degrees, e.g. 50.8798,4.7005: nearer hits first among hits that match equally well",
});
addParamHint("huidigePositie", LAT_LNG_HINT);

export const StartIndex = Type.Integer({
  minimum: 0,
  maximum: MAX_START_INDEX,
  default: 0,
  description: "hits skipped: the position of the first hit answered, from 0; default 0",
});
addParamHint("startIndex", "give the position of the first hit, a whole number from 0");

export const MaxAantalHits = Type.Integer({
  minimum: 1,
  maximum: MAX_SEARCH_HITS,
  default: DEFAULT_SEARCH_HITS,
  description: `most hits answered, 1 to ${MAX_SEARCH_HITS}; default ${DEFAULT_SEARCH_HITS}`,
});
addParamHint("maxAantalHits", `give a whole number from 1 to ${MAX_SEARCH_HITS}`);

export const ZoekParams = Type.Object({ zoekArgument: ZoekArgument });
export const ZoekQuery = Type.Object({
  huidigePositie: Type.Optional(HuidigePositie),
  startIndex: Type.Optional(StartIndex),
  maxAantalHits: Type.Optional(MaxAantalHits),
});
export type ZoekRoute = { Params: Static<typeof ZoekParams>; Querystring: Static<typeof ZoekQuery> };

// --- results (spec 2.13) ------------------------------------------------------------------------------------

const aantalHits = (what: string) =>
  Type.Integer({ minimum: 0, description: `the number of ${what} matching zoekArgument, all pages together (not the page size)` });

const pageLinks = Type.Array(Link, {
  description:
    "extension: self (the URL asked, without a subscription key), vorige and volgende (the pages before and after, " +
    "when there are hits there)",
});

export const HaltesHits = Type.Object(
  {
    aantalHits: aantalHits("stops"),
    haltes: Type.Array(Halte, { description: "the page of stops, best match first; each links to the stop (rel detail)" }),
    links: pageLinks,
  },
  { title: "HaltesHits" },
);
export type HaltesHits = Static<typeof HaltesHits>;

export const LijnRichtingHits = Type.Object(
  {
    aantalHits: aantalHits("line directions"),
    lijnrichtingen: Type.Array(Lijnrichting, {
      description: "the page of line directions, best match first; each links to the line direction (rel detail)",
    }),
    links: pageLinks,
  },
  { title: "LijnRichtingHits" },
);
export type LijnRichtingHits = Static<typeof LijnRichtingHits>;

/** Location types (spec 2.13 `type`): municipalities, streets and addresses are all of type adres. */
export const LOCATIE_TYPES = ["adres", "halte", "herkenningspunt", "station"] as const;
/** Location subtypes (spec 2.13 `subtype`): the place kinds and halte. */
export const LOCATIE_SUBTYPES = [...PLACE_KINDS, "halte"] as const;

export const Locatie = Type.Object(
  {
    type: StringEnum(LOCATIE_TYPES, {
      description: "adres for a municipality, sub-municipality, street or address; else halte, herkenningspunt or station",
    }),
    subtype: StringEnum(LOCATIE_SUBTYPES),
    omschrijving: Type.String({
      description:
        "extension: the name to show: a municipality's, sub-municipality's, station's or point of interest's name, a " +
        "stop's omschrijvingLang, a street's name, an address's street and house number",
    }),
    deelgemeentes: Type.Optional(
      Type.Array(Type.String(), {
        description: "a hoofdgemeente: the names of its sub-municipalities; a deelgemeente: its own name",
      }),
    ),
    hoofdgemeente: Type.Optional(Type.String({ description: "the name of the municipality the location lies in (a hoofdgemeente: its own)" })),
    straat: Type.Optional(Type.String({ description: "a street's or an address's street name" })),
    haltenummer: Type.Optional(Type.String({ description: "a stop's number" })),
    huisnummer: Type.Optional(Type.String({ description: 'an address\'s house number, with its box as "12 bus 3"' })),
    entiteitnummer: Type.Optional(Type.String({ description: "extension: a stop's entity number (its key with haltenummer)" })),
    postcode: Type.Optional(Type.String({ description: "extension: a street's or an address's postcode" })),
    categorie: Type.Optional(Type.String({ description: 'extension: a point of interest\'s kind as imported ("museum")' })),
    geoCoordinaat: GeoCoordinaat,
    links: Type.Array(Link, {
      description:
        "extension: a stop: detail (the stop); a place: gemeente (its municipality, when known; a hoofdgemeente: " +
        "detail) and indebuurt (the stops near it)",
    }),
  },
  { title: "Locatie" },
);
export type Locatie = Static<typeof Locatie>;

export const LocatiesHits = Type.Object(
  {
    aantalHits: aantalHits("locations"),
    locaties: Type.Array(Locatie, { description: "the page of locations, best match first" }),
    links: pageLinks,
  },
  { title: "LocatiesHits" },
);
export type LocatiesHits = Static<typeof LocatiesHits>;
