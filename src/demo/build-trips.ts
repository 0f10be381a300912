/**
 * Timetables: trips of a line from its stop sequences and its timetable pattern (ScheduleKind).
 * Run times follow the distance between stops at a speed that grows with stop spacing (slow in
 * town, faster between villages), plus a dwell per stop, 15 % longer in the weekday rush hours;
 * times are whole minutes, as the operator publishes them.
 */
import type { ServiceSeconds } from "../network/model.js";
import type { LineStops } from "./build-line-stops.js";
import { SERVICE, type ServiceId } from "./demo-calendar.js";
import { distanceMeters } from "./geo.js";
import type { LinePlan, ScheduleKind } from "./line-plan.js";
import type { DemoStop } from "./stop-registry.js";

/** [first departure, last departure, headway], minutes after midnight of the service day. */
type Window = [number, number, number];

interface Pattern {
  /** Departure windows of direction HEEN per service; TERUG is shifted (see `inboundShiftMinutes`). */
  windows?: Partial<Record<ServiceId, Window[]>>;
  /** Fixed departures per service and direction (school, factory, night and technical runs). */
  fixed?: Partial<Record<ServiceId, [number[], number[]]>>;
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const PATTERNS: Record<ScheduleKind, Pattern> = {
  tram: {
    windows: {
      WK: [[h(5, 40), h(7), 20], [h(7, 10), h(9), 12], [h(9, 20), h(16), 20], [h(16, 12), h(18, 36), 12], [h(19), h(23, 30), 30]],
      ZA: [[h(7), h(23, 30), 30]],
      ZO: [[h(8), h(23), 60]],
    },
  },
  city: {
    windows: {
      WK: [[h(6), h(7), 20], [h(7, 15), h(9), 15], [h(9, 20), h(16), 20], [h(16, 15), h(18, 30), 15], [h(19), h(23, 30), 30]],
      ZA: [[h(8), h(20), 30], [h(21), h(23, 30), 60]],
      ZO: [[h(8), h(23), 60]],
    },
  },
  cityMinor: {
    windows: {
      WK: [[h(6, 30), h(9), 30], [h(10), h(15), 60], [h(16), h(19), 30], [h(20, 30), h(23, 30), 60]],
      ZA: [[h(8), h(20), 120]],
    },
  },
  regional: {
    windows: {
      WK: [[h(5, 50), h(21, 50), 60], [h(7, 20), h(7, 20), 60], [h(16, 50), h(16, 50), 60], [h(23, 10), h(23, 10), 60]],
      ZA: [[h(7, 10), h(21, 10), 120], [h(23, 10), h(23, 10), 60]],
      ZO: [[h(8, 10), h(20, 10), 120]],
    },
  },
  regionalMinor: {
    // Every two hours between the rush hours: with only a noon trip, a change between two such lines (a village to
    // another region's town) waited up to four hours.
    windows: {
      WK: [[h(6, 20), h(8, 20), 60], [h(10, 20), h(14, 20), 120], [h(16, 20), h(18, 20), 60]],
      ZA: [[h(9, 20), h(17, 20), 120]],
    },
  },
  peak: {
    windows: {
      WK: [[h(6, 40), h(7, 40), 60], [h(16, 40), h(17, 40), 60]],
    },
  },
  express: {
    windows: {
      WK: [[h(6, 15), h(8, 45), 30], [h(15, 45), h(18, 15), 30]],
    },
  },
  snelbus: {
    // The links between the regions (express-lines.ts): half-hourly all day on weekdays, hourly in the evening and at
    // weekends.
    windows: {
      WK: [[h(6), h(19), 30], [h(20), h(23), 60]],
      ZA: [[h(7), h(23), 60]],
      ZO: [[h(8), h(22), 60]],
    },
  },
  night: {
    fixed: { NA: [[h(23, 30), h(24, 30), h(25, 30)], [h(24), h(25), h(26)]] },
  },
  schoolDays: {
    fixed: { SCH: [[h(7, 5)], [h(16, 5)]], SCHW: [[h(7, 5)], [h(12, 20)]] },
  },
  schoolBus: {
    fixed: { SCH: [[h(6, 55), h(7, 25)], [h(15, 50), h(16, 35)]], SCHW: [[h(6, 55), h(7, 25)], [h(12, 15)]] },
  },
  factory: {
    fixed: { WK: [[h(5, 10), h(13, 10), h(21, 10)], [h(6, 15), h(14, 15), h(22, 15)]] },
  },
  belbus: {
    windows: { WK: [[h(7, 30), h(18, 30), 120]], ZA: [[h(9, 30), h(17, 30), 240]] },
  },
  technical: {
    fixed: { WK: [[h(5, 5)], [h(23, 50)]] },
  },
};

/** ritnummer blocks: unique per line and service day, HEEN odd and TERUG even. */
const TRIP_NUMBER_BASE: Record<ServiceId, number> = { WK: 1000, ZA: 3000, ZO: 5000, NA: 7000, SCH: 8000, SCHW: 8500 };

export interface DemoTrip {
  tripId: string;
  routeId: string;
  serviceId: ServiceId;
  /** 0 HEEN, 1 TERUG */
  direction: 0 | 1;
  tripNumber: string;
  headsign: string;
  /** GTFS wheelchair_accessible: 1 accessible, 2 not. */
  wheelchair: 1 | 2;
  stops: DemoStop[];
  /** ServiceSeconds per stop; undefined = an empty time (not a timing point, to interpolate). */
  arrivals: Array<ServiceSeconds | undefined>;
  departures: Array<ServiceSeconds | undefined>;
  /** GTFS timepoint per stop, or undefined when the trip gives exact times everywhere. */
  timepoints: Array<0 | 1> | undefined;
  /** pickup_type / drop_off_type per stop (2 = phone the agency), undefined = regular. */
  pickupDropOff: Array<0 | 1 | 2 | 3> | undefined;
  /** Set for a frequency-based template trip (frequencies.txt, exact_times = 1). */
  frequency: { start: ServiceSeconds; end: ServiceSeconds; headwaySeconds: number } | undefined;
}

export interface TripOptions {
  routeId: string;
  /** Intermediate stops without times on every trip (exercise interpolation). */
  nonTimepoints: boolean;
  /** Weekday service as frequencies.txt template trips. */
  weekdayFrequencies: boolean;
  /** Share of trips run with a vehicle that is not wheelchair accessible (0..1), by trip index. */
  inaccessibleShare: number;
}

export function buildTrips(plan: LinePlan, stops: LineStops, options: TripOptions): DemoTrip[] {
  const pattern = PATTERNS[plan.schedule];
  const trips: DemoTrip[] = [];
  const shift = inboundShiftMinutes(plan);
  const phase = plan.number % 7;
  /** Run-time profiles (seconds after the first departure) per direction, part of the route and rush. */
  const runTimes = new Map<string, { arrivals: number[]; departures: number[] }>();
  const services = new Set<ServiceId>([
    ...(Object.keys(pattern.windows ?? {}) as ServiceId[]),
    ...(Object.keys(pattern.fixed ?? {}) as ServiceId[]),
  ]);
  for (const serviceId of Object.values(SERVICE).filter((s) => services.has(s))) {
    const counters = [0, 0];
    for (const direction of [0, 1] as const) {
      const dirStops = direction === 0 ? stops.outbound : stops.inbound;
      const departures: Array<{ minute: number; frequency?: Window }> = [];
      const fixed = pattern.fixed?.[serviceId];
      if (fixed) for (const m of fixed[direction]) departures.push({ minute: m });
      for (const w of pattern.windows?.[serviceId] ?? []) {
        const offset = phase + (direction === 1 ? shift : 0);
        if (options.weekdayFrequencies && serviceId === SERVICE.weekday) {
          // frequencies.txt end_time is exclusive: the last start is end_time - headway.
          const count = Math.floor((w[1] - w[0]) / w[2]) + 1;
          departures.push({ minute: w[0] + offset, frequency: [w[0] + offset, w[0] + offset + count * w[2], w[2]] });
          continue;
        }
        for (let m = w[0]; m <= w[1]; m += w[2]) departures.push({ minute: m + offset });
      }
      departures.sort((a, b) => a.minute - b.minute);
      departures.forEach(({ minute, frequency }, index) => {
        const rush = serviceId === SERVICE.weekday && ((minute >= h(7) && minute < h(9)) || (minute >= h(16) && minute < h(18, 30)));
        // Every other rush-hour trip of a long regional line turns short, giving a second pattern.
        const short = plan.schedule === "regional" && rush && index % 2 === 1 && dirStops.stops.length >= 16;
        const count = dirStops.stops.length;
        const from = short && direction === 1 ? Math.floor(count * 0.4) : 0;
        const to = short && direction === 0 ? Math.ceil(count * 0.6) : count;
        const tripStops = dirStops.stops.slice(from, to);
        const anchors = dirStops.anchors.slice(from, to);
        const key = `${direction}:${from}:${to}:${rush ? 1 : 0}`;
        let offsets = runTimes.get(key);
        if (!offsets) {
          offsets = stopTimes(plan, tripStops, rush ? 1.15 : 1);
          runTimes.set(key, offsets);
        }
        const start = minute * 60;
        const n = ++counters[direction];
        const tripNumber = String(TRIP_NUMBER_BASE[serviceId] + 2 * n - (direction === 0 ? 1 : 0));
        const nonTimepoint = options.nonTimepoints ? anchors.map((a, i) => a || i === 0 || i === anchors.length - 1) : undefined;
        const accessible = options.inaccessibleShare === 0 || (index * 7 + plan.number) % 100 >= options.inaccessibleShare * 100;
        trips.push({
          tripId: `${options.routeId}-${tripNumber}`,
          routeId: options.routeId,
          serviceId,
          direction,
          tripNumber,
          headsign: headsignOf(plan, direction, tripStops, short),
          wheelchair: accessible ? 1 : 2,
          stops: tripStops,
          arrivals: offsets.arrivals.map((t, i) => (nonTimepoint && !nonTimepoint[i] ? undefined : start + t)),
          departures: offsets.departures.map((t, i) => (nonTimepoint && !nonTimepoint[i] ? undefined : start + t)),
          timepoints: nonTimepoint?.map((tp) => (tp ? 1 : 0)),
          pickupDropOff:
            plan.serviceType === "BELBUS" ? tripStops.map((_, i) => (i === 0 || i === tripStops.length - 1 ? 0 : 2)) : undefined,
          frequency: frequency
            ? { start: frequency[0] * 60, end: frequency[1] * 60, headwaySeconds: frequency[2] * 60 }
            : undefined,
        });
      });
    }
  }
  return trips;
}

/** TERUG leaves about half a headway after HEEN, so the two directions do not mirror each other. */
function inboundShiftMinutes(plan: LinePlan): number {
  return plan.schedule === "tram" || plan.schedule === "city" ? 5 + (plan.number % 5) : 25 + (plan.number % 10);
}

function speedKmh(plan: LinePlan, meters: number): number {
  if (plan.express) return Math.min(70, 30 + meters / 150);
  if (plan.schedule === "tram") return 19;
  if (plan.schedule === "city" || plan.schedule === "cityMinor") return Math.min(45, 14 + meters / 50);
  return Math.min(50, 16 + meters / 45);
}

/** Railway stations and bus-station platforms, where a bus waits a minute. */
function isHub(stop: DemoStop): boolean {
  return stop.stopPlace.kind === "station" || /^Station( |$)| perron /.test(stop.name);
}

/**
 * Whole-minute offsets from the first departure; intermediate hub stops (stations, bus-station
 * platforms) hold one minute.
 */
function stopTimes(plan: LinePlan, stops: DemoStop[], factor: number) {
  const arrivals: number[] = [];
  const departures: number[] = [];
  let t = 0;
  for (let i = 0; i < stops.length; i++) {
    if (i > 0) {
      const meters = distanceMeters(stops[i - 1], stops[i]) * 1.25;
      t += ((meters / 1000 / speedKmh(plan, meters)) * 3600 + 20) * factor;
    }
    const arrival = Math.round(t / 60) * 60;
    const hold = i > 0 && i < stops.length - 1 && isHub(stops[i]) ? 60 : 0;
    arrivals.push(arrival);
    departures.push(arrival + hold);
    t += hold;
  }
  return { arrivals, departures };
}

function headsignOf(plan: LinePlan, direction: 0 | 1, stops: DemoStop[], short: boolean): string {
  const last = stops[stops.length - 1];
  if (short) return last.place;
  if (plan.headsigns) return plan.headsigns[direction];
  const parts = plan.description.split(/\s+-\s*|\s*-\s+/).map((p) => p.trim()).filter((p) => p !== "");
  if (parts.length < 2) return last.place === last.name ? last.name : `${last.place} ${last.name}`;
  return direction === 0 ? parts[parts.length - 1] : parts[0];
}
