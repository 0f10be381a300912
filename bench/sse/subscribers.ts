/**
 * The event-stream subscribers of bench:sse, run in a process of their own (forked with `--import tsx`, told what
 * to do over IPC) so that reading thousands of streams does not delay the benchmark's own timers, and so that
 * several such processes share the subscribers.
 *
 * Each stream is a raw `http.request` with no agent (one socket each; fetch would cost a stream reader and a
 * decoder per socket). A stream is read as bytes: messages end at a blank line, and only the head of each (its
 * first HEAD_BYTES: `retry`, the `: state <ms>` comment, `id`, `event`) is decoded; the JSON is only counted. For
 * every answer message after the first of its stream it records the server's state time and the moment its last
 * byte arrived (epoch ms, with fractions: performance.timeOrigin + performance.now()).
 *
 * Messages in: `open` (paths, one stream each; resolves as `opened` once every stream has its first answer or
 * failed), `mark` (forget what was recorded so far: the measurement starts), `report` (send the records), `close`
 * (destroy every socket and exit). On a lost parent it exits too: no socket outlives the benchmark.
 */
import { type ClientRequest, request } from "node:http";

export type SubscriberCommand =
  | { type: "open"; port: number; key: string; paths: string[]; concurrency: number }
  | { type: "mark" }
  | { type: "report" }
  | { type: "close" };

export type SubscriberReply =
  | { type: "opened"; open: number; failed: Record<string, number>; openMs: number }
  | { type: "report"; records: SubscriberRecords };

export interface SubscriberRecords {
  /** Per stream of the `open` command, in its order: [stateMs, receivedMs] of each answer message since `mark`. */
  messages: Array<Array<[number, number]>>;
  /** Answer messages without a `: state` comment since `mark` (a state not known to the server). */
  withoutState: number;
  heartbeats: number;
  /** Bytes read since `mark`, all streams. */
  bytes: number;
  /** Streams that ended or failed since they opened, by why. */
  ended: Record<string, number>;
}

const HEAD_BYTES = 160;
const NL = 10;
const OPEN_TIMEOUT_MS = 60_000;

const nowMs = () => performance.timeOrigin + performance.now();

interface Stream {
  req: ClientRequest;
  head: string;
  prevNewline: boolean;
  answers: number;
  records: Array<[number, number]>;
}

const streams: Stream[] = [];
const records: SubscriberRecords = { messages: [], withoutState: 0, heartbeats: 0, bytes: 0, ended: {} };
const count = (what: Record<string, number>, key: string) => (what[key] = (what[key] ?? 0) + 1);

/** One message's head read, its last byte just arrived. */
function messageDone(s: Stream, at: number): void {
  const head = s.head;
  if (head.startsWith(": heartbeat")) {
    records.heartbeats++;
    return;
  }
  if (!head.includes("\nevent: ") && !head.startsWith("event: ")) return;
  if (/^event: (netwerk|fout|quota)/m.test(head)) return;
  // The first answer is the connect message: its state is older than the stream, not an update.
  if (s.answers++ === 0) return;
  const m = /^: state (\d+)$/m.exec(head);
  if (m === null) {
    records.withoutState++;
    return;
  }
  s.records.push([Number(m[1]), at]);
}

function onData(s: Stream, buf: Buffer, onFirst: () => void): void {
  const at = nowMs();
  records.bytes += buf.length;
  let pos = 0;
  while (pos < buf.length) {
    // A blank line split over two chunks: the previous one ended in "\n" and this one starts with it.
    let end: number;
    if (s.prevNewline && buf[pos] === NL) end = pos;
    else {
      const i = buf.indexOf("\n\n", pos);
      end = i < 0 ? -1 : i + 1;
    }
    const stop = end < 0 ? buf.length : end + 1;
    if (s.head.length < HEAD_BYTES) s.head += buf.toString("latin1", pos, Math.min(stop, pos + HEAD_BYTES - s.head.length));
    if (end < 0) {
      s.prevNewline = buf[buf.length - 1] === NL;
      return;
    }
    const wasAnswer = s.answers;
    messageDone(s, at);
    if (wasAnswer === 0 && s.answers === 1) onFirst();
    s.head = "";
    s.prevNewline = false;
    pos = stop;
  }
}

function openOne(port: number, key: string, path: string, index: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (why: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(why);
    };
    const s: Stream = { req: undefined as unknown as ClientRequest, head: "", prevNewline: false, answers: 0, records: [] };
    streams[index] = s;
    records.messages[index] = s.records;
    const req = request({ host: "127.0.0.1", port, path, agent: false, headers: { accept: "text/event-stream", "ocp-apim-subscription-key": key } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        settle(`status ${res.statusCode}`);
        req.destroy();
        return;
      }
      res.on("data", (buf: Buffer) => onData(s, buf, () => settle(undefined)));
      res.on("end", () => {
        count(records.ended, "ended by the server");
        settle("ended before its first answer");
      });
      res.on("error", () => undefined);
    });
    s.req = req;
    const timer = setTimeout(() => {
      settle("no first answer within 60 s");
      req.destroy();
    }, OPEN_TIMEOUT_MS);
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (settled) count(records.ended, err.code ?? err.message);
      settle(err.code ?? err.message);
    });
    req.end();
  });
}

async function open(cmd: Extract<SubscriberCommand, { type: "open" }>): Promise<SubscriberReply> {
  const started = performance.now();
  const failed: Record<string, number> = {};
  let next = 0;
  let ok = 0;
  const base = streams.length;
  const lane = async () => {
    while (next < cmd.paths.length) {
      const i = next++;
      const why = await openOne(cmd.port, cmd.key, cmd.paths[i], base + i);
      if (why === undefined) ok++;
      else count(failed, why);
    }
  };
  await Promise.all(Array.from({ length: Math.min(cmd.concurrency, cmd.paths.length) }, lane));
  return { type: "opened", open: ok, failed, openMs: Math.round(performance.now() - started) };
}

function closeAll(): void {
  for (const s of streams) s?.req.destroy();
}

process.on("message", (cmd: SubscriberCommand) => {
  switch (cmd.type) {
    case "open":
      void open(cmd).then((reply) => process.send!(reply));
      break;
    case "mark":
      for (const s of streams) if (s) s.records.length = 0;
      records.withoutState = 0;
      records.heartbeats = 0;
      records.bytes = 0;
      break;
    case "report":
      process.send!({ type: "report", records } satisfies SubscriberReply);
      break;
    case "close":
      closeAll();
      process.exit(0);
  }
});
process.on("disconnect", () => {
  closeAll();
  process.exit(0);
});
