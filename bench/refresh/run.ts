/**
 * bench:refresh: `serve --feed ... --refresh ...` keeping New York's nine MTA feeds current while it serves.
 *
 * The zips prepared by bench:import (bench/.data/mta/*.zip, bench/import/prepare-mta.ts) are served from a loopback
 * HTTP server with an ETag and a Last-Modified per feed; the real server (`node bin/lijnwijzer.js serve`, one process)
 * imports them before serving, then checks them every few seconds. Under a steady load of requests (stops, lines,
 * line directions of the real network) the benchmark measures the latency before the refresh, then bumps every
 * feed's version (a new ETag and Last-Modified: the server downloads and imports them all again, as after a
 * weekly publication), and measures the latency while the import runs in its separate process and the new
 * snapshot is swapped in. Reported: the import's time (its process's own summary), request latency p50/p99 in
 * both phases of the same run, and the peak resident memory of the serving process and of the import process.
 *
 *   npm run bench:refresh [-- --before-seconds 20 --connections 4]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readApiPools } from "../lib/api-pools.js";
import { benchDataDir } from "../lib/bench-paths.js";
import { loadAverage, startLijnwijzer } from "../lib/lijnwijzer-process.js";

const KEY = "bench";

const { values } = parseArgs({
  options: {
    "before-seconds": { type: "string", default: "20" },
    connections: { type: "string", default: "4" },
    "refresh-seconds": { type: "string", default: "3" },
  },
});
const beforeMs = Number(values["before-seconds"]) * 1000;
const connections = Number(values.connections);

const mtaDir = join(benchDataDir, "mta");
const zips = existsSync(mtaDir) ? readdirSync(mtaDir).filter((f) => f.endsWith(".zip")).sort() : [];
if (zips.length === 0) {
  console.error(`bench:refresh: no zips in ${mtaDir}: run \`npm run bench:import\` first (bench/import/prepare-mta.ts prepares them)`);
  process.exit(1);
}

// --- the feeds' server: each zip with an ETag and Last-Modified that `bump` changes (a new publication) ---------
let version = 1;
const published = new Map(zips.map((z) => [z, Date.now()]));
const bodies = new Map(zips.map((z) => [z, readFileSync(join(mtaDir, z))]));
const digest = new Map(zips.map((z) => [z, createHash("sha256").update(bodies.get(z)!).digest("hex").slice(0, 12)]));
const served = { ok: 0, notModified: 0 };
const feeds = createServer((req, res) => {
  const name = (req.url ?? "").slice(1);
  const body = bodies.get(name);
  if (!body) return void res.writeHead(404).end();
  const etag = `"${digest.get(name)}-${version}"`;
  const lastModified = new Date(published.get(name)!).toUTCString();
  if (req.headers["if-none-match"] === etag) {
    served.notModified++;
    return void res.writeHead(304, { etag, "last-modified": lastModified }).end();
  }
  served.ok++;
  res.writeHead(200, { "content-type": "application/zip", "content-length": body.length, etag, "last-modified": lastModified }).end(body);
});
await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
const feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
const bump = () => {
  version++;
  for (const z of zips) published.set(z, Date.now());
};

// --- the server: first import before serving, then a check every few seconds ---------------------------------
const dir = mkdtempSync(join(tmpdir(), "lw-bench-refresh-"));
const snapshot = join(dir, "mta.snapshot");
console.log(`bench:refresh: ${zips.length} feeds (${(zips.reduce((n, z) => n + bodies.get(z)!.length, 0) / 2 ** 20).toFixed(1)} MiB) from ${feedOrigin}; load ${loadAverage()}`);
const startedAt = performance.now();
const server = await startLijnwijzer(
  ["serve", "--network", snapshot, "--workers", "1", "--no-realtime", "--refresh", values["refresh-seconds"]!, ...zips.flatMap((z) => ["--feed", `${feedOrigin}/${z}`])],
  { API_KEYS: KEY, LOG_LEVEL: "warn", FEED_IMPORT_ARGS: "--profile generic" },
  { startupMs: 600_000, keepLines: 2000 },
);
const pid = server.child.pid!;
console.log(`bench:refresh: first import and start took ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);

interface Health {
  network: { counts: { stops: number; trips: number; stopTimes: number }; createdAt: string };
  feedRefresh: { lastSwap?: string; running: boolean; lastImport?: { ok: boolean; seconds: number; peakMemoryBytes?: number; message?: string } };
}
const health = async () => (await (await fetch(`${server.origin}/health`)).json()) as Health;
const first = await health();
console.log(
  `bench:refresh: serving ${first.network.counts.stops.toLocaleString("en")} stops, ${first.network.counts.stopTimes.toLocaleString("en")} stop times; first import ${first.feedRefresh.lastImport?.seconds} s, peak ${mib(first.feedRefresh.lastImport?.peakMemoryBytes)}`,
);

// --- memory, sampled every 100 ms: the serving process alone, and the processes below it (the import) ----------
const rssOf = (p: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) * 1024;
const childrenOf = (p: number): number[] => {
  try {
    return readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const memory = { serverPeak: 0, importPeak: 0, importSeenMs: 0, serverBefore: 0 };
const sampler = setInterval(() => {
  try {
    memory.serverPeak = Math.max(memory.serverPeak, rssOf(pid));
    let below = 0;
    for (const c of childrenOf(pid)) below += rssOf(c);
    if (below > 0 && memory.importSeenMs === 0) memory.importSeenMs = performance.now();
    memory.importPeak = Math.max(memory.importPeak, below);
  } catch {
    // a process exited between two reads
  }
}, 100);

// --- the load: `connections` clients in a loop over real stops, lines and line directions --------------------
const pools = await readApiPools(server.origin, KEY);
const paths: string[] = [];
for (let i = 0; i < 300; i++) {
  const s = pools.stops[(i * 7919) % pools.stops.length];
  const l = pools.lines[(i * 104_729) % pools.lines.length];
  paths.push(`/DLKernOpenData/api/v1/haltes/${s.entity}/${s.stop}`);
  paths.push(`/DLKernOpenData/api/v1/lijnen/${l.entity}/${l.line}`);
  paths.push(`/DLKernOpenData/api/v1/lijnen/${l.entity}/${l.line}/lijnrichtingen`);
}
const samples: Array<{ at: number; ms: number }> = [];
let failures = 0;
let running = true;
const client = async (offset: number) => {
  for (let i = offset; running; i += connections) {
    const t0 = performance.now();
    const res = await fetch(`${server.origin}${paths[i % paths.length]}`, { headers: { "Ocp-Apim-Subscription-Key": KEY } });
    await res.arrayBuffer();
    const t1 = performance.now();
    if (res.status !== 200) failures++;
    samples.push({ at: t0, ms: t1 - t0 });
  }
};
const load = Promise.all(Array.from({ length: connections }, (_, i) => client(i)));

await sleep(5000); // warm-up, not counted
const beforeStart = performance.now();
memory.serverBefore = rssOf(pid);
await sleep(beforeMs);
const beforeEnd = performance.now();
const swapBefore = (await health()).feedRefresh.lastSwap;
memory.serverPeak = rssOf(pid);
memory.importPeak = 0;
memory.importSeenMs = 0;
console.log(`bench:refresh: ${zips.length} feeds bumped to version ${version + 1}; load ${loadAverage()}`);
bump();
const bumpedAt = performance.now();
let after: Health;
for (;;) {
  await sleep(200);
  after = await health();
  if (after.feedRefresh.lastSwap !== swapBefore && !after.feedRefresh.running) break;
  if (after.feedRefresh.lastImport && !after.feedRefresh.lastImport.ok) throw new Error(`the import failed: ${after.feedRefresh.lastImport.message}`);
  if (performance.now() - bumpedAt > 600_000) throw new Error("no swap within 10 minutes");
}
const swappedAt = performance.now();
running = false;
await load;
clearInterval(sampler);
const serverHwm = Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const loadAfter = loadAverage();
await server.stop();
feeds.close();
rmSync(dir, { recursive: true, force: true });

const importStart = memory.importSeenMs || bumpedAt;
const phase = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms).sort((a, b) => a - b);
const before = phase(beforeStart, beforeEnd);
const during = phase(importStart, swappedAt);
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const row = (name: string, xs: number[], ms: number) =>
  `  ${name.padEnd(30)} ${String(xs.length).padStart(7)} requests  ${(xs.length / (ms / 1000)).toFixed(0).padStart(5)} req/s  p50 ${q(xs, 0.5).toFixed(2)} ms  p99 ${q(xs, 0.99).toFixed(2)} ms  max ${xs[xs.length - 1].toFixed(1)} ms`;
console.log(`\nbench:refresh: New York's ${zips.length} MTA feeds, ${connections} connections, one serving process (--workers 1)`);
console.log(row("before the refresh", before, beforeEnd - beforeStart));
console.log(row("import + check + swap", during, swappedAt - importStart));
console.log(`  import (separate process): ${after!.feedRefresh.lastImport?.seconds} s, its own peak RSS ${mib(after!.feedRefresh.lastImport?.peakMemoryBytes)} (sampled: ${mib(memory.importPeak)})`);
console.log(`  from the bump to the swap: ${((swappedAt - bumpedAt) / 1000).toFixed(1)} s (the check comes within --refresh ${values["refresh-seconds"]} s, then download, import, load and check, swap)`);
console.log(`  serving process RSS: ${mib(memory.serverBefore)} before, peak ${mib(memory.serverPeak)} during (VmHWM over the run ${mib(serverHwm)})`);
console.log(`  failed requests: ${failures}; feed answers: ${served.ok} x 200, ${served.notModified} x 304; load ${loadAfter}`);

function mib(bytes: number | undefined): string {
  return bytes === undefined ? "?" : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}
function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
