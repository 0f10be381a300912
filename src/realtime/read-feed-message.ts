/**
 * A GTFS-Realtime FeedMessage decoder written from gtfs-realtime.proto over `pbf`'s reader, straight into the plain
 * objects of gtfs-rt-types.ts. It exists for speed: gtfs-realtime-bindings (protobufjs) decodes into class
 * instances and then copies them into plain objects with toObject; on the MTA 08:00 peak (8,500 trip updates,
 * 160,000 stop updates, 4.4 MiB) that was 150 ms of decoding against a 300 ms budget for decode and apply
 * (docs/BENCHMARKS.md, bench:realtime). test/realtime/read-feed-message.test.ts checks that both give the same
 * objects.
 *
 * It gives what gtfs-realtime-bindings' toObject gives with { longs: Number, enums: Number, arrays: true,
 * defaults: false } for every field gtfs-rt-types.ts names: a field only when the message has it, the repeated
 * fields it names always as arrays, 64-bit integers as numbers, enums as their numbers. Fields it does not name
 * (newer or experimental ones, extensions) are skipped, as are fields of a wire type the proto does not give
 * them (protobufjs skips those too). A singular message field given twice is merged, as protobuf says.
 *
 * It throws an Error (decodeFeedMessage makes it a FeedDecodeError) where protobufjs throws: bytes that end inside
 * a field, a length beyond its message, field number 0, a varint over 10 bytes, and the required fields missing
 * (FeedMessage.header, FeedHeader.gtfs_realtime_version, FeedEntity.id, TripUpdate.trip, Position.latitude and
 * longitude, Translation.text).
 */
import { PbfReader } from "pbf";
import type {
  RtAlert,
  RtEntitySelector,
  RtFeedEntity,
  RtFeedHeader,
  RtFeedMessage,
  RtPosition,
  RtStopTimeEvent,
  RtStopTimeUpdate,
  RtTimeRange,
  RtTranslatedString,
  RtTranslation,
  RtTripDescriptor,
  RtTripUpdate,
  RtVehicleDescriptor,
  RtVehiclePosition,
} from "./gtfs-rt-types.js";
import { runToEnd, type Steps } from "./run-in-slices.js";

/** Wire types (https://protobuf.dev/programming-guides/encoding/#structure). */
const VARINT = 0;
const FIXED64 = 1;
const BYTES = 2;
const START_GROUP = 3;
const END_GROUP = 4;
const FIXED32 = 5;

/** Reads one field of a message into `out`; false when the field is not one it knows (then it is skipped). */
type FieldReader<T> = (field: number, type: number, out: T, pbf: PbfReader) => boolean;

/** Decodes a FeedMessage; throws an Error saying why the bytes are none. */
export function readFeedMessage(bytes: Uint8Array): RtFeedMessage {
  return runToEnd(readFeedMessageSteps(bytes));
}

/** Entities decoded between two yields: a few dozen microseconds of work on the MTA's trip updates. */
const ENTITIES_PER_STEP = 32;

/**
 * readFeedMessage as steps (run-in-slices.ts): the FeedMessage's own fields read here, yielding after every
 * ENTITIES_PER_STEP entities, each entity decoded whole.
 */
export function* readFeedMessageSteps(bytes: Uint8Array): Steps<RtFeedMessage> {
  const pbf = new PbfReader(bytes);
  const message = { entity: [] } as unknown as RtFeedMessage;
  const end = bytes.length;
  let entities = 0;
  while (pbf.pos < end) {
    const tag = pbf.readVarint();
    const field = tag >>> 3;
    const type = tag & 7;
    if (field === 0) throw new Error(`illegal tag: field number 0 at offset ${pbf.pos}`);
    if (!feedMessage(field, type, message, pbf)) skip(pbf, type);
    if (field === 2 && ++entities % ENTITIES_PER_STEP === 0) yield;
  }
  if (pbf.pos !== end) throw new Error(`index out of range: a field ends at ${pbf.pos}, beyond its message's end ${end}`);
  if (!message.header) throw new Error("missing required 'header'");
  return message;
}

/** The fields of one message from pbf.pos to end. */
function readFields<T>(pbf: PbfReader, end: number, out: T, read: FieldReader<T>): T {
  while (pbf.pos < end) {
    const tag = pbf.readVarint();
    const field = tag >>> 3;
    const type = tag & 7;
    if (field === 0) throw new Error(`illegal tag: field number 0 at offset ${pbf.pos}`);
    if (!read(field, type, out, pbf)) skip(pbf, type);
  }
  if (pbf.pos !== end) throw new Error(`index out of range: a field ends at ${pbf.pos}, beyond its message's end ${end}`);
  return out;
}

