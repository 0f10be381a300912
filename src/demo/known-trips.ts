/**
 * Facts of the demo feed (data/demo/flanders.zip) that other tests may assert against: exact
 * trips with their times, the frequency-based tram, the calendar's holidays and DST dates, the
 * diversions. The generator checks every fact here after each generation (verifyKnownTrips) and
 * fails when one no longer holds, so these constants and data/demo/README.md stay true.
 *
 * Times are GTFS times (HH:MM:SS after noon minus 12 h of the service day; they pass 24:00:00);
 * dates are yyyy-MM-dd in Europe/Brussels; stop names are omschrijvingLang (place + name).
 */
import { parseCsvText as parseCsv } from "../lib/csv-records.js";

export interface KnownPassage {
  /** stop_sequence (1-based) */
  sequence: number;
  stopId: string;
  stopName: string;
  /** "" when the feed leaves the time empty (not a timing point). */
  arrival: string;
  departure: string;
}

export interface KnownTrip {
  label: string;
  tripId: string;
  routeId: string;
  entity: string;
  lijnnummer: string;
  publicNumber: string;
  /** 0 HEEN, 1 TERUG */
  direction: 0 | 1;
  serviceId: string;
  /** trip_short_name */
  ritnummer: string;
  headsign: string;
  wheelchairAccessible: 1 | 2;
  stopCount: number;
  passages: KnownPassage[];
  /** Service dates (yyyy-MM-dd) on which the trip runs, and some on which it does not. */
  runsOn: string[];
  doesNotRunOn: string[];
}

