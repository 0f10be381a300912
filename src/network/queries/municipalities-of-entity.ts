import type { EntityIdx, MunicipalityIdx, Network } from "../model.js";

/** The municipalities that the reference data assigns to an entity, by NIS code. */
export function municipalitiesOfEntity(net: Network, entity: EntityIdx): MunicipalityIdx[] {
  const ms = net.meta.municipalities;
  const out: MunicipalityIdx[] = [];
  for (let m = 0; m < ms.length; m++) if (ms[m].entity === entity) out.push(m);
  return out.sort((a, b) => ms[a].nis - ms[b].nis);
}
