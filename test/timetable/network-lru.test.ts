import { describe, expect, it } from "vitest";
import type { Network } from "../../src/network/model.js";
import { networkLru } from "../../src/timetable/network-lru.js";

/** A stand-in network: networkLru only keys its entries on the object. */
const net = () => ({}) as Network;

/** An LRU of numbers weighing 1 each that counts its computations. */
function counted(maxWeight: number, rememberedMisses: number) {
  let computed = 0;
  const lru = networkLru<number>("test: numbers", maxWeight, () => 1, rememberedMisses);
  return { lru, ask: (n: Network, key: number) => lru.get(n, key, () => (computed++, key * 10)), computed: () => computed };
}

describe("networkLru - remembered misses", () => {
  it("networkLru - without remembered misses a value is kept on its first miss", () => {
    const c = counted(100, 0);
    const n = net();
    expect([c.ask(n, 1), c.ask(n, 1), c.ask(n, 1)]).toEqual([10, 10, 10]);
    expect(c.computed()).toBe(1);
    expect(c.lru.size(n)).toEqual({ entries: 1, weight: 1 });
  });

  it("networkLru - a key missed once is computed and dropped; its second miss keeps it; then it is a hit", () => {
    const c = counted(100, 4);
    const n = net();
    expect(c.ask(n, 1)).toBe(10);
    expect(c.lru.size(n)).toEqual({ entries: 0, weight: 0 });
    expect(c.ask(n, 1)).toBe(10);
    expect(c.lru.size(n)).toEqual({ entries: 1, weight: 1 });
    expect(c.ask(n, 1)).toBe(10);
    expect(c.computed()).toBe(2);
  });

  it("networkLru - a miss is remembered for the last `rememberedMisses` first misses only, the oldest forgotten first", () => {
    const c = counted(100, 3);
    const n = net();
    for (const key of [1, 2, 3, 4]) c.ask(n, key); // 1 forgotten when 4 came
    c.ask(n, 1); // a first miss again, remembered in place of 2
    c.ask(n, 3); // second miss: kept (a second miss takes no place)
    c.ask(n, 2); // forgotten: a first miss again, in place of 3
    expect(c.lru.size(n).entries).toBe(1);
    c.ask(n, 1); // remembered: kept
    c.ask(n, 4); // still remembered: kept
    expect(c.lru.size(n).entries).toBe(3);
    expect(c.computed()).toBe(9);
    // Kept values are hits.
    for (const key of [1, 3, 4]) c.ask(n, key);
    expect(c.computed()).toBe(9);
  });

  it("networkLru - a key kept and pushed out must miss twice again; remembered anew, its old place does not forget it", () => {
    const c = counted(4, 8);
    const n = net();
    for (const key of [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]) c.ask(n, key); // five kept, at most four: 1 pushed out
    expect(c.lru.size(n)).toEqual({ entries: 4, weight: 4 });
    c.ask(n, 1); // a first miss again
    expect(c.lru.size(n).entries).toBe(4);
    for (const key of [6, 7, 8]) c.ask(n, key); // 8 takes the place 1 had first
    c.ask(n, 1); // still remembered: kept
    expect(c.ask(n, 1)).toBe(10);
    expect(c.computed()).toBe(15);
  });

  it("networkLru - each network remembers its own misses", () => {
    const c = counted(100, 4);
    const a = net();
    const b = net();
    c.ask(a, 1);
    c.ask(b, 1);
    expect(c.lru.size(a).entries + c.lru.size(b).entries).toBe(0);
    c.ask(a, 1);
    expect([c.lru.size(a).entries, c.lru.size(b).entries]).toEqual([1, 0]);
  });
});
