/**
 * The operator's published OpenAPI documents (fixtures/CoreOpenDataServicesV1.json, v1 family of the core part;
 * fixtures/SearchOpenDataServicesV1.json, the search part) as response validators, after a documented list of
 * adaptations for their known mistakes.
 *
 * Each adaptation fixes one mistake of the document; none accepts a value that the document meant to refuse.
 * Where the document and the real service disagree on a name, the adaptation adds the real name with the
 * document's own item schema and makes it required, so that the check becomes stricter, not looser.
 * docs/COMPATIBILITY.md has the same list from the client's side.
 */
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsPlugin from "ajv-formats";

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

type Json = Record<string, unknown>;
type Schema = Json & { properties?: Record<string, Json>; required?: string[]; enum?: unknown[]; items?: Json };

export interface Adaptation {
  /** Short name, used in test titles and docs/COMPATIBILITY.md. */
  id: string;
  /** What is wrong in the published document, and what the adaptation does. */
  why: string;
  apply(doc: OpenApiDoc): void;
}

interface OpenApiDoc {
  paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: Json }> }> } }>;
  components: { schemas: Record<string, Schema> };
}

const schemaOf = (doc: OpenApiDoc, name: string): Schema => {
  const s = doc.components.schemas[name];
  if (!s) throw new Error(`official OpenAPI: no schema ${name}`);
  return s;
};

const response200 = (doc: OpenApiDoc, path: string) => {
  const r = doc.paths[path]?.get.responses["200"]?.content?.["application/json"];
  if (!r) throw new Error(`official OpenAPI: no 200 response for ${path}`);
  return r;
};

/** Every schema object in the document, depth first. */
function* schemaObjects(node: unknown): Generator<Schema> {
  if (Array.isArray(node)) {
    for (const n of node) yield* schemaObjects(n);
  } else if (node && typeof node === "object") {
    yield node as Schema;
    for (const v of Object.values(node)) yield* schemaObjects(v);
  }
}

