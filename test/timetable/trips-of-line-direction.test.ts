import { beforeAll, describe, expect, it } from "vitest";
import { LijnwijzerError } from "../../src/errors.js";
import { addDays } from "../../src/lib/service-date.js";
import type { Network } from "../../src/network/model.js";
import { departuresAtStop } from "../../src/timetable/departures-at-stop.js";
import { tripOnDate } from "../../src/timetable/trip-on-date.js";
import { tripsOfLineDirection } from "../../src/timetable/trips-of-line-direction.js";
import type { TripTimetable } from "../../src/timetable/types.js";
import { fixtureNetwork, lineDirIdx } from "./support/fixture-network.js";

const render = (trips: TripTimetable[]) =>
  trips.map((t) => `${t.tripNumber}: ${t.passages.map((p) => `${p.stopNumber} ${p.time}`).join(", ")}`);

describe("tripsOfLineDirection - service-days fixture", () => {
  let net: Network;
  beforeAll(async () => {
    net = await fixtureNetwork("service-days");
  });

  it("tripsOfLineDirection - a weekday: every trip of the service date with all its stops, by first departure", () => {
    const trips = tripsOfLineDirection(net, undefined, { lineDirection: lineDirIdx(net, "3_1_HEEN"), date: 20240312 });
    expect(render(trips)).toEqual([
      "104-1: 300001 2024-03-12T06:00:00, 300002 2024-03-12T06:04:00, 300003 2024-03-12T06:09:00",
      "104-2: 300001 2024-03-12T06:20:00, 300002 2024-03-12T06:24:00, 300003 2024-03-12T06:29:00",
      "104-3: 300001 2024-03-12T06:40:00, 300002 2024-03-12T06:44:00, 300003 2024-03-12T06:49:00",
      "101: 300001 2024-03-12T08:00:00, 300002 2024-03-12T08:06:00, 300003 2024-03-12T08:10:00",
      "103: 300001 2024-03-12T12:00:00, 300002 2024-03-12T12:05:00, 300004 2024-03-12T12:08:00, 300002 2024-03-12T12:12:00, 300003 2024-03-12T12:15:00",
      "102: 300001 2024-03-13T01:10:00, 300002 2024-03-13T01:15:00, 300003 2024-03-13T01:20:00",
    ]);
    expect(trips[3]).toMatchObject({ serviceDate: 20240312, destination: "Kerk", placeDestination: "Heverlee Kerk" });
  });

  it("tripsOfLineDirection - Saturday, Sunday, holiday, no service", () => {
    const heen = lineDirIdx(net, "3_1_HEEN");
    const numbers = (date: number) => tripsOfLineDirection(net, undefined, { lineDirection: heen, date }).map((t) => t.tripNumber);
    expect(numbers(20240316)).toEqual(["201"]);
    expect(numbers(20240317)).toEqual(["301"]);
    expect(numbers(20240501)).toEqual(["301"]);
    expect(numbers(20250115)).toEqual([]);
    expect(render(tripsOfLineDirection(net, undefined, { lineDirection: lineDirIdx(net, "3_1_TERUG"), date: 20240312 }))).toEqual([
      "151: 300003 2024-03-12T17:00:00, 300002 2024-03-12T17:05:00, 300001 2024-03-12T17:10:00",
    ]);
  });

  it("tripOnDate - one trip by ritnummer; 404 when it does not run that day", () => {
    const heen = lineDirIdx(net, "3_1_HEEN");
    expect(render(tripOnDate(net, undefined, { lineDirection: heen, tripNumber: "102", date: 20240315 }))).toEqual([
      "102: 300001 2024-03-16T01:10:00, 300002 2024-03-16T01:15:00, 300003 2024-03-16T01:20:00",
    ]);
    const fail = (tripNumber: string, date: number) => {
      try {
        tripOnDate(net, undefined, { lineDirection: heen, tripNumber, date });
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const e = fail("102", 20240316) as LijnwijzerError;
    expect(e).toBeInstanceOf(LijnwijzerError);
    expect(e.status).toBe(404);
    expect(e.message).toBe("Trip 102 does not run on line direction 3_1_HEEN on 2024-03-16");
    expect((fail("999", 20240312) as LijnwijzerError).code).toBe("LW_TRIP_NOT_FOUND");
  });

  it("tripsOfLineDirection - every passage of every trip is the same passage, same time, in the stop timetable", () => {
    let checked = 0;
    for (const key of ["3_1_HEEN", "3_1_TERUG"]) {
      for (const date of [20240311, 20240312, 20240315, 20240316, 20240317, 20240501]) {
        for (const trip of tripsOfLineDirection(net, undefined, { lineDirection: lineDirIdx(net, key), date })) {
          for (const p of trip.passages) {
            const day = Number(p.time.slice(0, 10).replaceAll("-", ""));
            const atStop = departuresAtStop(net, undefined, { stop: p.stop, date: day, includeLastStop: true });
            const same = atStop.find((q) => q.id === p.id);
            const boardable = p.isLast || (net.patterns.stopFlags[net.patterns.stopStart[net.trips.pattern[p.trip]] + p.position] & 3) !== 1;
            if (!boardable) {
              expect(same).toBeUndefined();
              continue;
            }
            expect(same, p.id).toBeDefined();
            expect(same!.time).toBe(p.time);
            expect(same!.epochMs).toBe(p.epochMs);
            expect(day === p.serviceDate || day === addDays(p.serviceDate, 1)).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(77);
  });
});

describe("tripsOfLineDirection - daylight-saving-time fixture", () => {
  it("tripsOfLineDirection - Saturday 2024-10-26's trips end on Sunday, both 02:45s", async () => {
    const net = await fixtureNetwork("daylight-saving-time");
    const trips = tripsOfLineDirection(net, undefined, { lineDirection: lineDirIdx(net, "3_2_HEEN"), date: 20241026 });
    expect(render(trips)).toEqual([
      "1200: 300011 2024-10-26T12:00:00, 300012 2024-10-26T12:10:00",
      "2445: 300011 2024-10-27T00:45:00, 300012 2024-10-27T00:55:00",
      "2545: 300011 2024-10-27T01:45:00, 300012 2024-10-27T01:55:00",
      "2645: 300011 2024-10-27T02:45:00, 300012 2024-10-27T02:55:00",
      "2745: 300011 2024-10-27T02:45:00, 300012 2024-10-27T02:55:00",
    ]);
  });
});
