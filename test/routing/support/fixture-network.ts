/**
 * The route-planning fixtures of test/fixtures/routing/<name> (each folder's README says what the right answer is),
 * compiled with the real reader and compiler (delijn key profile: a stop's haltenummer is its stop_id), once per
 * test file; the real-time fixture's feed (trip-updates.json) as the state buildRealtimeState makes of it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readGtfs } from "../../../src/gtfs/index.js";
import { zonedTime, type EpochMs } from "../../../src/lib/zoned-time.js";
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { Network, StopIdx, TripIdx } from "../../../src/network/model.js";
import { buildRealtimeState } from "../../../src/realtime/build-realtime-state.js";
import type { RtFeedMessage } from "../../../src/realtime/gtfs-rt-types.js";
import type { RealtimeState } from "../../../src/realtime/realtime-state.js";

export type RoutingFixture =
  | "direct-trip"
  | "walk-transfer"
  | "chained-walk"
  | "min-transfer-time"
  | "forbidden-transfer"
  | "after-midnight"
  | "dst-sunday"
  | "realtime"
  | "realtime-added"
  | "realtime-after-midnight"
  | "walking-only"
  | "no-route"
  | "wheelchair-unknown"
  | "no-change-at-stop"
  | "in-seat-transfer"
  | "block-continuation"
  | "block-in-seat-forbidden"
  | "route-min-transfer-time"
  | "trip-forbidden-transfer"
  | "timed-transfer"
  | "timed-preferred";

const cache = new Map<string, Promise<Network>>();

/** The folder of a fixture, for the CLI (`lijnwijzer import <dir>`). */
export function fixtureDir(name: RoutingFixture): string {
  return fileURLToPath(new URL(`../../fixtures/routing/${name}/`, import.meta.url));
}

export function fixtureNetwork(name: RoutingFixture): Promise<Network> {
  let n = cache.get(name);
  if (!n) {
    n = readGtfs(fixtureDir(name)).then((feed) => compileNetwork([{ feed, profile: "delijn" }], { now: new Date("2024-01-01T00:00:00Z") }));
    cache.set(name, n);
  }
  return n;
}

/** The GTFS-RT message of a real-time fixture (plain object, as decodeFeedMessage gives it): its trip-updates.json. */
export function fixtureFeedMessage(name: RealtimeFixture = "realtime"): RtFeedMessage {
  return JSON.parse(readFileSync(new URL(`../../fixtures/routing/${name}/trip-updates.json`, import.meta.url), "utf8")) as RtFeedMessage;
}

/** The fixtures with a trip-updates.json. */
export type RealtimeFixture = "realtime" | "realtime-added" | "realtime-after-midnight";

/** A real-time fixture's state, built at the feed's own timestamp (the realtime fixture's: 2024-06-11 07:50 in Brussels). */
export function fixtureRealtime(network: Network, name: RealtimeFixture = "realtime"): RealtimeState {
  const message = fixtureFeedMessage(name);
  return buildRealtimeState(network, [{ name: "trip-updates.json", message }], message.header.timestamp! * 1000);
}

/** The stop whose haltenummer (= GTFS stop_id in these fixtures) is given. */
export function stopIdx(network: Network, haltenummer: string): StopIdx {
  for (let s = 0; s < network.stops.count; s++) if (network.strings.get(network.stops.number[s]) === haltenummer) return s;
  throw new Error(`no stop ${haltenummer}`);
}

export function tripIdx(network: Network, gtfsTripId: string): TripIdx {
  for (let t = 0; t < network.trips.count; t++) if (network.strings.get(network.trips.gtfsId[t]) === gtfsTripId) return t;
  throw new Error(`no trip ${gtfsTripId}`);
}

/** The instant of a Brussels wall-clock time `yyyy-MM-ddTHH:mm:ss` (the fixtures' zone); an ambiguous one is the earlier. */
export function localMs(network: Network, local: string): EpochMs {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new Error(`not yyyy-MM-ddTHH:mm:ss: ${local}`);
  const date = Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]);
  return zonedTime(network.meta.timezone).localToEpochMs(date, Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]));
}

/** `yyyy-MM-ddTHH:mm:ss` of an instant on the fixtures' wall clock. */
export function local(network: Network, epochMs: EpochMs): string {
  return zonedTime(network.meta.timezone).formatLocal(epochMs);
}

/** The footpath seconds from stop a to stop b (haltenummers), undefined when none. */
export function footpathSeconds(network: Network, a: string, b: string): number | undefined {
  const { footpathStart, footpathTo, footpathSeconds: seconds } = network.stops;
  const from = stopIdx(network, a);
  const to = stopIdx(network, b);
  for (let i = footpathStart[from]; i < footpathStart[from + 1]; i++) if (footpathTo[i] === to) return seconds[i];
  return undefined;
}
