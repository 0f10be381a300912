import { describe, expect, it } from "vitest";
import { serviceDateToDayNumber } from "../../src/lib/service-date.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import { NONE16 } from "../../src/network/constants.js";
import type { Network } from "../../src/network/model.js";
import { defaultReferenceDir } from "../../src/reference/default-reference-dir.js";
import { readReference } from "../../src/reference/read-reference.js";
import { agency, calendar, feed, hms, route, stop } from "../support/feed-builder.js";
import { twoAgencyFeed } from "./support/two-agency-feed.js";

const runsOn = (net: Network, service: number, date: number) => {
  const d = serviceDateToDayNumber(date) - serviceDateToDayNumber(net.meta.calendarStart);
  if (d < 0 || d >= net.meta.dayCount) return false;
  return (net.services.days[service * net.meta.wordsPerService + (d >> 5)] & (1 << (d & 31))) !== 0;
};

const tripTimes = (net: Network, t: number) => {
  const p = net.trips.pattern[t];
  const n = net.patterns.stopStart[p + 1] - net.patterns.stopStart[p];
  const s = net.trips.stopTimeStart[t];
  return Array.from({ length: n }, (_, i) => [net.stopTimes.arrival[s + i], net.stopTimes.departure[s + i]]);
};

const twoStops = [stop("300483", 50.860721, 4.647603, { name: "Doleeg" }), stop("300507", 50.850406, 4.649509, { name: "Ormendaal" })];
const weekdays = calendar("WK", "1111100", 20240101, 20241231);

