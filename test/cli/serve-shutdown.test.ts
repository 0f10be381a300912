import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type ServeProcess, startServe } from "./support/serve-process.js";

/**
 * Graceful shutdown (docs/OPERATIONS.md "Stopping: SIGTERM"): SIGTERM stops accepting, finishes the requests in flight and exits, also with two
 * workers; a client that never reads does not hold the process past SHUTDOWN_TIMEOUT_SECONDS.
 *
 * A request in flight: ten pipelined requests for all stops (3.6 MB each, 36 MB in all) from a client that reads
 * nothing until after the SIGTERM. The kernel's buffers take a few megabytes; the rest waits in the server, which
 * must neither drop it nor exit before the client has read it.
 */

const ALL_STOPS = "/DLKernOpenData/api/v1/haltes";
const PIPELINED = 10;

/** A connection that sends `count` pipelined GETs of `path` and reads nothing until `read()`. */
function slowClient(port: number, path: string, count: number) {
  const socket = connect(port, "127.0.0.1");
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nOcp-Apim-Subscription-Key: k\r\n\r\n`.repeat(count));
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  return {
    socket,
    /** Reads everything until the server closes the connection. */
    async read(): Promise<Buffer> {
      socket.on("data", (d: Buffer) => chunks.push(d));
      socket.resume();
      await closed;
      return Buffer.concat(chunks);
    },
  };
}

/** Splits raw HTTP/1.1 answers with Content-Length into [status line, headers, body length] per answer. */
function answers(raw: Buffer): Array<{ status: string; headers: string; bodyBytes: number; complete: boolean }> {
  const out = [];
  let at = 0;
  while (at < raw.length) {
    const end = raw.indexOf("\r\n\r\n", at);
    if (end < 0) break;
    const head = raw.toString("latin1", at, end);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyBytes = Math.min(length, raw.length - (end + 4));
    out.push({ status: head.split("\r\n")[0], headers: head, bodyBytes, complete: bodyBytes === length });
    at = end + 4 + length;
  }
  return out;
}

/** Whether a new TCP connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s: Socket = connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(false);
    });
    s.once("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
  });
}

let server: ServeProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe.each([1, 2])("graceful shutdown with --workers %i", (workers) => {
  it(`shutdown - SIGTERM: new connections are refused, the requests in flight complete, an idle keep-alive connection is closed, exit 0 (workers ${workers})`, async () => {
    server = await startServe(["--workers", String(workers), "--no-realtime"], { SHUTDOWN_TIMEOUT_SECONDS: "20" });
    const { port } = server;
    // An idle keep-alive connection: one answer read, the connection left open.
    const idle = connect(port, "127.0.0.1");
    const idleClosed = new Promise<string>((resolve) => {
      let text = "";
      idle.setEncoding("latin1").on("data", (d: string) => (text += d));
      idle.once("close", () => resolve(text));
    });
    idle.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    const slow = slowClient(port, ALL_STOPS, PIPELINED);
    await new Promise((r) => setTimeout(r, 1500));

    server.child.kill("SIGTERM");
    let refusedNow = false;
    for (let i = 0; i < 50 && !refusedNow; i++) {
      await new Promise((r) => setTimeout(r, 100));
      refusedNow = await refused(port);
    }
    expect(refusedNow).toBe(true);
    // The process waits for the slow client.
    expect(server.child.exitCode).toBeNull();

    const got = answers(await slow.read());
    expect(got.length).toBe(PIPELINED);
    for (const a of got) {
      expect(a.status).toBe("HTTP/1.1 200 OK");
      expect(a.complete).toBe(true);
      expect(a.bodyBytes).toBeGreaterThan(3_000_000);
    }
    expect(await idleClosed).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await server.exited).toBe(0);
    expect(server.log()).toContain("closed: every request answered");
    if (workers > 1) expect(server.log()).toContain("every worker has exited");
  });
});

describe("graceful shutdown, bounded", () => {
  it("shutdown - a client that never reads holds the process no longer than SHUTDOWN_TIMEOUT_SECONDS: what is left is closed, exit 0", async () => {
    server = await startServe(["--workers", "1", "--no-realtime"], { SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const slow = slowClient(server.port, ALL_STOPS, PIPELINED);
    await new Promise((r) => setTimeout(r, 1500));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.log()).toMatch(/"msg":"shutdown: \d+ connection\(s\) still open after 1 s: closing them"/);
    // The client gets what the kernel had taken, not all ten answers.
    const got = answers(await slow.read());
    expect(got.filter((a) => a.complete).length).toBeLessThan(PIPELINED);
  });
});
