import { derivedIndex } from "../network/derived-index.js";
import type { Network } from "../network/model.js";
import { Doorkeeper } from "../lib/doorkeeper.js";

/** Values computed from a network and kept between requests, per network, least recently used out first. */
export interface NetworkLru<V, K extends number | string = number> {
  /**
   * The value kept under `key` for this network, else compute(): kept unless over a quarter of the bound or, with
   * remembered misses, unless `key` missed before among the last ones remembered.
   */
  get(network: Network, key: K, compute: () => V): V;
  /** What is kept for a network: entries and their summed weight (for tests and monitoring). */
  size(network: Network): { entries: number; weight: number };
}

interface Entries<V, K> {
  /** key -> value; Map order is the LRU order, least recently used first. */
  values: Map<K, V>;
  weight: number;
  /** With remembered misses: who is let in (doorkeeper.ts). */
  door: Doorkeeper<K> | undefined;
}

/**
 * An LRU per network, at most `maxWeight` per network (weight: e.g. a value's passages), listed as `name` among the
 * derived indexes. The entries of a network live in a derivedIndex (a WeakMap keyed by it), so a swapped-out
 * network takes them with it and a network never sees another's.
 * A value weighing over a quarter of the bound is computed every time rather than emptying the cache for it.
 * Number keys where they do: a Map hashes them without building a string.
 *
 * With `rememberedMisses` > 0, a value is kept only on its key's second miss within the last `rememberedMisses`
 * misses (src/lib/doorkeeper.ts, the "doorkeeper" of TinyLFU): a
 * key asked once, as a client asking lists of random stops asks almost every one, is computed and dropped and does
 * not push out the values asked again and again. What a kept value becomes once pushed out is garbage of the old
 * generation, which only a full collection frees: such a scan of random keys grew a server's heap by hundreds of
 * megabytes between two (docs/BENCHMARKS.md "Hostile clients (bench:abuse)"). The price is one more computation of
 * a value that is asked again: its second miss.
 */
export function networkLru<V, K extends number | string = number>(
  name: string,
  maxWeight: number,
  weight: (value: V) => number,
  rememberedMisses = 0,
): NetworkLru<V, K> {
  const byNetwork = derivedIndex(name, (): Entries<V, K> => ({ values: new Map(), weight: 0, door: rememberedMisses > 0 ? new Doorkeeper<K>(rememberedMisses) : undefined }));
  return {
    get(network, key, compute) {
      const entries = byNetwork(network);
      const hit = entries.values.get(key);
      if (hit !== undefined) {
        entries.values.delete(key);
        entries.values.set(key, hit);
        return hit;
      }
      const value = compute();
      const w = weight(value);
      if (w > maxWeight / 4) return value;
      if (entries.door !== undefined && !entries.door.admit(key)) return value;
      entries.values.set(key, value);
      entries.weight += w;
      for (const [k, v] of entries.values) {
        if (entries.weight <= maxWeight) break;
        entries.values.delete(k);
        entries.weight -= weight(v);
      }
      return value;
    },
    size(network) {
      const entries = byNetwork(network);
      return { entries: entries.values.size, weight: entries.weight };
    },
  };
}
