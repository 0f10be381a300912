import type { Network, RegionIdx } from "../../../network/model.js";
import type { VervoerRegio } from "../../shared/common.schemas.js";
import type { Linker } from "../../shared/links.js";

/** A transport region with its `detail` (or `self`) and `lijnen` links. */
export function vervoerregioView(net: Network, r: RegionIdx, L: Linker, firstRel: "detail" | "self" = "detail"): VervoerRegio {
  const info = net.meta.regions[r];
  const path = L.region(info.code);
  return {
    code: info.code,
    naam: info.name,
    nr: info.number,
    links: [L.link(firstRel, path), L.link("lijnen", `${path}/lijnen`)],
  };
}
