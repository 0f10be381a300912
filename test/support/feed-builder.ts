/**
 * Tiny in-memory GtfsFeed builder for compiler tests: rows with defaults, stop times written as
 * "HH:MM:SS" text per trip. Independent of the reader, so compiler tests isolate the compiler.
 */
import type {
  AgencyRow,
  CalendarDateRow,
  CalendarRow,
  FrequencyRow,
  GtfsFeed,
  RouteRow,
  StopRow,
  TripRow,
} from "../../src/gtfs/types.js";

export const hms = (t: string): number => {
  const [h, m, s] = t.split(":").map(Number);
  return h * 3600 + m * 60 + (s ?? 0);
};

export function agency(p: Partial<AgencyRow> = {}): AgencyRow {
  return { agencyId: "1", name: "Agency", url: "https://example.org", timezone: "Europe/Brussels", lang: "nl", ...p };
}

export function stop(stopId: string, lat: number, lon: number, p: Partial<StopRow> = {}): StopRow {
  return {
    stopId,
    code: "",
    name: `Stop ${stopId}`,
    desc: "",
    lat,
    lon,
    locationType: 0,
    parentStation: "",
    wheelchairBoarding: 0,
    platformCode: "",
    accessibility: "",
    place: "",
    ...p,
  };
}

export function route(routeId: string, p: Partial<RouteRow> = {}): RouteRow {
  return {
    routeId,
    agencyId: "1",
    shortName: "",
    longName: "",
    desc: "",
    routeType: 3,
    color: undefined,
    textColor: undefined,
    borderColor: undefined,
    textBorderColor: undefined,
    serviceType: "",
    isPublic: undefined,
    sortOrder: undefined,
    ...p,
  };
}

export interface TripSpec extends Partial<TripRow> {
  tripId: string;
  routeId: string;
  serviceId: string;
  /** [stopId, arrival, departure] (departure defaults to arrival), optional pickup/drop-off types. */
  times: Array<[string, string, string?, number?, number?]>;
  /** stop_sequence per stop time, increasing (GTFS allows any start and gaps); default 1, 2, 3, ... */
  sequences?: number[];
}

export function calendar(serviceId: string, weekdays: string, start: number, end: number): CalendarRow {
  let bits = 0;
  [...weekdays].forEach((c, i) => c === "1" && (bits |= 1 << i));
  return { serviceId, weekdays: bits, start, end };
}

export function feed(parts: {
  agencies?: AgencyRow[];
  stops: StopRow[];
  routes: RouteRow[];
  trips: TripSpec[];
  calendars?: CalendarRow[];
  calendarDates?: CalendarDateRow[];
  frequencies?: FrequencyRow[];
  source?: string;
}): GtfsFeed {
  const stopIndex = new Map(parts.stops.map((s, i) => [s.stopId, i]));
  const count = parts.trips.reduce((a, t) => a + t.times.length, 0);
  const st = {
    count,
    tripStart: new Uint32Array(parts.trips.length + 1),
    stop: new Uint32Array(count),
    sequence: new Uint32Array(count),
    arrival: new Int32Array(count),
    departure: new Int32Array(count),
    pickupType: new Uint8Array(count),
    dropOffType: new Uint8Array(count),
  };
  let row = 0;
  parts.trips.forEach((t, ti) => {
    st.tripStart[ti] = row;
    t.times.forEach(([stopId, arr, dep, pickup, dropOff], i) => {
      const s = stopIndex.get(stopId);
      if (s === undefined) throw new Error(`feed builder: unknown stop ${stopId}`);
      st.stop[row] = s;
      st.sequence[row] = t.sequences ? t.sequences[i] : i + 1;
      st.arrival[row] = hms(arr);
      st.departure[row] = hms(dep ?? arr);
      st.pickupType[row] = pickup ?? 0;
      st.dropOffType[row] = dropOff ?? 0;
      row++;
    });
  });
  st.tripStart[parts.trips.length] = row;
  const trips: TripRow[] = parts.trips.map(({ times: _times, sequences: _sequences, ...t }) => ({
    headsign: "",
    shortName: "",
    directionId: 0,
    blockId: "",
    shapeId: "",
    wheelchairAccessible: 0,
    ...t,
  }));
  return {
    source: parts.source ?? "test-feed",
    rows: { "stop_times.txt": count },
    agencies: parts.agencies ?? [agency()],
    stops: parts.stops,
    routes: parts.routes,
    trips,
    calendars: parts.calendars ?? [],
    calendarDates: parts.calendarDates ?? [],
    frequencies: parts.frequencies ?? [],
    transfers: [],
    feedInfo: undefined,
    translations: [],
    notes: [],
    noteAssignments: [],
    diversions: [],
    diversionTexts: [],
    diversionRoutes: [],
    diversionStops: [],
    stopTimes: st,
    warnings: [],
  };
}
