/**
 * A minimal HTTP/1.1 client over one keep-alive TCP connection, for the fuzzer: it sends the request's bytes as
 * they are. Node's http.request and fetch refuse a path with a space, a control character or a raw non-ASCII
 * byte before anything is sent, and those are exactly what a fuzzer must send; here the server's parser judges.
 *
 * One request at a time per connection (no pipelining). An answer is read by its Content-Length, by chunks, or
 * up to the close; after an answer with `Connection: close`, or with bytes after it, the connection is dropped
 * and the next request opens a new one. A request written on a connection the server had just closed (nothing
 * received) is sent once more on a new one: that is the keep-alive race, not the server's fault.
 */
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  kind: "answer";
  status: number;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /** The body as sent (still compressed when Content-Encoding says so). */
  body: Buffer;
}

/** The server sent nothing within the time given. */
export interface RawTimeout {
  kind: "timeout";
}

/** The connection closed, or failed, before a whole answer arrived. */
export interface RawNoAnswer {
  kind: "no-answer";
  reason: string;
  /** What arrived before, if anything. */
  partial: string;
}

export type RawResult = RawAnswer | RawTimeout | RawNoAnswer;

export interface RawConnection {
  request(bytes: Buffer, timeoutMs: number): Promise<RawResult>;
  close(): void;
  /** Connections opened so far. */
  readonly opened: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
/** Refuse to buffer more than this: no answer of the API comes near it. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

interface Parsed {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Bytes after the answer. */
  rest: number;
}

/** The answer in `buf` when it is complete, else undefined. `ended`: the server closed the connection. */
function parseAnswer(buf: Buffer, ended: boolean): Parsed | undefined {
  const headEnd = buf.indexOf(HEADER_END);
  if (headEnd < 0) return undefined;
  const head = buf.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0])?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const start = headEnd + HEADER_END.length;
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return { status, headers, body: Buffer.alloc(0), rest: buf.length - start };
  if (/\bchunked\b/i.test(headers["transfer-encoding"] ?? "")) {
    const parts: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = buf.indexOf("\r\n", at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buf.subarray(at, lineEnd).toString("latin1"), 16);
      if (Number.isNaN(size)) return { status, headers, body: Buffer.concat(parts), rest: 0 };
      if (size === 0) {
        const trailerEnd = buf.indexOf("\r\n", lineEnd + 2);
        if (trailerEnd < 0) return undefined;
        return { status, headers, body: Buffer.concat(parts), rest: buf.length - (trailerEnd + 2) };
      }
      if (buf.length < lineEnd + 2 + size + 2) return undefined;
      parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = headers["content-length"];
  if (length !== undefined) {
    const n = Number(length);
    if (buf.length - start < n) return undefined;
    return { status, headers, body: buf.subarray(start, start + n), rest: buf.length - start - n };
  }
  return ended ? { status, headers, body: buf.subarray(start), rest: 0 } : undefined;
}

export function rawConnection(port: number, host = "127.0.0.1"): RawConnection {
  let socket: Socket | undefined;
  let opened = 0;

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(port, host);
      s.setNoDelay(true);
      s.once("connect", () => {
        opened++;
        resolve(s);
      });
      s.once("error", reject);
    });

  const drop = () => {
    socket?.destroy();
    socket = undefined;
  };

  const once = (s: Socket, bytes: Buffer, timeoutMs: number) =>
    new Promise<RawResult & { reusedNothing?: boolean }>((resolve) => {
      const chunks: Buffer[] = [];
      let received = 0;
      let done = false;
      const finish = (result: RawResult & { reusedNothing?: boolean }, keep: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        s.off("data", onData);
        s.off("close", onClose);
        s.off("error", onError);
        if (!keep) {
          s.destroy();
          if (socket === s) socket = undefined;
        }
        resolve(result);
      };
      const tryParse = (ended: boolean) => {
        const buf = Buffer.concat(chunks);
        const parsed = parseAnswer(buf, ended);
        if (!parsed) return false;
        const keep = !ended && parsed.rest === 0 && !/\bclose\b/i.test(parsed.headers.connection ?? "");
        finish({ kind: "answer", status: parsed.status, headers: parsed.headers, body: Buffer.from(parsed.body) }, keep);
        return true;
      };
      const onData = (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received > MAX_ANSWER_BYTES) return finish({ kind: "no-answer", reason: `answer over ${MAX_ANSWER_BYTES} bytes`, partial: "" }, false);
        tryParse(false);
      };
      const onClose = () => {
        if (tryParse(true)) return;
        finish({ kind: "no-answer", reason: "connection closed", partial: Buffer.concat(chunks).toString("latin1").slice(0, 300), reusedNothing: received === 0 }, false);
      };
      const onError = (err: Error) => {
        finish({ kind: "no-answer", reason: err.message, partial: Buffer.concat(chunks).toString("latin1").slice(0, 300), reusedNothing: received === 0 }, false);
      };
      const timer = setTimeout(() => finish({ kind: "timeout" }, false), timeoutMs);
      s.on("data", onData);
      s.once("close", onClose);
      s.once("error", onError);
      s.write(bytes);
    });

  return {
    get opened() {
      return opened;
    },
    async request(bytes, timeoutMs) {
      const reused = socket !== undefined;
      if (!socket) socket = await open();
      let result = await once(socket, bytes, timeoutMs);
      if (result.kind === "no-answer" && result.reusedNothing && reused) {
        // The keep-alive race: the server closed the idle connection as we wrote. Once more, on a new one.
        socket = await open();
        result = await once(socket, bytes, timeoutMs);
      }
      if (result.kind === "no-answer") delete result.reusedNothing;
      return result;
    },
    close: drop,
  };
}