/** An embedded message: its length, then its fields; `into` merges a field given twice. */
function embedded<T>(pbf: PbfReader, into: T, read: FieldReader<T>): T {
  const length = pbf.readVarint();
  const end = pbf.pos + length;
  if (end > pbf.length) throw new Error(`index out of range: ${pbf.pos} + ${length} > ${pbf.length}`);
  return readFields(pbf, end, into, read);
}

function skip(pbf: PbfReader, type: number): void {
  switch (type) {
    case VARINT:
      pbf.readVarint();
      return;
    case FIXED64:
      pbf.pos += 8;
      return;
    case BYTES: {
      const length = pbf.readVarint(); // first: `pbf.pos += pbf.readVarint()` would add to the position before the length
      pbf.pos += length;
      return;
    }
    case FIXED32:
      pbf.pos += 4;
      return;
    case START_GROUP:
      // Deprecated and absent from gtfs-realtime.proto, but skipped as protobufjs does: up to its end.
      for (let t = pbf.readVarint() & 7; t !== END_GROUP; t = pbf.readVarint() & 7) {
        if (pbf.pos > pbf.length) throw new Error("index out of range: a group does not end");
        skip(pbf, t);
      }
      return;
    default:
      throw new Error(`invalid wire type ${type} at offset ${pbf.pos}`);
  }
}

/** int64: negative values are ten-byte varints, which readVarint(true) reads as signed. */
const int64 = (pbf: PbfReader) => pbf.readVarint(true);
/** int32 and enums: as int64, then the low 32 bits as a signed number (protobufjs' int32()). */
const int32 = (pbf: PbfReader) => pbf.readVarint(true) | 0;
/** uint32: protobufjs keeps the low 32 bits. */
const uint32 = (pbf: PbfReader) => pbf.readVarint() >>> 0;

const feedMessage: FieldReader<RtFeedMessage> = (field, type, m, pbf) => {
  if (type !== BYTES) return false;
  if (field === 1) m.header = required(embedded(pbf, m.header ?? ({} as RtFeedHeader), feedHeader), "gtfsRealtimeVersion");
  else if (field === 2) m.entity.push(required(embedded(pbf, {} as RtFeedEntity, feedEntity), "id"));
  else return false;
  return true;
};

const feedHeader: FieldReader<RtFeedHeader> = (field, type, h, pbf) => {
  if (field === 1 && type === BYTES) h.gtfsRealtimeVersion = pbf.readString();
  else if (field === 2 && type === VARINT) h.incrementality = int32(pbf);
  else if (field === 3 && type === VARINT) h.timestamp = pbf.readVarint();
  else return false;
  return true;
};

const feedEntity: FieldReader<RtFeedEntity> = (field, type, e, pbf) => {
  if (field === 1 && type === BYTES) e.id = pbf.readString();
  else if (field === 2 && type === VARINT) e.isDeleted = pbf.readBoolean();
  else if (type !== BYTES) return false;
  else if (field === 3) e.tripUpdate = required(embedded(pbf, e.tripUpdate ?? ({ stopTimeUpdate: [] } as unknown as RtTripUpdate), tripUpdate), "trip");
  else if (field === 4) e.vehicle = embedded(pbf, e.vehicle ?? {}, vehiclePosition);
  else if (field === 5) e.alert = embedded(pbf, e.alert ?? { activePeriod: [], informedEntity: [] }, alert);
  else return false;
  return true;
};

const tripUpdate: FieldReader<RtTripUpdate> = (field, type, u, pbf) => {
  if (field === 1 && type === BYTES) u.trip = embedded(pbf, u.trip ?? {}, tripDescriptor);
  else if (field === 2 && type === BYTES) u.stopTimeUpdate.push(embedded(pbf, {}, stopTimeUpdate));
  else if (field === 3 && type === BYTES) u.vehicle = embedded(pbf, u.vehicle ?? {}, vehicleDescriptor);
  else if (field === 4 && type === VARINT) u.timestamp = pbf.readVarint();
  else if (field === 5 && type === VARINT) u.delay = int32(pbf);
  else return false;
  return true;
};

const stopTimeUpdate: FieldReader<RtStopTimeUpdate> = (field, type, s, pbf) => {
  if (field === 1 && type === VARINT) s.stopSequence = uint32(pbf);
  else if (field === 2 && type === BYTES) s.arrival = embedded(pbf, s.arrival ?? {}, stopTimeEvent);
  else if (field === 3 && type === BYTES) s.departure = embedded(pbf, s.departure ?? {}, stopTimeEvent);
  else if (field === 4 && type === BYTES) s.stopId = pbf.readString();
  else if (field === 5 && type === VARINT) s.scheduleRelationship = int32(pbf);
  else return false;
  return true;
};

const stopTimeEvent: FieldReader<RtStopTimeEvent> = (field, type, e, pbf) => {
  if (type !== VARINT) return false;
  if (field === 1) e.delay = int32(pbf);
  else if (field === 2) e.time = int64(pbf);
  else if (field === 3) e.uncertainty = int32(pbf);
  else return false;
  return true;
};

