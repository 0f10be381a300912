/**
 * A local HTTP server that serves a GTFS-Realtime feed and misbehaves on purpose, one way at a time: the feed
 * tests switch `behaviour` between polls and count what the client sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type Behaviour =
  /** 200 with these bytes; with an ETag, a request naming it gets 304. */
  | { kind: "serve"; bytes: Uint8Array; etag?: string }
  | { kind: "status"; status: number }
  /** Headers never sent: the client must give up by its timeout. */
  | { kind: "hang" }
  /** 200 and the headers at once, then one byte every `everyMs`: only a timeout on the whole exchange ends it. */
  | { kind: "trickle"; everyMs: number }
  /** 200 with `bytes` bytes of zeros, streamed without a Content-Length (or announcing it, with `announce`). */
  | { kind: "huge"; bytes: number; announce?: boolean }
  /** The connection is closed before any answer. */
  | { kind: "reset" }
  /** A redirect (302) to `location`. */
  | { kind: "redirect"; location: string };

export interface MisbehavingServer {
  url: string;
  behaviour: Behaviour;
  /** Requests received, with their headers. */
  readonly requests: IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startMisbehavingServer(behaviour: Behaviour): Promise<MisbehavingServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const requests: IncomingHttpHeaders[] = [];
  const state: MisbehavingServer = {
    url: "",
    behaviour,
    requests,
    close: () => close(server, sockets, timers),
  };
  const server = createServer((req, res) => {
    requests.push(req.headers);
    const b = state.behaviour;
    switch (b.kind) {
      case "serve":
        if (b.etag && req.headers["if-none-match"] === b.etag) {
          res.writeHead(304, { etag: b.etag }).end();
          return;
        }
        res.writeHead(200, {
          "content-type": "application/x-protobuf",
          "content-length": b.bytes.byteLength,
          ...(b.etag ? { etag: b.etag } : {}),
        });
        res.end(b.bytes);
        return;
      case "status":
        res.writeHead(b.status, { "content-type": "text/plain" }).end(`status ${b.status}`);
        return;
      case "hang":
        return;
      case "trickle": {
        res.writeHead(200, { "content-type": "application/x-protobuf" });
        const t = setInterval(() => res.write(new Uint8Array(1)), b.everyMs);
        timers.add(t);
        res.on("close", () => clearInterval(t));
        return;
      }
      case "huge": {
        res.writeHead(200, { "content-type": "application/x-protobuf", ...(b.announce ? { "content-length": b.bytes } : {}) });
        const chunk = new Uint8Array(64 * 1024);
        let left = b.bytes;
        const pump = () => {
          while (left > 0) {
            const n = Math.min(left, chunk.length);
            left -= n;
            if (!res.write(chunk.subarray(0, n))) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("error", () => undefined);
        pump();
        return;
      }
      case "reset":
        req.socket.destroy();
        return;
      case "redirect":
        res.writeHead(302, { location: b.location }).end();
        return;
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gtfs-rt/tripupdates?key=secret`;
  return state;
}

/** A URL on which nothing listens: a port the system gave a server that is closed again. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/feed`;
}

function close(server: Server, sockets: Set<Socket>, timers: Set<NodeJS.Timeout>): Promise<void> {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
