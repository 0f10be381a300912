/**
 * GTFS-Realtime protobuf <-> plain objects (gtfs-rt-types.ts). Encoding and JSON with gtfs-realtime-bindings, the
 * reference; decoding with read-feed-message.ts (pbf), which gives the same objects in two thirds of the time
 * (docs/BENCHMARKS.md, bench:realtime); decodeFeedMessageWithBindings is the reference decoder it is tested against.
 * A corrupt or truncated message throws FeedDecodeError.
 */
import bindings from "gtfs-realtime-bindings";
import type { RtFeedEntity, RtFeedHeader, RtFeedMessage } from "./gtfs-rt-types.js";
import { readFeedMessage, readFeedMessageSteps } from "./read-feed-message.js";
import type { Steps } from "./run-in-slices.js";

const { FeedMessage, FeedHeader, FeedEntity } = bindings.transit_realtime;

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

/** decodeFeedMessage as steps (run-in-slices.ts), for the feed manager: the same result, the same FeedDecodeError. */
export function* decodeFeedMessageSteps(bytes: Uint8Array): Steps<RtFeedMessage> {
  try {
    return yield* readFeedMessageSteps(bytes);
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

/** Entities encoded between two yields of encodeFeedSteps. */
const ENTITIES_PER_STEP = 16;

/**
 * encodeFeedMessage (protobuf) or JSON.stringify(feedMessageToJson(...)) (json) as steps, from the header and the
 * entities one at a time, so that the whole message never exists as objects: each entity is encoded with the
 * bindings' FeedEntity alone and framed by hand as FeedMessage field 2 (tag, then the length as a varint:
 * https://protobuf.dev/programming-guides/encoding/#length-types), the header once as field 1. The bytes and the
 * text are those of the whole-message functions (test/realtime/feed-codec.test.ts).
 */
export function* encodeFeedSteps(header: RtFeedHeader, entities: Iterable<RtFeedEntity>, format: "protobuf" | "json"): Steps<Buffer | string> {
  let n = 0;
  if (format === "json") {
    const parts: string[] = [];
    for (const e of entities) {
      parts.push(JSON.stringify(FeedEntity.toObject(FeedEntity.fromObject(e as unknown as Record<string, unknown>), TO_JSON)));
      if (++n % ENTITIES_PER_STEP === 0) yield;
    }
    const head = JSON.stringify(FeedHeader.toObject(FeedHeader.fromObject(header as unknown as Record<string, unknown>), TO_JSON));
    // toObject leaves an empty repeated field out when arrays is false.
    return parts.length === 0 ? `{"header":${head}}` : `{"header":${head},"entity":[${parts.join(",")}]}`;
  }
  const chunks: Uint8Array[] = [field(1, FeedHeader.encode(FeedHeader.fromObject(header as unknown as Record<string, unknown>)).finish())];
  for (const e of entities) {
    chunks.push(field(2, FeedEntity.encode(FeedEntity.fromObject(e as unknown as Record<string, unknown>)).finish()));
    if (++n % ENTITIES_PER_STEP === 0) yield;
  }
  return Buffer.concat(chunks);
}

/** One length-delimited field: its tag (wire type 2), its length as a varint, its bytes. */
function field(number: number, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + 5 + bytes.length);
  out[0] = (number << 3) | 2;
  let pos = 1;
  let length = bytes.length;
  while (length > 0x7f) {
    out[pos++] = (length & 0x7f) | 0x80;
    length >>>= 7;
  }
  out[pos++] = length;
  out.set(bytes, pos);
  return out.subarray(0, pos + bytes.length);
}

const TO_JSON = { longs: Number, enums: String, arrays: false, defaults: false } as const;

/** The message as the JSON of the proto3 JSON mapping's field names (camelCase), enums as names. */
export function feedMessageToJson(message: RtFeedMessage): unknown {
  return FeedMessage.toObject(FeedMessage.fromObject(message as unknown as Record<string, unknown>), TO_JSON);
}
