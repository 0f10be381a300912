/**
 * The page's live answers (web/src/live-answer.ts): the stream while it runs, polling when it cannot open or ends,
 * nothing while the tab is hidden, the stream again when it is shown, no polling after `fout`. The page's document
 * is a stub with `hidden` and its visibilitychange listeners; timers are vitest's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "../../web/src/event-stream.js";
import { liveAnswer, type LiveMode } from "../../web/src/live-answer.js";

const listeners = new Set<() => void>();
const doc = {
  hidden: false,
  addEventListener: (_: string, f: () => void) => void listeners.add(f),
  removeEventListener: (_: string, f: () => void) => void listeners.delete(f),
};
const setHidden = (hidden: boolean) => {
  doc.hidden = hidden;
  for (const f of listeners) f();
};

beforeEach(() => {
  vi.useFakeTimers();
  doc.hidden = false;
  listeners.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A stream the test drives: `send` an event, `end` it, `fail` it; `opened` counts the connections. */
function fakeStream() {
  let emit: ((e: ServerEvent) => void) | undefined;
  let finish: (() => void) | undefined;
  let breakIt: ((e: Error) => void) | undefined;
  const s = {
    opened: 0,
    aborted: 0,
    subscribe: (onEvent: (e: ServerEvent) => void, signal: AbortSignal) => {
      s.opened++;
      emit = onEvent;
      return new Promise<void>((resolve, reject) => {
        finish = resolve;
        breakIt = reject;
        signal.addEventListener("abort", () => {
          s.aborted++;
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    },
    send: (event: string, data: unknown) => emit!({ event, data: JSON.stringify(data), id: undefined }),
    end: () => finish!(),
    fail: () => breakIt!(new Error("connection reset")),
  };
  return s;
}

function setup(stream = fakeStream()) {
  const answers: Array<[unknown, string]> = [];
  const errors: unknown[] = [];
  const modes: LiveMode[] = [];
  let polled = 0;
  let network = 0;
  const live = liveAnswer<{ n: number }>({
    page: doc,
    subscribe: stream.subscribe,
    poll: async () => ({ n: 100 + ++polled }),
    event: "doorkomsten",
    pollMs: 20_000,
    onAnswer: (a, via) => answers.push([a, via]),
    onError: (e) => errors.push(e),
    onNetwork: () => network++,
    onMode: (m) => modes.push(m),
  });
  return { live, stream, answers, errors, modes, polled: () => polled, network: () => network };
}

describe("live answer", () => {
  it("live answer - each stream message is an answer, netwerk is told, nothing is polled", async () => {
    const t = setup();
    t.stream.send("doorkomsten", { n: 1 });
    t.stream.send("netwerk", { bericht: "het netwerk is vernieuwd" });
    t.stream.send("doorkomsten", { n: 2 });
    await vi.advanceTimersByTimeAsync(40_000); // within the 45 s a live stream is never silent for
    expect(t.answers).toEqual([
      [{ n: 1 }, "stream"],
      [{ n: 2 }, "stream"],
    ]);
    expect(t.network()).toBe(1);
    expect(t.polled()).toBe(0);
    expect(t.live.mode()).toBe("stream");
    t.live.stop();
  });

  it("live answer - a stream that ends or breaks falls back to polling every pollMs", async () => {
    const t = setup();
    t.stream.send("doorkomsten", { n: 1 });
    t.stream.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.live.mode()).toBe("poll");
    expect(t.answers.at(-1)).toEqual([{ n: 101 }, "poll"]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.answers.at(-1)).toEqual([{ n: 102 }, "poll"]);
    expect(t.polled()).toBe(2);
    t.live.stop();

    const u = setup();
    u.stream.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(u.live.mode()).toBe("poll");
    expect(u.polled()).toBe(1);
    u.live.stop();
  });

  it("live answer - a silent stream (no heartbeat for 45 s) is closed and polled instead", async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(44_000);
    expect(t.live.mode()).toBe("stream");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.stream.aborted).toBe(1);
    expect(t.live.mode()).toBe("poll");
    t.live.stop();
  });

  it("live answer - hidden: the stream closes and nothing is asked; shown: a new stream", async () => {
    const t = setup();
    setHidden(true);
    expect(t.stream.aborted).toBe(1);
    expect(t.live.mode()).toBe("paused");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.polled()).toBe(0);
    expect(t.stream.opened).toBe(1);
    setHidden(false);
    expect(t.stream.opened).toBe(2);
    expect(t.live.mode()).toBe("stream");
    t.live.stop();
    expect(t.stream.aborted).toBe(2);
    expect(t.modes).toEqual(["stream", "paused", "stream", "stopped"]);
  });

  it("live answer - fout ends it with the server's error and no polling", async () => {
    const t = setup();
    t.stream.send("fout", { statusCode: 404, message: "Halte 3/303148 bestaat niet" });
    t.stream.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.errors).toMatchObject([{ status: 404, message: "Halte 3/303148 bestaat niet" }]);
    expect(t.polled()).toBe(0);
    expect(t.live.mode()).toBe("stopped");
  });
});
