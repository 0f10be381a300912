import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readGtfs } from "../../src/gtfs/read-gtfs.js";
import type { GtfsFeed } from "../../src/gtfs/types.js";

// The npm package sample-gtfs-feed: a small imaginary but complete feed, as a folder and a zip.
const packageDir = dirname(createRequire(import.meta.url).resolve("sample-gtfs-feed"));
const hms = (h: number, m: number, s = 0) => h * 3600 + m * 60 + s;

function times(feed: GtfsFeed, tripId: string): Array<[string, number, number]> {
  const t = feed.trips.findIndex((trip) => trip.tripId === tripId);
  const st = feed.stopTimes;
  const out: Array<[string, number, number]> = [];
  for (let i = st.tripStart[t]; i < st.tripStart[t + 1]; i++) out.push([feed.stops[st.stop[i]].stopId, st.arrival[i], st.departure[i]]);
  return out;
}

describe("sample-gtfs-feed", () => {
  it("sample-gtfs-feed - the folder reads to real values", async () => {
    const feed = await readGtfs(join(packageDir, "gtfs"));
    expect(feed.agencies.map((a) => [a.agencyId, a.timezone, a.lang])).toEqual([
      ["FTA", "Europe/Warsaw", "de"],
      ["MTA", "Europe/Berlin", ""],
    ]);
    const stop = (id: string) => feed.stops.find((s) => s.stopId === id)!;
    expect(feed.stops).toHaveLength(10);
    expect([stop("airport").locationType, stop("airport").code, stop("airport").wheelchairBoarding]).toEqual([1, "🛫", 1]);
    expect([stop("airport-1").parentStation, stop("airport-1").wheelchairBoarding]).toEqual(["airport", 2]);
    expect([stop("airport-1-access").locationType, stop("airport-1-access").platformCode]).toEqual([3, "1"]);
    expect([stop("airport-2-boarding").locationType, stop("airport-2-boarding").parentStation]).toEqual([4, "airport-2"]);
    expect([stop("lake").lat, stop("lake").lon, stop("lake").locationType]).toEqual([52, 13, 0]);
    const babbage = feed.routes.find((r) => r.routeId === "B")!;
    expect([babbage.agencyId, babbage.routeType, babbage.color, babbage.textColor, babbage.sortOrder]).toEqual(["FTA", 0, 0xff0000, 0xffffff, 4]);
    expect(babbage.desc).toBe("Connects the city center and the airport.");
    const trip = feed.trips.find((t) => t.tripId === "b-outbound-on-weekends")!;
    expect([trip.routeId, trip.serviceId, trip.headsign, trip.directionId, trip.wheelchairAccessible]).toEqual([
      "B", "on-weekends", "Babbage (Outbound)", 1, 0,
    ]);
    expect(feed.calendars.find((c) => c.serviceId === "during-dst")).toEqual({ serviceId: "during-dst", weekdays: 0b0100000, start: 20190330, end: 20190330 });
    expect(feed.calendarDates).toHaveLength(18);
    // times past midnight, on the night of the DST change
    expect(times(feed, "during-dst-1")).toEqual([
      ["airport", hms(25, 55), hms(25, 58)],
      ["center", hms(26, 3), hms(26, 5)],
    ]);
    // an empty arrival at the first stop and an empty departure at the last take the other time
    expect(times(feed, "c-outbound-all-day")).toEqual([
      ["airport", hms(19, 20), hms(19, 20)],
      ["museum", hms(19, 29, 30), hms(19, 30, 30)],
      ["airport", hms(19, 39, 30), hms(19, 40, 30)],
      ["center", hms(19, 50), hms(19, 50)],
    ]);
    const t = feed.trips.findIndex((x) => x.tripId === "b-downtown-on-working-days");
    expect(Array.from(feed.stopTimes.pickupType.subarray(feed.stopTimes.tripStart[t], feed.stopTimes.tripStart[t + 1]))).toEqual([0, 3, 0]);
    expect(feed.frequencies[0]).toEqual({ tripId: "b-downtown-on-working-days", start: hms(8, 0), end: hms(8, 59), headwaySecs: 300, exactTimes: 1 });
    expect(feed.transfers).toEqual([
      { fromStopId: "airport-1", toStopId: "airport-2", fromRouteId: "", toRouteId: "", fromTripId: "", toTripId: "", transferType: 1, minTransferTime: undefined },
    ]);
    expect(feed.feedInfo).toEqual({
      publisherName: "Some Transit Authority",
      publisherUrl: "http://sta.example.org",
      lang: "de-AT",
      startDate: 20190303,
      endDate: 20190810,
      version: "third version",
    });
    expect(feed.translations).toHaveLength(13);
    expect(feed.translations[9]).toEqual({
      tableName: "stop_times", fieldName: "stop_headsign", language: "de-DE", translation: "hAllo", recordId: "b-outbound-on-weekends", recordSubId: "11", fieldValue: "",
    });
    expect(feed.stopTimes.count).toBe(29);
    expect(feed.rows["stop_times.txt"]).toBe(29);
    expect(feed.warnings).toEqual([
      { code: "orphan_stop", file: "stops.txt", line: 5, message: 'stop_id "airport-2" is visited by no trip' },
    ]);
  });

  it("sample-gtfs-feed - its zip reads to the same feed as its folder", async () => {
    const folder = await readGtfs(join(packageDir, "gtfs"));
    const zip = await readGtfs(join(packageDir, "gtfs.zip"));
    expect(zip.source).toBe(join(packageDir, "gtfs.zip"));
    expect({ ...zip, source: "" }).toEqual({ ...folder, source: "" });
  });
});
