import { describe, expect, it } from "vitest";
import { decodeFeedMessage, encodeFeedMessage, encodeFeedSteps, FeedDecodeError, feedMessageToJson } from "../../src/realtime/feed-codec.js";
import { STOP_SKIPPED, TRIP_CANCELED, type RtFeedMessage } from "../../src/realtime/gtfs-rt-types.js";
import { runToEnd } from "../../src/realtime/run-in-slices.js";

const message: RtFeedMessage = {
  header: { gtfsRealtimeVersion: "2.0", timestamp: 1_710_000_000 },
  entity: [
    {
      id: "a",
      tripUpdate: {
        trip: { tripId: "t1", startDate: "20240310" },
        vehicle: { id: "v1", label: "7301" },
        stopTimeUpdate: [
          { stopSequence: 1, arrival: { delay: 60 } },
          { stopId: "300002", scheduleRelationship: STOP_SKIPPED },
          { stopSequence: 3, departure: { time: 1_710_000_600 } },
        ],
      },
    },
    { id: "b", tripUpdate: { trip: { tripId: "t2", scheduleRelationship: TRIP_CANCELED }, stopTimeUpdate: [] } },
  ],
};

describe("feed codec", () => {
  it("feed codec - a message encodes and decodes to the same plain object", () => {
    expect(decodeFeedMessage(encodeFeedMessage(message))).toEqual(message);
  });

  it("feed codec - corrupt or truncated bytes throw FeedDecodeError", () => {
    const bytes = encodeFeedMessage(message);
    expect(() => decodeFeedMessage(bytes.subarray(0, bytes.length - 7))).toThrow(FeedDecodeError);
    expect(() => decodeFeedMessage(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).toThrow(FeedDecodeError);
    expect(() => decodeFeedMessage(new Uint8Array(0))).toThrow(FeedDecodeError);
  });

  it("feed codec - encodeFeedSteps, entity by entity, gives the bytes and the JSON of the whole message, also without entities", () => {
    for (const m of [message, { ...message, entity: [] }]) {
      expect(Buffer.compare(runToEnd(encodeFeedSteps(m.header, m.entity, "protobuf")) as Buffer, Buffer.from(encodeFeedMessage(m)))).toBe(0);
      expect(runToEnd(encodeFeedSteps(m.header, m.entity, "json"))).toBe(JSON.stringify(feedMessageToJson(m)));
    }
  });
});
