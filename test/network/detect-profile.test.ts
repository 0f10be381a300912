import { describe, expect, it } from "vitest";
import { readGtfs } from "../../src/gtfs/index.js";
import { demoFeedPath } from "../../src/demo/demo-feed-path.js";
import { detectProfile } from "../../src/network/detect-profile.js";
import { agency, feed, route, stop } from "../support/feed-builder.js";

/** A feed with these agencies, stops and routes; one trip visits every stop. */
function feedOf(agencyIds: string[], stopIds: string[], routeIds: string[]) {
  return feed({
    agencies: agencyIds.map((agencyId) => agency({ agencyId })),
    stops: stopIds.map((id, i) => stop(id, 50 + i / 1000, 4)),
    routes: routeIds.map((id) => route(id, { agencyId: agencyIds[0] })),
    trips: [{ tripId: "T", routeId: routeIds[0], serviceId: "S", times: stopIds.map((id, i) => [id, `08:${String(i % 60).padStart(2, "0")}:00`]) }],
  });
}

const delijnStops = (n: number, entity = "3") => Array.from({ length: n }, (_, i) => `${entity}${String(10000 + i).padStart(5, "0")}`);

describe("detectProfile", () => {
  it("detectProfile - the demo feed follows the operator's conventions: delijn, every id counted", async () => {
    expect(detectProfile(await readGtfs(demoFeedPath()))).toEqual({
      profile: "delijn",
      reason: "7789 of 7789 stop_ids and 353 of 353 route_ids follow the operator's conventions",
    });
  });

  it("detectProfile - an agency_id that is no single digit makes the feed generic, and the reason names it", () => {
    expect(detectProfile(feedOf(["3", "MTA NYCT"], delijnStops(3), ["3302"]))).toEqual({
      profile: "generic",
      reason: 'agency_id "MTA NYCT" is no entity number',
    });
    expect(detectProfile(feedOf(["12"], ["120001"], ["1202"])).reason).toBe('agency_id "12" is no entity number');
  });

  it("detectProfile - 95% of stop_ids following the conventions is delijn, fewer is generic with the first that does not", () => {
    const ok = delijnStops(19);
    expect(detectProfile(feedOf(["3"], [...ok, "A01N"], ["3302"]))).toEqual({
      profile: "delijn",
      reason: "19 of 20 stop_ids and 1 of 1 route_ids follow the operator's conventions",
    });
    expect(detectProfile(feedOf(["3"], [...ok.slice(1), "A01N", "A01S"], ["3302"]))).toEqual({
      profile: "generic",
      reason: `only 18 of 20 stop_ids and 1 of 1 route_ids follow the operator's conventions (95% needed): stop_id "A01N" is no 6-digit number starting with an agency_id`,
    });
  });

  it("detectProfile - a stop_id whose first digit is no agency of the feed does not count; stations do not count", () => {
    const f = feedOf(["3"], ["300001", "400001"], ["3302"]);
    f.stops.push(stop("STATION-1", 50, 4, { locationType: 1 }));
    expect(detectProfile(f).reason).toBe(
      `only 1 of 2 stop_ids and 1 of 1 route_ids follow the operator's conventions (95% needed): stop_id "400001" is no 6-digit number starting with an agency_id`,
    );
  });

  it("detectProfile - route_ids must start with an agency_id and a 3-digit line number", () => {
    expect(detectProfile(feedOf(["3"], delijnStops(2), ["3302", "3302_a", "3302x"])).profile).toBe("delijn");
    expect(detectProfile(feedOf(["3"], delijnStops(2), ["3302", "33021", "4302"]))).toEqual({
      profile: "generic",
      reason: `only 2 of 2 stop_ids and 1 of 3 route_ids follow the operator's conventions (95% needed): route_id "33021" does not start with an agency_id and a 3-digit line number`,
    });
  });

  it("detectProfile - numeric ids of another shape (4-digit stops, short routes) are generic, both reasons given", () => {
    expect(detectProfile(feedOf(["1"], ["1001", "1002"], ["10"])).reason).toBe(
      `only 0 of 2 stop_ids and 0 of 1 route_ids follow the operator's conventions (95% needed): ` +
        `stop_id "1001" is no 6-digit number starting with an agency_id; route_id "10" does not start with an agency_id and a 3-digit line number`,
    );
  });
});
