import type { MunicipalityIdx, Network } from "../../../network/model.js";
import type { Gemeente } from "../../shared/common.schemas.js";
import type { Link, Linker } from "../../shared/links.js";

/**
 * A municipality: number = NIS code, name in upper case as the operator writes it (docs/COMPATIBILITY.md).
 * `links` defaults to one `detail` link.
 */
export function gemeenteView(net: Network, m: MunicipalityIdx, L: Linker, links?: Link[]): Gemeente {
  const info = net.meta.municipalities[m];
  return {
    gemeentenummer: info.nis,
    omschrijving: info.name.toLocaleUpperCase("nl-BE"),
    links: links ?? [L.link("detail", L.municipality(info.nis))],
  };
}

export function gemeenteDetailLinks(net: Network, m: MunicipalityIdx, L: Linker): Link[] {
  const path = L.municipality(net.meta.municipalities[m].nis);
  return [L.link("self", path), L.link("haltes", `${path}/haltes`), L.link("lijnen", `${path}/lijnen`)];
}
