/**
 * `lijnwijzer realtime <snapshot> <feed url or file>`: what a GTFS-Realtime feed matches in a network, as an
 * operator checks a feed before configuring it. It reads the feed once (a URL with `--header "Name: value"`, e.g.
 * a subscription key; or a file), decodes it, builds the real-time state with the ingest's own code
 * (buildRealtimeState) and prints:
 * - the feed: its size, header timestamp and age, entities of each kind;
 * - what matched and what did not, by reason (the figures /health shows per feed);
 * - the trips: with predictions, cancelled, added, skipped stops, vehicles;
 * - the delays seen: one per trip with predictions (at the last stop the feed gives a time for), as a table of
 *   ranges and percentiles.
 * "Now" is `--at <yyyy-MM-ddTHH:mm[:ss]>` (local time of the network), else the feed's header timestamp (so a
 * feed saved earlier is judged at the moment it speaks of), else the clock. Exit code 1 when the feed has entities
 * and none of them matched (another network's feed, say); an empty feed exits 0.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseServiceDate } from "../lib/service-date.js";
import { zonedTime } from "../lib/zoned-time.js";
import { buildRealtimeState } from "../realtime/build-realtime-state.js";
import { decodeFeedMessage, FeedDecodeError } from "../realtime/feed-codec.js";
import type { RtFeedMessage } from "../realtime/gtfs-rt-types.js";
import type { FeedMatchStats, RealtimeState, UnmatchedReason } from "../realtime/realtime-state.js";
import { CliError, usageError } from "./cli-error.js";
import { parseHeaderOptions } from "./header-options.js";
import { openSnapshot } from "./open-snapshot.js";

export const REALTIME_USAGE = "lijnwijzer realtime <snapshot> <feed url|file> [--header \"Name: value\"]... [--at <yyyy-MM-ddTHH:mm>]";

/** How long the feed's URL may take, whole exchange. */
const FETCH_TIMEOUT_MS = 30_000;

/** What the reasons mean, in the words of the report. */
const REASONS: Record<UnmatchedReason, string> = {
  unknown_trip: "trip_id not in the network (nor route, direction and start time)",
  not_running: "trip exists but does not run on the start_date",
  unknown_stop: "stop update names a stop the trip does not have",
  unknown_route: "added trip or alert names an unknown route_id",
  no_trip: "vehicle position without a trip",
  unsupported: "unsupported (DIFFERENTIAL feed, DUPLICATED trip, ...)",
};

/** Delay ranges of the distribution, seconds: [from, to). */
const DELAY_RANGES: ReadonlyArray<[string, number, number]> = [
  ["more than 5 min early", -Infinity, -300],
  ["1 to 5 min early", -300, -60],
  ["within 1 min", -60, 60],
  ["1 to 3 min late", 60, 180],
  ["3 to 5 min late", 180, 300],
  ["5 to 10 min late", 300, 600],
  ["10 to 20 min late", 600, 1200],
  ["more than 20 min late", 1200, Infinity],
];

export async function realtimeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { header: { type: "string", multiple: true, short: "H" }, at: { type: "string" } },
  });
  if (positionals.length !== 2) throw usageError("realtime", "takes a snapshot file and a feed (URL or file)");
  const [snapshot, feed] = positionals;
  const headers = parseHeaderOptions(values.header ?? []);
  const network = openSnapshot(snapshot);
  const bytes = await readFeed(feed, headers);
  let message: RtFeedMessage;
  try {
    message = decodeFeedMessage(bytes);
  } catch (err) {
    if (err instanceof FeedDecodeError) throw new CliError(`feed ${feed} (${bytes.length} bytes) is ${err.message}`);
    throw err;
  }
  const zone = zonedTime(network.meta.timezone);
  const headerMs = (message.header.timestamp ?? 0) * 1000;
  const nowMs = values.at !== undefined ? localInstant(values.at, zone) : headerMs > 0 ? headerMs : Date.now();
  const started = performance.now();
  const state = buildRealtimeState(network, [{ name: feed, message }], nowMs);
  const buildMs = performance.now() - started;
  const stats = state.stats[0];
  console.log(report(feed, bytes.length, message, state, stats, nowMs, buildMs));
  // An empty feed is no mismatch: a network may have nothing on the road (at night, the demo's simulator).
  return stats.matched > 0 || message.entity.length === 0 ? 0 : 1;
}

async function readFeed(feed: string, headers: Record<string, string>): Promise<Uint8Array> {
  if (!/^https?:\/\//i.test(feed)) {
    try {
      return readFileSync(feed);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw new CliError(`feed ${feed} does not exist: give a GTFS-Realtime file or an http(s) URL`);
      if (code === "EISDIR") throw new CliError(`feed ${feed} is a folder: give a GTFS-Realtime file or an http(s) URL`);
      throw new CliError(`feed ${feed} cannot be read: ${(err as Error).message}`);
    }
  }
  let res: Response;
  try {
    res = await fetch(feed, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === "TimeoutError" ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.cause?.message ?? e.message);
    throw new CliError(`feed ${feed} cannot be fetched: ${why}`);
  }
  if (!res.ok) {
    const hint = res.status === 401 || res.status === 403 ? ` (a key? --header "Name: value")` : "";
    throw new CliError(`feed ${feed} answered HTTP ${res.status}${hint}`);
  }
  return new Uint8Array(await res.arrayBuffer());
}

