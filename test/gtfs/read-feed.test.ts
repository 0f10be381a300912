import { afterEach, describe, expect, it, vi } from "vitest";
import { GtfsError } from "../../src/gtfs/gtfs-error.js";
import { openGtfsSource } from "../../src/gtfs/open-gtfs-source.js";
import { readFeed } from "../../src/gtfs/read-feed.js";
import { readGtfs } from "../../src/gtfs/read-gtfs.js";
import type { GtfsFeed, ReadProgress } from "../../src/gtfs/types.js";
import { fixtureFiles, fixturePath, memorySource } from "./support/memory-source.js";

const hms = (h: number, m: number, s = 0) => h * 3600 + m * 60 + s;

/** Stop times of one trip as [stop_id, arrival, departure, sequence, pickup, drop-off] rows. */
function tripRows(feed: GtfsFeed, tripId: string): Array<[string, number, number, number, number, number]> {
  const t = feed.trips.findIndex((trip) => trip.tripId === tripId);
  const st = feed.stopTimes;
  const rows: Array<[string, number, number, number, number, number]> = [];
  for (let i = st.tripStart[t]; i < st.tripStart[t + 1]; i++) {
    rows.push([feed.stops[st.stop[i]].stopId, st.arrival[i], st.departure[i], st.sequence[i], st.pickupType[i], st.dropOffType[i]]);
  }
  return rows;
}

/** Reads a fixture with one file replaced (or removed with undefined). */
async function readWith(fixture: string, changes: Record<string, string | undefined>): Promise<GtfsFeed> {
  const files: Record<string, string | Buffer> = fixtureFiles(fixture);
  for (const [file, content] of Object.entries(changes)) {
    if (content === undefined) delete files[file];
    else files[file] = content;
  }
  return readFeed(memorySource(files));
}

/** The GtfsError a read throws. */
async function errorOf(read: Promise<unknown>): Promise<GtfsError> {
  try {
    await read;
  } catch (e) {
    expect(e).toBeInstanceOf(GtfsError);
    return e as GtfsError;
  }
  throw new Error("the read did not fail");
}

