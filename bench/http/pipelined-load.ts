/**
 * A lean HTTP/1.1 load generator for bench:production's workers figure, in its own process:
 *   tsx bench/http/pipelined-load.ts <url> [--connections 16] [--depth 4] [--duration 10] [-H "Name: value"]...
 * prints one JSON line {requests, requestsPerSecond, non2xx, bytes, cpuMs}.
 *
 * Why not autocannon: on a 2-core machine the load generator shares the cores with the server, and autocannon
 * spends about as much CPU per small answer as the server does (its full HTTP parser builds objects per answer):
 * with two server workers and autocannon on two cores, the server can never get two cores, whatever it does.
 * This one writes prepared requests and finds answers by their Content-Length, a few microseconds each, so that
 * most of the machine goes to the server. Each connection keeps `depth` requests in flight (HTTP/1.1 pipelining,
 * which Node's server answers in order); every answer must have a Content-Length (lijnwijzer's do).
 */
import { connect, type Socket } from "node:net";

const args = process.argv.slice(2);
const url = new URL(args[0]);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const connections = opt("--connections", 16);
const depth = opt("--depth", 4);
const durationMs = opt("--duration", 10) * 1000;
const headers: string[] = [];
for (let i = 0; i < args.length; i++) if (args[i] === "-H") headers.push(args[i + 1]);

const request = Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n`);
const HEADER_END = Buffer.from("\r\n\r\n");
/** Node writes header names as the server set them: lijnwijzer's are lower case. */
const LENGTH_NAME = Buffer.from("\r\ncontent-length:");

let requests = 0;
let non2xx = 0;
let bytes = 0;
let running = true;
const started = performance.now();
const cpuStart = process.cpuUsage();

/** The Content-Length of the head at buf[from, to), or -1. Hot: no allocation. */
function contentLength(buf: Buffer, from: number, to: number): number {
  const at = buf.indexOf(LENGTH_NAME, from);
  if (at < 0 || at >= to) return -1;
  let i = at + LENGTH_NAME.length;
  while (buf[i] === 32) i++;
  let n = 0;
  for (; buf[i] >= 48 && buf[i] <= 57; i++) n = n * 10 + buf[i] - 48;
  return n;
}

function run(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    let pending: Buffer | undefined;
    /** Body bytes still to skip of the answer being read. */
    let skip = 0;
    let inFlight = 0;
    const batches = new Map<number, Buffer>();
    const send = (n: number) => {
      if (n <= 0 || !running) return;
      let batch = batches.get(n);
      if (!batch) batches.set(n, (batch = Buffer.concat(Array.from({ length: n }, () => request))));
      socket.write(batch);
      inFlight += n;
    };
    socket.on("connect", () => send(depth));
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      const buf = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = undefined;
      let pos = 0;
      let done = 0;
      while (pos < buf.length) {
        if (skip > 0) {
          const n = Math.min(skip, buf.length - pos);
          skip -= n;
          pos += n;
          if (skip === 0) done++;
          continue;
        }
        const end = buf.indexOf(HEADER_END, pos);
        if (end < 0) {
          pending = Buffer.from(buf.subarray(pos));
          break;
        }
        if (buf[pos + 9] !== 50) non2xx++; // "HTTP/1.1 2xx"
        const length = contentLength(buf, pos, end);
        if (length < 0) throw new Error("an answer without Content-Length");
        pos = end + 4;
        if (length === 0) done++;
        else skip = length;
      }
      requests += done;
      inFlight -= done;
      if (running) send(done);
      else if (inFlight === 0) socket.end();
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

const all = Promise.all(Array.from({ length: connections }, run));
setTimeout(() => {
  running = false;
}, durationMs);
await all;
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
console.log(
  JSON.stringify({
    requests,
    requestsPerSecond: Math.round(requests / seconds),
    non2xx,
    bytes,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  }),
);
