import { NONE16 } from "../../../network/constants.js";
import { ACCESSIBILITY_FLAGS, type Network, type StopIdx } from "../../../network/model.js";
import type { Halte } from "../../shared/common.schemas.js";
import type { Link, Linker } from "../../shared/links.js";

type Toegankelijkheid = (typeof ACCESSIBILITY_FLAGS)[number][1];

/** The key parts of a stop: entity number and stop number. */
export function stopKey(net: Network, stop: StopIdx): { entity: string; stop: string } {
  return { entity: net.meta.entities[net.stops.entity[stop]].number, stop: net.strings.get(net.stops.number[stop]) };
}

/**
 * Who runs a stop, as `type` of a stop nearby names it: "DELIJN" for a feed of the operator's own conventions
 * (the `delijn` key profile), else the code of the stop's entity: its GTFS agency_id, or the agency's name when
 * the feed gives no id (e.g. "MTA NYCT").
 */
export function stopOperator(net: Network, stop: StopIdx): string {
  const entity = net.meta.entities[net.stops.entity[stop]];
  return net.meta.feeds[entity.feed]?.profile === "delijn" ? "DELIJN" : entity.code;
}

/**
 * A stop, full variant (spec 2.4). `links` defaults to the list form, one `detail` link; a single stop passes
 * its own (halteDetailLinks).
 */
export function halteView(net: Network, stop: StopIdx, L: Linker, links?: Link[]): Halte {
  const { stops, strings, meta } = net;
  const key = stopKey(net, stop);
  const m = stops.municipality[stop];
  const municipality = m === NONE16 ? undefined : meta.municipalities[m];
  const region = municipality && municipality.region >= 0 ? meta.regions[municipality.region] : undefined;
  const flags = stops.accessibility[stop];
  const toegankelijkheden: Toegankelijkheid[] = [];
  for (const [bit, name] of ACCESSIBILITY_FLAGS) if (flags & bit) toegankelijkheden.push(name);
  return {
    entiteitnummer: key.entity,
    haltenummer: key.stop,
    omschrijving: strings.get(stops.name[stop]),
    omschrijvingLang: strings.get(stops.longName[stop]),
    gemeentenummer: municipality?.nis,
    omschrijvingGemeente: municipality?.name,
    districtCode: region?.code ?? "",
    geoCoordinaat: { latitude: stops.lat[stop], longitude: stops.lon[stop] },
    halteToegankelijkheden: toegankelijkheden,
    hoofdHalte: null,
    taal: "NEDERLANDS",
    gtfsStopId: strings.get(stops.gtfsId[stop]),
    // String 0 is the empty string (packed-strings.ts): no stop_code.
    ...(stops.code[stop] === 0 ? {} : { gtfsStopCode: strings.get(stops.code[stop]) }),
    links: links ?? [L.link("detail", L.stop(key.entity, key.stop))],
  };
}

/**
 * The links of a single stop: itself, its line directions, its timetable and its real-time passages.
 * Some clients find the last two only by following these links.
 */
export function halteDetailLinks(net: Network, stop: StopIdx, L: Linker): Link[] {
  const key = stopKey(net, stop);
  const path = L.stop(key.entity, key.stop);
  return [
    L.link("self", path),
    L.link("lijnrichtingen", `${path}/lijnrichtingen`),
    L.link("dienstregelingen", `${path}/dienstregelingen`),
    L.link("real-time", `${path}/real-time`),
  ];
}