describe("readFeed - minimal feed", () => {
  it("read-feed - typed rows of every table", async () => {
    const feed = await readGtfs(fixturePath("minimal"));
    expect(feed.source).toBe(fixturePath("minimal"));
    expect(feed.agencies).toEqual([
      { agencyId: "3", name: "De Lijn", url: "https://www.delijn.be", timezone: "Europe/Brussels", lang: "nl" },
    ]);
    expect(feed.stops.map((s) => s.stopId)).toEqual(["300000", "301001", "301002", "301003", "301004"]);
    expect(feed.stops[1]).toEqual({
      stopId: "301001",
      code: "301001",
      name: "Leuven Station perron 1",
      desc: 'Perron 1, kant "Tiensevest"',
      lat: 50.88105,
      lon: 4.71523,
      locationType: 0,
      parentStation: "300000",
      wheelchairBoarding: 1,
      platformCode: "1",
      accessibility: "",
      place: "",
    });
    expect(feed.stops[0].locationType).toBe(1);
    expect(feed.stops[2].desc).toBe("Campus Arenberg\ningang Celestijnenlaan");
    expect(feed.stops[2].wheelchairBoarding).toBe(2);
    expect(feed.stops[4].locationType).toBe(0); // empty = 0
    expect(feed.routes).toEqual([
      {
        routeId: "3002",
        agencyId: "3",
        shortName: "2",
        longName: "Leuven Station - Heverlee Campus",
        desc: "",
        routeType: 3,
        color: 0xffcc11,
        textColor: 0x000000,
        borderColor: undefined,
        textBorderColor: undefined,
        serviceType: "",
        isPublic: undefined,
        sortOrder: 2,
      },
      {
        routeId: "3600",
        agencyId: "3",
        shortName: "600",
        longName: "Leuven - Wijgmaal",
        desc: "Belbus",
        routeType: 715,
        color: 0x00a0e0,
        textColor: 0xffffff,
        borderColor: undefined,
        textBorderColor: undefined,
        serviceType: "",
        isPublic: undefined,
        sortOrder: undefined,
      },
    ]);
    expect(feed.trips).toEqual([
      { tripId: "t1", routeId: "3002", serviceId: "WEEK", headsign: "Heverlee Campus", shortName: "1001", directionId: 0, blockId: "b1", shapeId: "s1", wheelchairAccessible: 1 },
      { tripId: "t2", routeId: "3002", serviceId: "WEEK", headsign: "Leuven Station", shortName: "1002", directionId: 1, blockId: "b1", shapeId: "", wheelchairAccessible: 2 },
      { tripId: "t3", routeId: "3600", serviceId: "SAT", headsign: "Wijgmaal", shortName: "6001", directionId: undefined, blockId: "", shapeId: "", wheelchairAccessible: 0 },
    ]);
    expect(feed.calendars).toEqual([{ serviceId: "WEEK", weekdays: 0b0011111, start: 20240101, end: 20241231 }]);
    expect(feed.calendarDates).toEqual([
      { serviceId: "WEEK", date: 20240101, exceptionType: 2 },
      { serviceId: "SAT", date: 20240309, exceptionType: 1 },
    ]);
    expect(feed.frequencies).toEqual([{ tripId: "t3", start: hms(10, 0), end: hms(14, 0), headwaySecs: 1800, exactTimes: 1 }]);
    expect(feed.transfers).toEqual([
      { fromStopId: "301001", toStopId: "301003", fromRouteId: "", toRouteId: "", fromTripId: "", toTripId: "", transferType: 2, minTransferTime: 180 },
    ]);
    expect(feed.feedInfo).toEqual({
      publisherName: "De Lijn",
      publisherUrl: "https://www.delijn.be",
      lang: "nl",
      startDate: 20240101,
      endDate: 20241231,
      version: "2024-03",
    });
    expect(feed.translations).toEqual([
      { tableName: "stops", fieldName: "stop_name", language: "fr", translation: "Louvain Gare", recordId: "300000", recordSubId: "", fieldValue: "" },
    ]);
    expect(feed.notes).toEqual([]);
    expect(feed.diversions).toEqual([]);
    expect(feed.warnings).toEqual([]);
    expect(feed.rows).toEqual({
      "agency.txt": 1,
      "stops.txt": 5,
      "routes.txt": 2,
      "calendar.txt": 1,
      "calendar_dates.txt": 2,
      "trips.txt": 3,
      "stop_times.txt": 7,
      "frequencies.txt": 1,
      "transfers.txt": 1,
      "feed_info.txt": 1,
      "translations.txt": 1,
    });
  });

  it("read-feed - stop times columnar by trip, times past 24:00 and one-digit hours", async () => {
    const feed = await readGtfs(fixturePath("minimal"));
    expect(feed.stopTimes.count).toBe(7);
    expect(Array.from(feed.stopTimes.tripStart)).toEqual([0, 3, 5, 7]);
    expect(tripRows(feed, "t1")).toEqual([
      ["301001", hms(8, 0), hms(8, 0, 30), 1, 0, 1],
      ["301002", hms(8, 10), hms(8, 10), 2, 0, 0],
      ["301003", hms(8, 20), hms(8, 21), 3, 1, 0], // "8:20:00"
    ]);
    expect(tripRows(feed, "t2")).toEqual([
      ["301003", 89400, 89400, 1, 0, 0], // 24:50:00
      ["301001", 90600, 90600, 2, 3, 2], // 25:10:00
    ]);
  });

  it("read-feed - the messy CSV twin reads to exactly the same feed", async () => {
    const clean = await readGtfs(fixturePath("minimal"));
    const messy = await readGtfs(fixturePath("messy-csv"));
    expect({ ...messy, source: "" }).toEqual({ ...clean, source: "" });
  });

  it("read-feed - chunks of 1 to 7 bytes read to the same feed", async () => {
    for (const fixture of ["messy-csv", "extensions", "interpolation"]) {
      const whole = await readFeed(memorySource(fixtureFiles(fixture)));
      const chunked = await readFeed(memorySource(fixtureFiles(fixture), { chunkSizes: [1, 2, 3, 4, 5, 6, 7] }));
      expect(chunked, fixture).toEqual(whole);
      const bytes = await readFeed(memorySource(fixtureFiles(fixture), { chunkSizes: [1] }));
      expect(bytes, fixture).toEqual(whole);
    }
  });
});

