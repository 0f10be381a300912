/**
 * GTFS-Realtime protobuf <-> plain objects (gtfs-rt-types.ts). Encoding and JSON with gtfs-realtime-bindings, the
 * reference; decoding with read-feed-message.ts (pbf), which gives the same objects in two thirds of the time
 * (docs/BENCHMARKS.md, bench:realtime); decodeFeedMessageWithBindings is the reference decoder it is tested against.
 * A corrupt or truncated message throws FeedDecodeError.
 */
import bindings from "gtfs-realtime-bindings";
import type { RtFeedMessage } from "./gtfs-rt-types.js";
import { readFeedMessage } from "./read-feed-message.js";

const { FeedMessage } = bindings.transit_realtime;

export class FeedDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedDecodeError";
  }
}

const TO_OBJECT = { longs: Number, enums: Number, arrays: true, defaults: false } as const;

/** Decodes one FeedMessage; throws FeedDecodeError when the bytes are no valid message (corrupt, truncated, no header). */
export function decodeFeedMessage(bytes: Uint8Array): RtFeedMessage {
  try {
    return readFeedMessage(bytes);
  } catch (err) {
    throw new FeedDecodeError(`not a GTFS-Realtime FeedMessage: ${(err as Error).message}`);
  }
}

/** decodeFeedMessage with gtfs-realtime-bindings (decode, then toObject): the reference, for tests and the benchmark. */
export function decodeFeedMessageWithBindings(bytes: Uint8Array): RtFeedMessage {
  let decoded;
  try {
    decoded = FeedMessage.decode(bytes);
  } catch (err) {
    throw new FeedDecodeError(`not a GTFS-Realtime FeedMessage: ${(err as Error).message}`);
  }
  const message = FeedMessage.toObject(decoded, TO_OBJECT) as unknown as RtFeedMessage;
  if (!message.header) throw new FeedDecodeError("not a GTFS-Realtime FeedMessage: it has no header");
  message.entity ??= [];
  for (const e of message.entity) {
    if (e.tripUpdate) e.tripUpdate.stopTimeUpdate ??= [];
    if (e.alert) {
      e.alert.activePeriod ??= [];
      e.alert.informedEntity ??= [];
    }
  }
  return message;
}

/** Encodes a message; unknown fields are dropped, numbers written as the proto types say. */
export function encodeFeedMessage(message: RtFeedMessage): Uint8Array {
  return FeedMessage.encode(FeedMessage.fromObject(message as unknown as Record<string, unknown>)).finish();
}

/** The message as the JSON of the proto3 JSON mapping's field names (camelCase), enums as names. */
export function feedMessageToJson(message: RtFeedMessage): unknown {
  return FeedMessage.toObject(FeedMessage.fromObject(message as unknown as Record<string, unknown>), {
    longs: Number,
    enums: String,
    arrays: false,
    defaults: false,
  });
}
