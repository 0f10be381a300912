/**
 * bench:fuzz (docs/BENCHMARKS.md "Fuzzing"): a seeded random fuzzer against the real server over HTTP. It starts
 * `lijnwijzer start` (the demo network with its real-time simulator, one process) on a free loopback port, reads
 * the routes of both OpenAPI documents ({core}/openapi.json and {search}/openapi.json) and real values through
 * the public API, then sends 100,000 requests (fuzz-request.ts) over a few keep-alive connections at once, each
 * with a timeout. Every answer must be 200 or 4xx JSON (judge-answer.ts); a 5xx, a hang, a closed connection or
 * the server's exit is a finding, reported with the request's index and its bytes, to be sent again with
 * `--only <index>`. The requests go out raw (raw-http-client.ts): a fuzzer must be able to send what Node's
 * own client refuses.
 *
 * Flags: --seed <n> (default: random, printed), --requests <n> (100000), --concurrency <n> (8), --timeout-ms <n>
 * (10000), --only <index> (send that one request of the seed and print it with its answer).
 * Results: bench/.data/fuzz-results.json; exit code 1 when there is a finding.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type ApiPools, readApiPools } from "../lib/api-pools.js";
import { type LijnwijzerProcess, loadAverage, repoRoot, startLijnwijzer } from "../lib/lijnwijzer-process.js";
import { type FuzzRequest, type FuzzRoute, fuzzRequest, requestBytes, type RouteParameter } from "./fuzz-request.js";
import { type FindingKind, judgeAnswer } from "./judge-answer.js";
import { rawConnection, type RawResult } from "./raw-http-client.js";

const KEY = "fuzz-key";
const CORE = "/DLKernOpenData";
const SEARCH = "/DLZoekOpenData";
const EXAMPLES_PER_FINDING = 3;
const resultsPath = join(repoRoot, "bench/.data/fuzz-results.json");

const { values: flags } = parseArgs({
  options: {
    seed: { type: "string" },
    requests: { type: "string", default: "100000" },
    concurrency: { type: "string", default: "8" },
    "timeout-ms": { type: "string", default: "10000" },
    only: { type: "string" },
  },
});
const seed = flags.seed !== undefined ? Number(flags.seed) >>> 0 : Math.floor(Math.random() * 2 ** 32);
const total = Number(flags.requests);
const concurrency = Number(flags.concurrency);
const timeoutMs = Number(flags["timeout-ms"]);

interface Example {
  index: number;
  outcome: number | string;
  /** The request target as JSON text (one character per byte). */
  target: string;
  headers: Array<[string, string]>;
  detail: string;
  /** The request as a shell command. */
  replay: string;
}

interface Finding {
  kind: FindingKind | "crash";
  route: string;
  outcome: number | string;
  count: number;
  examples: Example[];
}

