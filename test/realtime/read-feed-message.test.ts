/**
 * The pbf decoder (read-feed-message.ts) against the reference, gtfs-realtime-bindings: the same objects for every
 * field gtfs-rt-types.ts names, on simulated feeds, on a message with every named field set (and fields it does
 * not name), and the same verdict on every prefix of a message and on corrupt bytes.
 */
import bindings from "gtfs-realtime-bindings";
import { beforeAll, describe, expect, it } from "vitest";
import { zonedTime } from "../../src/lib/zoned-time.js";
import type { Network } from "../../src/network/model.js";
import { decodeFeedMessage, decodeFeedMessageWithBindings, encodeFeedMessage, FeedDecodeError } from "../../src/realtime/feed-codec.js";
import { DIFFERENTIAL, STOP_SKIPPED, TRIP_ADDED, type RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import { readFeedMessage } from "../../src/realtime/read-feed-message.js";
import { simulateFeed } from "../../src/realtime/simulate-feed.js";
import { demoNetwork } from "../support/demo-network.js";

const { FeedMessage } = bindings.transit_realtime;

/** The fields gtfs-rt-types.ts names, per message type: what both decoders must agree on. */
const NAMED: Record<string, Record<string, string | null>> = {
  FeedMessage: { header: "FeedHeader", entity: "FeedEntity" },
  FeedHeader: { gtfsRealtimeVersion: null, incrementality: null, timestamp: null },
  FeedEntity: { id: null, isDeleted: null, tripUpdate: "TripUpdate", vehicle: "VehiclePosition", alert: "Alert" },
  TripUpdate: { trip: "TripDescriptor", vehicle: "VehicleDescriptor", stopTimeUpdate: "StopTimeUpdate", timestamp: null, delay: null },
  StopTimeUpdate: { stopSequence: null, stopId: null, arrival: "StopTimeEvent", departure: "StopTimeEvent", scheduleRelationship: null },
  StopTimeEvent: { delay: null, time: null, uncertainty: null },
  TripDescriptor: { tripId: null, routeId: null, directionId: null, startTime: null, startDate: null, scheduleRelationship: null },
  VehicleDescriptor: { id: null, label: null, licensePlate: null },
  VehiclePosition: { trip: "TripDescriptor", vehicle: "VehicleDescriptor", position: "Position", currentStopSequence: null, stopId: null, currentStatus: null, timestamp: null },
  Position: { latitude: null, longitude: null, bearing: null, speed: null },
  Alert: { activePeriod: "TimeRange", informedEntity: "EntitySelector", cause: null, effect: null, url: "TranslatedString", headerText: "TranslatedString", descriptionText: "TranslatedString" },
  TimeRange: { start: null, end: null },
  EntitySelector: { agencyId: null, routeId: null, routeType: null, trip: "TripDescriptor", stopId: null, directionId: null },
  TranslatedString: { translation: "Translation" },
  Translation: { text: null, language: null },
};

/** A decoded object cut down to the named fields. */
function named(value: unknown, type = "FeedMessage"): unknown {
  if (Array.isArray(value)) return value.map((v) => named(v, type));
  const fields = NAMED[type];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(k in fields)) continue;
    out[k] = fields[k] === null ? v : named(v, fields[k]!);
  }
  return out;
}

const reference = (bytes: Uint8Array) =>
  named(FeedMessage.toObject(FeedMessage.decode(bytes), { longs: Number, enums: Number, arrays: true, defaults: false }));

/** Both decoders on the same bytes: both throw, or both give the same object. */
function verdicts(bytes: Uint8Array): { pbf: unknown; bindings: unknown } {
  const run = (f: () => unknown) => {
    try {
      return f();
    } catch {
      return "throws";
    }
  };
  return { pbf: run(() => readFeedMessage(bytes)), bindings: run(() => reference(bytes)) };
}

/** Every field gtfs-rt-types.ts names, set; negative and 64-bit values, non-ASCII text, and fields it does not name. */
const EVERYTHING = {
  header: { gtfsRealtimeVersion: "2.0", incrementality: DIFFERENTIAL, timestamp: 4_102_444_800, feedVersion: "v42" },
  entity: [
    {
      id: "tu",
      isDeleted: false,
      tripUpdate: {
        trip: { tripId: "t1", routeId: "r1", directionId: 1, startTime: "25:10:00", startDate: "20240331", scheduleRelationship: TRIP_ADDED },
        vehicle: { id: "v1", label: "7301", licensePlate: "1-ABC-234" },
        stopTimeUpdate: [
          { stopSequence: 1, stopId: "s1", arrival: { delay: -90, uncertainty: 30 }, departure: { delay: -60, time: 1_711_843_200 } },
          { stopSequence: 4_000_000_000, stopId: "Namur – Gare ⚡", scheduleRelationship: STOP_SKIPPED, departureOccupancyStatus: 2 },
          { stopId: "s3", arrival: { time: -5 }, departure: { time: 0, delay: 0 } },
        ],
        timestamp: 1_711_843_100,
        delay: -2_147_483_648,
        tripProperties: { tripId: "t1-bis", startDate: "20240331" },
      },
    },
    {
      id: "vp",
      vehicle: {
        trip: { tripId: "t1" },
        vehicle: { id: "v1" },
        position: { latitude: 50.879_003, longitude: 4.701_2, bearing: 359.5, speed: 12.3, odometer: 123_456.7 },
        currentStopSequence: 3,
        stopId: "s3",
        currentStatus: 0,
        timestamp: 1_711_843_150,
        congestionLevel: 3,
        occupancyStatus: 4,
        multiCarriageDetails: [{ id: "c1", label: "A" }],
      },
    },
    {
      id: "al",
      isDeleted: true,
      alert: {
        activePeriod: [{ start: 1_711_843_000 }, { end: 1_711_900_000 }, {}],
        informedEntity: [
          { agencyId: "1" },
          { routeId: "3001", directionId: 0, routeType: 715 },
          { trip: { tripId: "t1", startDate: "20240331" } },
          { stopId: "300002" },
        ],
        cause: 6,
        effect: 4,
        url: { translation: [{ text: "https://example.org/ä" }] },
        headerText: { translation: [{ text: "Ongeval", language: "nl" }, { text: "Accident", language: "fr" }, { text: "Unfall", language: "de" }] },
        descriptionText: { translation: [{ text: "Halte « Markt » niet bediend\nGebruik Kerk." }] },
        severityLevel: 4,
        ttsHeaderText: { translation: [{ text: "x" }] },
      },
    },
  ],
};

