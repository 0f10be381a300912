/**
 * The stop days kept as JSON (stop-day-view.ts): the same bytes whether computed or kept, and a day kept only on
 * its second miss, so that E5 lists of random stops do not turn the cache over.
 */
import { describe, expect, it } from "vitest";
import { renderStopDay, stopDayJson } from "../../../../src/api/core/dienstregelingen/stop-day-view.js";
import { Linker } from "../../../../src/api/shared/links.js";
import { findStop } from "../../../../src/network/lookup.js";
import { demoNetwork } from "../../../support/demo-network.js";

const TUESDAY = 20260310;

describe("stopDayJson", () => {
  it("stopDayJson - a day missed once is rendered and not kept; missed again it is kept; then the kept bytes are answered", async () => {
    const net = await demoNetwork();
    const L = new Linker("http://h", "http://h/DLKernOpenData/api/v1");
    const stop = findStop(net, "3", "303070")!;
    const rendered = renderStopDay(net, L, stop, TUESDAY, false);
    const first = stopDayJson(net, L, stop, TUESDAY, false);
    const second = stopDayJson(net, L, stop, TUESDAY, false);
    const third = stopDayJson(net, L, stop, TUESDAY, false);
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    for (const day of [first, second]) {
      expect(day.halteDoorkomsten.equals(rendered.halteDoorkomsten)).toBe(true);
      expect(day.notes.equals(rendered.notes)).toBe(true);
    }
    expect(JSON.parse(second.halteDoorkomsten.toString())[0].haltenummer).toBe("303070");
  });

  it("stopDayJson - 3,000 stops asked once each are none of them kept: asked again, each is rendered anew", async () => {
    const net = await demoNetwork();
    const L = new Linker("http://other", "http://other/DLKernOpenData/api/v1");
    // 3,000 stops in a row, more than the 1,024 misses remembered: each is forgotten by the time it comes again.
    const stops = Array.from({ length: 3_000 }, (_, i) => i);
    const firstRound = stops.map((s) => stopDayJson(net, L, s, TUESDAY, false));
    const secondRound = stops.map((s) => stopDayJson(net, L, s, TUESDAY, false));
    expect(secondRound.filter((d, i) => d === firstRound[i])).toHaveLength(0);
    // The last 1,024 of the second round are remembered: asked again, they are kept, and then answered as kept.
    const last = stops.slice(-1_024);
    const kept = last.map((s) => stopDayJson(net, L, s, TUESDAY, false));
    expect(last.map((s) => stopDayJson(net, L, s, TUESDAY, false)).filter((d, i) => d === kept[i])).toHaveLength(1_024);
  });
});
