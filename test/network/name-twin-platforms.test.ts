import { describe, expect, it } from "vitest";
import { compileNetwork } from "../../src/network/compile-network.js";
import type { Network } from "../../src/network/model.js";
import { agency, calendar, feed, route, stop } from "../support/feed-builder.js";
import { mtaLikeFeed } from "./support/mta-like-feed.js";

/** stop_id -> "omschrijving | omschrijvingLang" for the given stop_ids. */
const names = (net: Network, ...ids: string[]) => {
  const byId = new Map<string, number>();
  for (let s = 0; s < net.stops.count; s++) byId.set(net.strings.get(net.stops.gtfsId[s]), s);
  return Object.fromEntries(
    ids.map((id) => {
      const s = byId.get(id)!;
      return [id, `${net.strings.get(net.stops.name[s])} | ${net.strings.get(net.stops.longName[s])}`];
    }),
  );
};

describe("nameTwinPlatforms", () => {
  const net = compileNetwork([{ feed: mtaLikeFeed(), profile: "generic" }]);

  it("twin platforms - distinct platform_codes of every twin give ' platform <code>' (the feed's language: agency_lang en)", () => {
    expect(names(net, "C1", "C2")).toEqual({ C1: "Central platform 1 | Central platform 1", C2: "Central platform 2 | Central platform 2" });
  });

  it("twin platforms - without platform_codes, the main destination of the trips departing from each twin", () => {
    expect(names(net, "142N", "142S", "103N", "103S")).toEqual({
      "142N": "South Ferry towards Van Cortlandt Park | South Ferry towards Van Cortlandt Park",
      "142S": "South Ferry arrivals | South Ferry arrivals",
      // One platform_code of two tells nothing; omschrijvingLang keeps its place in front.
      "103N": "238 St towards Van Cortlandt Park | Bronx 238 St towards Van Cortlandt Park",
      "103S": "238 St towards South Ferry | Bronx 238 St towards South Ferry",
    });
  });

  it("twin platforms - the main destination is the one most departing trips go to; trips ending at the stop do not count", () => {
    // 101S: two trips to South Ferry, one to 238 St; 101N: trips only end there.
    expect(names(net, "101N", "101S")).toEqual({
      "101N": "Van Cortlandt Park arrivals | Van Cortlandt Park arrivals",
      "101S": "Van Cortlandt Park towards South Ferry | Van Cortlandt Park towards South Ferry",
    });
  });

  it("twin platforms - twins going to the same destination (here the last stop's name, without headsigns) get their stop_id", () => {
    expect(names(net, "E1", "E2")).toEqual({ E1: "Eastfield (E1) | Eastfield (E1)", E2: "Eastfield (E2) | Eastfield (E2)" });
  });

  it("twin platforms - stops without a parent, or whose names differ, keep their names", () => {
    expect(names(net, "M1", "M2", "142X", "D")).toEqual({
      M1: "Markt | Markt",
      M2: "Markt | Markt",
      "142X": "South Ferry Loop | South Ferry Loop",
      D: "Depot | Depot",
    });
  });

  it("twin platforms - line-direction destinations and descriptions name the stops as the feed does", () => {
    let line = 0;
    while (net.strings.get(net.lines.gtfsId[line]) !== "1") line++;
    const dirs = [line * 2, line * 2 + 1].map(
      (ld) => `${net.strings.get(net.lineDirections.description[ld])} > ${net.strings.get(net.lineDirections.destination[ld])}`,
    );
    expect(dirs).toEqual(["South Ferry - Van Cortlandt Park > Van Cortlandt Park", "Van Cortlandt Park - South Ferry > South Ferry"]);
  });

  it("twin platforms - a twin no trip visits gets its stop_id; a platform_code given twice tells nothing", () => {
    const lone = compileNetwork([
      {
        profile: "generic",
        feed: feed({
          agencies: [agency()],
          stops: [
            stop("711N", 40.745, -73.903, { name: "69 St", parentStation: "711", platformCode: "A" }),
            stop("711S", 40.745, -73.903, { name: "69 St", parentStation: "711", platformCode: "A" }),
            stop("712", 40.744, -73.912, { name: "61 St" }),
          ],
          routes: [route("7", { shortName: "7" })],
          trips: [{ tripId: "t", routeId: "7", serviceId: "WK", headsign: "Flushing", times: [["711S", "08:00:00"], ["712", "08:02:00"]] }],
          calendars: [calendar("WK", "1111100", 20260101, 20261231)],
        }),
      },
    ]);
    expect(names(lone, "711N", "711S")).toEqual({ "711N": "69 St (711N) | 69 St (711N)", "711S": "69 St richting Flushing | 69 St richting Flushing" });
  });
});
