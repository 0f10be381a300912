/**
 * Access and egress walking, and the points of a plan. Stops Markt (A) and Markt perron 2 (A2, 111.2 m north of
 * A: a footpath of 116 s) and Ring (R, about 900 m east of A); Station (B) 6.7 km north. Line 1 runs A, A2, R, B;
 * line 2 R, B.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../src/errors.js";
import { stopsByGtfsId } from "../../src/network/gtfs-id-lookup.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { parsePlanPoint } from "../../src/routing/plan-point.js";
import { stopAccesses, walkBetween, walkParameters, walkSeconds } from "../../src/routing/walk-access.js";
import { calendar, feed, route, stop } from "../support/feed-builder.js";

let net: Network;
const idx = (gtfsId: string): StopIdx => stopsByGtfsId(net, gtfsId)[0];
const named = (list: { stop: StopIdx; seconds: number; meters: number }[]) =>
  list.map((a) => [net.strings.get(net.stops.gtfsId[a.stop]), a.seconds, Math.round(a.meters * 10) / 10]);

beforeAll(() => {
  net = compileNetwork(
    [
      {
        profile: "generic",
        feed: feed({
          stops: [stop("A", 50.88, 4.7), stop("A2", 50.881, 4.7), stop("R", 50.88, 4.7128), stop("B", 50.94, 4.7)],
          routes: [route("1", { shortName: "1" }), route("2", { shortName: "2" })],
          calendars: [calendar("WK", "1111100", 20260101, 20261231)],
          trips: [
            { tripId: "t", routeId: "1", serviceId: "WK", times: [["A", "08:00:00"], ["A2", "08:01:00"], ["R", "08:03:00"], ["B", "08:20:00"]] },
            { tripId: "u", routeId: "2", serviceId: "WK", times: [["R", "08:10:00"], ["B", "08:25:00"]] },
          ],
        }),
      },
    ],
    { now: new Date("2026-01-01T00:00:00Z") },
  );
});

describe("walk access", () => {
  it("walkParameters - the footpaths' model of the snapshot: 1.3 x the straight line at 1.25 m/s, 1 km around a place", () => {
    expect(walkParameters(net)).toEqual({ radiusMeters: 1000, detourFactor: 1.3, walkMetersPerSecond: 1.25 });
    expect(walkSeconds(1000, walkParameters(net))).toBe(1040);
    expect(walkSeconds(0.5, walkParameters(net))).toBe(1);
  });

  it("stopAccesses - a place: every stop within the radius, nearest first, with its walk", () => {
    const place = { kind: "place" as const, lat: 50.8795, lon: 4.7 };
    const all = [
      ["A", 58, 55.6],
      ["A2", 174, 166.8],
      ["R", 936, 899.7],
    ];
    expect(named(stopAccesses(net, place, walkParameters(net), "origin"))).toEqual(all);
    expect(named(stopAccesses(net, place, walkParameters(net), "destination"))).toEqual(all);
    expect(named(stopAccesses(net, place, walkParameters(net, 100), "destination"))).toEqual([["A", 58, 55.6]]);
    expect(stopAccesses(net, { kind: "place", lat: 10, lon: 10 }, walkParameters(net), "origin")).toEqual([]);
  });

  it("stopAccesses - a stop: the stop at 0 s and the stops its footpaths join, at the footpath's time", () => {
    expect(named(stopAccesses(net, { kind: "stop", stop: idx("A") }, walkParameters(net), "origin"))).toEqual([
      ["A", 0, 0],
      ["A2", 116, 111.2],
    ]);
    expect(named(stopAccesses(net, { kind: "stop", stop: idx("A2") }, walkParameters(net), "destination"))).toEqual([
      ["A2", 0, 0],
      ["A", 116, 111.2],
    ]);
  });

  it("walkBetween - straight line and walking seconds between two points", () => {
    const w = walkBetween(net, { kind: "stop", stop: idx("A") }, { kind: "place", lat: 50.8845, lon: 4.7 }, walkParameters(net));
    expect([Math.round(w.meters * 10) / 10, w.seconds]).toEqual([500.4, 521]);
  });
});

describe("plan points", () => {
  const message = (text: string) => {
    try {
      parsePlanPoint(net, text, "--from");
    } catch (e) {
      expect(e).toBeInstanceOf(LijnwijzerError);
      expect((e as LijnwijzerError).status).toBe(400);
      return (e as Error).message;
    }
    throw new Error(`accepted ${text}`);
  };

  it("parsePlanPoint - a coordinate, a stop key or gtfs:<stop_id>", () => {
    expect(parsePlanPoint(net, "50.88, 4.7")).toEqual({ kind: "place", lat: 50.88, lon: 4.7 });
    const entity = net.meta.entities[net.stops.entity[idx("R")]].number;
    const number = net.strings.get(net.stops.number[idx("R")]);
    expect(parsePlanPoint(net, `${entity}_${number}`)).toEqual({ kind: "stop", stop: idx("R") });
    expect(parsePlanPoint(net, "gtfs:A2")).toEqual({ kind: "stop", stop: idx("A2") });
  });

  it("parsePlanPoint - 400 naming the option for anything else", () => {
    expect(message("Leuven")).toBe(
      '--from "Leuven" is no point: give <latitude>,<longitude> (e.g. 50.8798,4.7005), a stop key entiteitnummer_haltenummer (e.g. 3_307150) or gtfs:<stop_id>',
    );
    expect(message("91,4")).toBe('--from "91,4" lies out of range: latitude -90 to 90, longitude -180 to 180');
    expect(message("1_999999")).toBe('--from "1_999999": stop 999999 of entity 1 does not exist');
    expect(message("gtfs:nope")).toBe('--from "gtfs:nope": no stop has the GTFS stop_id or stop_code nope');
  });
});
