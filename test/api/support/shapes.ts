/**
 * Field checks after the specification's tables (SERVICE_SPEC.md part 2): every field marked required is
 * there with its type; an optional field, when present, has its type.
 */
import { expect } from "vitest";

export type FieldType =
  | "string"
  | "boolean"
  | "int32"
  | "number"
  | "date"
  | "date-time"
  | "links"
  | "geo"
  | "hex6"
  | "#hex6"
  | "boolean|null"
  | { enum: readonly string[] }
  | { arrayOf: FieldType }
  | { object: Shape };

export interface Shape {
  required: Record<string, FieldType>;
  optional?: Record<string, FieldType>;
}

const INT32_MAX = 2 ** 31 - 1;

function checkValue(where: string, value: unknown, type: FieldType, origin: string): void {
  if (typeof type === "object") {
    if ("enum" in type) {
      expect(type.enum, `${where}: ${JSON.stringify(value)}`).toContain(value);
    } else if ("arrayOf" in type) {
      expect(Array.isArray(value), `${where} is an array`).toBe(true);
      (value as unknown[]).forEach((v, i) => checkValue(`${where}[${i}]`, v, type.arrayOf, origin));
    } else {
      expectShape(value, type.object, origin, where);
    }
    return;
  }
  switch (type) {
    case "string":
      expect(typeof value, `${where} is a string`).toBe("string");
      break;
    case "boolean":
      expect(typeof value, `${where} is a boolean`).toBe("boolean");
      break;
    case "boolean|null":
      expect(value === null || typeof value === "boolean", `${where} is boolean or null`).toBe(true);
      break;
    case "int32":
      expect(Number.isInteger(value) && Math.abs(value as number) <= INT32_MAX, `${where} is an int32: ${value}`).toBe(true);
      break;
    case "number":
      expect(typeof value === "number" && Number.isFinite(value), `${where} is a number`).toBe(true);
      break;
    case "date":
      expect(value, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      break;
    case "date-time":
      expect(value, where).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      break;
    case "hex6":
      expect(value, where).toMatch(/^[0-9A-F]{6}$/);
      break;
    case "#hex6":
      expect(value, where).toMatch(/^#[0-9A-F]{6}$/);
      break;
    case "geo": {
      const g = value as { latitude: unknown; longitude: unknown };
      expect(typeof g, `${where} is an object {latitude, longitude}`).toBe("object");
      expect(typeof g.latitude === "number" && Math.abs(g.latitude) <= 90, `${where}.latitude`).toBe(true);
      expect(typeof g.longitude === "number" && Math.abs(g.longitude) <= 180, `${where}.longitude`).toBe(true);
      break;
    }
    case "links":
      expect(Array.isArray(value), `${where} is an array of links`).toBe(true);
      for (const [i, l] of (value as Array<{ rel: unknown; url: unknown }>).entries()) {
        expect(typeof l.rel, `${where}[${i}].rel`).toBe("string");
        expect(typeof l.url === "string" && l.url.startsWith(`${origin}/`), `${where}[${i}].url ${l.url} is absolute`).toBe(true);
      }
      break;
  }
}

export function expectShape(obj: unknown, shape: Shape, origin: string, where = "body"): void {
  expect(obj !== null && typeof obj === "object", `${where} is an object`).toBe(true);
  const o = obj as Record<string, unknown>;
  for (const [name, type] of Object.entries(shape.required)) {
    expect(o, `${where} has required ${name}`).toHaveProperty([name]);
    checkValue(`${where}.${name}`, o[name], type, origin);
  }
  for (const [name, type] of Object.entries(shape.optional ?? {})) {
    if (o[name] !== undefined) checkValue(`${where}.${name}`, o[name], type, origin);
  }
}

// --- the resources of spec part 2 ---------------------------------------------------------------------------

const TRANSPORT_TYPES = ["BUS", "TRAM", "METRO", "TREIN", "ALLE"] as const;
const SERVICE_TYPES = ["NORMAAL", "SNELDIENST", "SCHOOLBUS", "FABRIEKSLIJN", "TECHNISCHE_LIJN", "BELBUS", "NACHTLIJN"] as const;

/** 2.2; `variant` "municipality" has no vervoerRegioCode in the spec; dates by family (part 9). */
export function lijnShape(family: "v1" | "beta", variant: "full" | "municipality" = "full"): Shape {
  const date: FieldType = family === "v1" ? "date" : "date-time";
  return {
    required: {
      entiteitnummer: "string",
      lijnnummer: "string",
      lijnnummerPubliek: "string",
      omschrijving: "string",
      ...(variant === "full" ? { vervoerRegioCode: "string" as const } : {}),
      publiek: "boolean",
      vervoertype: { enum: TRANSPORT_TYPES },
      bedieningtype: { enum: SERVICE_TYPES },
      lijnGeldigVan: date,
      lijnGeldigTot: date,
    },
    optional: { links: "links", vervoerRegioCode: "string" },
  };
}

/** 2.3 */
export const lijnrichtingShape: Shape = {
  required: { entiteitnummer: "string", lijnnummer: "string", richting: { enum: ["HEEN", "TERUG"] }, omschrijving: "string" },
  optional: {
    lijnNummerPubliek: "string",
    bestemming: "string",
    kleurVoorGrond: "#hex6",
    kleurAchterGrond: "#hex6",
    kleurAchterGrondRand: "#hex6",
    kleurVoorGrondRand: "#hex6",
    links: "links",
  },
};

const HALTE_OPTIONAL: Record<string, FieldType> = {
  gemeentenummer: "int32",
  omschrijvingGemeente: "string",
  geoCoordinaat: "geo",
  halteToegankelijkheden: { arrayOf: { enum: ["MOTORISCHE_BEPERKING", "MOTORISCH_MET_ASSIST", "VISUELE_BEPERKING"] } },
  hoofdHalte: "boolean|null",
  links: "links",
};

/** 2.4, full variant; `variant` "municipality" does not require omschrijvingLang. */
export function halteShape(variant: "full" | "municipality" = "full"): Shape {
  return {
    required: {
      entiteitnummer: "string",
      haltenummer: "string",
      omschrijving: "string",
      ...(variant === "full" ? { omschrijvingLang: "string" as const } : {}),
      districtCode: "string",
      taal: "string",
    },
    optional: { ...HALTE_OPTIONAL, omschrijvingLang: "string" },
  };
}

/** 2.5, short variant */
export const halteKortShape: Shape = {
  required: { entiteitnummer: "string", haltenummer: "string", omschrijving: "string", gemeentenummer: "int32", omschrijvingGemeente: "string" },
  optional: { geoCoordinaat: "geo", links: "links" },
};

/** 2.6 */
export const kleurShape: Shape = {
  required: {
    code: "string",
    omschrijving: "string",
    rgb: { object: { required: { rood: "int32", groen: "int32", blauw: "int32" } } },
    hex: "hex6",
  },
  optional: { links: "links" },
};

/** 2.7 */
const kleurCode: FieldType = { object: { required: { code: "string", links: "links" } } };
export const lijnkleurCodesShape: Shape = {
  required: { voorgrond: kleurCode, achtergrond: kleurCode, voorgrondRand: kleurCode, achtergrondRand: kleurCode, links: "links" },
};

/** 2.8 */
export const entiteitShape: Shape = {
  required: { entiteitnummer: "string", entiteitcode: "string", omschrijving: "string" },
  optional: { links: "links" },
};

/** Not in the spec's tables: the published OpenAPI's Gemeente, VervoerRegio and Punt. */
export const gemeenteShape: Shape = {
  required: { gemeentenummer: "int32", omschrijving: "string", links: "links" },
  optional: { hoofdGemeente: { object: { required: { gemeentenummer: "int32", omschrijving: "string" } } } },
};
export const vervoerregioShape: Shape = { required: { code: "string", naam: "string", nr: "string", links: "links" } };
export const puntShape: Shape = {
  required: { type: "string", id: "string", naam: "string", afstand: "int32", geoCoordinaat: "geo", links: "links" },
};

/** `{<name>: [...], links}` with each item of `item`. */
export function listShape(name: string, item: Shape): Shape {
  return { required: { [name]: { arrayOf: { object: item } }, links: "links" } };
}