/** The routes of one OpenAPI document, with their path and query parameters. */
async function routesOf(origin: string, prefix: string): Promise<FuzzRoute[]> {
  const res = await fetch(`${origin}${prefix}/openapi.json`);
  if (res.status !== 200) throw new Error(`${prefix}/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as { paths: Record<string, { get?: { parameters?: RouteParameter[] } }> };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get)
    .map(([path, ops]) => ({
      path,
      params: (ops.get!.parameters ?? []).filter((p) => p.in === "path" || p.in === "query").map(({ name, in: where, schema }) => ({ name, in: where, schema: schema ?? {} })),
    }));
}

/** The request as a bash line that sends the same bytes (printf's escapes, bash's /dev/tcp) and prints the answer. */
function replayCommand(bytes: Buffer, port: number): string {
  let text = "";
  for (const b of bytes) {
    if (b === 0x25) text += "%%";
    else if (b === 0x5c) text += "\\\\";
    else if (b === 0x27) text += "\\x27";
    else if (b === 0x0d) text += "\\r";
    else if (b === 0x0a) text += "\\n";
    else if (b >= 0x20 && b < 0x7f) text += String.fromCharCode(b);
    else text += `\\x${b.toString(16).padStart(2, "0")}`;
  }
  const shown = text.length > 600 ? `${text.slice(0, 600)}…(${bytes.length} bytes)` : text;
  return `(printf '${shown}' >&3; timeout 5 cat <&3) 3<>/dev/tcp/127.0.0.1/"\${PORT:-${port}}"`;
}

function exampleOf(request: FuzzRequest, bytes: Buffer, outcome: number | string, detail: string, port: number): Example {
  const target = JSON.stringify(request.target);
  return {
    index: request.index,
    outcome,
    target: target.length > 400 ? `${target.slice(0, 400)}…` : target,
    headers: request.headers,
    detail: detail.slice(0, 400),
    replay: replayCommand(bytes, port),
  };
}

async function main(): Promise<void> {
  const server = await startLijnwijzer(["start"], { API_KEYS: KEY, LOG_LEVEL: "warn", WORKERS: "1" });
  let crashed: string | undefined;
  let stopping = false;
  void server.exited.then(({ code, signal }) => {
    if (!stopping) crashed = `the server exited (code ${code}, signal ${signal})`;
  });
  try {
    const routes = [...(await routesOf(server.origin, CORE)), ...(await routesOf(server.origin, SEARCH))];
    const pools = await readApiPools(server.origin, KEY, CORE);
    if (flags.only !== undefined) return await replayOne(server, routes, pools, Number(flags.only));
    await fuzz(server, routes, pools, () => crashed);
  } finally {
    stopping = true;
    await server.stop();
  }
}

async function replayOne(server: LijnwijzerProcess, routes: FuzzRoute[], pools: ApiPools, index: number): Promise<void> {
  const request = fuzzRequest(seed, index, routes, pools, KEY);
  const bytes = requestBytes(request, server.port);
  const result = await rawConnection(server.port).request(bytes, timeoutMs);
  const judgement = judgeAnswer(result);
  console.log(`seed ${seed}, request ${index}: ${request.route}, kinds ${request.kinds.join(", ") || "(none)"}`);
  console.log(`request bytes: ${JSON.stringify(bytes.toString("latin1"))}`);
  console.log(`replay: ${replayCommand(bytes, server.port)}`);
  console.log(`outcome: ${judgement.outcome}${judgement.finding ? `, finding: ${judgement.finding.kind}` : ", as expected"}`);
  if (result.kind === "answer") console.log(`answer: ${result.status} ${JSON.stringify(result.headers)}\n${result.body.toString("latin1").slice(0, 1000)}`);
  for (const line of server.lines.slice(-5)) console.log(`server: ${line.slice(0, 1000)}`);
  if (judgement.finding) process.exitCode = 1;
}

async function fuzz(server: LijnwijzerProcess, routes: FuzzRoute[], pools: ApiPools, crashed: () => string | undefined): Promise<void> {
  console.log(
    `bench:fuzz: seed ${seed}, ${total} requests over ${routes.length} routes, ${concurrency} connections, timeout ${timeoutMs} ms, ` +
      `against ${server.origin} (pid ${server.child.pid}); load average ${loadAverage()}`,
  );
  const histogram = new Map<number | string, number>();
  const byKind = new Map<FuzzRequest["kinds"][number] | "(valid values only)", number>();
  const findings = new Map<string, Finding>();
  const inFlight = new Set<number>();
  /** The slowest answers: [ms, index, route]. */
  const slowest: Array<[number, number, string]> = [];
  let next = 0;
  let done = 0;
  let connectionsOpened = 0;
  const started = performance.now();
  const linesBefore = server.lines.length;

  const record = (request: FuzzRequest, bytes: Buffer, result: RawResult) => {
    const judgement = judgeAnswer(result);
    histogram.set(judgement.outcome, (histogram.get(judgement.outcome) ?? 0) + 1);
    for (const kind of new Set(request.kinds.length > 0 ? request.kinds : (["(valid values only)"] as const))) byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    if (!judgement.finding) return;
    const key = `${judgement.finding.kind} ${judgement.outcome} ${request.route}`;
    const f = findings.get(key) ?? { kind: judgement.finding.kind, route: request.route, outcome: judgement.outcome, count: 0, examples: [] };
    f.count++;
    if (f.examples.length < EXAMPLES_PER_FINDING) f.examples.push(exampleOf(request, bytes, judgement.outcome, judgement.finding.detail, server.port));
    findings.set(key, f);
  };

  const worker = async () => {
    const connection = rawConnection(server.port);
    try {
      while (next < total && crashed() === undefined) {
        const index = next++;
        const request = fuzzRequest(seed, index, routes, pools, KEY);
        const bytes = requestBytes(request, server.port);
        inFlight.add(index);
        const sentAt = performance.now();
        let result: RawResult;
        try {
          result = await connection.request(bytes, timeoutMs);
        } catch (err) {
          result = { kind: "no-answer", reason: (err as Error).message, partial: "" };
        }
        inFlight.delete(index);
        const ms = performance.now() - sentAt;
        if (slowest.length < 5 || ms > slowest[4][0]) {
          slowest.push([ms, index, request.route]);
          slowest.sort((a, b) => b[0] - a[0]);
          slowest.length = Math.min(slowest.length, 5);
        }
        if (crashed() !== undefined) {
          const f: Finding = findings.get("crash") ?? { kind: "crash", route: request.route, outcome: "exit", count: 0, examples: [] };
          f.count++;
          f.examples.push(exampleOf(request, bytes, "exit", crashed()!, server.port));
          findings.set("crash", f);
          break;
        }
        record(request, bytes, result);
        done++;
        if (done % 10_000 === 0) {
          const s = (performance.now() - started) / 1000;
          console.log(`  ${done} requests, ${s.toFixed(0)} s, ${Math.round(done / s)} req/s, findings ${[...findings.values()].reduce((n, f) => n + f.count, 0)}`);
        }
      }
    } finally {
      connectionsOpened += connection.opened;
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;

  // The server's own error lines (pino level 50 and above): a 5xx is logged with its stack.
  const errorLines = server.lines.slice(linesBefore).filter((l) => {
    try {
      return (JSON.parse(l) as { level?: number }).level! >= 50;
    } catch {
      return l.trim() !== "";
    }
  });
  const sortedHistogram = [...histogram].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const list = [...findings.values()].sort((a, b) => b.count - a.count);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    loadAverage: loadAverage(),
    seed,
    requests: done,
    planned: total,
    concurrency,
    timeoutMs,
    seconds: Math.round(seconds * 10) / 10,
    requestsPerSecond: Math.round(done / seconds),
    routes: routes.length,
    connectionsOpened,
    histogram: Object.fromEntries(sortedHistogram),
    slowest: slowest.map(([ms, index, route]) => ({ ms: Math.round(ms), index, route })),
    requestsWithKind: Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1])),
    findings: list,
    serverErrorLines: errorLines.length,
    serverErrorExamples: errorLines.slice(0, 5).map((l) => l.slice(0, 2000)),
    crashed: crashed() ?? null,
  };
  mkdirSync(join(repoRoot, "bench/.data"), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${done} requests in ${seconds.toFixed(1)} s (${results.requestsPerSecond} req/s), seed ${seed}, ${routes.length} routes, load average ${results.loadAverage}`);
  console.log("\n| status | requests | share |\n|---|---:|---:|");
  for (const [outcome, n] of sortedHistogram) console.log(`| ${outcome} | ${n} | ${((100 * n) / Math.max(1, done)).toFixed(2)} % |`);
  console.log(`\nslowest answers: ${results.slowest.map((x) => `${x.ms} ms (#${x.index} ${x.route})`).join("; ")}`);
  console.log("\nrequests holding each kind of hostile value:");
  for (const [kind, n] of Object.entries(results.requestsWithKind)) console.log(`  ${kind}: ${n}`);
  if (list.length === 0 && !crashed()) {
    console.log(`\nno finding: every answer was 200 or 4xx JSON, no 5xx, hang or crash; ${errorLines.length} error lines in the server's log`);
  } else {
    console.log(`\nFINDINGS (${list.reduce((n, f) => n + f.count, 0)} requests${crashed() ? `; ${crashed()}` : ""}):`);
    for (const f of list) {
      console.log(`- ${f.kind} ${f.outcome} on ${f.route}: ${f.count} requests`);
      for (const e of f.examples) console.log(`    #${e.index} ${e.target} -> ${e.detail.slice(0, 200)}\n      again: npm run bench:fuzz -- --seed ${seed} --only ${e.index}`);
    }
    if (inFlight.size > 0) console.log(`in flight when it stopped: ${[...inFlight].join(", ")}`);
    for (const l of errorLines.slice(0, 3)) console.log(`server: ${l.slice(0, 600)}`);
    process.exitCode = 1;
  }
  console.log(`results in ${resultsPath}`);
}

await main();
