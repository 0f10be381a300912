/**
 * bench:http: autocannon on loopback against the MTA snapshot (bench/.data/mta.snapshot, from
 * `npm run bench:import`). Measures, in one run and the same way:
 * - bare: a Fastify route returning a constant (the ceiling);
 * - E3: a line by key, GET /DLKernOpenData/v1/beta/lijnen/{e}/{l};
 * - E6: all stops with gzip, GET /DLKernOpenData/api/v1/haltes?geldigOp=<a day the feed runs>, Accept-Encoding: gzip.
 * Targets: E3 at least 80 % of the bare route's requests per second and p99 at most 5 ms; E6 at least 200 req/s.
 * The servers run in a child process; autocannon runs here. Results: bench/.data/http-results.json.
 *
 * BENCH_BASE=<another worktree> also starts that tree's bench server and measures its E3 in every round, between
 * this tree's bare route and E3: a before/after comparison on the same machine at the same time (figures on a shared
 * machine move with the other jobs; their ratios in one run do not).
 */
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startBenchServer } from "./start-bench-server.js";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "../..");
const snapshotPath = process.env.BENCH_SNAPSHOT ?? join(repoRoot, "bench/.data/mta.snapshot");
const resultsPath = join(repoRoot, "bench/.data/http-results.json");

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const E6_WORKERS = Number(process.env.BENCH_E6_WORKERS ?? 2);

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  bytesPerSecond: number;
}

const baseRoot = process.env.BENCH_BASE;

const start = (root = repoRoot) => startBenchServer(root, snapshotPath);

async function measure(url: string, headers: Record<string, string>, seconds: number, workers?: number): Promise<Figures> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1, workers });
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytesPerSecond: r.throughput.average,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  if (!existsSync(snapshotPath)) {
    console.error(`bench:http: ${snapshotPath} is missing: run \`npm run bench:import\` first`);
    process.exit(2);
  }
  const { child, info } = await start();
  const base = baseRoot === undefined ? undefined : await start(baseRoot);
  try {
    const key = { "Ocp-Apim-Subscription-Key": "bench" };
    // E6 answers hundreds of kilobytes; one autocannon thread spends its core turning each body into a string
    // (it appends every chunk to `req.body`) while the server idles at a tenth of a core. Two worker threads
    // let the load generator keep up, so that the figure is the server's. bare and E3 (small answers, the
    // server is the bottleneck) use one thread, so that the client does not take the server's core.
    const targets: Record<string, { url: string; headers: Record<string, string>; workers?: number }> = {
      bare: { url: `http://127.0.0.1:${info.bare}/bare`, headers: {} },
      ...(base && {
        e3base: { url: `http://127.0.0.1:${base.info.lijnwijzer}/DLKernOpenData/v1/beta/lijnen/${info.line.entity}/${info.line.line}`, headers: key },
      }),
      e3: { url: `http://127.0.0.1:${info.lijnwijzer}/DLKernOpenData/v1/beta/lijnen/${info.line.entity}/${info.line.line}`, headers: key },
      e6: {
        url: `http://127.0.0.1:${info.lijnwijzer}/DLKernOpenData/api/v1/haltes?geldigOp=${info.geldigOp}`,
        headers: { ...key, "Accept-Encoding": "gzip" },
        workers: E6_WORKERS,
      },
    };
    // One request each first: E6 builds today's body, and every answer must be a 200.
    for (const [name, t] of Object.entries(targets)) {
      const res = await fetch(t.url, { headers: t.headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.toString().slice(0, 200)}`);
      console.log(`${name}: 200, ${body.length} bytes (${t.url})`);
    }
    const rounds: Record<string, Figures[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, t] of Object.entries(targets)) {
        await measure(t.url, t.headers, WARMUP_S, t.workers);
        const f = await measure(t.url, t.headers, DURATION_S, t.workers);
        rounds[name].push(f);
        console.log(
          `round ${round} ${name}: ${Math.round(f.requestsPerSecond)} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, non-2xx ${f.non2xx}, errors ${f.errors}`,
        );
      }
    }
    const summary = Object.fromEntries(
      Object.entries(rounds).map(([name, fs]) => [
        name,
        {
          requestsPerSecond: Math.round(median(fs.map((f) => f.requestsPerSecond))),
          p50Ms: median(fs.map((f) => f.p50Ms)),
          p99Ms: median(fs.map((f) => f.p99Ms)),
          non2xx: fs.reduce((a, f) => a + f.non2xx, 0),
          errors: fs.reduce((a, f) => a + f.errors, 0),
          mibPerSecond: Math.round((median(fs.map((f) => f.bytesPerSecond)) / 1024 ** 2) * 10) / 10,
        },
      ]),
    ) as Record<"bare" | "e3" | "e6" | "e3base", { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number; mibPerSecond: number }>;
    const ratio = summary.e3.requestsPerSecond / summary.bare.requestsPerSecond;
    const perRound = (name: string) => rounds[name].map((f, i) => Math.round((f.requestsPerSecond / rounds.bare[i].requestsPerSecond) * 1000) / 10);
    const checks = {
      e3Ratio: ratio >= 0.8,
      e3P99: summary.e3.p99Ms <= 5,
      e6Rps: summary.e6.requestsPerSecond >= 200,
      noErrors: Object.values(summary).every((s) => s.non2xx === 0 && s.errors === 0),
    };
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      snapshot: { stops: info.stops, loadMs: info.loadMs },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S, rounds: ROUNDS, e6Workers: E6_WORKERS },
      line: info.line,
      geldigOp: info.geldigOp,
      summary,
      e3ToBareRatio: Math.round(ratio * 1000) / 1000,
      e3ToBarePercentPerRound: perRound("e3"),
      ...(base && {
        base: baseRoot,
        e3BaseToBareRatio: Math.round((summary.e3base.requestsPerSecond / summary.bare.requestsPerSecond) * 1000) / 1000,
        e3BaseToBarePercentPerRound: perRound("e3base"),
      }),
      checks,
    };
    writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
    console.log("\n| target | req/s (median of rounds) | p50 ms | p99 ms | MiB/s |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [name, s] of Object.entries(summary)) {
      console.log(`| ${name} | ${s.requestsPerSecond} | ${s.p50Ms} | ${s.p99Ms} | ${s.mibPerSecond} |`);
    }
    if (base) console.log(`\nE3 of ${baseRoot} / bare: ${((summary.e3base.requestsPerSecond / summary.bare.requestsPerSecond) * 100).toFixed(1)} % (per round ${perRound("e3base").join(", ")})`);
    console.log(`E3 / bare per round: ${perRound("e3").join(", ")}`);
    console.log(`\nE3 / bare: ${(ratio * 100).toFixed(1)} % (target >= 80 %); E3 p99 ${summary.e3.p99Ms} ms (target <= 5 ms); E6 gzip ${summary.e6.requestsPerSecond} req/s (target >= 200)`);
    console.log(`checks: ${JSON.stringify(checks)}; results in ${resultsPath}`);
    console.log(`E6 body: ${info.stops} stops in the network, ${Math.round(summary.e6.mibPerSecond * 1024 ** 2 / Math.max(1, summary.e6.requestsPerSecond) / 1024)} KiB gzip per answer`);
    if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
  } finally {
    child.kill("SIGTERM");
    base?.child.kill("SIGTERM");
  }
}

await main();