const tripDescriptor: FieldReader<RtTripDescriptor> = (field, type, d, pbf) => {
  if (field === 1 && type === BYTES) d.tripId = pbf.readString();
  else if (field === 2 && type === BYTES) d.startTime = pbf.readString();
  else if (field === 3 && type === BYTES) d.startDate = pbf.readString();
  else if (field === 4 && type === VARINT) d.scheduleRelationship = int32(pbf);
  else if (field === 5 && type === BYTES) d.routeId = pbf.readString();
  else if (field === 6 && type === VARINT) d.directionId = uint32(pbf);
  else return false;
  return true;
};

const vehicleDescriptor: FieldReader<RtVehicleDescriptor> = (field, type, v, pbf) => {
  if (type !== BYTES) return false;
  if (field === 1) v.id = pbf.readString();
  else if (field === 2) v.label = pbf.readString();
  else if (field === 3) v.licensePlate = pbf.readString();
  else return false;
  return true;
};

const vehiclePosition: FieldReader<RtVehiclePosition> = (field, type, v, pbf) => {
  if (field === 1 && type === BYTES) v.trip = embedded(pbf, v.trip ?? {}, tripDescriptor);
  else if (field === 2 && type === BYTES) v.position = required(required(embedded(pbf, v.position ?? ({} as RtPosition), position), "latitude"), "longitude");
  else if (field === 3 && type === VARINT) v.currentStopSequence = uint32(pbf);
  else if (field === 4 && type === VARINT) v.currentStatus = int32(pbf);
  else if (field === 5 && type === VARINT) v.timestamp = pbf.readVarint();
  else if (field === 7 && type === BYTES) v.stopId = pbf.readString();
  else if (field === 8 && type === BYTES) v.vehicle = embedded(pbf, v.vehicle ?? {}, vehicleDescriptor);
  else return false;
  return true;
};

const position: FieldReader<RtPosition> = (field, type, p, pbf) => {
  if (type !== FIXED32) return false;
  if (field === 1) p.latitude = pbf.readFloat();
  else if (field === 2) p.longitude = pbf.readFloat();
  else if (field === 3) p.bearing = pbf.readFloat();
  else if (field === 5) p.speed = pbf.readFloat();
  else return false;
  return true;
};

const alert: FieldReader<RtAlert> = (field, type, a, pbf) => {
  if ((field === 6 || field === 7) && type === VARINT) {
    if (field === 6) a.cause = int32(pbf);
    else a.effect = int32(pbf);
    return true;
  }
  if (type !== BYTES) return false;
  if (field === 1) a.activePeriod.push(embedded(pbf, {}, timeRange));
  else if (field === 5) a.informedEntity.push(embedded(pbf, {}, entitySelector));
  else if (field === 8) a.url = embedded(pbf, a.url ?? { translation: [] }, translatedString);
  else if (field === 10) a.headerText = embedded(pbf, a.headerText ?? { translation: [] }, translatedString);
  else if (field === 11) a.descriptionText = embedded(pbf, a.descriptionText ?? { translation: [] }, translatedString);
  else return false;
  return true;
};

const timeRange: FieldReader<RtTimeRange> = (field, type, r, pbf) => {
  if (type !== VARINT) return false;
  if (field === 1) r.start = pbf.readVarint();
  else if (field === 2) r.end = pbf.readVarint();
  else return false;
  return true;
};

const entitySelector: FieldReader<RtEntitySelector> = (field, type, e, pbf) => {
  if (field === 1 && type === BYTES) e.agencyId = pbf.readString();
  else if (field === 2 && type === BYTES) e.routeId = pbf.readString();
  else if (field === 3 && type === VARINT) e.routeType = int32(pbf);
  else if (field === 4 && type === BYTES) e.trip = embedded(pbf, e.trip ?? {}, tripDescriptor);
  else if (field === 5 && type === BYTES) e.stopId = pbf.readString();
  else if (field === 6 && type === VARINT) e.directionId = uint32(pbf);
  else return false;
  return true;
};

const translatedString: FieldReader<RtTranslatedString> = (field, type, t, pbf) => {
  if (field !== 1 || type !== BYTES) return false;
  t.translation.push(required(embedded(pbf, {} as RtTranslation, translation), "text"));
  return true;
};

const translation: FieldReader<RtTranslation> = (field, type, t, pbf) => {
  if (type !== BYTES) return false;
  if (field === 1) t.text = pbf.readString();
  else if (field === 2) t.language = pbf.readString();
  else return false;
  return true;
};

/** A proto2 required field: protobufjs refuses a message without it, and so does this decoder. */
function required<T extends object>(message: T, field: string): T {
  if (!(field in message)) throw new Error(`missing required '${field}'`);
  return message;
}
