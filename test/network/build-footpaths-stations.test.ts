/**
 * Footpaths of a compiled network from a feed shaped like New York's subway: transfers.txt names parent stations,
 * trips stop at their platforms (101N, 101S), and the stations lie beyond walking distance of each other.
 */
import { describe, expect, it } from "vitest";
import type { TransferRow } from "../../src/gtfs/types.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import type { Network } from "../../src/network/model.js";
import { agency, calendar, feed, route, stop } from "../support/feed-builder.js";

const platform = (id: string, lat: number, parent: string) => stop(id, lat, -73.9, { name: `Platform ${id}`, parentStation: parent });

function subway(transfers: Array<[string, string, number, number?]>, walkRadiusMeters?: number): Network {
  const base = feed({
    agencies: [agency({ agencyId: "MTA", timezone: "America/New_York" })],
    stops: [
      stop("101", 40.8892, -73.9, { name: "Van Cortlandt Park", locationType: 1 }),
      platform("101N", 40.8892, "101"),
      platform("101S", 40.8892, "101"),
      stop("103", 40.8847, -73.9, { name: "238 St", locationType: 1 }),
      platform("103N", 40.8847, "103"),
      platform("103S", 40.8847, "103"),
      // 1 km south of 238 St: reached only by transfers.txt
      stop("X", 40.8757, -73.9, { name: "Elsewhere" }),
    ],
    routes: [route("1", { agencyId: "MTA" })],
    trips: [
      { tripId: "S", routeId: "1", serviceId: "ALL", times: [["101S", "08:00:00"], ["103S", "08:02:00"], ["X", "08:05:00"]] },
      { tripId: "N", routeId: "1", serviceId: "ALL", directionId: 1, times: [["X", "09:00:00"], ["103N", "09:03:00"], ["101N", "09:05:00"]] },
    ],
    calendars: [calendar("ALL", "1111111", 20260101, 20261231)],
  });
  const rows: TransferRow[] = transfers.map(([fromStopId, toStopId, transferType, minTransferTime]) => ({ fromStopId, toStopId, fromRouteId: "", toRouteId: "", fromTripId: "", toTripId: "", transferType, minTransferTime }));
  return compileNetwork([{ feed: { ...base, transfers: rows }, profile: "generic" }], { walkRadiusMeters });
}

/** "from->to:seconds" by GTFS stop_id. */
function paths(net: Network): string[] {
  const id = (s: number) => net.strings.get(net.stops.gtfsId[s]);
  const out: string[] = [];
  const { footpathStart, footpathTo, footpathSeconds } = net.stops;
  for (let s = 0; s < net.stops.count; s++) {
    for (let i = footpathStart[s]; i < footpathStart[s + 1]; i++) out.push(`${id(s)}->${id(footpathTo[i])}:${footpathSeconds[i]}`);
  }
  return out.sort();
}

describe("compileNetwork footpaths", () => {
  it("compileNetwork - the platforms of one parent station are linked on foot, stations 500 m apart are not", () => {
    const net = subway([]);
    expect(net.stops.count).toBe(5);
    expect(paths(net)).toEqual(["101N->101S:0", "101S->101N:0", "103N->103S:0", "103S->103N:0"]);
    expect(net.meta.footpaths).toEqual({ maxMeters: 400, detourFactor: 1.3, walkMetersPerSecond: 1.25, budgetSeconds: 900 });
  });

  it("compileNetwork - a transfers.txt row between stations applies to their platforms; from a station to itself, it is the time to change at each platform", () => {
    const net = subway([
      ["101", "101", 2, 180],
      ["101", "103", 2, 300],
    ]);
    expect(paths(net)).toEqual([
      "101N->101N:180",
      "101N->101S:180",
      "101N->103N:300",
      "101N->103S:300",
      "101S->101N:180",
      "101S->101S:180",
      "101S->103N:300",
      "101S->103S:300",
      "103N->103S:0",
      "103S->103N:0",
    ]);
  });

  it("compileNetwork - a row naming platforms wins over one naming their stations, whatever their order in the file", () => {
    const net = subway([
      ["101N", "101S", 3],
      ["101", "101", 2, 180],
      ["103S", "103N", 2, 60],
      ["103", "103", 3],
    ]);
    // 103 -> 103 of type 3 forbids the changes between its platforms, and at each of them (65535: NO_CHANGE_SECONDS).
    expect(paths(net)).toEqual(["101N->101N:180", "101S->101N:180", "101S->101S:180", "103N->103N:65535", "103S->103N:60", "103S->103S:65535"]);
  });

  it("compileNetwork - a stop beyond the radius is reached along transfers.txt, at its walk when the row gives no time", () => {
    const net = subway([
      ["103", "X", 0],
      ["X", "103S", 2, 240],
    ]);
    // 1,001.9 m straight (0.009 degrees of latitude) x 1.3 / 1.25 m/s = 1,041.95 s: beyond the 900 s budget, but a
    // direct footpath stays; X -> 103N is the chain X -> 103S (240 s) -> 103N (0 s, the same station)
    expect(paths(net)).toEqual(["101N->101S:0", "101S->101N:0", "103N->103S:0", "103N->X:1042", "103S->103N:0", "103S->X:1042", "X->103N:240", "X->103S:240"]);
  });

  it("compileNetwork - walk radius 0 keeps the stations and transfers.txt, and meta.footpaths records it", () => {
    const near = subway([["101", "103", 2, 300]], 0);
    expect(paths(near)).toEqual([
      "101N->101S:0",
      "101N->103N:300",
      "101N->103S:300",
      "101S->101N:0",
      "101S->103N:300",
      "101S->103S:300",
      "103N->103S:0",
      "103S->103N:0",
    ]);
    expect(near.meta.footpaths.maxMeters).toBe(0);
    // 500 m between the stations: a radius of 600 m joins them at their walk
    expect(paths(subway([], 600))).toContain("101N->103S:521");
  });
});