export const ADAPTATIONS: readonly Adaptation[] = [
  {
    id: "joined-enums",
    why:
      'Several enums are written as one joined string instead of a list: Lijnrichting.richting ["HEEN, TERUG"], ' +
      'Halte.taal ["{NEDERLANDS,FRANS}"], Halte.classificatie ["{REGULIER,TIJDELIJK,FLEX,COMBI}"], ' +
      'Halte.bedieningsTypes ["{BUS,TRAM}"]. Read literally no value could ever match. The adaptation splits them ' +
      "at the commas into the values they name.",
    apply(doc) {
      for (const s of schemaObjects(doc.components.schemas)) {
        if (!Array.isArray(s.enum) || s.enum.length !== 1 || typeof s.enum[0] !== "string") continue;
        const only = s.enum[0] as string;
        if (!only.includes(",")) continue;
        s.enum = only
          .replace(/^\{|\}$/g, "")
          .split(",")
          .map((v) => v.trim());
      }
    },
  },
  {
    id: "enum-on-array",
    why:
      "Halte.bedieningsTypes puts its enum on the array instead of on its items, so that no array could match. " +
      "The adaptation moves the enum to the items.",
    apply(doc) {
      for (const s of schemaObjects(doc.components.schemas)) {
        if (s.type === "array" && Array.isArray(s.enum) && s.items) {
          s.items = { ...s.items, enum: s.enum };
          delete s.enum;
        }
      }
    },
  },
  {
    id: "hoofdHalte-null",
    why:
      "Halte.hoofdHalte is typed boolean, while its own description says that it is reserved and currently " +
      "null, and the real service answers null (samples/stop.json). The adaptation makes it nullable.",
    apply(doc) {
      const p = schemaOf(doc, "Halte").properties!.hoofdHalte;
      p.nullable = true;
    },
  },
  {
    id: "bedieningtype-nachtlijn",
    why:
      "The Bedieningtype enum lists FLEX but not NACHTLIJN, which the specification (part 2.2) lists among the " +
      "values of bedieningtype. The adaptation adds NACHTLIJN.",
    apply(doc) {
      const e = schemaOf(doc, "Bedieningtype");
      e.enum = [...(e.enum as string[]), "NACHTLIJN"];
    },
  },
  {
    id: "kleuren-wrapper",
    why:
      "GET /kleuren is documented with the wrapper Lijnkleuren, whose array is called `lijnkleuren`; the " +
      "specification (part 2.14) and the real service (samples/colors.json) call it `kleuren`. The adaptation " +
      "adds a required `kleuren` array with the document's own Lijnkleur items.",
    apply(doc) {
      const w = schemaOf(doc, "Lijnkleuren");
      w.properties!.kleuren = { type: "array", items: { $ref: "#/components/schemas/Lijnkleur" } };
      w.required = [...(w.required ?? []), "kleuren"];
    },
  },
  {
    id: "indebuurt-haltes",
    why:
      "GET /haltes/indebuurt/{latlng} is documented with the wrapper Punten, whose array is called `punten`; the " +
      "real service (samples/stops_in_vicinity.json) calls it `haltes`. The adaptation adds a required `haltes` " +
      "array with the document's own Punt items.",
    apply(doc) {
      const w = schemaOf(doc, "Punten");
      w.properties!.haltes = { type: "array", items: { $ref: "#/components/schemas/Punt" } };
      w.required = [...(w.required ?? []), "haltes"];
    },
  },
  {
    id: "lijnrichting-by-key",
    why:
      "GET /lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting} names one line direction, but is " +
      "documented with the list wrapper LijnLijnrichtingenLijst of untyped objects, copied from the list " +
      "endpoint. The adaptation validates it against the document's Lijnrichting schema.",
    apply(doc) {
      response200(doc, "/lijnen/{entiteitnummer}/{lijnnummer}/lijnrichtingen/{richting}").schema = {
        $ref: "#/components/schemas/Lijnrichting",
      };
    },
  },
  {
    id: "lijnlijnrichtingen-items",
    why:
      "LijnLijnrichtingenLijst declares its items as bare objects, which any value satisfies. lijnwijzer answers " +
      "{lijn, lijnrichtingen} per requested line, like HalteLijnrichtingen does per stop; the adaptation types the " +
      "items that way with the document's Lijn and Lijnrichting schemas, both required.",
    apply(doc) {
      schemaOf(doc, "LijnLijnrichtingenLijst").properties!.lijnLijnrichtingen.items = {
        type: "object",
        required: ["lijn", "lijnrichtingen"],
        properties: {
          lijn: { $ref: "#/components/schemas/Lijn" },
          lijnrichtingen: { type: "array", items: { $ref: "#/components/schemas/Lijnrichting" } },
        },
      };
    },
  },
  {
    id: "timetable-date-times",
    why:
      "Doorkomst.dienstregelingTijdstip and doorkomstTijdstip and Periode.startDatum and eindDatum are given " +
      'format "date", while the real service writes local date-times (timetable.json: "2024-03-10T21:24:00", ' +
      'real_time_timetable.json: "2024-03-07T17:05:00", detours.json: "2023-04-21T00:00:00"). The adaptation ' +
      "reads them as such: yyyy-MM-ddTHH:mm:ss, nothing else.",
    apply(doc) {
      for (const [schema, field] of [
        ["Doorkomst", "dienstregelingTijdstip"],
        ["Doorkomst", "doorkomstTijdstip"],
        ["Periode", "startDatum"],
        ["Periode", "eindDatum"],
      ]) {
        const p = schemaOf(doc, schema).properties![field];
        if (p.format !== "date") throw new Error(`official OpenAPI: ${schema}.${field} is no longer format date`);
        delete p.format;
        p.pattern = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$";
      }
    },
  },
];

/** A published document, its adaptations applied once, as a validator of 200 answers by path template. */
class OfficialDocument {
  private adapted: OpenApiDoc | undefined;
  private ajv: Ajv | undefined;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    private readonly file: string,
    private readonly adaptations: readonly Adaptation[],
  ) {}

  /** The document as it is published, parsed fresh. */
  raw(): OpenApiDoc {
    return JSON.parse(readFileSync(new URL(`../fixtures/${this.file}`, import.meta.url), "utf8")) as OpenApiDoc;
  }

  /** The document with every adaptation applied (cached). */
  adaptedDoc(): OpenApiDoc {
    if (!this.adapted) {
      const doc = this.raw();
      for (const a of this.adaptations) a.apply(doc);
      this.adapted = doc;
    }
    return this.adapted;
  }

  /** The path template that an actual path below the document's server URL matches; literal segments win. */
  pathOf(path: string): string | undefined {
    const segments = path.split("/").filter(Boolean);
    let best: string | undefined;
    let bestLiterals = -1;
    for (const template of Object.keys(this.adaptedDoc().paths)) {
      const t = template.split("/").filter(Boolean);
      if (t.length !== segments.length) continue;
      let literals = 0;
      let ok = true;
      for (let i = 0; i < t.length && ok; i++) {
        if (/^\{.+\}$/.test(t[i])) continue;
        if (t[i] === segments[i]) literals++;
        else ok = false;
      }
      if (ok && literals > bestLiterals) [best, bestLiterals] = [template, literals];
    }
    return best;
  }

  /** Validates a 200 body of `template`; returns the error list (empty when valid). */
  validate(template: string, body: unknown): string[] {
    if (!this.ajv) {
      // strict off: the document carries OpenAPI keywords (example, nullable) that are not JSON Schema.
      this.ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(this.ajv);
      this.ajv.addSchema(this.adaptedDoc() as unknown as Json, "official");
    }
    let v = this.validators.get(template);
    if (!v) {
      const pointer = `/paths/${template.replace(/~/g, "~0").replace(/\//g, "~1")}/get/responses/200/content/application~1json/schema`;
      v = this.ajv.compile({ $ref: `official#${pointer}` });
      this.validators.set(template, v);
    }
    if (v(body)) return [];
    return (v.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  }
}

