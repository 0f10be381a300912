/**
 * A feed of two New York agencies (NYCT and LIRR) in which each given route runs one trip between two stops in
 * January 2024: the generic profile's numbering and colour tests vary only the routes.
 */
import type { GtfsFeed, RouteRow } from "../../../src/gtfs/types.js";
import { agency, calendar, feed, stop } from "../../support/feed-builder.js";

export function twoAgencyFeed(routes: RouteRow[], running: (r: RouteRow) => boolean = () => true): GtfsFeed {
  return feed({
    agencies: [agency({ agencyId: "NYCT", timezone: "America/New_York" }), agency({ agencyId: "LIRR", timezone: "America/New_York" })],
    stops: [stop("101N", 40.889, -73.898), stop("103N", 40.884, -73.9)],
    routes,
    trips: routes
      .filter(running)
      .map((r) => ({ tripId: `t${r.routeId}`, routeId: r.routeId, serviceId: "S", times: [["101N", "08:00:00"], ["103N", "08:02:00"]] as Array<[string, string]> })),
    calendars: [calendar("S", "1111111", 20240101, 20240131)],
  });
}
