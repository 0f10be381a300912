/**
 * `npx tsx bench/timetable/run.ts`: the timetable benchmarks (E5, E20) on the MTA snapshot; figures in docs/BENCHMARKS.md
 * "Timetables".
 *
 * 1. In process: departuresAtStop and stopTimetable for the busiest stop on the busiest weekday,
 *    p50 over 2000 runs (target: p50 at most 1 ms).
 * 2. Over HTTP: E5 `/v1/beta/haltes/{10 stop keys}/dienstregelingen?datum=` on a real server
 *    (loopback), autocannon (its own process) for 10 s (target: at least 3,000 requests per second), for the ten
 *    busiest stops, ten of median traffic and ten quiet ones.
 *
 * Input: bench/.data/mta.snapshot (made by `npm run bench:import`), or `--snapshot <file>`, or
 * `--gtfs <zip|dir> [...]` to compile feeds in process (profile generic) when there is no snapshot.
 * Flags: --duration <s> (default 10), --connections <n> (default 10), --skip-http.
 * Results: printed, and written to bench/.data/timetable-results.json.
 */
import { existsSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../src/api/app.js";
import { renderStopDay } from "../../src/api/core/dienstregelingen/stop-day-view.js";
import { Linker } from "../../src/api/shared/links.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { readGtfs } from "../../src/gtfs/index.js";
import { loadConfig } from "../../src/config/load-config.js";
import { formatServiceDate } from "../../src/lib/service-date.js";
import { compileNetwork } from "../../src/network/compile-network.js";
import type { Network, StopIdx } from "../../src/network/model.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { benchDeparturesAtStop, busiestWeekday, summarise } from "../../src/timetable/departures-at-stop.bench.js";
import { departuresAtStop } from "../../src/timetable/departures-at-stop.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { autocannonRun } from "../lib/autocannon-run.js";

export const TIMETABLE_TARGETS = { stopDayP50Ms: 1, e5TenStopsRequestsPerSecond: 3000 } as const;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function loadNetwork(): Promise<{ network: Network; source: string }> {
  const gtfsAt = process.argv.indexOf("--gtfs");
  if (gtfsAt >= 0) {
    const paths = process.argv.slice(gtfsAt + 1).filter((a) => !a.startsWith("--"));
    const feeds = [];
    for (const p of paths) feeds.push({ feed: await readGtfs(p), profile: "generic" as const });
    return { network: compileNetwork(feeds), source: `compiled in process from ${paths.join(", ")}` };
  }
  const path = arg("--snapshot") ?? join(benchDataDir, "mta.snapshot");
  if (!existsSync(path)) {
    console.error(`no snapshot at ${path}: run \`npm run bench:import\` first, or pass --snapshot <file> or --gtfs <zip...>`);
    process.exit(2);
  }
  return { network: loadSnapshot(path), source: path };
}

/** Stops ranked by passages on the date (boardable departures), busiest first; stops without any left out. */
function rankStops(network: Network, date: number): Array<{ stop: StopIdx; passages: number }> {
  const out: Array<{ stop: StopIdx; passages: number }> = [];
  for (let s = 0; s < network.stops.count; s++) {
    if (network.stops.patternStart[s + 1] === network.stops.patternStart[s]) continue;
    const n = departuresAtStop(network, undefined, { stop: s, date }).length;
    if (n > 0) out.push({ stop: s, passages: n });
  }
  return out.sort((a, b) => b.passages - a.passages || a.stop - b.stop);
}

function keyOf(network: Network, s: StopIdx): string {
  return `${network.meta.entities[network.stops.entity[s]].number}_${network.strings.get(network.stops.number[s])}`;
}


const { network, source } = await loadNetwork();
const date = busiestWeekday(network);
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} (other work on this machine inflates wall-clock figures)`);
console.log(`network: ${source}: ${network.stops.count} stops, ${network.trips.count} trips, zone ${network.meta.timezone}`);
console.log(`date: ${formatServiceDate(date)} (the weekday of the validity with most trips)`);

const inProcess = benchDeparturesAtStop(network, { date });
console.log(
  `in process, busiest stop ${inProcess.stop.number} "${inProcess.stop.name}" (${inProcess.passages} passages): ` +
    `departuresAtStop p50 ${inProcess.departuresAtStop.p50Ms.toFixed(3)} ms, p90 ${inProcess.departuresAtStop.p90Ms.toFixed(3)} ms, ` +
    `CPU ${inProcess.departuresAtStop.cpuMeanMs?.toFixed(3)} ms per run; ` +
    `stopTimetable p50 ${inProcess.stopTimetable.p50Ms.toFixed(3)} ms (target p50 <= ${TIMETABLE_TARGETS.stopDayP50Ms} ms)`,
);

const http: Record<string, unknown> = {};
if (!process.argv.includes("--skip-http")) {
  const duration = Number(arg("--duration") ?? 10);
  const connections = Number(arg("--connections") ?? 10);
  const ranked = rankStops(network, date);
  const around = (f: number) => {
    const from = Math.max(0, Math.min(ranked.length - 10, Math.floor(ranked.length * f) - 5));
    return ranked.slice(from, from + 10);
  };
  // The ten busiest stops, ten of median traffic, ten quiet ones (90% of the served stops are busier).
  const sets = { busiest: ranked.slice(0, 10), median: around(0.5), quiet: around(0.9) };
  const app = await buildApp({
    network: staticNetworkSource(network),
    config: loadConfig({ API_KEYS: "bench", LOG_LEVEL: "silent" }),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  for (const [name, set] of Object.entries(sets)) {
    const keys = set.map((x) => keyOf(network, x.stop)).join("_");
    const url = `http://127.0.0.1:${address.port}/DLKernOpenData/v1/beta/haltes/${keys}/dienstregelingen?datum=${formatServiceDate(date)}`;
    const passages = set.reduce((a, x) => a + x.passages, 0);
    // What a request costs when the stop days are not cached yet: query, renaming and JSON for the ten stops.
    const L = new Linker("http://127.0.0.1", "http://127.0.0.1/DLKernOpenData/v1/beta");
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      for (const x of set) renderStopDay(network, L, x.stop, date, false);
      samples.push(performance.now() - t0);
    }
    const uncached = summarise(samples.slice(50));
    const result = await autocannonRun(url, duration, connections);
    http[name] = { stops: set.length, passages, uncachedBodyP50Ms: uncached.p50Ms, ...result };
    console.log(
      `HTTP E5, ${name} 10 stops (${passages} passages, ${result.bytesPerResponse} bytes; uncached body p50 ${uncached.p50Ms.toFixed(2)} ms): ` +
        `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx} ` +
        `(target >= ${TIMETABLE_TARGETS.e5TenStopsRequestsPerSecond} req/s; ${connections} connections, ${duration} s)`,
    );
  }
  await app.close();
}

const results = {
  date: new Date().toISOString(),
  loadAverage: loadavg(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "", node: process.version },
  network: source,
  serviceDate: formatServiceDate(date),
  inProcess,
  http,
};
writeFileSync(join(benchDataDir, "timetable-results.json"), `${JSON.stringify(results, null, 2)}\n`);