export const KNOWN_TRIPS = {
  line2FirstWeekday: {
    label: "Line 2 (3/302) Kessel-Lo - Heverlee, first weekday trip HEEN",
    tripId: "3302-1001",
    routeId: "3302",
    entity: "3",
    lijnnummer: "302",
    publicNumber: "2",
    direction: 0,
    serviceId: "WK",
    ritnummer: "1001",
    headsign: "Heverlee",
    wheelchairAccessible: 1,
    stopCount: 28,
    passages: [
      { sequence: 1, stopId: "302938", stopName: "Kessel-Lo Boven-Lo", arrival: "06:01:00", departure: "06:01:00" },
      { sequence: 14, stopId: "303130", stopName: "Leuven Station perron 5", arrival: "06:19:00", departure: "06:20:00" },
      { sequence: 28, stopId: "302868", stopName: "Heverlee Campus Arenberg", arrival: "06:42:00", departure: "06:42:00" },
    ],
    runsOn: ["2025-03-12","2025-07-22"],
    doesNotRunOn: ["2025-07-21","2024-07-21","2025-03-15"],
  },
  line2LastWeekday: {
    label: "Line 2, last weekday trip HEEN: runs past midnight",
    tripId: "3302-1105",
    routeId: "3302",
    entity: "3",
    lijnnummer: "302",
    publicNumber: "2",
    direction: 0,
    serviceId: "WK",
    ritnummer: "1105",
    headsign: "Heverlee",
    wheelchairAccessible: 1,
    stopCount: 28,
    passages: [
      { sequence: 1, stopId: "302938", stopName: "Kessel-Lo Boven-Lo", arrival: "23:31:00", departure: "23:31:00" },
      { sequence: 14, stopId: "303130", stopName: "Leuven Station perron 5", arrival: "23:49:00", departure: "23:50:00" },
      { sequence: 28, stopId: "302868", stopName: "Heverlee Campus Arenberg", arrival: "24:12:00", departure: "24:12:00" },
    ],
    runsOn: ["2025-03-12"],
    doesNotRunOn: ["2025-07-21"],
  },
  line2FirstSunday: {
    label: "Line 2, first Sunday trip HEEN: also on public holidays that fall on a weekday or a Saturday",
    tripId: "3302-5001",
    routeId: "3302",
    entity: "3",
    lijnnummer: "302",
    publicNumber: "2",
    direction: 0,
    serviceId: "ZO",
    ritnummer: "5001",
    headsign: "Heverlee",
    wheelchairAccessible: 1,
    stopCount: 28,
    passages: [
      { sequence: 1, stopId: "302938", stopName: "Kessel-Lo Boven-Lo", arrival: "08:01:00", departure: "08:01:00" },
      { sequence: 14, stopId: "303130", stopName: "Leuven Station perron 5", arrival: "08:19:00", departure: "08:20:00" },
      { sequence: 28, stopId: "302868", stopName: "Heverlee Campus Arenberg", arrival: "08:42:00", departure: "08:42:00" },
    ],
    runsOn: ["2024-07-21","2025-07-21","2025-03-30","2025-11-01"],
    doesNotRunOn: ["2025-07-22","2025-03-15"],
  },
  nightN1Heen: {
    label: "Night line N1 (3/901), Saturday-night trip from Hever at 25:30: crosses 02:00-03:00 on the DST Sundays",
    tripId: "3901-7005",
    routeId: "3901",
    entity: "3",
    lijnnummer: "901",
    publicNumber: "N1",
    direction: 0,
    serviceId: "NA",
    ritnummer: "7005",
    headsign: "Kessel-Lo",
    wheelchairAccessible: 1,
    stopCount: 45,
    passages: [
      { sequence: 1, stopId: "300837", stopName: "Hever Kerk", arrival: "25:30:00", departure: "25:30:00" },
      { sequence: 16, stopId: "300879", stopName: "Wespelaar Stationsweg", arrival: "26:01:00", departure: "26:01:00" },
      { sequence: 45, stopId: "302959", stopName: "Kessel-Lo Heiberg", arrival: "26:52:00", departure: "26:52:00" },
    ],
    runsOn: ["2025-03-29","2025-10-25","2025-03-28"],
    doesNotRunOn: ["2025-03-30","2025-03-27"],
  },
  nightN1Terug: {
    label: "Night line N1, last trip back to Hever (26:00 to 27:26)",
    tripId: "3901-7006",
    routeId: "3901",
    entity: "3",
    lijnnummer: "901",
    publicNumber: "N1",
    direction: 1,
    serviceId: "NA",
    ritnummer: "7006",
    headsign: "Hever",
    wheelchairAccessible: 1,
    stopCount: 45,
    passages: [
      { sequence: 1, stopId: "352959", stopName: "Kessel-Lo Heiberg", arrival: "26:00:00", departure: "26:00:00" },
      { sequence: 23, stopId: "300268", stopName: "Herent Dorpsplein", arrival: "26:37:00", departure: "26:37:00" },
      { sequence: 45, stopId: "300842", stopName: "Hever Kerk", arrival: "27:22:00", departure: "27:22:00" },
    ],
    runsOn: ["2025-03-29","2025-10-25"],
    doesNotRunOn: ["2025-03-30"],
  },
  tram1FirstWeekday: {
    label: "Antwerp tram 1, first weekday trip from Luchtbal",
    tripId: "1001-1001",
    routeId: "1001",
    entity: "1",
    lijnnummer: "1",
    publicNumber: "1",
    direction: 0,
    serviceId: "WK",
    ritnummer: "1001",
    headsign: "Zuid",
    wheelchairAccessible: 2,
    stopCount: 16,
    passages: [
      { sequence: 1, stopId: "100001", stopName: "Merksem Luchtbal", arrival: "05:41:00", departure: "05:41:00" },
      { sequence: 8, stopId: "100008", stopName: "Antwerpen Astrid", arrival: "05:57:00", departure: "05:57:00" },
      { sequence: 16, stopId: "100016", stopName: "Antwerpen Zuid", arrival: "06:15:00", departure: "06:15:00" },
    ],
    runsOn: ["2025-03-12"],
    doesNotRunOn: ["2025-03-16"],
  },
  schoolLine520: {
    label: "Line 520 (school days): morning trip on Monday, Tuesday, Thursday and Friday school days",
    tripId: "3520-8001",
    routeId: "3520",
    entity: "3",
    lijnnummer: "520",
    publicNumber: "520",
    direction: 0,
    serviceId: "SCH",
    ritnummer: "8001",
    headsign: "Heverlee",
    wheelchairAccessible: 1,
    stopCount: 32,
    passages: [
      { sequence: 1, stopId: "300211", stopName: "Linden Pastorij", arrival: "07:05:00", departure: "07:05:00" },
      { sequence: 32, stopId: "303678", stopName: "Heverlee Sint-Albertus College", arrival: "07:48:00", departure: "07:48:00" },
    ],
    runsOn: ["2025-03-13"],
    doesNotRunOn: ["2025-03-12","2025-07-10","2025-07-21"],
  },
  belbus591: {
    label: "Belbus 591 (5/591), first weekday trip: intermediate stops on request (pickup_type and drop_off_type 2)",
    tripId: "5591-1001",
    routeId: "5591",
    entity: "5",
    lijnnummer: "591",
    publicNumber: "591",
    direction: 0,
    serviceId: "WK",
    ritnummer: "1001",
    headsign: "Lo-Reninge",
    wheelchairAccessible: 1,
    stopCount: 31,
    passages: [
      { sequence: 1, stopId: "500001", stopName: "Alveringem Kerk", arrival: "07:33:00", departure: "07:33:00" },
      { sequence: 2, stopId: "500002", stopName: "Izenberge Kievitlaan", arrival: "07:35:00", departure: "07:35:00" },
      { sequence: 31, stopId: "500031", stopName: "Reninge Centrum", arrival: "08:38:00", departure: "08:38:00" },
    ],
    runsOn: ["2025-03-12"],
    doesNotRunOn: ["2025-03-16"],
  },
  nonTimepoint380: {
    label: "Line 380 (3/380), first weekday trip: intermediate stops without times (timepoint 0)",
    tripId: "3380-1001",
    routeId: "3380",
    entity: "3",
    lijnnummer: "380",
    publicNumber: "380",
    direction: 0,
    serviceId: "WK",
    ritnummer: "1001",
    headsign: "Leuven",
    wheelchairAccessible: 1,
    stopCount: 30,
    passages: [
      { sequence: 1, stopId: "300630", stopName: "Tienen Station", arrival: "05:52:00", departure: "05:52:00" },
      { sequence: 2, stopId: "300754", stopName: "Tienen Vijverstraat", arrival: "", departure: "" },
      { sequence: 3, stopId: "300755", stopName: "Kumtich Tulpendreef", arrival: "", departure: "" },
      { sequence: 4, stopId: "300756", stopName: "Kumtich Reigersstraat", arrival: "", departure: "" },
      { sequence: 5, stopId: "300631", stopName: "Kumtich Dorp", arrival: "06:00:00", departure: "06:00:00" },
      { sequence: 30, stopId: "306086", stopName: "Leuven Station perron 11", arrival: "06:42:00", departure: "06:42:00" },
    ],
    runsOn: ["2025-03-12"],
    doesNotRunOn: [],
  },
  frequencyTram24: {
    label: "Antwerp tram 24, weekday frequency template (frequencies.txt)",
    tripId: "1024-1001",
    routeId: "1024",
    entity: "1",
    lijnnummer: "24",
    publicNumber: "24",
    direction: 0,
    serviceId: "WK",
    ritnummer: "1001",
    headsign: "Schoonselhof",
    wheelchairAccessible: 2,
    stopCount: 15,
    passages: [
      { sequence: 1, stopId: "100094", stopName: "Deurne Silsburg", arrival: "05:43:00", departure: "05:43:00" },
      { sequence: 15, stopId: "100225", stopName: "Wilrijk Schoonselhof", arrival: "06:19:00", departure: "06:19:00" },
    ],
    runsOn: ["2025-03-12"],
    doesNotRunOn: ["2025-03-15"],
  },
} satisfies Record<string, KnownTrip>;

