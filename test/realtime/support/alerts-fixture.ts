/**
 * The alerts fixture (test/fixtures/realtime/alerts, see its README) compiled with the real reader and compiler, and
 * alerts that travel the real protobuf path: a FeedMessage encoded with gtfs-realtime-bindings and decoded again.
 */
import { fileURLToPath } from "node:url";
import bindings from "gtfs-realtime-bindings";
import { readGtfs } from "../../../src/gtfs/index.js";
import { decodeFeedMessage, encodeFeedMessage } from "../../../src/realtime/feed-codec.js";
import type { FeedAlert } from "../../../src/realtime/alerts-to-disruptions.js";
import type { RtAlert, RtTranslatedString } from "../../../src/realtime/gtfs-rt-types.js";
import { compileNetwork } from "../../../src/network/compile-network.js";
import type { Network } from "../../../src/network/model.js";

export const { Cause, Effect } = bindings.transit_realtime.Alert;

let cached: Promise<Network> | undefined;

export function alertsNetwork(): Promise<Network> {
  const dir = fileURLToPath(new URL("../../fixtures/realtime/alerts/", import.meta.url));
  cached ??= readGtfs(dir).then((feed) => compileNetwork([{ feed, profile: "delijn" }], { now: new Date("2024-01-01T00:00:00Z") }));
  return cached;
}

/** Alerts as a feed carries them: one FeedMessage, encoded and decoded. */
export function viaProtobuf(alerts: Record<string, Partial<RtAlert>>): FeedAlert[] {
  const bytes = encodeFeedMessage({
    header: { gtfsRealtimeVersion: "2.0", timestamp: 1_710_230_400 },
    entity: Object.entries(alerts).map(([id, a]) => ({ id, alert: { activePeriod: [], informedEntity: [], ...a } })),
  });
  return decodeFeedMessage(bytes).entity.map((e) => ({ id: e.id, alert: e.alert! }));
}

/** A TranslatedString from [language, text] pairs; an empty language is a translation without one. */
export function texts(...pairs: Array<[string, string]>): RtTranslatedString {
  return { translation: pairs.map(([language, text]) => (language ? { language, text } : { text })) };
}

/** POSIX seconds of a local Brussels time in March 2024 (CET, UTC+1). */
export function brussels(day: number, hour = 0, minute = 0): number {
  return Date.UTC(2024, 2, day, hour - 1, minute) / 1000;
}
