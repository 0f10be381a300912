/**
 * An answer kept up to date: from the route's event stream while it runs (docs/COMPATIBILITY.md R24), else by
 * asking the JSON answer again every `pollMs`. The departures board and the map's vehicles share it.
 *
 * - The stream's answer event (`doorkomsten`, `voertuigen`) carries the whole answer each time it changes; `netwerk`
 *   says the server loaded a new snapshot (the answer on it follows); `fout` ends the stream because what it follows
 *   is gone from the network (its `{statusCode, message}` is the error to show, nothing to poll); `quota` ends it
 *   because the key's quota is used up.
 * - A stream that cannot open (an older server answers JSON, 429 for too many streams of one key), ends or breaks
 *   falls back to polling; polling shows its own errors, a 404 included.
 * - A hidden tab holds nothing open and asks nothing; shown again, it starts with the stream once more.
 */
import { ApiError } from "./api-error.js";
import type { ServerEvent, Subscribe } from "./event-stream.js";

export type LiveMode = "stream" | "poll" | "paused" | "stopped";

/** What the page's document says of its visibility (the document itself; a stub in tests). */
export interface PageVisibility {
  readonly hidden: boolean;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export interface LiveAnswerOptions<T> {
  /** The page's `document`. */
  page: PageVisibility;
  subscribe: Subscribe;
  poll: () => Promise<T>;
  /** The stream's event that carries the answer. */
  event: string;
  pollMs: number;
  onAnswer(answer: T, via: "stream" | "poll"): void;
  onError(cause: unknown): void;
  /** The server serves a new snapshot (event `netwerk`): what the caller keeps of the old one is stale. */
  onNetwork?(): void;
  /** Each change of mode (tests and the page read it as data-live). */
  onMode?(mode: LiveMode): void;
}

export interface LiveAnswer {
  mode(): LiveMode;
  /** Closes the stream, stops polling, for good. */
  stop(): void;
}

/** Nothing at all, not even the server's heartbeat comment (every 15 s, R24), for this long: the stream is dead. */
const SILENT_MS = 45_000;

export function liveAnswer<T>(o: LiveAnswerOptions<T>): LiveAnswer {
  let mode: LiveMode = "paused";
  let aborter: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by each start and stop: a late callback of an earlier run does nothing. */
  let run = 0;

  const setMode = (m: LiveMode) => {
    if (m === mode) return;
    mode = m;
    o.onMode?.(m);
  };

  const halt = () => {
    run++;
    aborter?.abort();
    aborter = undefined;
    clearTimeout(timer);
    clearTimeout(watchdog);
  };

  function startStream(): void {
    halt();
    const mine = run;
    const ac = new AbortController();
    aborter = ac;
    setMode("stream");
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => ac.abort(), SILENT_MS);
    };
    alive();
    let ended = false;
    const onEvent = (e: ServerEvent) => {
      if (mine !== run) return;
      alive();
      if (e.event === o.event) o.onAnswer(JSON.parse(e.data) as T, "stream");
      else if (e.event === "netwerk") o.onNetwork?.();
      else if (e.event === "fout" || e.event === "quota") {
        const body = JSON.parse(e.data) as { statusCode?: number; message?: string };
        o.onError(new ApiError(body.statusCode ?? 500, body.message ?? e.event));
        if (e.event === "fout") ended = true;
      }
    };
    o.subscribe(onEvent, ac.signal).then(
      () => {
        if (mine !== run) return;
        if (ended) stop();
        else startPolling();
      },
      () => {
        if (mine === run) startPolling();
      },
    );
  }

  function startPolling(): void {
    halt();
    const mine = run;
    setMode("poll");
    const tick = async () => {
      try {
        const answer = await o.poll();
        if (mine === run) o.onAnswer(answer, "poll");
      } catch (e) {
        if (mine === run) o.onError(e);
      }
      // The next ask is due pollMs after this answer.
      if (mine === run) timer = setTimeout(() => void tick(), o.pollMs);
    };
    void tick();
  }

  const onVisibility = () => {
    if (mode === "stopped") return;
    if (o.page.hidden) {
      halt();
      setMode("paused");
    } else if (mode === "paused") startStream();
  };
  o.page.addEventListener("visibilitychange", onVisibility);

  function stop(): void {
    halt();
    o.page.removeEventListener("visibilitychange", onVisibility);
    setMode("stopped");
  }

  if (!o.page.hidden) startStream();
  return { mode: () => mode, stop };
}