/** Tram 24's weekday trips are frequency-based: one template per window and direction. */
export const KNOWN_FREQUENCY = {
  tripId: "1024-1001",
  startTime: "05:43:00",
  /** Exclusive: trips start at startTime + k * headway while before endTime. */
  endTime: "07:23:00",
  headwaySecs: 1200,
  exactTimes: 1,
  /** The departures from the first stop (Deurne Silsburg) this window gives. */
  firstStopDepartures: ["05:43:00", "06:03:00", "06:23:00", "06:43:00", "07:03:00"],
};

/** Belbus 591: intermediate stops on request; the first and last stop regular. */
export const KNOWN_PICKUP = {
  tripId: "5591-1001",
  /** pickup_type = drop_off_type per stop_sequence 1, 2 and the last. */
  first: 0,
  second: 2,
  last: 0,
};

/** Calendar facts: services WK (Mon-Fri), ZA, ZO, NA (Fri+Sat nights), SCH, SCHW (school days). */
export const KNOWN_CALENDAR = {
  start: "2024-01-01",
  end: "2030-12-31",
  /** 21 July 2025, a Monday: WK removed (exception 2), ZO added (exception 1). */
  mondayHoliday: "2025-07-21",
  /** 21 July 2024, a Sunday: no exception needed. */
  sundayHoliday: "2024-07-21",
  /** 1 November 2025, a Saturday: ZA removed, ZO added. */
  saturdayHoliday: "2025-11-01",
  /** Easter Monday 2026 (Easter is 5 April 2026). */
  easterMonday2026: "2026-04-06",
  /** The DST Sundays of 2025: the NA service of the Saturday before runs through 02:00-03:00. */
  springForwardSunday: "2025-03-30",
  fallBackSunday: "2025-10-26",
};

