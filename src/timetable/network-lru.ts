import { derivedIndex } from "../network/derived-index.js";
import type { Network } from "../network/model.js";

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
  /** Keys missed once and not kept, -> their slot in `ring`; at most `rememberedMisses`. */
  missed: Map<K, number>;
  /** The remembered misses in the order they came; the oldest is forgotten first. */
  ring: K[];
  next: number;
}

/**
 * An LRU per network, at most `maxWeight` per network (weight: e.g. a value's passages), listed as `name` among the
 * derived indexes. The entries of a network live in a derivedIndex (a WeakMap keyed by it), so a swapped-out
 * network takes them with it and a network never sees another's.
 * A value weighing over a quarter of the bound is computed every time rather than emptying the cache for it.
 * Number keys where they do: a Map hashes them without building a string.
 *
 * With `rememberedMisses` > 0, a value is kept only on its key's second miss within the last `rememberedMisses`
 * misses (the "doorkeeper" of TinyLFU, Einziger, Friedman and Manes, ACM Transactions on Storage 13(4), 2017): a
 * key asked once, as a client asking lists of random stops asks almost every one, is computed and dropped and does
 * not push out the values asked again and again. What a kept value becomes once pushed out is garbage of the old
 * generation, which only a full collection frees: such a scan of random keys grew a server's heap by hundreds of
 * megabytes between two (docs/BENCHMARKS.md "Hostile clients (bench:abuse)"). The price is one more computation of
 * a value that is asked again: its second miss. Remembering costs a Map entry and an array slot per key.
 */
export function networkLru<V, K extends number | string = number>(
  name: string,
  maxWeight: number,
  weight: (value: V) => number,
  rememberedMisses = 0,
): NetworkLru<V, K> {
  const byNetwork = derivedIndex(name, (): Entries<V, K> => ({ values: new Map(), weight: 0, missed: new Map(), ring: [], next: 0 }));
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
      if (rememberedMisses > 0 && !admitted(entries, key, rememberedMisses)) return value;
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

/** True on the second miss of `key` among the last `remembered` misses (and it is forgotten); else remembers it. */
function admitted<V, K>(entries: Entries<V, K>, key: K, remembered: number): boolean {
  const { missed, ring } = entries;
  if (missed.has(key)) {
    missed.delete(key);
    return true;
  }
  const slot = entries.next;
  entries.next = (slot + 1) % remembered;
  if (slot < ring.length) {
    const forgotten = ring[slot];
    // Still this slot's: not admitted meanwhile, nor remembered again in a later slot.
    if (missed.get(forgotten) === slot) missed.delete(forgotten);
  }
  ring[slot] = key;
  missed.set(key, slot);
  return false;
}
