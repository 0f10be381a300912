/**
 * The key history of a network: every API key (entity, line, line direction, stop) any import of it ever gave,
 * with the GTFS id it stood for, the import that added it and the one that removed it. It travels inside the
 * snapshot (KeyHistoryColumns), and an import continues the history of the snapshot it replaces (`--previous`,
 * by default the snapshot already at `--out`), so that:
 * - a GTFS id that survives keeps its key (docs/DATASET_EXTENSIONS.md, "Keys that never move");
 * - a new id gets a number no id of that network ever had: a saved key never shows another resource;
 * - a key that was removed answers 404 saying so and when (lookup.ts), never another resource.
 *
 * Identity: a record is (kind, feed slot, GTFS id); the feed slot is the position of the feed among the import's
 * feeds, so feeds are imported in the same order every time. The `delijn` profile's keys come from the ids
 * themselves: their records only remember what existed and when (a removed stop still answers "removed").
 *
 * The KeyBook is the compiler's view: the stages ask it for the key an id had and tell it the keys they give;
 * `finish` marks what no stage gave again as removed and encodes the columns.
 */
import type { GtfsFeed } from "../gtfs/types.js";
import { NONE16 } from "./constants.js";
import type { ImportInfo, KeyChanges, KeyHistoryColumns, NetworkMeta } from "./model.js";
import type { StringPool } from "../lib/string-pool.js";

import { KEY_KINDS, type KeyKind } from "./model.js";

export { KEY_KINDS, type KeyKind };

/**
 * A stop_id whose new position is more than this far from its last one stands for another place under a reused
 * id: it gets a new key and its old key answers "removed". Closer, it is the same stop moved (across a junction,
 * to the other side of a square) and keeps its key.
 */
export const MOVED_STOP_METERS = 500;

/** One key in the history, while compiling. */
export interface KeyRecord {
  kind: KeyKind;
  /** The feed's position among the import's feeds. */
  feed: number;
  /** agency_id, route_id (lines and their directions) or stop_id. */
  gtfsId: string;
  /** Entity number (entiteitnummer); an entity's own number. */
  entity: string;
  /** Line or stop number; an entity's own number. */
  number: string;
  /** 0 HEEN, 1 TERUG for a line direction; 0 otherwise. */
  direction: number;
  /** A stop's position when last imported (WGS84 degrees); 0 otherwise. */
  lat: number;
  lon: number;
  /** Index in meta.imports of the import that added the key. */
  added: number;
  /** Index in meta.imports of the import that removed it; NONE16 while present. */
  removed: number;
}

/** What a previous snapshot hands to the next import: its records and its chain of imports. */
export interface KeyHistory {
  records: KeyRecord[];
  imports: ImportInfo[];
}

const CHANGE_EXAMPLES = 5;

const idKey = (kind: KeyKind, feed: number, gtfsId: string, direction: number) => `${kind}|${feed}|${direction}|${gtfsId}`;

/** The key of a record as the API writes it: "1_49" (an entity: "1"; a line direction: "1_49_HEEN"). */
export function recordKey(r: Pick<KeyRecord, "kind" | "entity" | "number" | "direction">): string {
  if (r.kind === "entity") return r.entity;
  if (r.kind === "lineDirection") return `${r.entity}_${r.number}_${r.direction === 0 ? "HEEN" : "TERUG"}`;
  return `${r.entity}_${r.number}`;
}

/** Decodes the history columns of a loaded snapshot. */
export function readKeyHistory(columns: KeyHistoryColumns, strings: { get(i: number): string }, meta: Pick<NetworkMeta, "imports">): KeyHistory {
  const records: KeyRecord[] = new Array(columns.count);
  for (let i = 0; i < columns.count; i++) {
    records[i] = {
      kind: KEY_KINDS[columns.kind[i]],
      feed: columns.feed[i],
      gtfsId: strings.get(columns.gtfsId[i]),
      entity: strings.get(columns.entity[i]),
      number: strings.get(columns.number[i]),
      direction: columns.direction[i],
      lat: columns.lat[i] / 1e6,
      lon: columns.lon[i] / 1e6,
      added: columns.added[i],
      removed: columns.removed[i],
    };
  }
  return { records, imports: meta.imports.map((x) => ({ ...x, feeds: x.feeds.map((f) => ({ ...f })) })) };
}

export class KeyBook {
  /** The index in meta.imports of the import being compiled. */
  readonly importIndex: number;
  readonly imports: ImportInfo[];
  private readonly records: KeyRecord[];
  /** identity -> the latest record of that GTFS id (present, else the last removed). */
  private readonly latest = new Map<string, number>();
  /** Records given again (or added) by this import. */
  private readonly present = new Set<number>();
  /** The records present in the previous snapshot: what kept/removed count against. */
  private readonly previouslyPresent: Set<number>;
  private readonly slotsWithHistory = new Set<string>();

