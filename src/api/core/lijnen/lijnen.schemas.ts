import { Type } from "@sinclair/typebox";
import { Gemeente, Halte, Lijn, LijnkleurCodes, Lijnrichting, ListOf, Links } from "../../shared/common.schemas.js";
import type { Family } from "../../shared/families.js";

function schemasOf(family: Family) {
  const lijn = Lijn(family);
  return {
    Lijnen: ListOf("lijnen", lijn, family === "v1" ? "Lijnen" : "LijnenBeta"),
    /** E13: per requested line, the line and its directions (the spec leaves the item shape open). */
    LijnLijnrichtingenLijst: Type.Object(
      {
        lijnLijnrichtingen: Type.Array(Type.Object({ lijn, lijnrichtingen: Type.Array(Lijnrichting) })),
        links: Links,
      },
      { title: family === "v1" ? "LijnLijnrichtingenLijst" : "LijnLijnrichtingenLijstBeta" },
    ),
    /** E17: `lijnLijnkleurCodesijst` is the service's own spelling. */
    LijnLijnkleurCodesLijst: Type.Object(
      {
        lijnLijnkleurCodesijst: Type.Array(Type.Object({ lijn, lijnkleurCodes: LijnkleurCodes })),
        links: Links,
      },
      { title: family === "v1" ? "LijnLijnkleurCodesLijst" : "LijnLijnkleurCodesLijstBeta" },
    ),
  };
}

const BY_FAMILY = { v1: schemasOf("v1"), beta: schemasOf("beta") };
export function lijnenSchemas(family: Family) {
  return BY_FAMILY[family];
}

export const Lijnrichtingen = ListOf("lijnrichtingen", Lijnrichting, "Lijnrichtingen");
export const Haltes = ListOf("haltes", Halte, "Haltes");
export const Gemeenten = ListOf("gemeenten", Gemeente, "Gemeenten");
