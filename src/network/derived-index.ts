import type { Network } from "./model.js";

/**
 * Indexes derived from a Network: built on first use, kept while the network lives, one set per network.
 *
 * A Network is immutable (DESIGN.md), so whatever is computed from it alone stays valid as long as it does. Each
 * index lives in a WeakMap keyed by the network: a reload or a feed refresh swaps the network and its indexes go
 * with it, and two networks served side by side (tests, a reload in progress) never see each other's.
 *
 * Every index registers here under a name saying what it maps, so `derivedIndexes()` lists them all in one place
 * (what a network may grow after loading, besides its snapshot columns).
 */

/** The index of a network, built by the first call and the same object after it. */
export type DerivedIndex<T> = (network: Network) => T;

/** A memo per network and key, unbounded: for keys that are few (service dates asked for, sets of modes). */
export type DerivedIndexByKey<K, T> = (network: Network, key: K) => T;

export interface DerivedIndexInfo {
  /** What the index maps, as registered. */
  readonly name: string;
  /** Whether it has been built for the network asked about (undefined when none was given). */
  readonly built?: boolean;
}

interface Registered {
  readonly name: string;
  readonly built: (network: Network) => boolean;
}

const registry: Registered[] = [];

/**
 * An index built from a network by `build` on first use, then kept for that network.
 * `build` must depend on the network alone and never return undefined (undefined reads as "not built").
 */
export function derivedIndex<T extends NonNullable<unknown> | null>(name: string, build: (network: Network) => T): DerivedIndex<T> {
  const cache = new WeakMap<Network, T>();
  registry.push({ name, built: (network) => cache.has(network) });
  return (network) => {
    let value = cache.get(network);
    if (value === undefined) {
      value = build(network);
      cache.set(network, value);
    }
    return value;
  };
}

/**
 * A value per network and key, built by `build` the first time that key is asked for that network and kept while the
 * network lives. Unbounded: for keys that are few; a cache that must forget uses derivedIndex over its own bounded map.
 */
export function derivedIndexByKey<K, T extends NonNullable<unknown> | null>(
  name: string,
  build: (network: Network, key: K) => T,
): DerivedIndexByKey<K, T> {
  const maps = derivedIndex(name, () => new Map<K, T>());
  return (network, key) => {
    const byKey = maps(network);
    let value = byKey.get(key);
    if (value === undefined) {
      value = build(network, key);
      byKey.set(key, value);
    }
    return value;
  };
}

/**
 * derivedIndexByKey bounded: the `kept` keys of a network used last are kept, the one used longest ago is dropped
 * first. For values too large to keep for every key asked (a service date's trips or connections).
 */
export function recentIndexByKey<K, T extends NonNullable<unknown> | null>(
  name: string,
  kept: number,
  build: (network: Network, key: K) => T,
): DerivedIndexByKey<K, T> {
  const maps = derivedIndex(name, () => new Map<K, T>());
  return (network, key) => {
    const byKey = maps(network);
    let value = byKey.get(key);
    if (value !== undefined) {
      // Most recently used last, so the first key is the one to drop.
      byKey.delete(key);
      byKey.set(key, value);
      return value;
    }
    value = build(network, key);
    byKey.set(key, value);
    if (byKey.size > kept) byKey.delete(byKey.keys().next().value as K);
    return value;
  };
}

/**
 * Every derived index registered so far, in registration order (an index registers when its module is imported);
 * with a network, whether each has been built for it.
 */
export function derivedIndexes(network?: Network): DerivedIndexInfo[] {
  return registry.map((r) => (network === undefined ? { name: r.name } : { name: r.name, built: r.built(network) }));
}
