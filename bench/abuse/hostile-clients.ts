/**
 * The hostile clients of bench:abuse, one per scenario, each against 127.0.0.1 only and bounded in time (the
 * scenario's end) and in count (connections and requests per slot). They write raw bytes over node:net: what
 * they do is what Node's own client refuses or hides (pipelining without reading, header bytes one at a time, a
 * reset instead of a close, malformed request lines). The limits they meet are those of docs/OPERATIONS.md
 * "Security"; each client counts what became of its connections and requests, so that the report can say which
 * limit acted.
 *
 * Every socket a client opens is in `Attack.sockets` until it closes, so that an interrupted run (Ctrl-C) can
 * destroy them all at once.
 */
import { connect, type Socket } from "node:net";
import type { Prng } from "../../src/demo/prng.js";
import { rawConnection, type RawConnection } from "../fuzz/raw-http-client.js";

export interface Attack {
  port: number;
  key: string;
  /** performance.now() at which the scenario ends. */
  until: number;
  /** True once the run is interrupted: stop at once. */
  aborted(): boolean;
  /** Sockets and raw connections open now (destroyed on an interruption). */
  sockets: Set<Socket>;
  connections: Set<RawConnection>;
}

/** What became of the hostile client's connections and requests. */
export interface HostileOutcome {
  connectionsOpened: number;
  /** Connections the server closed or reset (seen as an end, a close or a write error before ours). */
  closedByServer: number;
  /** Requests written (for the pipelining client: requests in its writes, whether or not the server read them). */
  requestsSent: number;
  /** Whole answers read, by status; failures by their error code (`error ECONNRESET`, `timeout`). */
  outcomes: Record<string, number>;
  /** What else the scenario measures, in words and figures. */
  details: Record<string, number | string>;
}

const CORE = "/DLKernOpenData/api/v1";
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const remaining = (a: Attack) => a.until - performance.now();
const live = (a: Attack) => !a.aborted() && remaining(a) > 0;

function newOutcome(): HostileOutcome {
  return { connectionsOpened: 0, closedByServer: 0, requestsSent: 0, outcomes: {}, details: {} };
}

const count = (o: HostileOutcome, what: string | number, n = 1) => {
  o.outcomes[what] = (o.outcomes[what] ?? 0) + n;
};