export const KNOWN_DIVERSIONS = {
  omleidingen: [873901, 873902, 873903, 873904],
  storingen: [873905, 873906],
  /** Texts only in nl and fr: other languages fall back to Dutch. */
  dutchAndFrenchOnly: 873902,
  /** Works at Leuven Tiensepoort, weekdays 2025-03-03 to 2025-06-27, line 4 both directions and line 380 HEEN. */
  tiensepoort: 873901,
};

/** Throws when a fact above no longer holds for the generated files (file name -> content). */
export function verifyKnownTrips(files: Map<string, string>): void {
  const problems: string[] = [];
  const table = (name: string) => {
    const content = files.get(name);
    if (content === undefined) throw new Error(`demo: ${name} missing`);
    const [header, ...rows] = parseCsv(content);
    return rows.map((r) => Object.fromEntries(header.fields.map((h, i) => [h, r.fields[i]])) as Record<string, string>);
  };
  const trips = new Map(table("trips.txt").map((t) => [t.trip_id, t]));
  const wanted = new Set<string>([...Object.values(KNOWN_TRIPS).map((t) => t.tripId), KNOWN_FREQUENCY.tripId, KNOWN_PICKUP.tripId]);
  // stop_times.txt is grouped by trip: find each wanted trip's first row instead of splitting 13 MB.
  const text = files.get("stop_times.txt")!;
  const stopTimes = new Map<string, Array<Record<string, string>>>();
  for (const tripId of wanted) {
    const list: Array<Record<string, string>> = [];
    let at = text.indexOf(`\n${tripId},`);
    while (at >= 0 && text.startsWith(`${tripId},`, at + 1)) {
      const end = text.indexOf("\n", at + 1);
      const [, arrival, departure, stopId, sequence, pickup, dropOff] = text.slice(at + 1, end).split(",");
      list.push({ arrival, departure, stopId, sequence, pickup, dropOff });
      at = end;
    }
    stopTimes.set(tripId, list);
  }
  const stops = new Map(table("stops.txt").map((s) => [s.stop_id, s]));
  const runs = serviceCalendar(table("calendar.txt"), table("calendar_dates.txt"));

  for (const [key, k] of Object.entries(KNOWN_TRIPS) as Array<[string, KnownTrip]>) {
    const t = trips.get(k.tripId);
    if (!t) {
      problems.push(`${key}: trip ${k.tripId} missing`);
      continue;
    }
    const expect = (what: string, actual: string | undefined, wantedValue: string | number) => {
      if (actual !== String(wantedValue)) problems.push(`${key}: ${what} is ${actual}, expected ${wantedValue}`);
    };
    expect("route_id", t.route_id, k.routeId);
    expect("service_id", t.service_id, k.serviceId);
    expect("trip_short_name", t.trip_short_name, k.ritnummer);
    expect("trip_headsign", t.trip_headsign, k.headsign);
    expect("direction_id", t.direction_id, k.direction);
    expect("wheelchair_accessible", t.wheelchair_accessible, k.wheelchairAccessible);
    const st = stopTimes.get(k.tripId) ?? [];
    expect("stop count", String(st.length), k.stopCount);
    for (const p of k.passages) {
      const row = st[p.sequence - 1];
      expect(`stop ${p.sequence}`, row?.stopId, p.stopId);
      expect(`arrival at ${p.sequence}`, row?.arrival, p.arrival);
      expect(`departure at ${p.sequence}`, row?.departure, p.departure);
      const s = stops.get(p.stopId);
      expect(`name of ${p.stopId}`, s ? `${s.stop_place} ${s.stop_name}` : undefined, p.stopName);
    }
    for (const d of k.runsOn) if (!runs(k.serviceId, d)) problems.push(`${key}: does not run on ${d}`);
    for (const d of k.doesNotRunOn) if (runs(k.serviceId, d)) problems.push(`${key}: runs on ${d}`);
  }

  const f = table("frequencies.txt").find((r) => r.trip_id === KNOWN_FREQUENCY.tripId);
  if (
    !f ||
    f.start_time !== KNOWN_FREQUENCY.startTime ||
    f.end_time !== KNOWN_FREQUENCY.endTime ||
    f.headway_secs !== String(KNOWN_FREQUENCY.headwaySecs) ||
    f.exact_times !== String(KNOWN_FREQUENCY.exactTimes) ||
    stopTimes.get(KNOWN_FREQUENCY.tripId)?.[0]?.departure !== KNOWN_FREQUENCY.startTime
  ) {
    problems.push(`frequency: ${KNOWN_FREQUENCY.tripId} is ${JSON.stringify(f)}`);
  }
  const pick = stopTimes.get(KNOWN_PICKUP.tripId) ?? [];
  const pd = (row: Record<string, string> | undefined) => (row && row.pickup === row.dropOff ? Number(row.pickup || 0) : -1);
  if (pd(pick[0]) !== KNOWN_PICKUP.first || pd(pick[1]) !== KNOWN_PICKUP.second || pd(pick[pick.length - 1]) !== KNOWN_PICKUP.last) {
    problems.push(`pickup: ${KNOWN_PICKUP.tripId} has ${pick.map((r) => r.pickup).join("/")}`);
  }

  const ids = new Map(table("diversions.txt").map((d) => [Number(d.diversion_id), d.diversion_kind]));
  for (const id of KNOWN_DIVERSIONS.omleidingen) if (ids.get(id) !== "omleiding") problems.push(`diversion ${id} is no omleiding`);
  for (const id of KNOWN_DIVERSIONS.storingen) if (ids.get(id) !== "storing") problems.push(`diversion ${id} is no storing`);
  const languages = table("diversion_texts.txt")
    .filter((t) => Number(t.diversion_id) === KNOWN_DIVERSIONS.dutchAndFrenchOnly)
    .map((t) => t.language)
    .join(",");
  if (languages !== "nl,fr") problems.push(`diversion ${KNOWN_DIVERSIONS.dutchAndFrenchOnly} has languages ${languages}`);

  if (problems.length > 0) {
    throw new Error(
      `demo: the generated feed no longer matches src/demo/known-trips.ts (update it and data/demo/README.md):\n  ${problems.join("\n  ")}`,
    );
  }
}

/** Whether a service runs on a date (yyyy-MM-dd), by calendar.txt and calendar_dates.txt. */
function serviceCalendar(calendar: Array<Record<string, string>>, dates: Array<Record<string, string>>) {
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  const exceptions = new Map(dates.map((d) => [`${d.service_id} ${d.date}`, d.exception_type]));
  return (serviceId: string, isoDate: string): boolean => {
    const date = isoDate.replace(/-/g, "");
    const exception = exceptions.get(`${serviceId} ${date}`);
    if (exception !== undefined) return exception === "1";
    const c = calendar.find((r) => r.service_id === serviceId);
    if (!c || date < c.start_date || date > c.end_date) return false;
    const weekday = (new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7;
    return c[days[weekday]] === "1";
  };
}
