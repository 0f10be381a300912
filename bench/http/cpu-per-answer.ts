/**
 * bench:http:cpu: the server's CPU time per answer at a fixed request rate, for the bare route and E3 (and, with
 * BENCH_BASE=<another worktree>, that tree's E3), alternating in rounds. Requests per second at full load move with
 * the other jobs of a shared machine; the CPU a server spends per answer at a rate it can keep moves much less
 * (docs/BENCHMARKS.md "A cheap request stays cheap").
 *
 * Each measure: autocannon at `overallRate` BENCH_RATE requests a second (4,000) on 10 connections for BENCH_DURATION
 * seconds (6), after 1 s of warm-up; the server's utime + stime (/proc/<pid>/stat, clock ticks) before and after,
 * divided by the answers counted. The servers are bench/http/server.ts, one process per tree.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startBenchServer } from "./start-bench-server.js";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "../..");
const snapshotPath = resolve(process.env.BENCH_SNAPSHOT ?? join(repoRoot, "bench/.data/mta.snapshot"));
const RATE = Number(process.env.BENCH_RATE ?? 4000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
/** Linux's USER_HZ: /proc reports CPU times in hundredths of a second. */
const TICKS_PER_SECOND = 100;
const baseRoot = process.env.BENCH_BASE;

const start = (root: string) => startBenchServer(root, snapshotPath);

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces: the fields counted from after its closing parenthesis (utime is field 14).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function measure(pid: number, url: string, headers: Record<string, string>): Promise<{ usPerAnswer: number; answers: number; non2xx: number }> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1, overallRate: RATE });
  const before = cpuSeconds(pid);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, overallRate: RATE });
  const cpu = cpuSeconds(pid) - before;
  const answers = r.requests.total;
  return { usPerAnswer: (cpu / answers) * 1e6, answers, non2xx: r.non2xx + r.errors };
}

const servers = [{ name: "e3", root: repoRoot }, ...(baseRoot ? [{ name: "e3base", root: resolve(baseRoot) }] : [])];
const started = await Promise.all(servers.map((s) => start(s.root)));
try {
  const key = { "Ocp-Apim-Subscription-Key": "bench" };
  const main = started[0];
  const targets = [
    { name: "bare", pid: main.child.pid!, url: `http://127.0.0.1:${main.info.bare}/bare`, headers: {} },
    ...started.map((s, i) => ({
      name: servers[i].name,
      pid: s.child.pid!,
      url: `http://127.0.0.1:${s.info.lijnwijzer}/DLKernOpenData/v1/beta/lijnen/${main.info.line.entity}/${main.info.line.line}`,
      headers: key,
    })),
  ];
  const figures: Record<string, number[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate the order, so that no tree always follows the same one.
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const t of order) {
      const f = await measure(t.pid, t.url, t.headers);
      if (f.non2xx > 0) throw new Error(`${t.name}: ${f.non2xx} answers not 2xx`);
      figures[t.name].push(f.usPerAnswer);
      console.log(`round ${round} ${t.name}: ${f.usPerAnswer.toFixed(1)} µs of CPU per answer (${f.answers} answers)`);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nload average at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  for (const [name, xs] of Object.entries(figures)) {
    console.log(`${name}: mean ${mean(xs).toFixed(1)} µs, min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}`);
  }
  const bare = mean(figures.bare);
  for (const s of servers) {
    // At full load the server's CPU is the limit: requests a second in proportion to 1 / CPU per answer.
    console.log(`${s.name}: ${(mean(figures[s.name]) - bare).toFixed(1)} µs above bare; bare / ${s.name} = ${((bare / mean(figures[s.name])) * 100).toFixed(1)} %`);
  }
} finally {
  for (const s of started) s.child.kill("SIGTERM");
}
