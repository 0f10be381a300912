/**
 * Server-Sent Events read from a fetch answer's body (docs/COMPATIBILITY.md R24). Not EventSource: it cannot send
 * the Ocp-Apim-Subscription-Key header, and the key in the query would end up in logs and histories. The parser
 * follows the WHATWG event stream interpretation
 * (html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation): lines end in CRLF, LF or CR,
 * `:` starts a comment (the server's `: heartbeat`), an empty line dispatches the event gathered, `data` lines join
 * with LF, `id` and `retry` are kept. Reconnecting is the caller's choice (live-answer.ts falls back to polling).
 */

/** One dispatched event: its type (`message` when the stream named none), its data, the last id seen. */
export interface ServerEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/** Follows a stream's events; resolves when the server ends it, rejects when it cannot open or breaks. */
export type Subscribe = (onEvent: (e: ServerEvent) => void, signal: AbortSignal) => Promise<void>;

export interface EventStreamParser {
  /** Feeds decoded text, in pieces as they arrive (a line may be cut anywhere). */
  push(text: string): void;
  /** The last `id` the stream gave (for Last-Event-ID) and its last `retry` in ms. */
  readonly lastEventId: string | undefined;
  readonly retryMs: number | undefined;
}

export function eventStreamParser(onEvent: (e: ServerEvent) => void): EventStreamParser {
  let pending = "";
  /** A CR ended the last piece: an LF starting the next belongs to it. */
  let afterCr = false;
  let type = "";
  let data: string[] = [];
  let lastEventId: string | undefined;
  let retryMs: number | undefined;

  const line = (l: string) => {
    if (l === "") {
      if (data.length > 0) onEvent({ event: type || "message", data: data.join("\n"), id: lastEventId });
      type = "";
      data = [];
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") type = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) lastEventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
  };

  return {
    push(text) {
      if (afterCr && text.startsWith("\n")) text = text.slice(1);
      afterCr = false;
      pending += text;
      const re = /\r\n|\n|\r/g;
      let start = 0;
      for (let m = re.exec(pending); m; m = re.exec(pending)) {
        // A CR at the very end may be the first half of a CRLF cut between two pieces.
        if (m[0] === "\r" && m.index === pending.length - 1) afterCr = true;
        line(pending.slice(start, m.index));
        start = m.index + m[0].length;
      }
      pending = pending.slice(start);
    },
    get lastEventId() {
      return lastEventId;
    },
    get retryMs() {
      return retryMs;
    },
  };
}

/**
 * Reads an event stream body to its end, calling `onEvent` per event; resolves when the server ends it, rejects
 * when the connection breaks (or the fetch's signal aborts: an AbortError).
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (e: ServerEvent) => void): Promise<void> {
  const parser = eventStreamParser(onEvent);
  const decoder = new TextDecoder(); // UTF-8, as the stream must be; a character cut between chunks waits
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.push(decoder.decode(value, { stream: true }));
  }
}