describe("readFeed - stop times", () => {
  it("read-feed - empty times are interpolated, by distance when every row has one", async () => {
    const feed = await readGtfs(fixturePath("interpolation"));
    expect(feed.trips.map((t) => t.tripId)).toEqual(["bydist", "even", "one-time"]);
    expect(tripRows(feed, "even").map(([stop, arr, dep]) => [stop, arr, dep])).toEqual([
      ["A", hms(8, 0), hms(8, 0)],
      ["B", hms(8, 3), hms(8, 3)],
      ["C", hms(8, 6), hms(8, 6)],
      ["D", hms(8, 9), hms(8, 9)],
    ]);
    expect(tripRows(feed, "bydist").map(([stop, arr, dep, seq]) => [stop, arr, dep, seq])).toEqual([
      ["A", hms(8, 0), hms(8, 0), 10],
      ["B", hms(8, 1), hms(8, 1), 20],
      ["C", hms(8, 4), hms(8, 4), 30],
      ["D", hms(8, 10), hms(8, 10), 40],
    ]);
    expect(tripRows(feed, "one-time").map(([stop, arr, dep]) => [stop, arr, dep])).toEqual([
      ["A", hms(7, 0), hms(7, 0)],
      ["B", hms(7, 5), hms(7, 5)],
    ]);
    expect(Array.from(feed.stopTimes.tripStart)).toEqual([0, 4, 8, 10]);
    expect(feed.warnings).toEqual([]);
  });

  it("read-feed - interpolation rounds to whole seconds", async () => {
    const feed = await readWith("interpolation", {
      "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\neven,08:00:00,08:00:00,A,1\neven,,,B,2\neven,,,C,3\neven,08:00:10,08:00:10,D,4\n",
    });
    expect(tripRows(feed, "even").map((r) => r[1])).toEqual([hms(8, 0, 0), hms(8, 0, 3), hms(8, 0, 7), hms(8, 0, 10)]);
  });

  it("read-feed - a trip's first or last stop without a time is an error", async () => {
    const first = await errorOf(
      readWith("interpolation", {
        "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\neven,08:00:00,08:00:00,A,2\neven,,,B,1\n",
      }),
    );
    expect(first.message).toBe('stop_times.txt line 3: the first stop of trip_id "even" has neither arrival_time nor departure_time');
    const last = await errorOf(
      readWith("interpolation", {
        "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\neven,08:00:00,08:00:00,A,1\neven,,,B,2\n",
      }),
    );
    expect(last.file).toBe("stop_times.txt");
    expect(last.line).toBe(3);
    expect(last.problem).toMatch(/the last stop of trip_id "even"/);
  });

  it("read-feed - checks while streaming name the file and line", async () => {
    const header = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n";
    const ok = "t1,08:00:00,08:00:00,301001,1\n";
    const cases: Array<[string, string]> = [
      [ok + "t9,08:10:00,08:10:00,301002,2\n", 'stop_times.txt line 3: unknown trip_id "t9"'],
      [ok + "t1,08:10:00,08:10:00,309999,2\n", 'stop_times.txt line 3: unknown stop_id "309999"'],
      [ok + "t1,08:10:00,08:09:00,301002,2\n", "stop_times.txt line 3: departure_time 08:09:00 is before arrival_time 08:10:00"],
      [ok + "t1,08:10:00,08:10:00,301002,x\n", 'stop_times.txt line 3: bad integer "x" in stop_sequence'],
      [ok + "t1,08:10:00,08:10:00,301002,\n", "stop_times.txt line 3: missing value in stop_sequence"],
      [ok + "t1,8:1:00,08:10:00,301002,2\n", 'stop_times.txt line 3: unparsable time "8:1:00" in arrival_time'],
      [ok + "t1,08:10:00,08:60:00,301002,2\n", 'stop_times.txt line 3: unparsable time "08:60:00" in departure_time'],
      [ok + "\n" + "t1,08:10:00,08:10:00,301002,1\n", 'stop_times.txt line 4: stop_sequence 1 appears twice in trip_id "t1" (also on line 2)'],
    ];
    for (const [rows, message] of cases) {
      expect((await errorOf(readWith("minimal", { "stop_times.txt": header + rows }))).message).toBe(message);
    }
    const pickup = await errorOf(
      readWith("minimal", { "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type\nt1,08:00:00,08:00:00,301001,1,4\n" }),
    );
    expect(pickup.message).toBe('stop_times.txt line 2: unknown pickup_type "4" (expected one of 0, 1, 2, 3)');
  });

  it("read-feed - rows out of order are sorted by trips.txt order then stop_sequence", async () => {
    const feed = await readWith("minimal", {
      "stop_times.txt": [
        "trip_id,arrival_time,departure_time,stop_id,stop_sequence",
        "t3,10:15:00,10:15:00,301004,20",
        "t1,08:20:00,08:20:00,301003,3",
        "t2,25:10:00,25:10:00,301001,2",
        "t3,10:00:00,10:00:00,301001,10",
        "t1,08:00:00,08:00:00,301001,1",
        "t2,24:50:00,24:50:00,301003,1",
        "t1,08:10:00,08:10:00,301002,2",
      ].join("\n"),
    });
    expect(Array.from(feed.stopTimes.sequence)).toEqual([1, 2, 3, 1, 2, 10, 20]);
    expect(Array.from(feed.stopTimes.arrival)).toEqual([hms(8, 0), hms(8, 10), hms(8, 20), 89400, 90600, hms(10, 0), hms(10, 15)]);
    expect(Array.from(feed.stopTimes.stop).map((s) => feed.stops[s].stopId)).toEqual([
      "301001", "301002", "301003", "301003", "301001", "301001", "301004",
    ]);
  });
});

