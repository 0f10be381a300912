import { describe, expect, it } from "vitest";
import { compileNetwork } from "../../src/network/compile-network.js";
import type { Network } from "../../src/network/model.js";
import { stopsOfLineDirection } from "../../src/network/queries/stops-of-line-direction.js";
import { agency, calendar, feed, route, stop, type TripSpec } from "../support/feed-builder.js";
import { mtaLikeFeed } from "./support/mta-like-feed.js";

/** "omschrijving > bestemming | main pattern's stops | stops of the direction" of a route's direction. */
const direction = (net: Network, routeId: string, dir: number) => {
  let line = 0;
  while (net.strings.get(net.lines.gtfsId[line]) !== routeId) line++;
  const ld = line * 2 + dir;
  const { patterns, strings, lineDirections: d } = net;
  const main = d.mainPattern[ld];
  const ids = (stops: Iterable<number>) => [...stops].map((s) => strings.get(net.stops.gtfsId[s])).join(",");
  return [
    `${strings.get(d.description[ld])} > ${strings.get(d.destination[ld])}`,
    ids(patterns.stops.subarray(patterns.stopStart[main], patterns.stopStart[main + 1])),
    ids(stopsOfLineDirection(net, ld)),
  ].join(" | ");
};

const abc = [stop("A", 51.0, 4.0, { name: "Aa" }), stop("B", 51.01, 4.01, { name: "Bee" }), stop("C", 51.02, 4.02, { name: "Cee" })];
const net = (trips: Array<Omit<TripSpec, "routeId" | "serviceId">>) =>
  compileNetwork([
    {
      profile: "generic",
      feed: feed({
        agencies: [agency()],
        stops: abc,
        routes: [route("R", { shortName: "R" })],
        trips: trips.map((t) => ({ routeId: "R", serviceId: "WK", ...t })),
        calendars: [calendar("WK", "1111100", 20260101, 20261231)],
      }),
    },
  ]);

describe("compileLineDirections", () => {
  it("line directions - omschrijving and main pattern come from the trips to the bestemming, not from the busiest pattern (LIRR Montauk TERUG)", () => {
    const mta = compileNetwork([{ feed: mtaLikeFeed(), profile: "generic" }]);
    expect(direction(mta, "MB", 1)).toBe("Montauk - Jamaica > Jamaica | MTK,SPK,PGE,BTA,JAM | MTK,SPK,PGE,BTA,JAM");
    // The patterns stay listed busiest first: the Patchogue - Babylon shuttle.
    let mb = 0;
    while (mta.strings.get(mta.lines.gtfsId[mb]) !== "MB") mb++;
    const first = mta.lineDirections.patterns[mta.lineDirections.patternStart[mb * 2 + 1]];
    expect(mta.patterns.tripStart[first + 1] - mta.patterns.tripStart[first]).toBe(4);
  });

  it("line directions - without headsigns every trip counts: the description most trips share, bestemming its main pattern's last stop", () => {
    // A -> B is the busiest pattern (2 trips), but 3 trips run A - C over two patterns.
    const n = net([
      { tripId: "1", times: [["A", "08:00:00"], ["B", "08:10:00"]] },
      { tripId: "2", times: [["A", "09:00:00"], ["B", "09:10:00"]] },
      { tripId: "3", times: [["A", "08:05:00"], ["B", "08:15:00"], ["C", "08:25:00"]] },
      { tripId: "4", times: [["A", "08:30:00"], ["C", "08:45:00"]] },
      { tripId: "5", times: [["A", "09:30:00"], ["C", "09:45:00"]] },
    ]);
    expect(direction(n, "R", 0)).toBe("Aa - Cee > Cee | A,C | A,B,C");
  });

  it("line directions - among patterns with as many trips to the bestemming, the one with more trips overall is the main pattern", () => {
    const n = net([
      // Listed first, so A -> B -> C is the pattern with the lower index; A -> C has the third trip.
      { tripId: "1", headsign: "Cee", times: [["A", "08:05:00"], ["B", "08:15:00"], ["C", "08:25:00"]] },
      { tripId: "2", headsign: "Cee", times: [["A", "09:05:00"], ["B", "09:15:00"], ["C", "09:25:00"]] },
      { tripId: "3", headsign: "Cee", times: [["A", "08:00:00"], ["C", "08:10:00"]] },
      { tripId: "4", headsign: "Cee", times: [["A", "09:00:00"], ["C", "09:10:00"]] },
      { tripId: "5", headsign: "Cee via Bee", times: [["A", "10:00:00"], ["C", "10:10:00"]] },
    ]);
    expect(direction(n, "R", 0)).toBe("Aa - Cee > Cee | A,C | A,B,C");
  });
});
