/**
 * `lijnwijzer simulate <snapshot> --out <file> [--interval <s>] | --port <n>`: the demo simulator (simulateFeed)
 * on its own, for any network, as a GTFS-Realtime protobuf feed another program (or lijnwijzer serve) reads:
 * - `--out <file>` writes one feed, atomically (a temporary file beside it, then a rename, so a reader never sees
 *   half a feed); with `--interval <s>` it writes a new one every s seconds until stopped;
 * - `--port <n>` serves a fresh feed on every GET (any path; `?json=true` for the proto3 JSON mapping) until stopped.
 * `--at <yyyy-MM-ddTHH:mm[:ss]>` starts the simulated clock at that local time of the network (it runs on from
 * there), e.g. to feed a weekday peak or a network whose validity is past; `--seed <text>` gives other delays.
 */
import { createServer, type Server } from "node:http";
import { parseArgs } from "node:util";
import { parseServiceDate } from "../lib/service-date.js";
import { writeFileAtomic } from "../lib/write-file-atomic.js";
import { zonedTime } from "../lib/zoned-time.js";
import type { Network } from "../network/model.js";
import { encodeFeedMessage, feedMessageToJson } from "../realtime/feed-codec.js";
import { TRIP_CANCELED, type RtFeedMessage } from "../realtime/gtfs-rt-types.js";
import { simulateFeed } from "../realtime/simulate-feed.js";
import { CliError, usageError } from "./cli-error.js";
import { openSnapshot } from "./open-snapshot.js";

export const SIMULATE_USAGE =
  "lijnwijzer simulate <snapshot> --out <file> [--interval <s>] | --port <n> [--host <ip>] [--at <yyyy-MM-ddTHH:mm>] [--seed <text>]";

/** Runs the command; resolves once the feed is written (no --interval) or the writer or server runs. */
export async function simulateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      interval: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      at: { type: "string" },
      seed: { type: "string" },
    },
  });
  if (positionals.length !== 1) throw usage("takes one snapshot file");
  if ((values.out === undefined) === (values.port === undefined)) throw usage("needs either --out <file> or --port <n>");
  if (values.interval !== undefined && values.out === undefined) throw usage("--interval goes with --out (a server makes a new feed per request)");
  const intervalS = values.interval === undefined ? undefined : positiveNumber("--interval", values.interval);
  const network = openSnapshot(positionals[0]);
  const clock = simulatedClock(network, values.at);
  const feed = () => simulateFeed(network, clock(), { seed: values.seed });

  if (values.out !== undefined) {
    const out = values.out;
    const write = () => {
      const message = feed();
      const bytes = encodeFeedMessage(message);
      writeFileAtomic(out, bytes);
      return `${summary(message)}, ${bytes.length} bytes`;
    };
    console.log(`wrote ${out}: ${write()}`);
    if (intervalS === undefined) return 0;
    const timer = setInterval(() => {
      try {
        write();
      } catch (err) {
        console.error(`lijnwijzer simulate: writing ${out} failed, trying again in ${intervalS} s: ${(err as Error).message}`);
      }
    }, intervalS * 1000);
    stopOnSignal(() => clearInterval(timer));
    console.log(`rewriting it every ${intervalS} s; stop with Ctrl-C`);
    return 0;
  }

  const port = wholeNumber("--port", values.port!, 65_535);
  const host = values.host ?? process.env.HOST ?? "127.0.0.1";
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const message = feed();
    const json = new URL(req.url ?? "/", "http://x").searchParams.get("json") === "true";
    const body = json ? JSON.stringify(feedMessageToJson(message)) : encodeFeedMessage(message);
    res.writeHead(200, {
      "content-type": json ? "application/json; charset=utf-8" : "application/x-protobuf",
      "cache-control": "no-store",
      "content-length": Buffer.byteLength(body),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await listen(server, port, host);
  const address = server.address();
  const shown = address && typeof address !== "string" ? `http://${host}:${address.port}/` : String(address);
  console.log(`serving a simulated GTFS-Realtime feed of ${positionals[0]} at ${shown}; stop with Ctrl-C`);
  stopOnSignal(() => server.close());
  return 0;
}

function usage(problem: string): CliError {
  return usageError("simulate", problem);
}

function summary(m: RtFeedMessage): string {
  let trips = 0;
  let cancelled = 0;
  let vehicles = 0;
  let alerts = 0;
  for (const e of m.entity) {
    if (e.tripUpdate) {
      trips++;
      if (e.tripUpdate.trip.scheduleRelationship === TRIP_CANCELED) cancelled++;
    }
    if (e.vehicle) vehicles++;
    if (e.alert) alerts++;
  }
  return `${trips} trip updates (${cancelled} cancelled), ${vehicles} vehicle positions, ${alerts} alerts`;
}

/** Now, or a clock that starts at `--at` (local time of the network) and runs on. */
function simulatedClock(network: Network, at: string | undefined): () => number {
  if (at === undefined) return Date.now;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(at);
  const date = m ? parseServiceDate(m[1]) : undefined;
  if (!m || date === undefined || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) {
    throw usage(`--at "${at}" is no local time: give yyyy-MM-ddTHH:mm, e.g. 2026-03-17T08:00`);
  }
  const startMs = zonedTime(network.meta.timezone).localToEpochMs(date, Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0));
  const offset = startMs - Date.now();
  return () => Date.now() + offset;
}

function positiveNumber(name: string, text: string): number {
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0)) throw usage(`${name} "${text}" must be a positive number of seconds`);
  return n;
}

function wholeNumber(name: string, text: string, max: number): number {
  const n = Number(text);
  if (!/^\d{1,5}$/.test(text) || n > max) throw usage(`${name} "${text}" must be a whole number from 0 to ${max}`);
  return n;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRINUSE" ? new CliError(`port ${port} is in use: choose another with --port <n>`) : err),
    );
    server.listen(port, host, () => resolve());
  });
}

function stopOnSignal(stop: () => void): void {
  const onSignal = () => {
    stop();
    process.exit(0);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
}