describe("readFeed - extensions", () => {
  it("read-feed - extension columns and files of docs/DATASET_EXTENSIONS.md", async () => {
    const feed = await readGtfs(fixturePath("extensions"));
    expect(feed.routes.map((r) => [r.routeId, r.serviceType, r.isPublic, r.borderColor, r.textBorderColor, r.sortOrder])).toEqual([
      ["3002", "NORMAAL", 1, 0x000000, 0xffffff, 1],
      ["3999", "TECHNISCHE_LIJN", 0, undefined, undefined, undefined],
    ]);
    expect(feed.stops.map((s) => [s.stopId, s.accessibility, s.place])).toEqual([
      ["301001", "MOTORISCHE_BEPERKING;VISUELE_BEPERKING", "Leuven"],
      ["301002", "", "Heverlee"],
      ["301003", "MOTORISCH_MET_ASSIST", "Kessel-Lo"],
    ]);
    expect(feed.notes).toEqual([
      { noteId: 7, text: "Rijdt niet op schoolvakantiedagen" },
      { noteId: 8, text: "Halte verplaatst naar de overkant" },
    ]);
    expect(feed.noteAssignments).toEqual([
      { noteId: 7, tripId: "t1", stopId: "" },
      { noteId: 8, tripId: "t1", stopId: "301002" },
    ]);
    expect(feed.diversions).toEqual([
      { diversionId: 501, kind: "omleiding", type: "WERKEN", start: 20240304, end: 20240329, weekdays: 0b0011111 },
      { diversionId: 502, kind: "storing", type: "ONGEVAL", start: 20240310, end: 20240310, weekdays: 0b1111111 },
    ]);
    expect(feed.diversionTexts).toEqual([
      { diversionId: 501, language: "nl", title: "Werken Naamsestraat", description: 'Omleiding via de Tiensevest.\nDe halte "Markt" wordt niet bediend.' },
      { diversionId: 501, language: "fr", title: "Travaux Naamsestraat", description: "Déviation par la Tiensevest." },
      { diversionId: 502, language: "nl", title: "Ongeval", description: "Beperkte dienstregeling" },
    ]);
    expect(feed.diversionRoutes).toEqual([
      { diversionId: 501, routeId: "3002", directionId: 0 },
      { diversionId: 502, routeId: "3999", directionId: 1 },
    ]);
    expect(feed.diversionStops).toEqual([{ diversionId: 501, stopId: "301003" }]);
    expect(feed.rows["diversion_texts.txt"]).toBe(3);
    expect(feed.warnings).toEqual([]);
  });

  it("read-feed - unknown extension values are errors", async () => {
    const service = await errorOf(
      readWith("extensions", {
        "routes.txt": "route_id,agency_id,route_short_name,route_type,route_service_type\n3002,3,2,3,EXPRES\n3999,3,999,3,\n",
      }),
    );
    expect(service.message).toBe('routes.txt line 2: unknown route_service_type "EXPRES" (expected one of NORMAAL, SNELDIENST, SCHOOLBUS, FABRIEKSLIJN, TECHNISCHE_LIJN, BELBUS, NACHTLIJN)');
    const day = await errorOf(
      readWith("extensions", {
        "diversions.txt": "diversion_id,diversion_kind,start_date,end_date,days\n501,omleiding,20240304,20240329,MAANDAG;ZONDAG;FEESTDAG\n",
      }),
    );
    expect(day.message).toMatch(/^diversions\.txt line 2: unknown day "FEESTDAG" in days/);
    const kind = await errorOf(
      readWith("extensions", { "diversions.txt": "diversion_id,diversion_kind,start_date,end_date\n501,werken,20240304,20240329\n" }),
    );
    expect(kind.message).toBe('diversions.txt line 2: unknown diversion_kind "werken" (expected one of omleiding, storing)');
  });
});