export function getBytes(path: string, port: number, key: string, extra = ""): Buffer {
  return Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOcp-Apim-Subscription-Key: ${key}\r\n${extra}\r\n`, "latin1");
}

/** A socket to the server, registered until it closes; resolves once connected, rejects on a failure. */
function openSocket(a: Attack, paused = false): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(a.port, "127.0.0.1");
    if (paused) s.pause();
    a.sockets.add(s);
    s.once("close", () => a.sockets.delete(s));
    s.once("connect", () => {
      s.off("error", reject);
      resolve(s);
    });
    s.once("error", reject);
  });
}

/** Status lines ("HTTP/1.1 200") in the bytes read: whole answers or their beginnings. */
function statusLines(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
}

/**
 * 1. Pipelining: `connections` connections each write pipelined GETs of a large answer (/haltes, 3.7 MB) in
 * batches of BATCH, a batch whenever the previous one has left (the kernel took it), and never read. A
 * connection the server closes shows up as a write error; the slot then opens another, at most
 * MAX_CONNECTIONS_PER_SLOT. At the end the answers waiting in each live connection are read for a moment, to
 * count them, and every connection is destroyed.
 */
export async function pipelining(a: Attack, connections = 30): Promise<HostileOutcome> {
  const o = newOutcome();
  const BATCH = 1000;
  const TICK_MS = 100;
  const MAX_CONNECTIONS_PER_SLOT = 300;
  const one = getBytes(`${CORE}/haltes`, a.port, a.key);
  const batch = Buffer.concat(Array.from({ length: BATCH }, () => one));
  let bytesReadAtEnd = 0;
  const slot = async () => {
    for (let opened = 0; opened < MAX_CONNECTIONS_PER_SLOT && live(a); opened++) {
      let s: Socket;
      try {
        s = await openSocket(a, true);
      } catch (err) {
        count(o, `connect ${(err as NodeJS.ErrnoException).code ?? "error"}`);
        await sleep(TICK_MS);
        continue;
      }
      o.connectionsOpened++;
      let failed: string | undefined;
      s.on("error", (err: NodeJS.ErrnoException) => (failed ??= err.code ?? err.message));
      while (live(a) && failed === undefined && !s.destroyed) {
        if (s.writableLength === 0) {
          s.write(batch);
          o.requestsSent += BATCH;
        }
        await sleep(TICK_MS);
      }
      if (failed !== undefined || s.destroyed) {
        o.closedByServer++;
        count(o, `write error ${failed ?? "closed"}`);
        continue;
      }
      // The scenario is over: what did the server send this connection? Read for a moment, then close.
      const chunks: Buffer[] = [];
      s.on("data", (c: Buffer) => chunks.push(c));
      let ended = false;
      s.once("end", () => (ended = true));
      s.resume();
      await sleep(300);
      const text = Buffer.concat(chunks).toString("latin1");
      bytesReadAtEnd += text.length;
      for (const status of statusLines(text)) count(o, status);
      if (ended) o.closedByServer++;
      s.destroy();
      return;
    }
  };
  await Promise.all(Array.from({ length: connections }, slot));
  o.details["bytes read at the end from connections still open"] = bytesReadAtEnd;
  return o;
}

/**
 * 2. Slowloris: `connections` connections each send a request line and a Host, then one header byte every
 * TRICKLE_MS, never ending the headers. The server must end each within a second of HTTP_HEADERS_TIMEOUT_SECONDS
 * (a 408); a slot whose connection ends opens another, at most MAX_CONNECTIONS_PER_SLOT. Reported: how long the
 * connections the server ended had lived (the longest against the timeout), and those still open at the end
 * (opened too late to reach the timeout).
 */
export async function slowloris(a: Attack, connections = 300): Promise<HostileOutcome> {
  const o = newOutcome();
  const TRICKLE_MS = 1000;
  const MAX_CONNECTIONS_PER_SLOT = 20;
  const lifetimes: number[] = [];
  let stillOpen = 0;
  let oldestStillOpenMs = 0;
  const slot = async (index: number) => {
    // Spread the first connections over a second, as a real client would open them.
    await sleep((index * 1000) / connections);
    for (let opened = 0; opened < MAX_CONNECTIONS_PER_SLOT && live(a); opened++) {
      let s: Socket;
      try {
        s = await openSocket(a);
      } catch (err) {
        count(o, `connect ${(err as NodeJS.ErrnoException).code ?? "error"}`);
        await sleep(TRICKLE_MS);
        continue;
      }
      const openedAt = performance.now();
      o.connectionsOpened++;
      o.requestsSent++;
      let received = "";
      let closed = false;
      s.on("data", (c: Buffer) => (received += c.toString("latin1")));
      s.on("error", () => {});
      s.once("close", () => (closed = true));
      s.write(`GET ${CORE}/haltes HTTP/1.1\r\nHost: 127.0.0.1:${a.port}\r\nX-Slow-${index}: `);
      while (live(a) && !closed) {
        s.write("a");
        await sleep(TRICKLE_MS);
      }
      if (closed) {
        o.closedByServer++;
        lifetimes.push(performance.now() - openedAt);
        const statuses = statusLines(received);
        if (statuses.length === 0) count(o, "closed without an answer");
        for (const st of statuses) count(o, st);
        continue;
      }
      stillOpen++;
      oldestStillOpenMs = Math.max(oldestStillOpenMs, performance.now() - openedAt);
      s.destroy();
      return;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => slot(i)));
  lifetimes.sort((x, y) => x - y);
  o.details["lifetime of the connections the server ended, min / median / max (s)"] =
    lifetimes.length === 0
      ? "none ended"
      : `${(lifetimes[0] / 1000).toFixed(1)} / ${(lifetimes[Math.floor(lifetimes.length / 2)] / 1000).toFixed(1)} / ${(lifetimes.at(-1)! / 1000).toFixed(1)}`;
  o.details.longestLifetimeS = lifetimes.length === 0 ? 0 : Math.round(lifetimes.at(-1)! / 100) / 10;
  o.details["still open at the end (ours to close)"] = stillOpen;
  o.details["oldest of those (s)"] = Math.round(oldestStillOpenMs / 100) / 10;
  return o;
}

/**
 * 3. Costly requests: `clients` keep-alive clients each asking, one after the other as fast as answers come,
 * a list of 100 stops' real-time passages (maxAantalDoorkomsten=20: 2,000 passages, the most allowed) and the
 * E5 timetables of a list of 100 stops, in turn (or only one of them: `kinds`), with gzip. The lists are drawn from every stop of the network,
 * a new one each time, so that no answer cache helps. A 503 (the costly requests' queue is full) is not
 * waited on: a hostile client asks again at once.
 */
export type CostlyKind = "real-time" | "E5";

export async function costly(a: Attack, stopKeys: string[], prng: Prng, clients = 8, kinds: CostlyKind[] = ["real-time", "E5"]): Promise<HostileOutcome> {
  const o = newOutcome();
  const list = () => Array.from({ length: 100 }, () => prng.pick(stopKeys)).join("_");
  let bytes = 0;
  const client = async (index: number) => {
    const c = rawConnection(a.port);
    a.connections.add(c);
    try {
      for (let i = index; live(a); i++) {
        const kind = kinds[i % kinds.length];
        const path = kind === "real-time" ? `${CORE}/haltes/lijst/${list()}/real-time?maxAantalDoorkomsten=20` : `${CORE}/haltes/lijst/${list()}/dienstregelingen`;
        o.requestsSent++;
        try {
          const r = await c.request(getBytes(path, a.port, a.key, "Accept-Encoding: gzip\r\n"), 30_000);
          if (r.kind === "answer") {
            count(o, `${r.status} ${kind}`);
            bytes += r.body.length;
          } else count(o, r.kind === "timeout" ? "timeout" : `no answer: ${r.reason}`);
        } catch (err) {
          count(o, `connect ${(err as NodeJS.ErrnoException).code ?? "error"}`);
          await sleep(100);
        }
      }
    } finally {
      o.connectionsOpened += c.opened;
      c.close();
      a.connections.delete(c);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  o.details["answer bytes read (gzip)"] = bytes;
  return o;
}

/**
 * 4. Connection flood: `clients` loops each opening connections one after the other, at most MAX_PER_CLIENT:
 * in turn one that is reset as soon as it is open (no request, no TIME_WAIT left on either side) and one that
 * asks a line with `Connection: close` and reads the answer.
 */
export async function connectionFlood(a: Attack, clients = 50): Promise<HostileOutcome> {
  const o = newOutcome();
  const MAX_PER_CLIENT = 4000;
  const request = getBytes(`${CORE}/lijnen/3/302`, a.port, a.key, "Connection: close\r\n");
  const client = async () => {
    for (let i = 0; i < MAX_PER_CLIENT && live(a); i++) {
      if (i % 2 === 0) {
        try {
          const s = await openSocket(a);
          o.connectionsOpened++;
          s.resetAndDestroy();
          count(o, "opened and reset");
        } catch (err) {
          count(o, `connect ${(err as NodeJS.ErrnoException).code ?? "error"}`);
        }
        continue;
      }
      const c = rawConnection(a.port);
      a.connections.add(c);
      try {
        o.requestsSent++;
        const r = await c.request(request, 10_000);
        if (r.kind === "answer") count(o, r.status);
        else count(o, r.kind === "timeout" ? "timeout" : `no answer: ${r.reason}`);
      } catch (err) {
        count(o, `connect ${(err as NodeJS.ErrnoException).code ?? "error"}`);
      } finally {
        o.connectionsOpened += c.opened;
        c.close();
        a.connections.delete(c);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return o;
}

/** The requests of the malformed-request client: what each is, and its bytes. */
function malformedRequests(port: number, key: string): Array<[string, Buffer]> {
  const k = `Ocp-Apim-Subscription-Key: ${key}\r\n`;
  const b = (text: string) => Buffer.from(text, "latin1");
  return [
    ["absolute-form target", b(`GET http://127.0.0.1:${port}${CORE}/lijnen/3/302 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${k}\r\n`)],
    ["absolute-form to another host", b(`GET http://example.org${CORE}/lijnen/3/302 HTTP/1.1\r\nHost: example.org\r\n${k}\r\n`)],
    ["duplicate Host", b(`GET ${CORE}/lijnen/3/302 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: example.org\r\n${k}\r\n`)],
    ["bad HTTP version", b(`GET ${CORE}/lijnen/3/302 HTTP/7.1\r\nHost: 127.0.0.1\r\n${k}\r\n`)],
    ["header line without a colon", b(`GET ${CORE}/lijnen/3/302 HTTP/1.1\r\nHost: 127.0.0.1\r\nthis is no header\r\n${k}\r\n`)],
    ["Content-Length and Transfer-Encoding", b(`GET ${CORE}/lijnen/3/302 HTTP/1.1\r\nHost: 127.0.0.1\r\n${k}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`)],
    ["20 KB of headers", b(`GET ${CORE}/lijnen/3/302 HTTP/1.1\r\nHost: 127.0.0.1\r\n${k}X-Big: ${"x".repeat(20_000)}\r\n\r\n`)],
    ["control byte in the target", b(`GET ${CORE}/lijnen/3/\x01302 HTTP/1.1\r\nHost: 127.0.0.1\r\n${k}\r\n`)],
  ];
}

/**
 * 5. Malformed requests: `clients` loops each sending, on a new connection each, the requests of
 * malformedRequests in turn (at most MAX_PER_CLIENT). Every one should be answered 4xx; the outcome counts each
 * kind's statuses.
 */
export async function malformed(a: Attack, clients = 8): Promise<HostileOutcome> {
  const o = newOutcome();
  const MAX_PER_CLIENT = 20_000;
  const requests = malformedRequests(a.port, a.key);
  const client = async (index: number) => {
    for (let i = index; i < index + MAX_PER_CLIENT && live(a); i++) {
      const [what, bytes] = requests[i % requests.length];
      const c = rawConnection(a.port);
      a.connections.add(c);
      try {
        o.requestsSent++;
        const r = await c.request(bytes, 10_000);
        count(o, `${what}: ${r.kind === "answer" ? r.status : r.kind === "timeout" ? "timeout" : `no answer (${r.reason})`}`);
      } catch (err) {
        count(o, `${what}: connect ${(err as NodeJS.ErrnoException).code ?? "error"}`);
      } finally {
        o.connectionsOpened += c.opened;
        c.close();
        a.connections.delete(c);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return o;
}