function localInstant(at: string, zone: ReturnType<typeof zonedTime>): number {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(at);
  const date = m ? parseServiceDate(m[1]) : undefined;
  if (!m || date === undefined || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) {
    throw new CliError(`--at "${at}" is no local time: give yyyy-MM-ddTHH:mm, e.g. 2026-03-17T08:00`, 2);
  }
  return zone.localToEpochMs(date, Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0));
}

/** The report, as printed. */
export function report(
  feed: string,
  size: number,
  message: RtFeedMessage,
  state: RealtimeState,
  stats: FeedMatchStats,
  nowMs: number,
  buildMs: number,
): string {
  const zone = zonedTime(state.network.meta.timezone);
  const lines: string[] = [];
  const header = message.header;
  const stamp = header.timestamp ? `${zone.formatLocal(header.timestamp * 1000)} (${age(nowMs - header.timestamp * 1000)})` : "none";
  lines.push(`feed ${feed}: ${size} bytes, GTFS-Realtime ${header.gtfsRealtimeVersion}, ${header.incrementality === 1 ? "DIFFERENTIAL" : "FULL_DATASET"}`);
  lines.push(`  header timestamp ${stamp}; judged at ${zone.formatLocal(nowMs)} ${zone.timezone}`);
  lines.push(`  entities: ${message.entity.length} (${stats.tripUpdates} trip updates, ${stats.vehiclePositions} vehicle positions, ${stats.alerts} alerts)`);
  if (message.entity.length === 0) lines.push("  the feed is empty: nothing on the road at that moment, or nothing published");
  lines.push(`matched: ${stats.matched}`);
  lines.push(`unmatched: ${stats.unmatched}`);
  const reasons = Object.entries(stats.unmatchedByReason).filter(([, n]) => (n ?? 0) > 0) as Array<[UnmatchedReason, number]>;
  for (const [reason, n] of reasons.sort((a, b) => b[1] - a[1])) lines.push(`  ${pad(n, 7)}  ${reason}: ${REASONS[reason] ?? reason}`);

  let predicted = 0;
  let cancelled = 0;
  let added = 0;
  let skipped = 0;
  let withVehicle = 0;
  const delays: number[] = [];
  for (const t of state.trips()) {
    if (t.trip === undefined) added++;
    if (t.vehicle) withVehicle++;
    if (t.cancelled) {
      cancelled++;
      continue;
    }
    for (const s of t.stops) if (s.skipped) skipped++;
    if (t.delaySeconds !== undefined) {
      predicted++;
      if (t.trip !== undefined) delays.push(t.delaySeconds);
    }
  }
  let vehicles = 0;
  for (const _ of state.vehicles()) vehicles++;
  lines.push(`trips: ${predicted} with predictions, ${cancelled} cancelled, ${added} added; ${skipped} skipped stops; ${withVehicle} with a vehicle; ${vehicles} vehicle positions; ${state.alerts.length} alerts kept`);

  if (delays.length === 0) {
    lines.push("delays: none (no scheduled trip with a prediction)");
  } else {
    delays.sort((a, b) => a - b);
    const q = (f: number) => delays[Math.min(delays.length - 1, Math.floor(f * delays.length))];
    lines.push(`delays of ${delays.length} scheduled trips (at the last stop with a time): p10 ${minutes(q(0.1))}, median ${minutes(q(0.5))}, p90 ${minutes(q(0.9))}, max ${minutes(delays[delays.length - 1])}, min ${minutes(delays[0])}`);
    for (const [label, from, to] of DELAY_RANGES) {
      const n = delays.filter((d) => d >= from && d < to).length;
      const share = n / delays.length;
      lines.push(`  ${label.padEnd(22)} ${pad(n, 7)}  ${(share * 100).toFixed(1).padStart(5)}%  ${"#".repeat(Math.round(share * 40))}`);
    }
  }
  lines.push(`state built in ${buildMs.toFixed(0)} ms`);
  return lines.join("\n");
}

const pad = (n: number, width: number) => String(n).padStart(width);

function minutes(seconds: number): string {
  const sign = seconds < 0 ? "-" : "+";
  const s = Math.abs(seconds);
  return `${sign}${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function age(ms: number): string {
  const s = Math.round(ms / 1000);
  if (Math.abs(s) < 120) return `${Math.abs(s)} s ${s >= 0 ? "old" : "in the future"}`;
  const m = Math.round(Math.abs(s) / 60);
  const text = m < 120 ? `${m} min` : m < 2880 ? `${Math.round(m / 60)} h` : `${Math.round(m / 1440)} days`;
  return s >= 0 ? `${text} old` : `${text} in the future`;
}