describe("readFeed - foreign files", () => {
  it("read-feed - a notes.txt in another format (Metro-North's) is skipped with a warning", async () => {
    const feed = await readWith("extensions", {
      "notes.txt": 'note_id,note_mark,note_title,note_desc\nH,H,,Train may depart 5 minutes earlier than the time shown\nY,Y,,"subject to adjustment, based on the game"\n',
      "note_assignments.txt": undefined,
    });
    expect(feed.notes).toEqual([]);
    expect(feed.warnings).toEqual([
      { code: "unsupported_file", file: "notes.txt", line: 1, message: "not the extension file of that name (no note_text column): file ignored" },
    ]);
    expect(feed.rows["notes.txt"]).toBe(2);
  });

  it("read-feed - the older translations.txt format is skipped with a warning", async () => {
    const feed = await readWith("minimal", { "translations.txt": "trans_id,lang,translation\nStation,fr,Gare\n" });
    expect(feed.translations).toEqual([]);
    expect(feed.warnings.map((w) => [w.code, w.file])).toEqual([["unsupported_file", "translations.txt"]]);
  });
});

describe("readFeed - warnings", () => {
  it("read-feed - non-fatal problems become counted warnings", async () => {
    const feed = await readGtfs(fixturePath("warnings"));
    const summary = feed.warnings.map((w) => `${w.code} ${w.file}:${w.line}`);
    expect(summary).toEqual([
      "duplicate_row stops.txt:4",
      "duplicate_row calendar_dates.txt:3",
      "duplicate_row trips.txt:5",
      "times_decrease stop_times.txt:5",
      "unknown_reference frequencies.txt:2",
      "unknown_reference transfers.txt:2",
      "duplicate_row feed_info.txt:3",
      "orphan_stop stops.txt:6",
      "trip_without_stop_times trips.txt:4",
      "unused_route routes.txt:3",
    ]);
    expect(feed.warningCounts).toEqual({
      duplicate_row: 4,
      times_decrease: 1,
      unknown_reference: 2,
      orphan_stop: 1,
      trip_without_stop_times: 1,
      unused_route: 1,
    });
    expect(feed.warnings[0].message).toBe('duplicate stop_id "301002": row ignored, the first one is kept');
    expect(feed.warnings[6].message).toBe("duplicate row (feed_info.txt holds one): row ignored, the first one is kept");
    expect(feed.stops.find((s) => s.stopId === "301002")!.name).toBe("Campus");
    expect(feed.trips.map((t) => t.tripId)).toEqual(["t1", "t2", "t4"]);
    expect(Array.from(feed.stopTimes.tripStart)).toEqual([0, 2, 4, 4]);
    expect(feed.frequencies).toEqual([]);
    expect(feed.transfers).toEqual([]);
    expect(feed.feedInfo?.publisherName).toBe("De Lijn");
    expect(feed.rows["stops.txt"]).toBe(5);
  });
});