  constructor(previous: KeyHistory | undefined, current: ImportInfo) {
    this.records = previous ? previous.records.map((r) => ({ ...r })) : [];
    this.imports = [...(previous?.imports ?? []), current];
    this.importIndex = this.imports.length - 1;
    this.previouslyPresent = new Set();
    this.records.forEach((r, i) => {
      if (r.removed === NONE16) this.previouslyPresent.add(i);
      const k = idKey(r.kind, r.feed, r.gtfsId, r.direction);
      const before = this.latest.get(k);
      // A removed record and a later one of the same id (a reused stop_id): the later wins.
      if (before === undefined || this.records[before].removed !== NONE16) this.latest.set(k, i);
      this.slotsWithHistory.add(`${r.kind}|${r.feed}`);
    });
  }

  /** Whether any earlier import gave keys of this kind to feed slot `feed` (else the first import's rules apply). */
  hasHistory(kind: KeyKind, feed: number): boolean {
    return this.slotsWithHistory.has(`${kind}|${feed}`);
  }

  /** The key a GTFS id had last (present or removed), undefined for an id never seen. */
  previous(kind: KeyKind, feed: number, gtfsId: string, direction = 0): Readonly<KeyRecord> | undefined {
    const i = this.latest.get(idKey(kind, feed, gtfsId, direction));
    return i === undefined ? undefined : this.records[i];
  }

  /** Every number the history ever gave records matching `where` (present and removed). */
  usedNumbers(where: (r: Readonly<KeyRecord>) => boolean): Set<string> {
    const out = new Set<string>();
    for (const r of this.records) if (where(r)) out.add(r.number);
    return out;
  }

  /** Whether any record of the history (present or removed) matches `where`. */
  some(where: (r: Readonly<KeyRecord>) => boolean): boolean {
    return this.records.some(where);
  }

  /**
   * This import gives `key` to the id: the id's latest record when it has the same key (kept; revived when it
   * had been removed), else a new record (and the id's old record, if any, counts as removed).
   */
  give(key: Omit<KeyRecord, "added" | "removed">): void {
    const k = idKey(key.kind, key.feed, key.gtfsId, key.direction);
    const i = this.latest.get(k);
    const r = i === undefined ? undefined : this.records[i];
    if (r && r.entity === key.entity && r.number === key.number && !this.present.has(i!)) {
      r.lat = key.lat;
      r.lon = key.lon;
      if (r.removed !== NONE16) r.removed = NONE16;
      this.present.add(i!);
      return;
    }
    if (r && this.present.has(i!) && r.entity === key.entity && r.number === key.number) return; // given twice (merged keys)
    this.records.push({ ...key, added: this.importIndex, removed: NONE16 });
    this.latest.set(k, this.records.length - 1);
    this.present.add(this.records.length - 1);
  }

  /** Marks what this import did not give again as removed; the changes per kind for the summary. */
  finish(): KeyChanges[] {
    const changes = new Map<KeyKind, KeyChanges>(
      KEY_KINDS.map((kind) => [kind, { kind, kept: 0, added: 0, removed: 0, addedExamples: [], removedExamples: [] }]),
    );
    const example = (r: KeyRecord) => `${r.gtfsId} (${recordKey(r)})`;
    this.records.forEach((r, i) => {
      const c = changes.get(r.kind)!;
      const was = this.previouslyPresent.has(i);
      const is = this.present.has(i);
      if (was && is) c.kept++;
      else if (is) {
        c.added++;
        if (c.addedExamples.length < CHANGE_EXAMPLES) c.addedExamples.push(example(r));
      } else if (was) {
        r.removed = this.importIndex;
        c.removed++;
        if (c.removedExamples.length < CHANGE_EXAMPLES) c.removedExamples.push(example(r));
      }
    });
    return [...changes.values()];
  }

  /** The snapshot's columns (call after finish). */
  columns(pool: StringPool): KeyHistoryColumns {
    const n = this.records.length;
    const out = {
      count: n,
      kind: new Uint8Array(n),
      feed: new Uint16Array(n),
      gtfsId: new Uint32Array(n),
      entity: new Uint32Array(n),
      number: new Uint32Array(n),
      direction: new Uint8Array(n),
      lat: new Int32Array(n),
      lon: new Int32Array(n),
      added: new Uint16Array(n),
      removed: new Uint16Array(n),
    };
    this.records.forEach((r, i) => {
      out.kind[i] = KEY_KINDS.indexOf(r.kind);
      out.feed[i] = r.feed;
      out.gtfsId[i] = pool.intern(r.gtfsId);
      out.entity[i] = pool.intern(r.entity);
      out.number[i] = pool.intern(r.number);
      out.direction[i] = r.direction;
      out.lat[i] = Math.round(r.lat * 1e6);
      out.lon[i] = Math.round(r.lon * 1e6);
      out.added[i] = r.added;
      out.removed[i] = r.removed;
    });
    return out;
  }
}

/** The book of a compilation: its previous history (none with `--fresh-keys`) and this import's entry. */
export function keyBookFor(inputs: readonly { feed: GtfsFeed }[], previous: KeyHistory | undefined, createdAt: string): KeyBook {
  const current: ImportInfo = {
    createdAt,
    feeds: inputs.map(({ feed }) => ({ source: feed.source.split(/[\\/]/).pop() ?? feed.source, version: feed.feedInfo?.version })),
  };
  return new KeyBook(previous, current);
}
