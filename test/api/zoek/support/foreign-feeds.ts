/**
 * Three small feeds in other languages for the search (E7, E8, E9): stops whose names abbreviate what people type
 * (`Times Sq-42 St`, `Bd Anspach`, `Kaiserstr.`), stations with twin platforms that the import names in the feed's
 * language (`… towards South Ferry`, `… quai 2`, `… Richtung Messe`), and the language given as feed_info.feed_lang
 * (English, French) or only as agency.agency_lang (German).
 */
import type { GtfsFeed } from "../../../../src/gtfs/types.js";
import { agency, calendar, feed, route, stop, type TripSpec } from "../../../support/feed-builder.js";

/** Every day of 2026. */
const ALL = calendar("ALL", "1111111", 20260101, 20261231);

const platform = (stopId: string, name: string, lat: number, lon: number, parentStation: string, platformCode = "") =>
  stop(stopId, lat, lon, { name, parentStation, platformCode });
const station = (stopId: string, name: string, lat: number, lon: number) => stop(stopId, lat, lon, { name, locationType: 1 });

/** Trips of one route: each list of stops `times` times, a minute apart, from 08:00. */
function trips(routeId: string, runs: Array<[number, string, string[], number]>): TripSpec[] {
  let n = 0;
  return runs.flatMap(([directionId, headsign, stopIds, times]) =>
    Array.from({ length: times }, () => {
      n++;
      return {
        tripId: `${routeId}-${n}`,
        routeId,
        serviceId: "ALL",
        directionId,
        headsign,
        times: stopIds.map((s, i) => [s, `08:${String(n + i).padStart(2, "0")}:00`] as [string, string]),
      };
    }),
  );
}

const feedInfo = (lang: string) => ({ publisherName: "Test", publisherUrl: "https://example.org", lang, startDate: undefined, endDate: undefined, version: "1" });

/** English, feed_lang `en` (New York's subway names). */
export function englishFeed(): GtfsFeed {
  return {
    ...feed({
      agencies: [agency({ agencyId: "NYCT", name: "City Transit", timezone: "America/New_York", lang: "" })],
      stops: [
        station("127", "Times Sq-42 St", 40.75529, -73.987495),
        platform("127N", "Times Sq-42 St", 40.75529, -73.987495, "127"),
        platform("127S", "Times Sq-42 St", 40.75529, -73.987495, "127"),
        station("139", "Rector St", 40.707513, -74.013783),
        platform("139N", "Rector St", 40.707513, -74.013783, "139"),
        platform("139S", "Rector St", 40.707513, -74.013783, "139"),
        station("142", "South Ferry", 40.702068, -74.013664),
        platform("142N", "South Ferry", 40.702068, -74.013664, "142"),
        platform("142S", "South Ferry", 40.702068, -74.013664, "142"),
        stop("235", 40.684359, -73.977666, { name: "Atlantic Av-Barclays Ctr" }),
        stop("723", 40.754222, -73.984569, { name: "42 St-Bryant Pk" }),
        stop("710", 40.746644, -73.891338, { name: "Jackson Hts-Roosevelt Av" }),
      ],
      routes: [
        route("1", { agencyId: "NYCT", shortName: "1", longName: "Broadway - 7 Avenue Local", routeType: 1 }),
        route("7", { agencyId: "NYCT", shortName: "7", longName: "Flushing Local", routeType: 1 }),
      ],
      trips: [
        // Busier towards South Ferry: Times Square's platforms must not outrank South Ferry's own on `south ferry`.
        ...trips("1", [
          [1, "South Ferry", ["127S", "139S", "142S"], 6],
          [0, "Times Sq-42 St", ["142N", "139N", "127N"], 2],
        ]),
        ...trips("7", [[0, "Jackson Hts-Roosevelt Av", ["235", "723", "710"], 2]]),
      ],
      calendars: [ALL],
      source: "english",
    }),
    feedInfo: feedInfo("en"),
  };
}

/** French, feed_lang `fr-BE` (Brussels' abbreviations: `Bd`, `Pl.`, `Av.`, `St-`, `2e`). */
export function frenchFeed(): GtfsFeed {
  return {
    ...feed({
      agencies: [agency({ agencyId: "STIB", name: "STIB", timezone: "Europe/Brussels", lang: "" })],
      stops: [
        station("MIDI", "Gare du Midi", 50.8357, 4.3365),
        platform("MIDI1", "Gare du Midi", 50.8357, 4.3365, "MIDI", "1"),
        platform("MIDI2", "Gare du Midi", 50.8357, 4.3365, "MIDI", "2"),
        station("MONT", "Montgomery", 50.8381, 4.4085),
        platform("MONTA", "Montgomery", 50.8381, 4.4085, "MONT"),
        platform("MONTB", "Montgomery", 50.8381, 4.4085, "MONT"),
        stop("ANS", 50.8474, 4.3497, { name: "Bd Anspach" }),
        stop("FLA", 50.8272, 4.3722, { name: "Pl. Flagey" }),
        stop("LOU", 50.8303, 4.3611, { name: "Av. Louise" }),
        stop("GUI", 50.8386, 4.3011, { name: "St-Guidon" }),
        stop("REG", 50.8425, 4.3842, { name: "Rue du 2e Régiment" }),
        stop("STO", 50.8381, 4.4563, { name: "Stockel" }),
      ],
      routes: [route("1", { agencyId: "STIB", shortName: "1", longName: "Gare de l'Ouest - Stockel", routeType: 1 })],
      trips: trips("1", [
        [0, "Stockel", ["GUI", "MIDI1", "ANS", "MONTA", "STO"], 3],
        [1, "Gare du Midi", ["STO", "MONTB", "LOU", "FLA", "REG", "MIDI2"], 2],
      ]),
      calendars: [ALL],
      source: "french",
    }),
    feedInfo: feedInfo("fr-BE"),
  };
}

/** German, no feed_info: agency_lang `de` (`Kaiserstr.`, `Berliner Pl.`, `St. Georg`, `Hbf`). */
export function germanFeed(): GtfsFeed {
  return feed({
    agencies: [agency({ agencyId: "VB", name: "Verkehrsbetriebe", timezone: "Europe/Berlin", lang: "de" })],
    stops: [
      station("HBF", "Hauptbahnhof", 50.1071, 8.6638),
      platform("HBF1", "Hauptbahnhof", 50.1071, 8.6638, "HBF"),
      platform("HBF2", "Hauptbahnhof", 50.1071, 8.6638, "HBF"),
      stop("KAI", 50.1087, 8.6712, { name: "Kaiserstr." }),
      stop("BPL", 50.1109, 8.6821, { name: "Berliner Pl." }),
      stop("GEO", 50.1132, 8.6912, { name: "St. Georg" }),
      stop("MES", 50.1115, 8.6435, { name: "Messe" }),
    ],
    routes: [route("U4", { agencyId: "VB", shortName: "U4", longName: "Messe - St. Georg", routeType: 1 })],
    trips: trips("U4", [
      [0, "St. Georg", ["MES", "HBF1", "KAI", "BPL", "GEO"], 3],
      [1, "Messe", ["GEO", "BPL", "KAI", "HBF2", "MES"], 2],
    ]),
    calendars: [ALL],
    source: "german",
  });
}