describe("readFeed - broken feeds", () => {
  it("read-feed - no stops.txt", async () => {
    const e = await errorOf(readGtfs(fixturePath("broken-missing-stops")));
    expect(e.message).toBe(`stops.txt: required file is missing from ${fixturePath("broken-missing-stops")}`);
    expect([e.file, e.line]).toEqual(["stops.txt", 0]);
  });

  it("read-feed - the time 25:6x:00", async () => {
    const e = await errorOf(readGtfs(fixturePath("broken-bad-time")));
    expect(e.message).toBe('stop_times.txt line 4: unparsable time "25:6x:00" in arrival_time');
    expect([e.file, e.line, e.problem]).toEqual(["stop_times.txt", 4, 'unparsable time "25:6x:00" in arrival_time']);
  });

  it("read-feed - a trip with an unknown route_id", async () => {
    const e = await errorOf(readGtfs(fixturePath("broken-unknown-route")));
    expect(e.message).toBe('trips.txt line 3: unknown route_id "9999"');
  });

  it("read-feed - an unterminated quote", async () => {
    const e = await errorOf(readGtfs(fixturePath("broken-unterminated-quote")));
    expect(e.message).toBe("stops.txt line 3: unterminated quoted field: the quote opened on this line never closes");
    // also when the file arrives in tiny chunks
    const chunked = await errorOf(readFeed(memorySource(fixtureFiles("broken-unterminated-quote"), { chunkSizes: [3] })));
    expect(chunked.message).toBe(e.message);
  });

  it("read-feed - missing files and columns", async () => {
    expect((await errorOf(readWith("minimal", { "calendar.txt": undefined, "calendar_dates.txt": undefined }))).message).toBe(
      "calendar.txt: neither calendar.txt nor calendar_dates.txt is in memory: one of them is required",
    );
    for (const file of ["agency.txt", "routes.txt", "trips.txt", "stop_times.txt"]) {
      expect((await errorOf(readWith("minimal", { [file]: undefined }))).message).toBe(`${file}: required file is missing from memory`);
    }
    expect((await errorOf(readWith("minimal", { "stops.txt": "stop_id,stop_name,stop_lon\n1,x,4.7\n" }))).message).toBe(
      "stops.txt line 1: missing required column stop_lat",
    );
    expect((await errorOf(readWith("minimal", { "stop_times.txt": "trip_id,arrival_time,stop_id,stop_sequence\n" }))).message).toBe(
      "stop_times.txt line 1: missing required column departure_time",
    );
  });

  it("read-feed - bad values name file, line and column", async () => {
    const stops = "stop_id,stop_name,stop_lat,stop_lon,location_type\n";
    const cases: Array<[Record<string, string>, string]> = [
      [{ "stops.txt": `${stops}1,x,95.1,4.7,0\n` }, 'stops.txt line 2: bad number "95.1" in stop_lat (expected -90..90)'],
      [{ "stops.txt": `${stops}1,x,50.1,4,7,0\n` }, 'stops.txt line 2: unknown location_type "7" (expected one of 0, 1, 2, 3, 4)'],
      [{ "stops.txt": `${stops}1,x,fifty,4.7,0\n` }, 'stops.txt line 2: bad number "fifty" in stop_lat (expected -90..90)'],
      [{ "stops.txt": `${stops}1,x,,4.7,0\n` }, "stops.txt line 2: missing value in stop_lat"],
      [
        { "routes.txt": "route_id,agency_id,route_short_name,route_type\n3002,3,2,99\n" },
        'routes.txt line 2: unknown route_type "99" (expected one of 0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 400, 401, 402, 403, 404, 405, 700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710, 711, 712, 713, 714, 715, 716, 800, 900, 901, 902, 903, 904, 905, 906, 1000, 1100, 1200, 1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1400, 1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1700, 1702)',
      ],
      [
        { "routes.txt": "route_id,agency_id,route_short_name,route_type,route_color\n3002,3,2,3,red\n" },
        'routes.txt line 2: bad colour "red" in route_color (expected six hex digits RRGGBB)',
      ],
      [{ "routes.txt": "route_id,agency_id,route_short_name,route_type\n3002,9,2,3\n" }, 'routes.txt line 2: unknown agency_id "9"'],
      [
        { "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWEEK,1,1,1,1,1,0,0,20240231,20241231\n" },
        'calendar.txt line 2: unparsable date "20240231" in start_date',
      ],
      [
        { "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWEEK,1,1,1,1,2,0,0,20240101,20241231\n" },
        'calendar.txt line 2: unknown friday "2" (expected one of 0, 1)',
      ],
      [
        { "calendar_dates.txt": "service_id,date,exception_type\nWEEK,20240101,3\n" },
        'calendar_dates.txt line 2: unknown exception_type "3" (expected one of 1, 2)',
      ],
      [
        { "trips.txt": "route_id,service_id,trip_id\n3002,WEEK,t1\n3002,SUNDAY,t2\n3600,SAT,t3\n" },
        'trips.txt line 3: unknown service_id "SUNDAY" (in neither calendar.txt nor calendar_dates.txt)',
      ],
      [
        { "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\n3,De Lijn,https://www.delijn.be,Europe/Leuven\n" },
        'agency.txt line 2: unknown agency_timezone "Europe/Leuven" (expected an IANA zone such as Europe/Brussels)',
      ],
    ];
    for (const [changes, message] of cases) expect((await errorOf(readWith("minimal", changes))).message).toBe(message);
  });
});

