/**
 * Labels of search hits, for the labelled query set (demo-queries.json) and its evaluation (quality.ts): text that
 * names what a hit is, so that a label survives a rebuild of the demo that renumbers stops.
 *
 * - a stop (E7): its omschrijvingLang; stops sharing it (the two sides of a street) are the same answer;
 * - a line direction (E9): `public number|line omschrijving|bestemming`; a label without the bestemming accepts
 *   either direction of the line;
 * - a location (E8): `kind|name|municipality`, an address's name with its house number (`Bondgenotenlaan 12`), a
 *   stop's kind `halte` and its omschrijvingLang.
 */
import { NONE16 } from "../../src/network/constants.js";
import { type LineDirIdx, type Network, PLACE_KINDS, type StopIdx } from "../../src/network/model.js";
import type { LocationHit } from "../../src/search/search-types.js";

export type Endpoint = "haltes" | "lijnrichtingen" | "locaties";

/** One labelled query. */
export interface LabelledQuery {
  endpoint: Endpoint;
  query: string;
  /** How the query was made from the name: exact, prefix, typo, shuffled, municipality, abbreviation, accents, number. */
  variant: string;
  expect: string;
}

export function stopLabel(net: Network, s: StopIdx): string {
  return net.strings.get(net.stops.longName[s]);
}

export function lineDirectionLabel(net: Network, ld: LineDirIdx): string {
  const { strings, lines, lineDirections } = net;
  const line = ld >> 1;
  return `${strings.get(lines.publicNumber[line])}|${strings.get(lines.description[line])}|${strings.get(lineDirections.destination[ld])}`;
}

export function locationLabel(net: Network, hit: LocationHit): string {
  const { strings, stops, places, meta } = net;
  if (hit.kind === "stop") {
    const m = stops.municipality[hit.stop];
    return `halte|${strings.get(stops.longName[hit.stop])}|${m === NONE16 ? "" : meta.municipalities[m].name}`;
  }
  const p = hit.place;
  const house = strings.get(places.houseNumber[p]);
  return `${PLACE_KINDS[places.kind[p]]}|${strings.get(places.name[p])}${house ? ` ${house}` : ""}|${strings.get(places.municipalityName[p])}`;
}

/** Whether a hit's label answers the expected one (equal, or the expected one is a prefix of whole fields). */
export function answers(hitLabel: string, expect: string): boolean {
  return hitLabel === expect || hitLabel.startsWith(`${expect}|`);
}

/**
 * A stop as a traveller names it on a network with stations (bench/search/ny-queries.json): its parent station's
 * name, else its omschrijvingLang, so that every platform of `Times Sq-42 St` answers `Times Sq-42 St`.
 */
export function stationLabel(net: Network, s: StopIdx): string {
  return net.strings.get(net.stops.parentName[s] || net.stops.longName[s]);
}
