/**
 * Small networks for the RAPTOR scenario tests, written as text timetables, compiled with the real compiler, and
 * journeys rendered as one line each so that a test compares strings:
 *
 *   net({ stops: { A: [0, 0], B: [0, 1000] }, trips: ["T1 bus: A 08:00, B 08:10"] })
 *   "08:00-08:10 0x: T1 A 08:00-B 08:10"
 *
 * Stops are placed in metres east and north of Leuven station (so footpaths follow from distances: 400 m radius,
 * x 1.3 detour at 1.25 m/s); a trip is "<trip_id> <mode>[ <service>][ wheelchair][ block=<id>][ route=<id>]: <stop>
 * <hh:mm>[/<hh:mm>], ...": a trip is its own route (line) unless route= names one, so trips of one route along the
 * same stops share a pattern.
 * Services: WEEK (Monday-Friday), SUN (Sunday), ALL (every day, the default), over 2024.
 */
import { zonedTime, type EpochMs } from "../../../src/lib/zoned-time.js";
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { Network, StopIdx, TripIdx } from "../../../src/network/model.js";
import type { Journey, StopAccess } from "../../../src/routing/raptor-types.js";
import type { TransferRow } from "../../../src/gtfs/types.js";
import { calendar, feed, route, stop, type TripSpec } from "../../support/feed-builder.js";

const LAT0 = 50.8814;
const LON0 = 4.7157;
const ZONE = zonedTime("Europe/Brussels");
const MODES = { bus: 3, tram: 0, metro: 1, train: 2 } as const;

export interface ScenarioSpec {
  /** name -> [metres east, metres north], optional wheelchair_boarding (default 1). */
  stops: Record<string, [number, number, number?]>;
  trips: string[];
  /** [from stop, to stop, transfer_type, min_transfer_time?, from trip?, to trip?]; "" for a stop left empty. */
  transfers?: Array<[string, string, number, number?, string?, string?]>;
}

export function net(spec: ScenarioSpec): Network {
  const stops = Object.entries(spec.stops).map(([id, [east, north, wheelchair]]) =>
    stop(id, LAT0 + north / 111_320, LON0 + east / (111_320 * Math.cos((LAT0 * Math.PI) / 180)), { wheelchairBoarding: wheelchair ?? 1 }),
  );
  const routes = new Map<string, ReturnType<typeof route>>();
  const trips: TripSpec[] = spec.trips.map((line) => {
    const [head, body] = line.split(":", 2).length === 2 ? [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)] : [line, ""];
    const [tripId, mode, ...flags] = head.trim().split(/\s+/);
    const routeName = flags.find((f) => f.startsWith("route="))?.slice(6) ?? tripId;
    const routeId = `${mode}-${routeName}`;
    routes.set(routeId, route(routeId, { shortName: routeName, routeType: MODES[mode as keyof typeof MODES] }));
    const service = flags.find((f) => f === "WEEK" || f === "SUN" || f === "ALL") ?? "ALL";
    const block = flags.find((f) => f.startsWith("block="))?.slice(6) ?? "";
    return {
      tripId,
      routeId,
      serviceId: service,
      wheelchairAccessible: flags.includes("wheelchair") ? 1 : 2,
      blockId: block,
      times: body.split(",").map((p) => {
        const [stopId, time] = p.trim().split(/\s+/);
        const [arr, dep] = time.split("/");
        return [stopId, `${arr}:00`, `${dep ?? arr}:00`] as [string, string, string];
      }),
    };
  });
  const f = feed({
    stops,
    routes: [...routes.values()],
    trips,
    calendars: [calendar("WEEK", "1111100", 20240101, 20241231), calendar("SUN", "0000001", 20240101, 20241231), calendar("ALL", "1111111", 20240101, 20241231)],
  });
  f.transfers = (spec.transfers ?? []).map(
    ([from, to, type, seconds, fromTrip, toTrip]): TransferRow => ({
      fromStopId: from,
      toStopId: to,
      fromRouteId: "",
      toRouteId: "",
      fromTripId: fromTrip ?? "",
      toTripId: toTrip ?? "",
      transferType: type,
      minTransferTime: seconds,
    }),
  );
  return compileNetwork([{ feed: f, profile: "generic" }], { now: new Date("2024-01-01T00:00:00Z") });
}

/** An instant in Brussels: at("2024-03-12", "08:00"). */
export function at(date: string, time: string): EpochMs {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return ZONE.localToEpochMs(y * 10000 + m * 100 + d, hh * 3600 + mm * 60);
}

export function stopOf(network: Network, id: string): StopIdx {
  for (let s = 0; s < network.stops.count; s++) if (network.strings.get(network.stops.gtfsId[s]) === id) return s;
  throw new Error(`no stop ${id}`);
}

export function tripOf(network: Network, id: string): TripIdx {
  for (let t = 0; t < network.trips.count; t++) if (network.strings.get(network.trips.gtfsId[t]) === id) return t;
  throw new Error(`no trip ${id}`);
}

/** "A" or "A+120" (walking seconds) -> StopAccess. */
export function access(network: Network, ...points: string[]): StopAccess[] {
  return points.map((p) => {
    const [id, secs] = p.split("+");
    return { stop: stopOf(network, id), seconds: Number(secs ?? 0), meters: Math.round(Number(secs ?? 0) * 1.25) };
  });
}

const hhmm = (ms: EpochMs) => {
  const t = ZONE.formatLocal(ms).slice(11);
  return t.endsWith(":00") ? t.slice(0, 5) : t;
};

/** "08:00-08:23 1x: T1 A 08:00-C 08:20, walk C-D 08:20-08:23, T2 D 08:25-E 08:40"; "+T2": stayed on board into T2. */
export function render(network: Network, journeys: readonly Journey[]): string[] {
  const name = (s: StopIdx | undefined) => (s === undefined ? "*" : network.strings.get(network.stops.gtfsId[s]));
  return journeys.map((j) => {
    const legs = j.legs.map((l) =>
      l.kind === "transit"
        ? `${l.stayOnBoard ? "+" : ""}${network.strings.get(network.trips.gtfsId[l.trip])} ${name(l.from)} ${hhmm(l.departureMs)}-${name(l.to)} ${hhmm(l.arrivalMs)}`
        : `walk ${name(l.from)}-${name(l.to)} ${hhmm(l.departureMs)}-${hhmm(l.arrivalMs)}`,
    );
    return `${hhmm(j.departureMs)}-${hhmm(j.arrivalMs)} ${j.transfers}x: ${legs.join(", ")}`;
  });
}
