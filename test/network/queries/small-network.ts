/**
 * A small network around Leuven for the query and API unit tests, compiled with the real compiler and the
 * Flanders reference data (municipalities, regions, entities, colours):
 *
 * - line 3/302 (public "2", 2024 only): HEEN 300483 Doleeg -> 300507 Ormendaal -> 301010 Herent (2 trips) and
 *   300483 -> 300484 Doleeg -> 300507 (1 trip); TERUG 301010 -> 300507 -> 300483;
 * - line 3/303 (public "3", 2025 only): HEEN 305000 Lubbeek -> 300483;
 * - stop 309999 in Leuven that no trip serves.
 */
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { Network } from "../../../src/network/model.js";
import { defaultReferenceDir } from "../../../src/reference/default-reference-dir.js";
import { readReference } from "../../../src/reference/read-reference.js";
import { agency, calendar, feed, route, stop } from "../../support/feed-builder.js";

let cached: Promise<Network> | undefined;

export function smallNetwork(): Promise<Network> {
  cached ??= build();
  return cached;
}

async function build(): Promise<Network> {
  const reference = await readReference(defaultReferenceDir());
  return compileNetwork(
    [
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3", name: "De Lijn Vlaams-Brabant" })],
          stops: [
            stop("300483", 50.860721, 4.647603, { name: "Doleeg", place: "Heverlee", accessibility: "MOTORISCH_MET_ASSIST" }),
            stop("300484", 50.860804, 4.647943, { name: "Doleeg", place: "Heverlee" }),
            stop("300507", 50.850406, 4.649509, { name: "Ormendaal", place: "Heverlee", wheelchairBoarding: 1 }),
            stop("301010", 50.9056, 4.6582, { name: "Centrum" }),
            stop("305000", 50.8868, 4.8114, { name: "Kerk" }),
            stop("309999", 50.8796, 4.7049, { name: "Nergens" }),
          ],
          routes: [
            route("3302", {
              agencyId: "3",
              shortName: "2",
              longName: "Kessel-Lo - Heverlee",
              color: 0xbb0022,
              textColor: 0xffffff,
            }),
            route("3303", { agencyId: "3", shortName: "3", longName: "Lubbeek - Leuven", color: 0x991199, textColor: 0xffffff }),
          ],
          trips: [
            { tripId: "h1", routeId: "3302", serviceId: "Y24", directionId: 0, headsign: "Herent", times: [["300483", "08:00:00"], ["300507", "08:05:00"], ["301010", "08:15:00"]] },
            { tripId: "h2", routeId: "3302", serviceId: "Y24", directionId: 0, headsign: "Herent", times: [["300483", "09:00:00"], ["300507", "09:05:00"], ["301010", "09:15:00"]] },
            { tripId: "h3", routeId: "3302", serviceId: "Y24", directionId: 0, headsign: "Ormendaal", times: [["300483", "10:00:00"], ["300484", "10:01:00"], ["300507", "10:05:00"]] },
            { tripId: "t1", routeId: "3302", serviceId: "Y24", directionId: 1, headsign: "Heverlee", times: [["301010", "08:30:00"], ["300507", "08:40:00"], ["300483", "08:45:00"]] },
            { tripId: "l1", routeId: "3303", serviceId: "Y25", directionId: 0, headsign: "Leuven", times: [["305000", "07:00:00"], ["300483", "07:20:00"]] },
          ],
          calendars: [calendar("Y24", "1111111", 20240101, 20241231), calendar("Y25", "1111111", 20250101, 20251231)],
        }),
      },
    ],
    { reference, now: new Date("2024-06-01T12:00:00Z") },
  );
}