const core = new OfficialDocument("CoreOpenDataServicesV1.json", ADAPTATIONS);

/** The published document as it is, parsed fresh. */
export function officialOpenApi(): OpenApiDoc {
  return core.raw();
}

/** The published document with every adaptation applied (cached). */
export function adaptedOpenApi(): OpenApiDoc {
  return core.adaptedDoc();
}

/** The path template of the document that an actual path below `/api/v1` matches; literal segments win. */
export function officialPathOf(path: string): string | undefined {
  return core.pathOf(path);
}

/** Validates a 200 body of `template` against the adapted document; returns the error list (empty when valid). */
export function validateOfficial(template: string, body: unknown): string[] {
  return core.validate(template, body);
}

// --- the search part (SearchOpenDataServicesV1.json: server URL .../DLZoekOpenData/v1) ---------------------------

/** Spec 2.13's location, as the adaptation locaties-path adds it: the spec's required fields and enums. */
const LOCATIE_SCHEMA: Schema = {
  type: "object",
  required: ["type", "subtype"],
  properties: {
    type: { type: "string", enum: ["adres", "halte", "herkenningspunt", "station"] },
    subtype: {
      type: "string",
      enum: ["hoofdgemeente", "deelgemeente", "straat", "adres", "halte", "herkenningspunt", "station"],
    },
    deelgemeentes: { type: "array", items: { type: "string" } },
    hoofdgemeente: { type: "string" },
    straat: { type: "string" },
    haltenummer: { type: "string" },
    huisnummer: { type: "string" },
    geoCoordinaat: { $ref: "#/components/schemas/GeoCoordinaat" },
    links: { type: "array", items: { $ref: "#/components/schemas/Link" } },
  },
};

export const SEARCH_ADAPTATIONS: readonly Adaptation[] = [
  {
    id: "search-hoofdHalte-null",
    why:
      "Halte.hoofdHalte is typed boolean, while its own description says that it is reserved and currently null, " +
      "as in the core document (hoofdHalte-null). The adaptation makes it nullable.",
    apply(doc) {
      schemaOf(doc, "Halte").properties!.hoofdHalte.nullable = true;
    },
  },
  {
    id: "locaties-path",
    why:
      "The document lists /zoek/haltes and /zoek/lijnrichtingen but not /zoek/locaties, which the specification " +
      "(E8, part 2.13) describes and clients generated from the operator's document call (LocatiesHits, Locatie). " +
      "The adaptation adds the path with the wrapper LocatiesHits {aantalHits, locaties} (both required) and the " +
      "spec's Locatie (type and subtype required, with the spec's enums).",
    apply(doc) {
      doc.components.schemas.Locatie = LOCATIE_SCHEMA;
      doc.components.schemas.LocatiesHits = {
        type: "object",
        required: ["aantalHits", "locaties"],
        properties: {
          aantalHits: { type: "integer", format: "int32" },
          locaties: { type: "array", items: { $ref: "#/components/schemas/Locatie" } },
        },
      };
      doc.paths["/zoek/locaties/{zoekArgument}"] = {
        get: {
          responses: {
            "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/LocatiesHits" } } } },
          },
        },
      };
    },
  },
];

const search = new OfficialDocument("SearchOpenDataServicesV1.json", SEARCH_ADAPTATIONS);

/** The published search document as it is, parsed fresh. */
export function officialSearchOpenApi(): OpenApiDoc {
  return search.raw();
}

/** The published search document with every adaptation applied (cached). */
export function adaptedSearchOpenApi(): OpenApiDoc {
  return search.adaptedDoc();
}

/** The path template of the search document that an actual path below `{search}/v1` matches. */
export function officialSearchPathOf(path: string): string | undefined {
  return search.pathOf(path);
}

/** Validates a 200 body of `template` against the adapted search document; the error list (empty when valid). */
export function validateOfficialSearch(template: string, body: unknown): string[] {
  return search.validate(template, body);
}
