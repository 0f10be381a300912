/**
 * What every stage of the network compiler shares: the feeds, the reference data, the string
 * pool and the warnings. Stages are functions of this context and of earlier stages' tables.
 */
import type { GtfsFeed, GtfsWarning } from "../gtfs/types.js";
import type { ReferenceData } from "../reference/types.js";
import type { KeyProfile, NetworkMeta } from "./model.js";
import type { StringPool } from "./packed-strings.js";

export interface CompileInput {
  feed: GtfsFeed;
  profile: KeyProfile;
}

export interface CompileContext {
  readonly inputs: readonly CompileInput[];
  readonly ref: ReferenceData | undefined;
  readonly pool: StringPool;
  readonly warnings: CompileWarnings;
}

/** Warnings aggregated by code into meta.warnings: a count and one example each. */
export class CompileWarnings {
  private readonly byCode = new Map<string, { count: number; example: string }>();

  add(code: string, message: string, count = 1): void {
    const w = this.byCode.get(code);
    if (w) w.count += count;
    else this.byCode.set(code, { count, example: message });
  }

  /** The reader's warnings of one feed (its list is capped; warningCounts has the totals). */
  addFeed(feed: GtfsFeed): void {
    const listed = new Map<string, GtfsWarning>();
    const counts = new Map<string, number>();
    for (const w of feed.warnings) {
      if (!listed.has(w.code)) listed.set(w.code, w);
      counts.set(w.code, (counts.get(w.code) ?? 0) + 1);
    }
    for (const [code, w] of listed) {
      this.add(code, `${feed.source}: ${w.file} line ${w.line}: ${w.message}`, feed.warningCounts?.[code] ?? counts.get(code)!);
    }
  }

  list(): NetworkMeta["warnings"] {
    return [...this.byCode].map(([code, w]) => ({ code, count: w.count, example: w.example }));
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
