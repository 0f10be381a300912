import { NONE16 } from "../../../network/constants.js";
import { SERVICE_TYPES, type LineIdx, type Network, TRANSPORT_TYPES } from "../../../network/model.js";
import type { Lijn } from "../../shared/common.schemas.js";
import { formatLineDate } from "../../shared/dates.js";
import type { Family } from "../../shared/families.js";
import type { Link, Linker } from "../../shared/links.js";

/** The key parts of a line: entity number and line number, as the API writes them. */
export function lineKey(net: Network, line: LineIdx): { entity: string; line: string } {
  return { entity: net.meta.entities[net.lines.entity[line]].number, line: net.strings.get(net.lines.number[line]) };
}

/**
 * A line (spec 2.2). `links` defaults to the list form, one `detail` link; a single-line response passes its own.
 */
export function lijnView(net: Network, line: LineIdx, family: Family, L: Linker, links?: Link[]): Lijn {
  const { lines, strings, meta } = net;
  const key = lineKey(net, line);
  const region = lines.region[line];
  return {
    entiteitnummer: key.entity,
    lijnnummer: key.line,
    lijnnummerPubliek: strings.get(lines.publicNumber[line]),
    omschrijving: strings.get(lines.description[line]),
    vervoerRegioCode: region === NONE16 ? "" : meta.regions[region].code,
    publiek: lines.isPublic[line] === 1,
    vervoertype: TRANSPORT_TYPES[lines.transportType[line]],
    bedieningtype: SERVICE_TYPES[lines.serviceType[line]],
    lijnGeldigVan: formatLineDate(lines.validFrom[line], family),
    lijnGeldigTot: formatLineDate(lines.validTo[line], family),
    gtfsRouteId: strings.get(lines.gtfsId[line]),
    links: links ?? [L.link("detail", L.line(key.entity, key.line))],
  };
}

/** The links of a single line: itself and what hangs below it. */
export function lijnDetailLinks(net: Network, line: LineIdx, L: Linker): Link[] {
  const { entity, line: nr } = lineKey(net, line);
  const path = L.line(entity, nr);
  return [
    L.link("self", path),
    L.link("lijnrichtingen", `${path}/lijnrichtingen`),
    L.link("gemeenten", `${path}/gemeenten`),
    L.link("lijnkleuren", `${path}/lijnkleuren`),
  ];
}
