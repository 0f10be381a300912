import { beforeAll, describe, expect, it } from "vitest";
import { KNOWN_TRIPS } from "../../src/demo/known-trips.js";
import { requireLineDirection } from "../../src/network/lookup.js";
import type { LineDirIdx, Network } from "../../src/network/model.js";
import { tripsOfLineDirection } from "../../src/timetable/trips-of-line-direction.js";
import type { RealtimeTrip } from "../../src/timetable/types.js";
import { UPCOMING_TRIPS_WINDOW_MS, upcomingTrips } from "../../src/timetable/upcoming-trips.js";
import { demoNetwork } from "../support/demo-network.js";
import { mapOverlay, tripIdx } from "./support/realtime-fixtures.js";

const cet = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);
const MINUTE = 60_000;
/** "ritnummer serviceDate: first remaining time (position) .. last time, n passages". */
const render = (ts: RealtimeTrip[]) =>
  ts.map((t) => {
    const [a, z] = [t.passages[0].passage, t.passages[t.passages.length - 1].passage];
    return `${t.tripNumber} ${t.serviceDate}: ${a.time.slice(11)}(${a.position}) .. ${z.time.slice(11)}, ${t.passages.length}`;
  });

const line2 = KNOWN_TRIPS.line2FirstWeekday;
const last = KNOWN_TRIPS.line2LastWeekday;

describe("upcomingTrips - demo network, line 2 (3/302) HEEN", () => {
  let net: Network;
  let outbound: LineDirIdx;
  beforeAll(async () => {
    net = await demoNetwork();
    outbound = requireLineDirection(net, "3", "302", 0);
  });

  it("upcomingTrips - the trips under way or leaving within the window, with the passages still ahead", () => {
    const from = cet("2026-03-10", "06:10:00");
    const trips = upcomingTrips(net, undefined, { lineDirection: outbound, from });
    expect(UPCOMING_TRIPS_WINDOW_MS).toBe(90 * MINUTE);
    expect(trips.map((t) => t.tripNumber)).toEqual(["1001", "1003", "1005", "1007", "1009", "1011"]);
    // 1001 left Kessel-Lo at 06:01; 21 of its 28 stops are ahead, the last its arrival at 06:42.
    expect(render(trips.slice(0, 1))).toEqual([`1001 20260310: 06:11:00(7) .. ${line2.passages[2].arrival}, 21`]);
    // Cross-check with the day's timetable: the same passages, cut at the moment.
    const day = tripsOfLineDirection(net, undefined, { lineDirection: outbound, date: 20260310 });
    const expected = day
      .map((t) => ({ t, ahead: t.passages.filter((p) => p.epochMs >= from) }))
      .filter(({ ahead }) => ahead.length > 0 && ahead[0].epochMs < from + UPCOMING_TRIPS_WINDOW_MS);
    expect(trips.map((t) => t.passages.map((p) => p.passage.id))).toEqual(expected.map(({ ahead }) => ahead.map((p) => p.id)));
    expect(trips.every((t) => t.passages.every((p) => p.statuses.join() === "GEENREALTIME"))).toBe(true);
  });

  it("upcomingTrips - after midnight the previous service date's last trip is still under way", () => {
    const trips = upcomingTrips(net, undefined, { lineDirection: outbound, from: cet("2026-03-11", "00:05:00") });
    expect(render(trips)).toEqual(["1105 20260310: 00:05:00(22) .. 00:12:00, 6"]);
    expect(trips[0].passages.at(-1)!.passage.id).toBe(`2026-03-10_3_${last.tripId}_${last.passages[2].stopId}_27`);
  });

  it("upcomingTrips - a trip that should have arrived is still listed while the overlay predicts it ahead", () => {
    const trip = tripIdx(net, line2.tripId);
    const arrival = cet("2026-03-10", line2.passages[2].arrival);
    const o = mapOverlay([{ trip, serviceDate: 20260310, position: 27, update: { epochMs: arrival + 8 * MINUTE, vehicle: "7301" } }]);
    const from = arrival + 5 * MINUTE;
    expect(upcomingTrips(net, undefined, { lineDirection: outbound, from })[0].tripNumber).not.toBe("1001");
    const trips = upcomingTrips(net, o, { lineDirection: outbound, from });
    expect(render(trips.slice(0, 1))).toEqual(["1001 20260310: 06:42:00(27) .. 06:42:00, 1"]);
    expect(trips[0].passages[0]).toMatchObject({ realtimeTime: "2026-03-10T06:50:00", vehicle: "7301", statuses: ["REALTIME"] });
  });

  it("upcomingTrips - an overlay that knows nothing answers as no overlay; nothing at 04:00", () => {
    const params = { lineDirection: outbound, from: cet("2026-03-10", "17:00:00") };
    expect(upcomingTrips(net, mapOverlay([]), params)).toEqual(upcomingTrips(net, undefined, params));
    expect(upcomingTrips(net, undefined, { lineDirection: outbound, from: cet("2026-03-11", "04:00:00") })).toEqual([]);
  });
});
