/**
 * The normal client of bench:abuse, run in a process of its own (`node --import tsx normal-client.ts <json>`) so
 * that the hostile clients' work in the benchmark's process does not delay its timers and add to its latencies:
 * what it measures is the server, and the cores it shares with the attack.
 *
 * A few cheap requests a second, as an app would ask them: the paths given in turn, over a keep-alive agent, in an
 * open loop (requests leave on a fixed schedule whatever the server does, and each latency counts from the moment
 * its request was due: no coordinated omission, as in bench:soak). A request not answered within TIMEOUT_MS, or
 * answered with another status than 200, is an error. After one request not counted (the connection opened), it
 * writes `ready` on stdout, measures for the given seconds, and writes its result as one JSON line.
 */
import { Agent, request } from "node:http";

export interface NormalClientSettings {
  port: number;
  key: string;
  paths: string[];
  /** Requests per second, over all paths. */
  rate: number;
  seconds: number;
}

export interface NormalClientResult {
  latenciesMs: number[];
  /** The latencies of each path, in the order of `paths`. */
  latenciesMsByPath: number[][];
  /** Failed requests by what failed: a status, an error code, `timeout`, `shed` (too many in flight). */
  errors: Record<string, number>;
  /** Requests sent again because the server had closed the idle keep-alive connection they went out on. */
  keepAliveRetries: number;
}

const TIMEOUT_MS = 10_000;
const MAX_IN_FLIGHT = 64;

function get(agent: Agent, s: NormalClientSettings, path: string, onRetry: () => void, retried = false): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port: s.port, path, agent, headers: { "Ocp-Apim-Subscription-Key": s.key }, timeout: TIMEOUT_MS }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", (err: NodeJS.ErrnoException) => fail(err));
    });
    const fail = (err: NodeJS.ErrnoException) => {
      // The keep-alive race: the server closed the idle connection as the request left; once more, on a new one.
      if (!retried && req.reusedSocket && err.code === "ECONNRESET") {
        onRetry();
        resolve(get(agent, s, path, onRetry, true));
        return;
      }
      resolve(err.code ?? err.message);
    };
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", fail);
    req.end();
  });
}

async function run(s: NormalClientSettings): Promise<NormalClientResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const result: NormalClientResult = { latenciesMs: [], latenciesMsByPath: s.paths.map(() => []), errors: {}, keepAliveRetries: 0 };
  const onRetry = () => result.keepAliveRetries++;
  const fail = (what: string | number) => (result.errors[what] = (result.errors[what] ?? 0) + 1);
  await get(agent, s, s.paths[0], onRetry);
  process.stdout.write("ready\n");
  const start = performance.now();
  const total = Math.floor(s.rate * s.seconds);
  let sent = 0;
  let inFlight = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      // Request i is due at i / rate seconds: those due so far are one more than the whole periods elapsed.
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * s.rate) + 1);
      while (sent < due) {
        const dueAt = start + (sent / s.rate) * 1000;
        const which = sent % s.paths.length;
        const path = s.paths[which];
        sent++;
        if (inFlight >= MAX_IN_FLIGHT) {
          fail("shed");
          continue;
        }
        inFlight++;
        void get(agent, s, path, onRetry).then((status) => {
          inFlight--;
          if (status === 200) {
            result.latenciesMs.push(performance.now() - dueAt);
            result.latenciesMsByPath[which].push(performance.now() - dueAt);
          }
          else fail(status);
        });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 5);
  });
  const until = performance.now() + TIMEOUT_MS + 1000;
  while (inFlight > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  agent.destroy();
  return result;
}

const settings = JSON.parse(process.argv[2]) as NormalClientSettings;
process.stdout.write(`${JSON.stringify(await run(settings))}\n`);