let net: Network;
beforeAll(async () => {
  net = await demoNetwork();
});

describe("readFeedMessage (pbf) against gtfs-realtime-bindings", () => {
  it("readFeedMessage - the same objects as the reference on a message with every named field, and fields it skips", () => {
    const bytes = FeedMessage.encode(FeedMessage.fromObject(EVERYTHING)).finish();
    const ours = readFeedMessage(bytes);
    expect(ours).toEqual(reference(bytes));
    expect(ours.entity[0].tripUpdate!.stopTimeUpdate[0].arrival).toEqual({ delay: -90, uncertainty: 30 });
    expect(ours.entity[0].tripUpdate!.delay).toBe(-2_147_483_648);
    expect(ours.entity[0].tripUpdate!.stopTimeUpdate[2].arrival).toEqual({ time: -5 });
    expect(ours.entity[0].tripUpdate!.stopTimeUpdate[1].stopSequence).toBe(4_000_000_000);
    expect(ours.header.timestamp).toBe(4_102_444_800);
  });

  it("readFeedMessage - the same objects as the reference on simulated demo feeds (trip updates, positions, alerts)", () => {
    const zone = zonedTime(net.meta.timezone);
    let entities = 0;
    for (const [date, hour] of [[20261124, 8], [20261124, 17], [20261128, 23], [20261129, 12]]) {
      const bytes = encodeFeedMessage(simulateFeed(net, zone.localToEpochMs(date, hour * 3600)));
      const ours = readFeedMessage(bytes);
      expect(ours).toEqual(reference(bytes));
      entities += ours.entity.length;
    }
    expect(entities).toBeGreaterThan(2000);
  });

  it("readFeedMessage - decodeFeedMessage is it, and gives what the reference decoder of feed-codec.ts gives", () => {
    const bytes = encodeFeedMessage(simulateFeed(net, zonedTime(net.meta.timezone).localToEpochMs(20261124, 7 * 3600)));
    expect(decodeFeedMessage(bytes)).toEqual(named(decodeFeedMessageWithBindings(bytes)));
  });

  it("readFeedMessage - on every prefix of a message both throw or both give the same object", () => {
    const bytes = FeedMessage.encode(FeedMessage.fromObject(EVERYTHING)).finish();
    let threw = 0;
    for (let n = 0; n < bytes.length; n++) {
      const v = verdicts(bytes.subarray(0, n));
      expect(v.pbf, `first ${n} bytes`).toEqual(v.bindings);
      if (v.pbf === "throws") threw++;
    }
    expect(threw).toBeGreaterThan(bytes.length / 2);
  });

  it("readFeedMessage - corrupt bytes: both refuse them, decodeFeedMessage as FeedDecodeError", () => {
    const corrupt = [
      new Uint8Array(0), // no header
      new Uint8Array([0xff, 0xff, 0xff, 0xff]), // a varint that never ends
      new Uint8Array([0x0a, 0x00]), // a header without gtfs_realtime_version
      new Uint8Array([0x02, 0x00]), // field number 0
      new Uint8Array([0x0a, 0x05, 0x0a, 0x03, 0x32, 0x2e, 0x30, 0x12, 0x7f]), // an entity longer than the message
      new Uint8Array([0x0a, 0x05, 0x0a, 0x03, 0x32, 0x2e, 0x30, 0x12, 0x00]), // an entity without its id
      new Uint8Array([0x0a, 0x05, 0x0a, 0x03, 0x32, 0x2e, 0x30, 0x0f]), // wire type 7
      new Uint8Array([0x0a, 0x05, 0x0a, 0x03, 0x32, 0x2e, 0x30, 0x12, 0x05, 0x0a, 0x01, 0x61, 0x1a, 0x00]), // a trip update without its trip
    ];
    for (const bytes of corrupt) {
      expect(verdicts(bytes), String([...bytes])).toEqual({ pbf: "throws", bindings: "throws" });
      expect(() => decodeFeedMessage(bytes)).toThrow(FeedDecodeError);
    }
  });

  it("readFeedMessage - a header alone is a message: no entities", () => {
    const m: RtFeedMessage = { header: { gtfsRealtimeVersion: "2.0" }, entity: [] };
    expect(readFeedMessage(encodeFeedMessage(m))).toEqual(m);
  });
});
