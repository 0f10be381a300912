/**
 * The "doorkeeper" of TinyLFU (Einziger, Friedman and Manes, ACM Transactions on Storage 13(4), 2017): a cache
 * keeps a value only on its key's second miss within the last `remembered` misses, so that keys asked once (a
 * client asking lists of random stops asks almost every one once) are computed and dropped and do not push out the
 * values asked again and again. Remembering costs a Map entry and an array slot per key. Used by the caches of
 * stop days (src/timetable/network-lru.ts) and of compressed answers (src/api/http/compressed-answers.ts).
 */
export class Doorkeeper<K> {
  /** Keys missed once and not admitted -> their slot in `ring`. */
  private readonly missed = new Map<K, number>();
  /** The remembered misses in the order they came; the oldest is forgotten first. */
  private readonly ring: K[] = [];
  private next = 0;

  constructor(private readonly remembered: number) {}

  /** True on the second miss of `key` among the last `remembered` misses (and it is forgotten); else remembers it. */
  admit(key: K): boolean {
    const { missed, ring } = this;
    if (missed.has(key)) {
      missed.delete(key);
      return true;
    }
    const slot = this.next;
    this.next = (slot + 1) % this.remembered;
    if (slot < ring.length) {
      const forgotten = ring[slot];
      // Still this slot's: not admitted meanwhile, nor remembered again in a later slot.
      if (missed.get(forgotten) === slot) missed.delete(forgotten);
    }
    ring[slot] = key;
    missed.set(key, slot);
    return false;
  }
}
