/**
 * Small hand-built networks for the search tests, compiled with the real compiler and the Flanders reference data
 * (so stops get their municipality): stops with a name, a place, a code and how many trips call there on a
 * weekday (busyness), and lines with a public number, a description and trips between given stops.
 *
 * Stop ids are De Lijn's 6-digit numbers of entity 3 (Vlaams-Brabant); trips run on weekdays of 2026 towards a
 * depot stop `399999` "Remise" in Brussel (outside the search words of the tests) unless a line gives its own stops.
 */
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { LineDirIdx, Network, StopIdx } from "../../../src/network/model.js";
import { defaultReferenceDir } from "../../../src/reference/default-reference-dir.js";
import { readReference } from "../../../src/reference/read-reference.js";
import type { AddressTable, PoiTable, ReferenceData } from "../../../src/reference/types.js";
import { agency, calendar, feed, route, stop, type TripSpec } from "../../support/feed-builder.js";

export interface StopSpec {
  id: string;
  name: string;
  place?: string;
  code?: string;
  lat: number;
  lon: number;
  /** Weekday trips calling here (towards the depot). */
  trips?: number;
}

export interface LineSpec {
  /** Route id: entity digit + 3-digit line number, e.g. "3004". */
  id: string;
  publicNumber: string;
  description: string;
  /** Stop ids of HEEN (TERUG runs them backwards). */
  stops: string[];
  /** Trips per direction and weekday (default 1). */
  trips?: number;
  headsign?: string;
}

const DEPOT: StopSpec = { id: "399999", name: "Remise", place: "Brussel", lat: 50.8466, lon: 4.3528 };

let reference: Promise<ReferenceData> | undefined;

/** Streets and addresses (readAddresses' table) and points of interest for the location search. */
export interface PlaceInputs {
  addresses?: AddressTable;
  pois?: PoiTable;
}

export async function searchNetwork(stops: StopSpec[], lines: LineSpec[] = [], places: PlaceInputs = {}): Promise<Network> {
  reference ??= readReference(defaultReferenceDir());
  const all = [...stops, DEPOT];
  const trips: TripSpec[] = [];
  const time = (i: number) => `${String(6 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00`;
  for (const s of stops) {
    for (let k = 0; k < (s.trips ?? 0); k++) {
      trips.push({ tripId: `busy-${s.id}-${k}`, routeId: "3999", serviceId: "WK", directionId: 0, times: [[s.id, time(k)], [DEPOT.id, time(k + 30)]] });
    }
  }
  for (const l of lines) {
    for (let k = 0; k < (l.trips ?? 1); k++) {
      trips.push({ tripId: `${l.id}-h${k}`, routeId: l.id, serviceId: "WK", directionId: 0, headsign: l.headsign ?? "", times: l.stops.map((s, i) => [s, time(k * 5 + i)]) });
      trips.push({ tripId: `${l.id}-t${k}`, routeId: l.id, serviceId: "WK", directionId: 1, times: [...l.stops].reverse().map((s, i) => [s, time(k * 5 + i)]) });
    }
  }
  return compileNetwork(
    [
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3", name: "De Lijn Vlaams-Brabant" })],
          stops: all.map((s) => stop(s.id, s.lat, s.lon, { name: s.name, place: s.place ?? "", code: s.code ?? "" })),
          routes: [
            route("3999", { agencyId: "3", shortName: "999", longName: "Remise" }),
            ...lines.map((l) => route(l.id, { agencyId: "3", shortName: l.publicNumber, longName: l.description })),
          ],
          trips,
          calendars: [calendar("WK", "1111100", 20260101, 20261231)],
        }),
      },
    ],
    { reference: await reference, now: new Date("2026-01-01T12:00:00Z"), addresses: places.addresses, pois: places.pois },
  );
}

/** omschrijvingLang of stops, for readable expectations. */
export const stopNames = (net: Network, stops: readonly StopIdx[]): string[] => stops.map((s) => net.strings.get(net.stops.longName[s]));
/** haltenummer of stops. */
export const stopNumbers = (net: Network, stops: readonly StopIdx[]): string[] => stops.map((s) => net.strings.get(net.stops.number[s]));
/** "public number HEEN|TERUG > bestemming" of line directions. */
export const directionNames = (net: Network, lds: readonly LineDirIdx[]): string[] =>
  lds.map((ld) => `${net.strings.get(net.lines.publicNumber[ld >> 1])} ${ld & 1 ? "TERUG" : "HEEN"} > ${net.strings.get(net.lineDirections.destination[ld])}`);
