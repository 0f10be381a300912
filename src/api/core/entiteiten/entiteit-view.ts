import type { EntityIdx, Network } from "../../../network/model.js";
import type { Entiteit } from "../../shared/common.schemas.js";
import type { Linker } from "../../shared/links.js";

/** An entity (spec 2.8) with the links of the real service: detail (or self), haltes, lijnen, gemeenten. */
export function entiteitView(net: Network, e: EntityIdx, L: Linker, firstRel: "detail" | "self" = "detail"): Entiteit {
  const info = net.meta.entities[e];
  const path = L.entity(info.number);
  return {
    entiteitnummer: info.number,
    entiteitcode: info.code,
    omschrijving: info.name,
    links: [
      L.link(firstRel, path),
      L.link("haltes", `${path}/haltes`),
      L.link("lijnen", `${path}/lijnen`),
      L.link("gemeenten", `${path}/gemeenten`),
    ],
  };
}
