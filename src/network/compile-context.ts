/**
 * What every stage of the network compiler shares: the feeds, the reference data, the string
 * pool and the warnings. Stages are functions of this context and of earlier stages' tables.
 */
import { basename } from "node:path";
import type { GtfsFeed } from "../gtfs/types.js";
import type { ReferenceData } from "../reference/types.js";
import { WARNING_EXAMPLES } from "./constants.js";
import type { KeyBook } from "./key-history.js";
import type { KeyProfile, NetworkMeta } from "./model.js";
import type { StringPool } from "../lib/string-pool.js";

export interface CompileInput {
  feed: GtfsFeed;
  profile: KeyProfile;
}

export interface CompileContext {
  readonly inputs: readonly CompileInput[];
  readonly ref: ReferenceData | undefined;
  readonly pool: StringPool;
  readonly warnings: CompileWarnings;
  /** The keys earlier imports gave (key-history.ts); the stages keep them and record the ones they give. */
  readonly keys: KeyBook;
}

/** Warnings aggregated by code into meta.warnings: a count and the first WARNING_EXAMPLES examples each. */
export class CompileWarnings {
  private readonly byCode = new Map<string, { count: number; examples: string[] }>();

  /** `count` > 1: one message standing for several cases (e.g. "12 stops lie outside..."). */
  add(code: string, message: string, count = 1): void {
    this.record(code, count, [message]);
  }

  /** The reader's warnings of one feed (its list is capped; warningCounts has the totals). */
  addFeed(feed: GtfsFeed): void {
    const listed = new Map<string, string[]>();
    for (const w of feed.warnings) {
      // The feed's file name, as meta.feeds has it: the snapshot keeps no server path.
      const text = `${basename(feed.source)}: ${w.file} line ${w.line}: ${w.message}`;
      const list = listed.get(w.code);
      if (!list) listed.set(w.code, [text]);
      else if (list.length < WARNING_EXAMPLES) list.push(text);
    }
    const counts = new Map<string, number>();
    for (const w of feed.warnings) counts.set(w.code, (counts.get(w.code) ?? 0) + 1);
    for (const [code, examples] of listed) this.record(code, feed.warningCounts?.[code] ?? counts.get(code)!, examples);
  }

  list(): NetworkMeta["warnings"] {
    return [...this.byCode].map(([code, w]) => ({ code, count: w.count, examples: [...w.examples] }));
  }

  private record(code: string, count: number, examples: readonly string[]): void {
    let w = this.byCode.get(code);
    if (!w) this.byCode.set(code, (w = { count: 0, examples: [] }));
    w.count += count;
    for (const e of examples) if (w.examples.length < WARNING_EXAMPLES) w.examples.push(e);
  }
}

/** Columns while they are being filled. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
