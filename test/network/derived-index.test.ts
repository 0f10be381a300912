import { describe, expect, it } from "vitest";
import { derivedIndex, derivedIndexByKey, derivedIndexes } from "../../src/network/derived-index.js";
import type { Network } from "../../src/network/model.js";

/** A WeakMap key is all the helper needs of a network. */
const fakeNetwork = (stops: number) => ({ stops: { count: stops } }) as unknown as Network;

describe("derivedIndex", () => {
  it("derivedIndex - builds once per network, apart for each network", () => {
    let builds = 0;
    const doubled = derivedIndex("test: stop count doubled", (net) => {
      builds++;
      return { value: net.stops.count * 2 };
    });
    const a = fakeNetwork(2);
    const b = fakeNetwork(5);
    expect(doubled(a).value).toBe(4);
    expect(doubled(a)).toBe(doubled(a));
    expect(doubled(b).value).toBe(10);
    expect(builds).toBe(2);
  });

  it("derivedIndex - a falsy value (0, null) counts as built", () => {
    let builds = 0;
    const zero = derivedIndex("test: zero", () => (builds++, 0));
    const none = derivedIndex("test: null", () => (builds++, null));
    const net = fakeNetwork(0);
    zero(net);
    zero(net);
    none(net);
    none(net);
    expect(builds).toBe(2);
  });

  it("derivedIndexByKey - builds once per network and key", () => {
    const calls: string[] = [];
    const plus = derivedIndexByKey("test: stop count plus a number", (net, n: number) => {
      calls.push(`${net.stops.count}+${n}`);
      return net.stops.count + n;
    });
    const a = fakeNetwork(1);
    const b = fakeNetwork(10);
    expect([plus(a, 1), plus(a, 1), plus(a, 2), plus(b, 1)]).toEqual([2, 2, 3, 11]);
    expect(calls).toEqual(["1+1", "1+2", "10+1"]);
  });

  it("derivedIndexes - lists every registered index by name, and which a network has built", () => {
    const built = derivedIndex("test: listed and built", () => 1);
    derivedIndex("test: listed, never built", () => 1);
    const net = fakeNetwork(3);
    built(net);
    const names = derivedIndexes().map((i) => i.name);
    expect(names).toContain("test: listed and built");
    expect(names).toContain("test: listed, never built");
    const mine = derivedIndexes(net).filter((i) => i.name.startsWith("test: listed"));
    expect(mine).toEqual([
      { name: "test: listed and built", built: true },
      { name: "test: listed, never built", built: false },
    ]);
  });
});