describe("readFeed - sources and progress", () => {
  afterEach(() => vi.useRealTimers());

  it("read-feed - progress reaches the total of the files' sizes", async () => {
    const files = fixtureFiles("minimal");
    const calls: ReadProgress[] = [];
    await readFeed(memorySource(files), { onProgress: (p) => calls.push(p) });
    const total = Object.values(files).reduce((n, b) => n + b.length, 0);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((c) => c.bytesTotal === total)).toBe(true);
    expect(calls[calls.length - 1].bytesDone).toBe(total);
    for (let i = 1; i < calls.length; i++) expect(calls[i].bytesDone).toBeGreaterThanOrEqual(calls[i - 1].bytesDone);
  });

  it("read-feed - progress is throttled to one call per 100 ms", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000);
    const calls: ReadProgress[] = [];
    // 1-byte chunks: thousands of chunks, and the clock never moves
    await readFeed(memorySource(fixtureFiles("minimal"), { chunkSizes: [1] }), { onProgress: (p) => calls.push(p) });
    expect(calls).toHaveLength(2); // the first chunk and the final 100 %
    expect(calls[0]).toEqual({ file: "agency.txt", bytesDone: 1, bytesTotal: calls[1].bytesTotal });
  });

  it("read-feed - a folder source reports file sizes and reads the same as memory", async () => {
    const source = await openGtfsSource(fixturePath("extensions"));
    try {
      expect((await source.files()).sort()).toContain("diversion_stops.txt");
      expect(await source.size!("notes.txt")).toEqual({ storedBytes: 92, rawBytes: 92 });
      expect(await source.open("shapes.txt")).toBeUndefined();
      const feed = await readFeed(source);
      const memory = await readFeed(memorySource(fixtureFiles("extensions")));
      expect({ ...feed, source: "" }).toEqual({ ...memory, source: "" });
    } finally {
      await source.close();
    }
  });
});