describe("compileNetwork", () => {
  it("compileNetwork - keeps times past 24:00:00 as seconds past the service day's start", () => {
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: twoStops,
          routes: [route("3302", { agencyId: "3" })],
          trips: [{ tripId: "late", routeId: "3302", serviceId: "WK", times: [["300483", "24:50:00"], ["300507", "25:10:00", "25:11:00"]] }],
          calendars: [weekdays],
        }),
      },
    ]);
    expect(tripTimes(net, 0)).toEqual([
      [89400, 89400],
      [90600, 90660],
    ]);
  });

  it("compileNetwork - expands frequencies.txt into one trip per headway, sorted by departure", () => {
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: twoStops,
          routes: [route("3302", { agencyId: "3" })],
          trips: [{ tripId: "F", routeId: "3302", serviceId: "WK", shortName: "77", times: [["300483", "05:00:00"], ["300507", "05:10:00"]] }],
          calendars: [weekdays],
          frequencies: [{ tripId: "F", start: hms("08:00:00"), end: hms("09:00:00"), headwaySecs: 1200, exactTimes: 1 }],
        }),
      },
    ]);
    expect(net.trips.count).toBe(3);
    expect([0, 1, 2].map((t) => tripTimes(net, t)[1][0])).toEqual([hms("08:10:00"), hms("08:30:00"), hms("08:50:00")]);
    expect([0, 1, 2].map((t) => net.trips.frequencyStart[t])).toEqual([hms("08:00:00"), hms("08:20:00"), hms("08:40:00")]);
    expect([0, 1, 2].map((t) => net.strings.get(net.trips.number[t]))).toEqual(["77-1", "77-2", "77-3"]);
    expect(net.strings.get(net.trips.gtfsId[2])).toBe("F");
  });

  it("compileNetwork - calendar_dates remove and add days on top of calendar.txt", () => {
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: twoStops,
          routes: [route("3302", { agencyId: "3" })],
          trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["300483", "08:00:00"], ["300507", "08:10:00"]] }],
          calendars: [calendar("WK", "1111100", 20240304, 20240310)],
          calendarDates: [
            { serviceId: "WK", date: 20240306, exceptionType: 2 },
            { serviceId: "WK", date: 20240309, exceptionType: 1 },
            { serviceId: "EXTRA", date: 20240401, exceptionType: 1 },
          ],
        }),
      },
    ]);
    const wk = net.strings.get(net.services.gtfsId[0]) === "WK" ? 0 : 1;
    expect([20240304, 20240305, 20240306, 20240307, 20240308, 20240309, 20240310, 20240311].map((d) => runsOn(net, wk, d))).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(runsOn(net, 1 - wk, 20240401)).toBe(true);
    expect(net.meta.validFrom).toBe(20240304);
    expect(net.meta.validTo).toBe(20240309);
    expect(net.lines.validFrom[0]).toBe(20240304);
    expect(net.lines.validTo[0]).toBe(20240309);
  });

  it("compileNetwork - delijn profile: entity from agency_id, line from route_id, direction 1 is TERUG", () => {
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" }), agency({ agencyId: "4" })],
          stops: [...twoStops, stop("408581", 50.868276, 4.68115)],
          routes: [route("3302_b", { agencyId: "3", shortName: "2", longName: "Kessel-Lo - Heverlee" }), route("4178", { agencyId: "4" })],
          trips: [
            { tripId: "a", routeId: "3302_b", serviceId: "WK", directionId: 1, headsign: "Heverlee", times: [["300483", "08:00:00"], ["300507", "08:05:00"]] },
            { tripId: "b", routeId: "4178", serviceId: "WK", times: [["408581", "09:00:00"], ["300483", "09:20:00"]] },
          ],
          calendars: [weekdays],
        }),
      },
    ]);
    const s = net.strings;
    expect(net.meta.entities.map((e) => e.number)).toEqual(["3", "4"]);
    expect([...Array(net.lines.count).keys()].map((l) => `${net.meta.entities[net.lines.entity[l]].number}/${s.get(net.lines.number[l])}/${s.get(net.lines.publicNumber[l])}`)).toEqual([
      "3/302/2",
      "4/178/178",
    ]);
    expect([...Array(net.stops.count).keys()].map((i) => `${net.meta.entities[net.stops.entity[i]].number}_${s.get(net.stops.number[i])}`)).toEqual([
      "3_300483",
      "3_300507",
      "4_408581",
    ]);
    expect(net.lineDirections.exists[0 * 2 + 1]).toBe(1);
    expect(net.lineDirections.exists[0 * 2 + 0]).toBe(0);
    expect(s.get(net.lineDirections.destination[1])).toBe("Heverlee");
    expect(s.get(net.lines.description[0])).toBe("Kessel-Lo - Heverlee");
  });

  it("compileNetwork - generic profile: agencies numbered as entities, keys of two feeds never collide", () => {
    const mta = (source: string) =>
      feed({
        source,
        agencies: [agency({ agencyId: "MTA NYCT", timezone: "America/New_York" })],
        stops: [stop("101N", 40.889, -73.898), stop("103N", 40.884, -73.9), stop("104N", 40.878, -73.904)],
        routes: [route("B63", { agencyId: "MTA NYCT" }), route("B10", { agencyId: "MTA NYCT" }), route("B2", { agencyId: "MTA NYCT" })],
        trips: [
          { tripId: "t1", routeId: "B63", serviceId: "S", times: [["101N", "08:00:00"], ["103N", "08:02:00"]] },
          { tripId: "t2", routeId: "B10", serviceId: "S", times: [["103N", "08:00:00"], ["104N", "08:02:00"]] },
        ],
        calendars: [calendar("S", "1111111", 20240101, 20240131)],
      });
    const net = compileNetwork([
      { profile: "generic", feed: mta("a.zip") },
      { profile: "generic", feed: mta("b.zip") },
    ]);
    const s = net.strings;
    expect(net.meta.entities.map((e) => `${e.number}:${e.code}:${e.feed}`)).toEqual(["1:MTA NYCT:0", "2:MTA NYCT:1"]);
    const stopKeys = [...Array(net.stops.count).keys()].map((i) => `${net.meta.entities[net.stops.entity[i]].number}_${s.get(net.stops.number[i])}_${s.get(net.stops.gtfsId[i])}`);
    expect(stopKeys).toEqual(["1_1_101N", "1_2_103N", "1_3_104N", "2_1_101N", "2_2_103N", "2_3_104N"]);
    // routes numbered in natural id order: B2 (no trips: no line, but it keeps its number), B10, B63
    const lineKeys = [...Array(net.lines.count).keys()].map((l) => `${net.meta.entities[net.lines.entity[l]].number}_${s.get(net.lines.number[l])}_${s.get(net.lines.gtfsId[l])}`);
    expect(lineKeys).toEqual(["1_2_B10", "1_3_B63", "2_2_B10", "2_3_B63"]);
    expect(net.meta.timezone).toBe("America/New_York");
  });

  it("compileNetwork - generic profile: numeric short names are line numbers where unique, the rest follow from the next hundred", () => {
    const routes = [
      route("A", { agencyId: "NYCT", shortName: "A", longName: "8 Avenue Express", sortOrder: 1 }),
      route("1", { agencyId: "NYCT", shortName: "1", sortOrder: 20 }),
      route("12", { agencyId: "NYCT", shortName: "12", sortOrder: 21 }),
      route("GS", { agencyId: "NYCT", shortName: "S", sortOrder: 17 }),
      route("FS", { agencyId: "NYCT", shortName: "S", sortOrder: 18 }),
      route("5a", { agencyId: "NYCT", shortName: "5" }), // 5 twice: neither keeps it
      route("5b", { agencyId: "NYCT", shortName: "05" }),
      route("150", { agencyId: "NYCT", shortName: "150" }), // no trips: no line, but it keeps 150
      route("L1", { agencyId: "LIRR", longName: "Babylon Branch" }),
      route("L2", { agencyId: "LIRR", longName: "Blue Bird Branch" }), // BBB: free
      route("L3", { agencyId: "LIRR", longName: "Big Bay" }), // BB is the Babylon Branch's
      route("L4", { agencyId: "LIRR", longName: "Harlem" }), // one letter would pass for a lettered line
      route("L5", { agencyId: "LIRR", shortName: "1" }),
    ];
    const net = compileNetwork([
      {
        profile: "generic",
        feed: twoAgencyFeed(routes, (r) => r.routeId !== "150"),
      },
    ]);
    const s = net.strings;
    const lines = [...Array(net.lines.count).keys()].map(
      (l) => `${net.meta.entities[net.lines.entity[l]].number}/${s.get(net.lines.number[l])}/${s.get(net.lines.publicNumber[l])}/${s.get(net.lines.gtfsId[l])}`,
    );
    expect(lines).toEqual([
      // kept 1, 12 and 150 (no trips): the others from 201 in (route_sort_order, route_id) order
      "1/1/1/1",
      "1/12/12/12",
      "1/201/A/A",
      "1/202/S/GS",
      "1/203/S/FS",
      "1/204/5/5a",
      "1/205/05/5b",
      // the second agency: its own numbers, and public numbers that pass for no other line's
      "2/1/1/L5",
      "2/101/BB/L1",
      "2/102/BBB/L2",
      "2/103/Big Bay/L3",
      "2/104/Harlem/L4",
    ]);
  });

  it("compileNetwork - generic profile: routes without short names are numbered 1, 2, 3... and named by their initials", () => {
    // The Long Island Rail Road: numeric route ids, long names only, no route_sort_order.
    const names = ["Babylon Branch", "Hempstead Branch", "Oyster Bay Branch", "Belmont Park", "City Terminal Zone"];
    const net = compileNetwork([
      {
        profile: "generic",
        feed: feed({
          agencies: [agency({ agencyId: "LI", timezone: "America/New_York" })],
          stops: [stop("1", 40.7, -73.3), stop("2", 40.71, -73.31)],
          routes: names.map((longName, i) => route(String(i + 1), { agencyId: "LI", longName })),
          trips: names
            .map((_, i) => String(i + 1))
            .filter((id) => id !== "4")
            .map((routeId) => ({ tripId: `t${routeId}`, routeId, serviceId: "S", times: [["1", "08:00:00"], ["2", "08:10:00"]] as Array<[string, string]> })),
          calendars: [calendar("S", "1111111", 20240101, 20240131)],
        }),
      },
    ]);
    const s = net.strings;
    const lines = [...Array(net.lines.count).keys()].map((l) => `${s.get(net.lines.number[l])}/${s.get(net.lines.publicNumber[l])}/${s.get(net.lines.description[l])}`);
    // Belmont Park (4) has no trips: no line, and City Terminal Zone stays 5
    expect(lines).toEqual(["1/BB/Babylon Branch", "2/HB/Hempstead Branch", "3/OBB/Oyster Bay Branch", "5/CTZ/City Terminal Zone"]);
  });

  it("compileNetwork - without reference data the colour list is the lines' own colours, each line pointing at its exact colours", () => {
    const net = compileNetwork([
      {
        profile: "generic",
        feed: feed({
          agencies: [agency({ agencyId: "NYCT", timezone: "America/New_York" })],
          stops: [stop("101N", 40.889, -73.898), stop("103N", 40.884, -73.9)],
          routes: [
            route("A", { agencyId: "NYCT", shortName: "A", color: 0x0062cf, textColor: 0xffffff }),
            route("N", { agencyId: "NYCT", shortName: "N", color: 0xf6bc26, textColor: 0x000000, borderColor: 0x0062cf, textBorderColor: 0x121212 }),
            route("X", { agencyId: "NYCT", shortName: "X" }), // GTFS defaults: white badge, black number
            route("Q", { agencyId: "NYCT", shortName: "Q", color: 0xff0000 }), // no trips: its colour is no line's
          ],
          trips: ["A", "N", "X"].map((routeId) => ({ tripId: `t${routeId}`, routeId, serviceId: "S", times: [["101N", "08:00:00"], ["103N", "08:02:00"]] as Array<[string, string]> })),
          calendars: [calendar("S", "1111111", 20240101, 20240131)],
        }),
      },
    ]);
    expect(net.meta.colours.map((c) => `${c.code} ${c.name} ${c.r},${c.g},${c.b}`)).toEqual([
      "000000 #000000 0,0,0",
      "0062CF #0062CF 0,98,207",
      "121212 #121212 18,18,18",
      "F6BC26 #F6BC26 246,188,38",
      "FFFFFF #FFFFFF 255,255,255",
    ]);
    const codes = (l: number) =>
      [net.lines.paletteFg[l], net.lines.paletteBg[l], net.lines.paletteFgBorder[l], net.lines.paletteBgBorder[l]].map((c) => net.meta.colours[c].code).join(" ");
    const byPublic = (p: string) => [...Array(net.lines.count).keys()].find((l) => net.strings.get(net.lines.publicNumber[l]) === p)!;
    expect(codes(byPublic("A"))).toBe("FFFFFF 0062CF FFFFFF 0062CF");
    expect(codes(byPublic("N"))).toBe("000000 F6BC26 121212 0062CF");
    expect(codes(byPublic("X"))).toBe("000000 FFFFFF 000000 FFFFFF");
    expect(net.meta.warnings).toEqual([]);
  });

  it("compileNetwork - reference data without colours: the colour list is the lines' own colours", async () => {
    const reference = { ...(await readReference(defaultReferenceDir())), colours: [] };
    const net = compileNetwork(
      [
        {
          profile: "delijn",
          feed: feed({
            agencies: [agency({ agencyId: "3" })],
            stops: twoStops,
            routes: [route("3302", { agencyId: "3", shortName: "2", color: 0x0099aa, textColor: 0xfefefe })],
            trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["300483", "08:00:00"], ["300507", "08:10:00"]] }],
            calendars: [weekdays],
          }),
        },
      ],
      { reference },
    );
    expect(net.meta.colours.map((c) => c.code)).toEqual(["0099AA", "FEFEFE"]);
    expect(net.meta.colours[net.lines.paletteBg[0]].code).toBe("0099AA");
    expect(net.meta.colours[net.lines.paletteFg[0]].code).toBe("FEFEFE");
    // the delijn profile's keys are untouched
    expect(`${net.strings.get(net.lines.number[0])}/${net.strings.get(net.lines.publicNumber[0])}`).toBe("302/2");
  });

  it("compileNetwork - groups trips with the same stops into one pattern, sorted by departure; the busiest is the main pattern", () => {
    const stops3 = [...twoStops, stop("300508", 50.849, 4.65, { name: "Egenhoven" })];
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: stops3,
          routes: [route("3302", { agencyId: "3" })],
          trips: [
            { tripId: "short", routeId: "3302", serviceId: "WK", headsign: "Ormendaal", times: [["300483", "07:00:00"], ["300507", "07:05:00"]] },
            { tripId: "late", routeId: "3302", serviceId: "WK", headsign: "Egenhoven", times: [["300483", "09:00:00"], ["300507", "09:05:00"], ["300508", "09:09:00"]] },
            { tripId: "early", routeId: "3302", serviceId: "WK", headsign: "Egenhoven", times: [["300483", "08:00:00"], ["300507", "08:05:00"], ["300508", "08:09:00"]] },
          ],
          calendars: [weekdays],
        }),
      },
    ]);
    expect(net.patterns.count).toBe(2);
    const main = net.lineDirections.mainPattern[0];
    expect(net.patterns.tripStart[main + 1] - net.patterns.tripStart[main]).toBe(2);
    const first = net.patterns.tripStart[main];
    expect([first, first + 1].map((t) => net.strings.get(net.trips.gtfsId[t]))).toEqual(["early", "late"]);
    expect(net.strings.get(net.lineDirections.destination[0])).toBe("Egenhoven");
    // stop -> (pattern, position): Ormendaal is position 1 in both patterns
    const orm = 1;
    const rows = [...Array(net.stops.patternStart[orm + 1] - net.stops.patternStart[orm]).keys()].map((i) => net.stops.patternPositions[net.stops.patternStart[orm] + i]);
    expect(rows).toEqual([1, 1]);
  });

  it("compileNetwork - assigns known Leuven stops to Leuven and the line to region LV, colours to the palette", async () => {
    const reference = await readReference(defaultReferenceDir());
    const net = compileNetwork(
      [
        {
          profile: "delijn",
          feed: feed({
            agencies: [agency({ agencyId: "3" })],
            stops: twoStops,
            routes: [route("3302", { agencyId: "3", color: 0x0099aa, textColor: 0xffffff })],
            trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["300483", "08:00:00"], ["300507", "08:10:00"]] }],
            calendars: [weekdays],
          }),
        },
      ],
      { reference },
    );
    const m = net.meta.municipalities[net.stops.municipality[0]];
    expect(m.nis).toBe(24062);
    expect(m.name).toBe("Leuven");
    expect(net.stops.municipality[1]).not.toBe(NONE16);
    expect(net.meta.regions[net.lines.region[0]].code).toBe("LV");
    expect(net.meta.colours[net.lines.paletteBg[0]].code).toBe("TU");
    expect(net.meta.colours[net.lines.paletteFg[0]].hex).toBe("FFFFFF");
    expect(net.strings.get(net.stops.longName[0])).toBe("Leuven Doleeg");
  });

  it("compileNetwork - footpaths join stops within walking distance, both ways", () => {
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: [stop("300483", 50.860721, 4.647603), stop("300484", 50.860804, 4.647943), stop("300507", 50.850406, 4.649509)],
          routes: [route("3302", { agencyId: "3" })],
          trips: [{ tripId: "T", routeId: "3302", serviceId: "WK", times: [["300483", "08:00:00"], ["300507", "08:10:00"]] }],
          calendars: [weekdays],
        }),
      },
    ]);
    const fp = net.stops;
    const from0 = [...fp.footpathTo.subarray(fp.footpathStart[0], fp.footpathStart[1])];
    expect(from0).toEqual([1]);
    // 25.6 m apart * 1.3 detour / 1.25 m/s = 27 s
    expect(fp.footpathSeconds[fp.footpathStart[0]]).toBe(27);
    expect([...fp.footpathTo.subarray(fp.footpathStart[1], fp.footpathStart[2])]).toEqual([0]);
    expect(fp.footpathStart[3] - fp.footpathStart[2]).toBe(0);
  });

  it("compileNetwork - reference data of another region is left out, with a warning, instead of serving empty municipalities or its palette", async () => {
    const reference = await readReference(defaultReferenceDir());
    const net = compileNetwork(
      [
        {
          profile: "generic",
          feed: feed({
            agencies: [agency({ agencyId: "MTA", timezone: "America/New_York" })],
            stops: [stop("101N", 40.889, -73.898), stop("103N", 40.884, -73.9)],
            routes: [route("1", { agencyId: "MTA" })],
            trips: [{ tripId: "t", routeId: "1", serviceId: "S", times: [["101N", "08:00:00"], ["103N", "08:02:00"]] }],
            calendars: [calendar("S", "1111111", 20240101, 20240131)],
          }),
        },
      ],
      { reference },
    );
    expect(net.meta.municipalities).toEqual([]);
    expect(net.meta.regions).toEqual([]);
    // nor the Flemish palette: the line's own colours (GTFS's defaults here)
    expect(net.meta.colours.map((c) => c.code)).toEqual(["000000", "FFFFFF"]);
    expect(net.meta.colours[net.lines.paletteBg[0]].code).toBe("FFFFFF");
    expect(net.meta.warnings.map((w) => w.code)).toEqual(["reference_not_covering"]);
  });

  it("compileNetwork - splits a pattern whose trips overtake, so each pattern's trips keep their order at every stop", () => {
    const stops3 = [...twoStops, stop("300508", 50.849, 4.65)];
    const trip = (id: string, a: string, b: string, c: string) => ({
      tripId: id,
      routeId: "3302",
      serviceId: "WK",
      times: [["300483", a], ["300507", b], ["300508", c]] as Array<[string, string]>,
    });
    const net = compileNetwork([
      {
        profile: "delijn",
        feed: feed({
          agencies: [agency({ agencyId: "3" })],
          stops: stops3,
          routes: [route("3302", { agencyId: "3" })],
          // "fast" leaves after "slow" and arrives before it; "next" follows both
          trips: [trip("slow", "08:00:00", "08:20:00", "08:40:00"), trip("fast", "08:05:00", "08:15:00", "08:25:00"), trip("next", "08:30:00", "08:50:00", "09:10:00")],
          calendars: [weekdays],
        }),
      },
    ]);
    expect(net.patterns.count).toBe(2);
    const groups = [0, 1].map((p) =>
      [...Array(net.patterns.tripStart[p + 1] - net.patterns.tripStart[p]).keys()].map((i) => net.strings.get(net.trips.gtfsId[net.patterns.tripStart[p] + i])),
    );
    expect(groups).toEqual([["slow", "next"], ["fast"]]);
    expect([...net.patterns.stops.subarray(0, 3)]).toEqual([...net.patterns.stops.subarray(3, 6)]);
    expect(net.lineDirections.mainPattern[0]).toBe(0);
  });
});
